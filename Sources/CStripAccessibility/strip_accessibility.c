// ATK objects for the strip, after GTK3's notebook accessibles
// (gtk/a11y/gtknotebookaccessible.c, gtknotebookpageaccessible.c): a page
// tab list implementing AtkSelection whose page tabs implement AtkComponent
// and AtkAction and ask the widget (here: Swift, through StripAccCallbacks)
// for their name, state and extents, holding no copy of them.
//
// Every ATK, GObject and GLib function is called through a pointer that
// strip_acc_load resolves with dlsym: this file compiles against the headers
// but references none of their symbols, so the libraries are mapped only
// when an accessibility bus is found (see AccessibilityBridge.swift).
#define G_DISABLE_CAST_CHECKS 1
#include <atk/atk.h>
#include <dlfcn.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static struct {
#define DECLARE(name) __typeof__(name) *name;
    LOADED_FUNCTIONS(DECLARE)
#undef DECLARE
} fn;
/// A loaded function.
#define F(name) (fn.name)

int strip_acc_load(const char **error) {
    void *library = dlopen("libatk-bridge-2.0.so.0", RTLD_NOW | RTLD_GLOBAL);
    if (!library) {
        *error = dlerror();
        return -1;
    }
    // dlsym on the bridge's handle also searches what it depends on (ATK, GObject, GLib).
#define RESOLVE(name)                                                      \
    if (!(fn.name = (__typeof__(name) *)dlsym(library, #name))) {          \
        *error = "libatk-bridge-2.0 or its libraries lack " #name;         \
        return -1;                                                         \
    }
    LOADED_FUNCTIONS(RESOLVE)
#undef RESOLVE
    return 0;
}

static StripAccCallbacks callbacks;

// MARK: - Objects

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

static GType node_type, frame_type, list_type, tab_type;
static AtkObjectClass *node_parent_class, *tab_parent_class;
static GObjectClass *list_parent_class;
static Node *application;
static char *application_name, *toolkit_version_string;

static Node *as_node(void *object) { return (Node *)object; }

// A page tab list or a menu: its children are the Swift side's rows (tabs, menu items), made when asked for.
static int has_rows(Node *node) { return node->kind == STRIP_ACC_PAGE_TAB_LIST || node->kind == STRIP_ACC_MENU; }

static const char *replace_name(char **slot, char *fresh) {
    free(*slot);
    *slot = fresh;
    return fresh;
}

// A live handle, or NULL once the Swift side let go.
static void *node_handle(Node *node) { return node && !node->defunct ? node->handle : NULL; }

static Tab *list_tab(Node *list, int index, int create) {
    void *handle = node_handle(list);
    if (!handle) return NULL;
    int count = callbacks.count(handle);
    if (index < 0 || index >= count) return NULL;
    if (index >= list->n_tabs) {
        if (!create) return NULL;
        Tab **grown = realloc(list->tabs, sizeof(Tab *) * (size_t)count);
        if (!grown) return NULL;
        memset(grown + list->n_tabs, 0, sizeof(Tab *) * (size_t)(count - list->n_tabs));
        list->tabs = grown;
        list->n_tabs = count;
    }
    if (!list->tabs[index] && create) {
        Tab *tab = F(g_object_new)(tab_type, NULL);
        tab->list = list;
        tab->index = index;
        tab->object.role = list->kind == STRIP_ACC_MENU ? ATK_ROLE_MENU_ITEM : ATK_ROLE_PAGE_TAB;
        tab->object.layer = ATK_LAYER_WIDGET;
        list->tabs[index] = tab;
    }
    return list->tabs[index];
}

// Screen extents of a node or one of its tabs (index -1: the node).
static void screen_extents(Node *node, int index, gint *x, gint *y, gint *width, gint *height) {
    *x = *y = *width = *height = 0;
    void *handle = node_handle(node);
    if (!handle) return;
    int32_t ex = 0, ey = 0, ew = 0, eh = 0;
    callbacks.extents(handle, index, &ex, &ey, &ew, &eh);
    *x = ex; *y = ey; *width = ew; *height = eh;
}

// The screen origin of `type`'s frame of reference for an object whose
// nearest node is `node` (itself, or a tab's list) and whose parent is
// `parent`: the top-level window's (ATK_XY_WINDOW: the first frame from `node`
// up, so a frame is its own window, at 0, 0, as GTK's windows are) or the
// parent's (ATK_XY_PARENT).
static void relative_origin(Node *node, Node *parent, AtkCoordType type, gint *ox, gint *oy) {
    *ox = *oy = 0;
    if (type == ATK_XY_SCREEN) return;
    Node *frame = parent;
    if (type == ATK_XY_WINDOW)
        for (frame = node; frame && frame->kind != STRIP_ACC_FRAME;) frame = frame->owner;
    if (!frame || frame->kind == 0) return;
    gint w, h;
    screen_extents(frame, -1, ox, oy, &w, &h);
}

static AtkStateSet *state_set_for(int32_t flags, int selectable, int defunct) {
    AtkStateSet *set = F(atk_state_set_new)();
    if (defunct) {
        F(atk_state_set_add_state)(set, ATK_STATE_DEFUNCT);
        return set;
    }
    if (!(flags & STRIP_ACC_DISABLED)) {
        F(atk_state_set_add_state)(set, ATK_STATE_ENABLED);
        F(atk_state_set_add_state)(set, ATK_STATE_SENSITIVE);
    }
    F(atk_state_set_add_state)(set, ATK_STATE_VISIBLE);
    if (flags & STRIP_ACC_SHOWING) F(atk_state_set_add_state)(set, ATK_STATE_SHOWING);
    if (selectable) {
        F(atk_state_set_add_state)(set, ATK_STATE_SELECTABLE);
        F(atk_state_set_add_state)(set, ATK_STATE_FOCUSABLE);
        if (flags & STRIP_ACC_SELECTED) F(atk_state_set_add_state)(set, ATK_STATE_SELECTED);
        if (flags & STRIP_ACC_FOCUSED) F(atk_state_set_add_state)(set, ATK_STATE_FOCUSED);
    }
    return set;
}

// MARK: Node (application, frame, label, page tab list)

static const gchar *node_get_name(AtkObject *object) {
    Node *node = as_node(object);
    if (node->kind == 0) return application_name;
    void *handle = node_handle(node);
    return handle ? replace_name(&node->name, callbacks.name(handle, -1)) : NULL;
}

static AtkObject *node_get_parent(AtkObject *object) {
    Node *node = as_node(object);
    return node->owner ? &node->owner->object : NULL;
}

static gint node_get_n_children(AtkObject *object) {
    Node *node = as_node(object);
    if (has_rows(node)) {
        void *handle = node_handle(node);
        return handle ? callbacks.count(handle) : 0;
    }
    return node->n_children;
}

static AtkObject *node_ref_child(AtkObject *object, gint index) {
    Node *node = as_node(object);
    if (has_rows(node)) {
        Tab *tab = list_tab(node, index, 1);
        return tab ? F(g_object_ref)(tab) : NULL;
    }
    if (index < 0 || index >= node->n_children) return NULL;
    return F(g_object_ref)(node->children[index]);
}

static gint node_get_index_in_parent(AtkObject *object) {
    Node *node = as_node(object);
    if (!node->owner) return -1;
    for (int i = 0; i < node->owner->n_children; i++)
        if (node->owner->children[i] == node) return i;
    return -1;
}

static AtkStateSet *node_ref_state_set(AtkObject *object) {
    Node *node = as_node(object);
    if (node->kind == 0) return F(atk_state_set_new)();
    void *handle = node_handle(node);
    AtkStateSet *set = state_set_for(handle ? callbacks.state(handle, -1) : 0, 0, !handle);
    if (handle && has_rows(node)) F(atk_state_set_add_state)(set, ATK_STATE_FOCUSABLE);
    if (handle && node->kind == STRIP_ACC_FRAME) {
        F(atk_state_set_add_state)(set, ATK_STATE_RESIZABLE);
        if (callbacks.state(handle, -1) & STRIP_ACC_ACTIVE) F(atk_state_set_add_state)(set, ATK_STATE_ACTIVE);
    }
    return set;
}

static void node_finalize(GObject *object) {
    Node *node = as_node(object);
    free(node->name);
    free(node->children);
    free(node->tabs);
    G_OBJECT_CLASS(node_parent_class)->finalize(object);
}

static void node_class_init(gpointer klass, gpointer data) {
    (void)data;
    node_parent_class = F(g_type_class_peek_parent)(klass);
    AtkObjectClass *atk = klass;
    atk->get_name = node_get_name;
    atk->get_parent = node_get_parent;
    atk->get_n_children = node_get_n_children;
    atk->ref_child = node_ref_child;
    atk->get_index_in_parent = node_get_index_in_parent;
    atk->ref_state_set = node_ref_state_set;
    ((GObjectClass *)klass)->finalize = node_finalize;
}

static void node_get_extents(AtkComponent *component, gint *x, gint *y, gint *width, gint *height, AtkCoordType type) {
    Node *node = as_node(component);
    screen_extents(node, -1, x, y, width, height);
    gint ox, oy;
    relative_origin(node, node->owner, type, &ox, &oy);
    *x -= ox;
    *y -= oy;
}

static AtkObject *node_ref_accessible_at_point(AtkComponent *component, gint x, gint y, AtkCoordType type) {
    Node *node = as_node(component);
    gint ox, oy;
    relative_origin(node, node->owner, type, &ox, &oy);
    x += ox;
    y += oy;
    if (has_rows(node)) {
        void *handle = node_handle(node);
        Tab *tab = handle ? list_tab(node, callbacks.hit(handle, x, y), 1) : NULL;
        return tab ? F(g_object_ref)(tab) : NULL;
    }
    for (int i = 0; i < node->n_children; i++) {
        gint cx, cy, cw, ch;
        screen_extents(node->children[i], -1, &cx, &cy, &cw, &ch);
        if (x >= cx && y >= cy && x < cx + cw && y < cy + ch) return F(g_object_ref)(node->children[i]);
    }
    return NULL;
}

static void node_component_init(gpointer iface, gpointer data) {
    (void)data;
    AtkComponentIface *component = iface;
    component->get_extents = node_get_extents;
    component->ref_accessible_at_point = node_ref_accessible_at_point;
}

// MARK: Page tab list: the selection

static gboolean list_add_selection(AtkSelection *selection, gint index) {
    void *handle = node_handle(as_node(selection));
    return handle && callbacks.select(handle, index);
}

// A tab strip always has a selection: nothing can be deselected.
static gboolean list_refuse(AtkSelection *selection) { (void)selection; return FALSE; }
static gboolean list_remove_selection(AtkSelection *selection, gint index) { (void)selection; (void)index; return FALSE; }

static AtkObject *list_ref_selection(AtkSelection *selection, gint index) {
    Node *list = as_node(selection);
    void *handle = node_handle(list);
    if (!handle || index != 0) return NULL;
    Tab *tab = list_tab(list, callbacks.selected(handle), 1);
    return tab ? F(g_object_ref)(tab) : NULL;
}

static gint list_get_selection_count(AtkSelection *selection) {
    void *handle = node_handle(as_node(selection));
    return handle && callbacks.selected(handle) >= 0 ? 1 : 0;
}

static gboolean list_is_child_selected(AtkSelection *selection, gint index) {
    void *handle = node_handle(as_node(selection));
    return handle && index >= 0 && callbacks.selected(handle) == index;
}

static void list_selection_init(gpointer iface, gpointer data) {
    (void)data;
    AtkSelectionIface *selection = iface;
    selection->add_selection = list_add_selection;
    selection->clear_selection = list_refuse;
    selection->ref_selection = list_ref_selection;
    selection->get_selection_count = list_get_selection_count;
    selection->is_child_selected = list_is_child_selected;
    selection->remove_selection = list_remove_selection;
    selection->select_all_selection = list_refuse;
}

static void list_class_init(gpointer klass, gpointer data) {
    (void)data;
    list_parent_class = F(g_type_class_peek_parent)(klass);
}

// MARK: Page tab

static const gchar *tab_get_name(AtkObject *object) {
    Tab *tab = (Tab *)object;
    void *handle = node_handle(tab->list);
    return handle ? replace_name(&tab->name, callbacks.name(handle, tab->index)) : NULL;
}

static const gchar *tab_get_description(AtkObject *object) {
    Tab *tab = (Tab *)object;
    void *handle = node_handle(tab->list);
    return handle && callbacks.description ? replace_name(&tab->description, callbacks.description(handle, tab->index)) : NULL;
}

static AtkObject *tab_get_parent(AtkObject *object) {
    Tab *tab = (Tab *)object;
    return tab->list ? &tab->list->object : NULL;
}

static gint tab_get_n_children(AtkObject *object) { (void)object; return 0; }

static gint tab_get_index_in_parent(AtkObject *object) {
    Tab *tab = (Tab *)object;
    return tab->list ? tab->index : -1;
}

static AtkStateSet *tab_ref_state_set(AtkObject *object) {
    Tab *tab = (Tab *)object;
    void *handle = node_handle(tab->list);
    return state_set_for(handle ? callbacks.state(handle, tab->index) : 0, 1, !handle);
}

static void tab_finalize(GObject *object) {
    free(((Tab *)object)->name);
    free(((Tab *)object)->description);
    G_OBJECT_CLASS(tab_parent_class)->finalize(object);
}

static void tab_class_init(gpointer klass, gpointer data) {
    (void)data;
    tab_parent_class = F(g_type_class_peek_parent)(klass);
    AtkObjectClass *atk = klass;
    atk->get_name = tab_get_name;
    atk->get_description = tab_get_description;
    atk->get_parent = tab_get_parent;
    atk->get_n_children = tab_get_n_children;
    atk->get_index_in_parent = tab_get_index_in_parent;
    atk->ref_state_set = tab_ref_state_set;
    ((GObjectClass *)klass)->finalize = tab_finalize;
}

static void tab_get_extents(AtkComponent *component, gint *x, gint *y, gint *width, gint *height, AtkCoordType type) {
    Tab *tab = (Tab *)component;
    screen_extents(tab->list, tab->index, x, y, width, height);
    gint ox, oy;
    relative_origin(tab->list, tab->list, type, &ox, &oy);
    *x -= ox;
    *y -= oy;
}

static void tab_component_init(gpointer iface, gpointer data) {
    (void)data;
    ((AtkComponentIface *)iface)->get_extents = tab_get_extents;
}

// "click" selects the tab; "close", when the tabs are closable, asks the host to close it.
static gboolean tab_do_action(AtkAction *action, gint index) {
    Tab *tab = (Tab *)action;
    void *handle = node_handle(tab->list);
    if (!handle) return FALSE;
    if (index == 0) return callbacks.select(handle, tab->index);
    return index == 1 && callbacks.close(handle, tab->index);
}

static gint tab_get_n_actions(AtkAction *action) {
    void *handle = node_handle(((Tab *)action)->list);
    return handle && callbacks.closable(handle) ? 2 : 1;
}

static const gchar *tab_get_action_name(AtkAction *action, gint index) {
    return index == 0 ? "click" : index == 1 && tab_get_n_actions(action) == 2 ? "close" : NULL;
}

static const gchar *tab_get_action_description(AtkAction *action, gint index) {
    Tab *tab = (Tab *)action;
    if (index == 0) return tab->list && tab->list->kind == STRIP_ACC_MENU ? "Selects the item's tab" : "Selects the tab";
    return index == 1 && tab_get_n_actions(action) == 2 ? "Closes the tab" : NULL;
}

static void tab_action_init(gpointer iface, gpointer data) {
    (void)data;
    AtkActionIface *action = iface;
    action->do_action = tab_do_action;
    action->get_n_actions = tab_get_n_actions;
    action->get_name = tab_get_action_name;
    action->get_localized_name = tab_get_action_name;
    action->get_description = tab_get_action_description;
}

// MARK: - Root and types

static AtkObject *util_get_root(void) { return &application->object; }
static const gchar *util_get_toolkit_name(void) { return "SegmentedStrip"; }
static const gchar *util_get_toolkit_version(void) { return toolkit_version_string; }

static void register_types(void) {
    GTypeInfo node_info = {
        .class_size = sizeof(NodeClass), .class_init = node_class_init, .instance_size = sizeof(Node),
    };
    node_type = F(g_type_register_static)(F(atk_object_get_type)(), "StripAccNode", &node_info, 0);
    GInterfaceInfo node_component = {.interface_init = node_component_init};
    F(g_type_add_interface_static)(node_type, F(atk_component_get_type)(), &node_component);

    // A frame is a window to the bridge (AtkWindow: its activate and deactivate signals).
    GTypeInfo frame_info = {.class_size = sizeof(NodeClass), .instance_size = sizeof(Node)};
    frame_type = F(g_type_register_static)(node_type, "StripAccFrame", &frame_info, 0);
    GInterfaceInfo frame_window = {0};
    F(g_type_add_interface_static)(frame_type, F(atk_window_get_type)(), &frame_window);

    GTypeInfo list_info = {
        .class_size = sizeof(NodeClass), .class_init = list_class_init, .instance_size = sizeof(Node),
    };
    list_type = F(g_type_register_static)(node_type, "StripAccPageTabList", &list_info, 0);
    GInterfaceInfo list_selection = {.interface_init = list_selection_init};
    F(g_type_add_interface_static)(list_type, F(atk_selection_get_type)(), &list_selection);

    GTypeInfo tab_info = {
        .class_size = sizeof(TabClass), .class_init = tab_class_init, .instance_size = sizeof(Tab),
    };
    tab_type = F(g_type_register_static)(F(atk_object_get_type)(), "StripAccPageTab", &tab_info, 0);
    GInterfaceInfo tab_component = {.interface_init = tab_component_init};
    F(g_type_add_interface_static)(tab_type, F(atk_component_get_type)(), &tab_component);
    GInterfaceInfo tab_action = {.interface_init = tab_action_init};
    F(g_type_add_interface_static)(tab_type, F(atk_action_get_type)(), &tab_action);
}

// What the bridge and ATK log (they use g_warning for every failure to reach
// the bus) is kept, on the thread that starts the bridge, as the reason the
// start failed; anything else is written as one line in the program's name.
static _Thread_local char last_warning[512];
static _Thread_local int starting;

static void log_message(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain;
    (void)data;
    if (!(level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE))) return;
    char line[sizeof last_warning];
    size_t n = 0;
    for (const char *c = message ? message : ""; *c && n + 1 < sizeof line; c++)
        line[n++] = (*c == '\n' || *c == '\r' || *c == '\t') ? ' ' : *c;
    while (n > 0 && line[n - 1] == ' ') n--;
    line[n] = 0;
    if (starting) memcpy(last_warning, line, n + 1);
    else fprintf(stderr, "%s: accessibility: %s\n", application_name, line);
}

static void (*bus_lost)(void);
/// The bus the bridge is on (NULL after strip_acc_stop): a bus left before
/// may still dispatch its own Disconnected, which is not news.
static DBusConnection *joined_bus;

static DBusHandlerResult on_bus_message(DBusConnection *bus, DBusMessage *message, void *data) {
    (void)data;
    if (bus == joined_bus && F(dbus_message_is_signal)(message, "org.freedesktop.DBus.Local", "Disconnected") && bus_lost)
        bus_lost();
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
}

int strip_acc_start(const char *app_name, const char *toolkit_version, const StripAccCallbacks *given,
                    void (*lost)(void), const char **reason) {
    if (!application) {
        callbacks = *given;
        bus_lost = lost;
        application_name = strdup(app_name);
        toolkit_version_string = strdup(toolkit_version);
        const char *domains[] = {NULL, "Atk", "dbind"};
        for (size_t i = 0; i < sizeof domains / sizeof *domains; i++)
            F(g_log_set_handler)(domains[i], G_LOG_LEVEL_MASK | G_LOG_FLAG_FATAL | G_LOG_FLAG_RECURSION, log_message, NULL);
        register_types();
        application = F(g_object_new)(node_type, NULL);
        application->object.role = ATK_ROLE_APPLICATION;
        // ATK's root is whatever AtkUtil's class says: ours, for the life of the process.
        AtkUtilClass *util = F(g_type_class_ref)(F(atk_util_get_type)());
        util->get_root = util_get_root;
        util->get_toolkit_name = util_get_toolkit_name;
        util->get_toolkit_version = util_get_toolkit_version;
    }
    last_warning[0] = 0;
    starting = 1;
    int status = F(atk_bridge_adaptor_init)(NULL, NULL);
    starting = 0;
    *reason = last_warning[0] ? last_warning : NULL;
    if (status != 0) return -1;
    // Connected now, so this returns the bridge's connection without any traffic.
    DBusConnection *bus = F(atspi_get_a11y_bus)();
    if (bus) F(dbus_connection_add_filter)(bus, on_bus_message, NULL, NULL);
    joined_bus = bus;
    return 0;
}

void strip_acc_stop(void) {
    DBusConnection *bus = joined_bus;
    joined_bus = NULL;
    // The registry's answer to the bridge's Embed call may be read and queued
    // but not yet dispatched. The bridge (at-spi2-core 2.46 in Debian 12; the
    // fix for its issues #234 and #240 is in no release yet) does not cancel
    // that call when it cleans up, and a later dispatch of the closed
    // connection hands the reply to the freed bridge state: a crash in free()
    // after leaving a bus just joined.
    // So every message already received is dispatched now, while that state
    // lives. What the bridge logs about a bus being left is not news.
    starting = 1;
    if (bus)
        while (F(dbus_connection_dispatch)(bus) == DBUS_DISPATCH_DATA_REMAINS) {}
    F(atk_bridge_adaptor_cleanup)();
    starting = 0;
}

// MARK: - Changes

static void append_child(Node *parent, Node *child) {
    if (parent->n_children == parent->children_capacity) {
        int capacity = parent->children_capacity ? parent->children_capacity * 2 : 4;
        Node **grown = realloc(parent->children, sizeof(Node *) * (size_t)capacity);
        if (!grown) return;
        parent->children = grown;
        parent->children_capacity = capacity;
    }
    parent->children[parent->n_children++] = child;
}

void *strip_acc_node_new(StripAccKind kind, void *parent, void *handle) {
    Node *owner = parent ? parent : application;
    int rows = kind == STRIP_ACC_PAGE_TAB_LIST || kind == STRIP_ACC_MENU;
    Node *node = F(g_object_new)(rows ? list_type : kind == STRIP_ACC_FRAME ? frame_type : node_type, NULL);
    node->kind = kind;
    node->handle = handle;
    node->owner = owner;
    node->object.role = kind == STRIP_ACC_FRAME ? ATK_ROLE_FRAME
                      : kind == STRIP_ACC_PAGE_TAB_LIST ? ATK_ROLE_PAGE_TAB_LIST
                      : kind == STRIP_ACC_MENU ? ATK_ROLE_MENU : ATK_ROLE_LABEL;
    node->object.layer = kind == STRIP_ACC_FRAME ? ATK_LAYER_WINDOW : kind == STRIP_ACC_MENU ? ATK_LAYER_POPUP : ATK_LAYER_WIDGET;
    append_child(owner, node);
    // The parent's array holds a reference of its own; the caller's is returned.
    F(g_object_ref)(node);
    F(g_signal_emit_by_name)(owner, "children-changed::add", (guint)(owner->n_children - 1), node);
    return node;
}

// Makes a list's tabs defunct and forgets them (children-changed::remove for each).
static void drop_tabs(Node *list) {
    for (int i = list->n_tabs - 1; i >= 0; i--) {
        Tab *tab = list->tabs[i];
        if (!tab) continue;
        tab->list = NULL;
        F(atk_object_notify_state_change)(&tab->object, ATK_STATE_DEFUNCT, TRUE);
        F(g_signal_emit_by_name)(list, "children-changed::remove", (guint)i, tab);
        F(g_object_unref)(tab);
    }
    free(list->tabs);
    list->tabs = NULL;
    list->n_tabs = 0;
}

void strip_acc_node_remove(void *object) {
    Node *node = object;
    if (has_rows(node)) drop_tabs(node);
    node->defunct = 1;
    node->handle = NULL;
    F(atk_object_notify_state_change)(&node->object, ATK_STATE_DEFUNCT, TRUE);
    Node *owner = node->owner;
    int index = node_get_index_in_parent(&node->object);
    if (index >= 0) {
        memmove(owner->children + index, owner->children + index + 1, sizeof(Node *) * (size_t)(owner->n_children - index - 1));
        owner->n_children--;
        F(g_signal_emit_by_name)(owner, "children-changed::remove", (guint)index, node);
        F(g_object_unref)(node);   // the parent's reference
    }
    F(g_object_unref)(node);   // the caller's
}

void strip_acc_selection_changed(void *object, int32_t old_index, int32_t new_index, int32_t focused) {
    Node *list = object;
    Tab *old = old_index >= 0 ? list_tab(list, old_index, 1) : NULL;
    Tab *fresh = new_index >= 0 ? list_tab(list, new_index, 1) : NULL;
    if (old && old != fresh) {
        F(atk_object_notify_state_change)(&old->object, ATK_STATE_SELECTED, FALSE);
        if (focused) F(atk_object_notify_state_change)(&old->object, ATK_STATE_FOCUSED, FALSE);
    }
    if (fresh && old != fresh) {
        F(atk_object_notify_state_change)(&fresh->object, ATK_STATE_SELECTED, TRUE);
        if (focused) F(atk_object_notify_state_change)(&fresh->object, ATK_STATE_FOCUSED, TRUE);
    }
    F(g_signal_emit_by_name)(list, "selection-changed");
}

void strip_acc_focus_changed(void *object, int32_t focused) {
    Node *list = object;
    void *handle = node_handle(list);
    if (!handle) return;
    Tab *tab = list_tab(list, callbacks.selected(handle), 1);
    if (tab) F(atk_object_notify_state_change)(&tab->object, ATK_STATE_FOCUSED, focused ? TRUE : FALSE);
}

/// At most this many children-changed::add signals for new titles (each
/// makes a tab object); a client hears of the rest through the count.
enum { ANNOUNCED_TABS = 256 };

// Every tab replaced: the old ones defunct, the first new ones announced (no allocation to fail).
static void strip_acc_children_changed(void *object) {
    Node *list = object;
    drop_tabs(list);
    void *handle = node_handle(list);
    if (!handle) return;
    int count = callbacks.count(handle);
    for (int i = 0; i < count && i < ANNOUNCED_TABS; i++)
        F(g_signal_emit_by_name)(list, "children-changed::add", (guint)i, list_tab(list, i, 1));
}

static void notify_selected(Tab *tab, gboolean selected, int32_t focused) {
    if (!tab) return;
    F(atk_object_notify_state_change)(&tab->object, ATK_STATE_SELECTED, selected);
    if (focused) F(atk_object_notify_state_change)(&tab->object, ATK_STATE_FOCUSED, selected);
}

/// Marks in `stays` the entries of `values` (distinct) that form one longest
/// increasing run (patience sorting, O(n log n)): the kept tabs that need not move.
static int longest_increasing(const int32_t *values, int n, char *stays) {
    int *tails = malloc(sizeof(int) * (size_t)(n ? n : 1)), *before = malloc(sizeof(int) * (size_t)(n ? n : 1));
    if (!tails || !before) {
        free(tails);
        free(before);
        return -1;
    }
    int length = 0;
    for (int i = 0; i < n; i++) {
        int low = 0, high = length;
        while (low < high) {
            int middle = (low + high) / 2;
            if (values[tails[middle]] < values[i]) low = middle + 1; else high = middle;
        }
        before[i] = low > 0 ? tails[low - 1] : -1;
        tails[low] = i;
        if (low == length) length++;
    }
    for (int i = length ? tails[length - 1] : -1; i >= 0; i = before[i]) stays[i] = 1;
    free(tails);
    free(before);
    return 0;
}

// The kept old indices `compare_sources` sorts by (the main thread's only).
static const int32_t *sort_by_source;

static int compare_sources(const void *a, const void *b) {
    int32_t x = sort_by_source[*(const int32_t *)a], y = sort_by_source[*(const int32_t *)b];
    return (x > y) - (x < y);
}

void strip_acc_items_changed(void *object, const int32_t *sources, int32_t count, int32_t old_selected, int32_t focused,
                             int32_t check_names) {
    Node *list = object;
    if (!node_handle(list)) return;
    Tab **old = list->tabs;
    int n_old = list->n_tabs;
    Tab **tabs = calloc((size_t)(count > 0 ? count : 1), sizeof(Tab *));
    char *kept = calloc((size_t)(n_old > 0 ? n_old : 1), 1);
    int32_t *order = malloc(sizeof(int32_t) * (size_t)(count > 0 ? count : 1));   // kept old indices, in new order
    char *stays = calloc((size_t)(count > 0 ? count : 1), 1);
    if (!tabs || !kept || !order || !stays) {
        free(tabs), free(kept), free(order), free(stays);
        strip_acc_children_changed(object);
        return;
    }
    int n_order = 0, selected_now = -1;
    for (int j = 0; j < count; j++) {
        int32_t from = sources[j];
        if (from < 0) continue;
        if (from == old_selected) selected_now = j;
        order[n_order++] = from;
        if (from < n_old && old[from]) {
            tabs[j] = old[from];
            tabs[j]->index = j;
            kept[from] = 1;
        }
    }
    // Removed items, last first, so that each index is still right when told.
    for (int i = n_old - 1; i >= 0; i--) {
        Tab *tab = old[i];
        if (!tab || kept[i]) continue;
        if (i == old_selected) notify_selected(tab, FALSE, focused);
        tab->list = NULL;
        F(atk_object_notify_state_change)(&tab->object, ATK_STATE_DEFUNCT, TRUE);
        F(g_signal_emit_by_name)(list, "children-changed::remove", (guint)i, tab);
        F(g_object_unref)(tab);
    }
    list->tabs = tabs;
    list->n_tabs = count;
    // The kept items a client now reads in old order; those off the longest run in new order move: each is
    // removed, then added back at its new index with the new items, first index first.
    int32_t *rank = malloc(sizeof(int32_t) * (size_t)(n_order ? n_order : 1));   // each kept item's place in old order
    int32_t *by_rank = malloc(sizeof(int32_t) * (size_t)(n_order ? n_order : 1));
    if (rank && by_rank && longest_increasing(order, n_order, stays) == 0) {
        // Sorting the kept old indices gives each its place among them: by new order, `by_rank` by old.
        for (int k = 0; k < n_order; k++) by_rank[k] = k;
        sort_by_source = order;
        qsort(by_rank, (size_t)n_order, sizeof(int32_t), compare_sources);
        for (int r = 0; r < n_order; r++) rank[by_rank[r]] = r;
        for (int r = n_order - 1; r >= 0; r--) {
            int k = by_rank[r];
            Tab *tab = order[k] < n_old ? old[order[k]] : NULL;
            if (!stays[k] && tab) F(g_signal_emit_by_name)(list, "children-changed::remove", (guint)r, tab);
        }
        int k = 0, announced = 0;
        for (int j = 0; j < count; j++) {
            if (sources[j] >= 0) {
                if (!stays[k] && tabs[j]) F(g_signal_emit_by_name)(list, "children-changed::add", (guint)j, tabs[j]);
                k++;
            } else if (announced < ANNOUNCED_TABS) {
                announced++;
                F(g_signal_emit_by_name)(list, "children-changed::add", (guint)j, list_tab(list, j, 1));
            }
        }
    }
    free(rank), free(by_rank);
    // A kept tab whose title changed: its name again.
    for (int j = 0; check_names && j < count; j++) {
        Tab *tab = tabs[j];
        if (!tab || !tab->name) continue;
        char *name = callbacks.name(list->handle, j);
        if (name && strcmp(name, tab->name) != 0) F(g_object_notify)((GObject *)tab, "accessible-name");
        free(name);
    }
    // The selection, by item: the item that had it loses it, the one that has it gains it.
    int32_t selected = callbacks.selected(list->handle);
    if (selected != selected_now) {
        if (selected_now >= 0) notify_selected(list_tab(list, selected_now, 0), FALSE, focused);
        notify_selected(list_tab(list, selected, 1), TRUE, focused);
        F(g_signal_emit_by_name)(list, "selection-changed");
    }
    free(old), free(kept), free(order), free(stays);
}

void strip_acc_window_activated(void *object, int32_t active) {
    AtkObject *frame = object;
    F(atk_object_notify_state_change)(frame, ATK_STATE_ACTIVE, active ? TRUE : FALSE);
    F(g_signal_emit_by_name)(frame, active ? "activate" : "deactivate");
}

void strip_acc_name_changed(void *node) {
    F(g_object_notify)(node, "accessible-name");
}

// MARK: - GLib's main context, one turn at a time

static GPollFD *poll_fds;
static gint n_poll_fds, poll_capacity, max_priority;
static int prepared;

int32_t strip_acc_turn(int32_t *timeout_ms) {
    GMainContext *context = F(g_main_context_default)();
    // The bridge was started on another thread; the context's owner is the thread that turns it.
    static int acquired;
    if (!acquired) acquired = F(g_main_context_acquire)(context);
    if (prepared) {
        for (int i = 0; i < n_poll_fds; i++) {
            struct pollfd p = {.fd = poll_fds[i].fd, .events = (short)poll_fds[i].events};
            poll_fds[i].revents = poll(&p, 1, 0) == 1 ? (gushort)p.revents : 0;
        }
        if (F(g_main_context_check)(context, max_priority, poll_fds, n_poll_fds))
            F(g_main_context_dispatch)(context);
        prepared = 0;
    }
    F(g_main_context_prepare)(context, &max_priority);
    gint timeout = -1;
    gint n;
    while ((n = F(g_main_context_query)(context, max_priority, &timeout, poll_fds, poll_capacity)) > poll_capacity) {
        GPollFD *grown = realloc(poll_fds, sizeof(GPollFD) * (size_t)n);
        if (!grown) { n = poll_capacity; break; }
        poll_fds = grown;
        poll_capacity = n;
    }
    n_poll_fds = n;
    prepared = 1;
    *timeout_ms = timeout;
    return n;
}

StripAccWatch strip_acc_watch(int32_t index) {
    StripAccWatch watch = {.fd = -1, .events = 0};
    if (index >= 0 && index < n_poll_fds) {
        watch.fd = poll_fds[index].fd;
        watch.events = (int16_t)poll_fds[index].events;
    }
    return watch;
}
