// Shared by the strip's ATK files (one a part: objects, components, the
// selection, actions, the bridge, changes, GLib's main context): the loaded
// ATK, GObject and GLib functions, the objects' structs, and what more than
// one file reads. Not part of the module's interface (include/).
#ifndef STRIP_ACC_PRIVATE_H
#define STRIP_ACC_PRIVATE_H

#define G_DISABLE_CAST_CHECKS 1
#include <atk/atk.h>
#include <stdlib.h>

#include "strip_accessibility.h"

// The AT-SPI bridge's entry points (at-spi2-atk's atk-bridge.h), and the few
// libdbus and libatspi calls that notice the bus going away, declared here so
// that only ATK's headers are needed.
int atk_bridge_adaptor_init(int *argc, char **argv[]);
void atk_bridge_adaptor_cleanup(void);
typedef struct DBusConnection DBusConnection;
typedef struct DBusMessage DBusMessage;
typedef enum { DBUS_HANDLER_RESULT_HANDLED, DBUS_HANDLER_RESULT_NOT_YET_HANDLED } DBusHandlerResult;
typedef DBusHandlerResult (*DBusHandleMessageFunction)(DBusConnection *, DBusMessage *, void *);
uint32_t dbus_connection_add_filter(DBusConnection *, DBusHandleMessageFunction, void *, void (*)(void *));
uint32_t dbus_message_is_signal(DBusMessage *, const char *interface, const char *name);
typedef enum { DBUS_DISPATCH_DATA_REMAINS, DBUS_DISPATCH_COMPLETE, DBUS_DISPATCH_NEED_MEMORY } DBusDispatchStatus;
DBusDispatchStatus dbus_connection_dispatch(DBusConnection *);
DBusConnection *atspi_get_a11y_bus(void);

#define LOADED_FUNCTIONS(X)                                                                              \
    X(g_type_register_static) X(g_type_add_interface_static) X(g_type_class_peek_parent)                 \
    X(g_type_class_ref) X(g_object_new) X(g_object_ref) X(g_object_unref) X(g_object_notify)             \
    X(g_signal_emit_by_name) X(g_main_context_default) X(g_main_context_acquire)                         \
    X(g_main_context_prepare) X(g_main_context_query) X(g_main_context_check) X(g_main_context_dispatch) \
    X(atk_object_get_type) X(atk_component_get_type) X(atk_selection_get_type) X(atk_action_get_type)    \
    X(atk_util_get_type) X(atk_window_get_type) X(atk_state_set_new) X(atk_state_set_add_state)                                \
    X(atk_object_notify_state_change) X(atk_bridge_adaptor_init) X(atk_bridge_adaptor_cleanup)            \
    X(g_log_set_handler) X(dbus_connection_add_filter) X(dbus_message_is_signal) X(dbus_connection_dispatch)  \
    X(atspi_get_a11y_bus)

/// Every ATK, GObject and GLib function, resolved by strip_acc_load (strip_acc_bridge.c).
struct StripAccFunctions {
#define DECLARE(name) __typeof__(name) *name;
    LOADED_FUNCTIONS(DECLARE)
#undef DECLARE
};
extern struct StripAccFunctions acc_fn;
/// A loaded function.
#define F(name) (acc_fn.name)

/// The Swift side's callbacks, given to strip_acc_start.
extern StripAccCallbacks acc_callbacks;

typedef struct Node Node;
typedef struct Tab Tab;

/// The application, a frame, a label, or (as the StripAccPageTabList subtype) a page tab list.
struct Node {
    AtkObject object;
    int kind;   // 0: the application; else StripAccKind
    void *handle;
    Node *owner;   // the parent (not referenced: it outlives its children)
    Node **children;
    int n_children, children_capacity;
    Tab **tabs;   // a list's tabs made so far, by index (NULL: not asked for yet)
    int n_tabs;
    char *name;   // the last name handed out (get_name returns a borrowed string)
    int defunct;
};

/// One page tab: its list and index, nothing else.
struct Tab {
    AtkObject object;
    Node *list;   // NULL once defunct
    int index;
    char *name;
    char *description;   // the last description handed out, as `name`
};

typedef struct { AtkObjectClass parent_class; } NodeClass;
typedef struct { AtkObjectClass parent_class; } TabClass;

/// The registered types (strip_acc_bridge.c's register_types).
extern GType acc_node_type, acc_frame_type, acc_list_type, acc_tab_type;
/// The root: ATK's application object, made once by strip_acc_start.
extern Node *acc_application;
extern char *acc_application_name, *acc_toolkit_version;

static inline Node *as_node(void *object) { return (Node *)object; }

// A page tab list or a menu: its children are the Swift side's rows (tabs, menu items), made when asked for.
static inline int has_rows(Node *node) { return node->kind == STRIP_ACC_PAGE_TAB_LIST || node->kind == STRIP_ACC_MENU; }

static inline const char *replace_name(char **slot, char *fresh) {
    free(*slot);
    *slot = fresh;
    return fresh;
}

// A live handle, or NULL once the Swift side let go.
static inline void *node_handle(Node *node) { return node && !node->defunct ? node->handle : NULL; }

/// A list's tab `index`, made when `create` and not made yet; NULL when out of range or the list is gone (strip_acc_object.c).
Tab *acc_list_tab(Node *list, int index, int create);
/// A node's index among its parent's children, or -1.
gint acc_node_get_index_in_parent(AtkObject *object);

// Class and interface initializers, by ATK interface: AtkObject (strip_acc_object.c),
// AtkComponent (strip_acc_component.c), AtkSelection (strip_acc_selection.c), AtkAction (strip_acc_action.c).
void acc_node_class_init(gpointer klass, gpointer data);
void acc_tab_class_init(gpointer klass, gpointer data);
void acc_list_class_init(gpointer klass, gpointer data);
void acc_node_component_init(gpointer iface, gpointer data);
void acc_tab_component_init(gpointer iface, gpointer data);
void acc_list_selection_init(gpointer iface, gpointer data);
void acc_tab_action_init(gpointer iface, gpointer data);

#endif
