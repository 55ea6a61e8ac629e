// ATK objects for the strip, after GTK3's notebook accessibles
// (gtk/a11y/gtknotebookaccessible.c, gtknotebookpageaccessible.c): a page
// tab list implementing AtkSelection whose page tabs implement AtkComponent
// and AtkAction and ask the widget (here: Swift, through StripAccCallbacks)
// for their name, state and extents, holding no copy of them.
//
// This file: loading the libraries, the types, the root (AtkUtil), and the
// bridge's start and stop. Every ATK, GObject and GLib function is called
// through a pointer that strip_acc_load resolves with dlsym: these files
// compile against the headers but reference none of their symbols, so the
// libraries are mapped only when an accessibility bus is found (see
// AccessibilityBridge.swift).
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "strip_acc_private.h"

struct StripAccFunctions acc_fn;
StripAccCallbacks acc_callbacks;
GType acc_node_type, acc_frame_type, acc_list_type, acc_tab_type;
Node *acc_application;
char *acc_application_name, *acc_toolkit_version;

int strip_acc_load(const char **error) {
    void *library = dlopen("libatk-bridge-2.0.so.0", RTLD_NOW | RTLD_GLOBAL);
    if (!library) {
        *error = dlerror();
        return -1;
    }
    // dlsym on the bridge's handle also searches what it depends on (ATK, GObject, GLib).
#define RESOLVE(name)                                                      \
    if (!(acc_fn.name = (__typeof__(name) *)dlsym(library, #name))) {          \
        *error = "libatk-bridge-2.0 or its libraries lack " #name;         \
        return -1;                                                         \
    }
    LOADED_FUNCTIONS(RESOLVE)
#undef RESOLVE
    return 0;
}

// MARK: - Root and types

static AtkObject *util_get_root(void) { return &acc_application->object; }
static const gchar *util_get_toolkit_name(void) { return "SegmentedStrip"; }
static const gchar *util_get_toolkit_version(void) { return acc_toolkit_version; }

static void register_types(void) {
    GTypeInfo node_info = {
        .class_size = sizeof(NodeClass), .class_init = acc_node_class_init, .instance_size = sizeof(Node),
    };
    acc_node_type = F(g_type_register_static)(F(atk_object_get_type)(), "StripAccNode", &node_info, 0);
    GInterfaceInfo node_component = {.interface_init = acc_node_component_init};
    F(g_type_add_interface_static)(acc_node_type, F(atk_component_get_type)(), &node_component);

    // A frame is a window to the bridge (AtkWindow: its activate and deactivate signals).
    GTypeInfo frame_info = {.class_size = sizeof(NodeClass), .instance_size = sizeof(Node)};
    acc_frame_type = F(g_type_register_static)(acc_node_type, "StripAccFrame", &frame_info, 0);
    GInterfaceInfo frame_window = {0};
    F(g_type_add_interface_static)(acc_frame_type, F(atk_window_get_type)(), &frame_window);

    GTypeInfo list_info = {
        .class_size = sizeof(NodeClass), .class_init = acc_list_class_init, .instance_size = sizeof(Node),
    };
    acc_list_type = F(g_type_register_static)(acc_node_type, "StripAccPageTabList", &list_info, 0);
    GInterfaceInfo list_selection = {.interface_init = acc_list_selection_init};
    F(g_type_add_interface_static)(acc_list_type, F(atk_selection_get_type)(), &list_selection);

    GTypeInfo tab_info = {
        .class_size = sizeof(TabClass), .class_init = acc_tab_class_init, .instance_size = sizeof(Tab),
    };
    acc_tab_type = F(g_type_register_static)(F(atk_object_get_type)(), "StripAccPageTab", &tab_info, 0);
    GInterfaceInfo tab_component = {.interface_init = acc_tab_component_init};
    F(g_type_add_interface_static)(acc_tab_type, F(atk_component_get_type)(), &tab_component);
    GInterfaceInfo tab_action = {.interface_init = acc_tab_action_init};
    F(g_type_add_interface_static)(acc_tab_type, F(atk_action_get_type)(), &tab_action);
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
    else fprintf(stderr, "%s: accessibility: %s\n", acc_application_name, line);
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
    if (!acc_application) {
        acc_callbacks = *given;
        bus_lost = lost;
        acc_application_name = strdup(app_name);
        acc_toolkit_version = strdup(toolkit_version);
        const char *domains[] = {NULL, "Atk", "dbind"};
        for (size_t i = 0; i < sizeof domains / sizeof *domains; i++)
            F(g_log_set_handler)(domains[i], G_LOG_LEVEL_MASK | G_LOG_FLAG_FATAL | G_LOG_FLAG_RECURSION, log_message, NULL);
        register_types();
        acc_application = F(g_object_new)(acc_node_type, NULL);
        acc_application->object.role = ATK_ROLE_APPLICATION;
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
