// AtkObject for the strip's nodes (application, frame, label, page tab list,
// menu) and page tabs: names, parents, children and states, asked of the
// Swift side each time.
#include <string.h>

#include "strip_acc_private.h"

static AtkObjectClass *node_parent_class, *tab_parent_class;

Tab *acc_list_tab(Node *list, int index, int create) {
    void *handle = node_handle(list);
    if (!handle) return NULL;
    int count = acc_callbacks.count(handle);
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
        Tab *tab = F(g_object_new)(acc_tab_type, NULL);
        tab->list = list;
        tab->index = index;
        tab->object.role = list->kind == STRIP_ACC_MENU ? ATK_ROLE_MENU_ITEM : ATK_ROLE_PAGE_TAB;
        tab->object.layer = ATK_LAYER_WIDGET;
        list->tabs[index] = tab;
    }
    return list->tabs[index];
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
    if (node->kind == 0) return acc_application_name;
    void *handle = node_handle(node);
    return handle ? replace_name(&node->name, acc_callbacks.name(handle, -1)) : NULL;
}

static AtkObject *node_get_parent(AtkObject *object) {
    Node *node = as_node(object);
    return node->owner ? &node->owner->object : NULL;
}

static gint node_get_n_children(AtkObject *object) {
    Node *node = as_node(object);
    if (has_rows(node)) {
        void *handle = node_handle(node);
        return handle ? acc_callbacks.count(handle) : 0;
    }
    return node->n_children;
}

static AtkObject *node_ref_child(AtkObject *object, gint index) {
    Node *node = as_node(object);
    if (has_rows(node)) {
        Tab *tab = acc_list_tab(node, index, 1);
        return tab ? F(g_object_ref)(tab) : NULL;
    }
    if (index < 0 || index >= node->n_children) return NULL;
    return F(g_object_ref)(node->children[index]);
}

gint acc_node_get_index_in_parent(AtkObject *object) {
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
    AtkStateSet *set = state_set_for(handle ? acc_callbacks.state(handle, -1) : 0, 0, !handle);
    if (handle && has_rows(node)) F(atk_state_set_add_state)(set, ATK_STATE_FOCUSABLE);
    if (handle && node->kind == STRIP_ACC_FRAME) {
        F(atk_state_set_add_state)(set, ATK_STATE_RESIZABLE);
        if (acc_callbacks.state(handle, -1) & STRIP_ACC_ACTIVE) F(atk_state_set_add_state)(set, ATK_STATE_ACTIVE);
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

void acc_node_class_init(gpointer klass, gpointer data) {
    (void)data;
    node_parent_class = F(g_type_class_peek_parent)(klass);
    AtkObjectClass *atk = klass;
    atk->get_name = node_get_name;
    atk->get_parent = node_get_parent;
    atk->get_n_children = node_get_n_children;
    atk->ref_child = node_ref_child;
    atk->get_index_in_parent = acc_node_get_index_in_parent;
    atk->ref_state_set = node_ref_state_set;
    ((GObjectClass *)klass)->finalize = node_finalize;
}

// MARK: Page tab

static const gchar *tab_get_name(AtkObject *object) {
    Tab *tab = (Tab *)object;
    void *handle = node_handle(tab->list);
    return handle ? replace_name(&tab->name, acc_callbacks.name(handle, tab->index)) : NULL;
}

static const gchar *tab_get_description(AtkObject *object) {
    Tab *tab = (Tab *)object;
    void *handle = node_handle(tab->list);
    return handle && acc_callbacks.description ? replace_name(&tab->description, acc_callbacks.description(handle, tab->index)) : NULL;
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
    return state_set_for(handle ? acc_callbacks.state(handle, tab->index) : 0, 1, !handle);
}

static void tab_finalize(GObject *object) {
    free(((Tab *)object)->name);
    free(((Tab *)object)->description);
    G_OBJECT_CLASS(tab_parent_class)->finalize(object);
}

void acc_tab_class_init(gpointer klass, gpointer data) {
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
