// AtkAction for page tabs: "click" and, when the tabs are closable, "close".
#include "strip_acc_private.h"

// "click" selects the tab; "close", when the tabs are closable, asks the host to close it.
static gboolean tab_do_action(AtkAction *action, gint index) {
    Tab *tab = (Tab *)action;
    void *handle = node_handle(tab->list);
    if (!handle) return FALSE;
    if (index == 0) return acc_callbacks.select(handle, tab->index);
    return index == 1 && acc_callbacks.close(handle, tab->index);
}

static gint tab_get_n_actions(AtkAction *action) {
    void *handle = node_handle(((Tab *)action)->list);
    return handle && acc_callbacks.closable(handle) ? 2 : 1;
}

static const gchar *tab_get_action_name(AtkAction *action, gint index) {
    return index == 0 ? "click" : index == 1 && tab_get_n_actions(action) == 2 ? "close" : NULL;
}

static const gchar *tab_get_action_description(AtkAction *action, gint index) {
    Tab *tab = (Tab *)action;
    if (index == 0) return tab->list && tab->list->kind == STRIP_ACC_MENU ? "Selects the item's tab" : "Selects the tab";
    return index == 1 && tab_get_n_actions(action) == 2 ? "Closes the tab" : NULL;
}

void acc_tab_action_init(gpointer iface, gpointer data) {
    (void)data;
    AtkActionIface *action = iface;
    action->do_action = tab_do_action;
    action->get_n_actions = tab_get_n_actions;
    action->get_name = tab_get_action_name;
    action->get_localized_name = tab_get_action_name;
    action->get_description = tab_get_action_description;
}
