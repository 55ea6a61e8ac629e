// AtkSelection for the page tab list (and the popup menu): the selected
// tab, asked of the Swift side; selecting is the host's.
#include "strip_acc_private.h"

static GObjectClass *list_parent_class;

static gboolean list_add_selection(AtkSelection *selection, gint index) {
    void *handle = node_handle(as_node(selection));
    return handle && acc_callbacks.select(handle, index);
}

// A tab strip always has a selection: nothing can be deselected.
static gboolean list_refuse(AtkSelection *selection) { (void)selection; return FALSE; }
static gboolean list_remove_selection(AtkSelection *selection, gint index) { (void)selection; (void)index; return FALSE; }

static AtkObject *list_ref_selection(AtkSelection *selection, gint index) {
    Node *list = as_node(selection);
    void *handle = node_handle(list);
    if (!handle || index != 0) return NULL;
    Tab *tab = acc_list_tab(list, acc_callbacks.selected(handle), 1);
    return tab ? F(g_object_ref)(tab) : NULL;
}

static gint list_get_selection_count(AtkSelection *selection) {
    void *handle = node_handle(as_node(selection));
    return handle && acc_callbacks.selected(handle) >= 0 ? 1 : 0;
}

static gboolean list_is_child_selected(AtkSelection *selection, gint index) {
    void *handle = node_handle(as_node(selection));
    return handle && index >= 0 && acc_callbacks.selected(handle) == index;
}

void acc_list_selection_init(gpointer iface, gpointer data) {
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

void acc_list_class_init(gpointer klass, gpointer data) {
    (void)data;
    list_parent_class = F(g_type_class_peek_parent)(klass);
}
