// Changes the Swift side reports: nodes made and removed, the selection,
// the focus, items moved, added and removed, frames activated, names.
#include <string.h>

#include "strip_acc_private.h"

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
    Node *owner = parent ? parent : acc_application;
    int rows = kind == STRIP_ACC_PAGE_TAB_LIST || kind == STRIP_ACC_MENU;
    Node *node = F(g_object_new)(rows ? acc_list_type : kind == STRIP_ACC_FRAME ? acc_frame_type : acc_node_type, NULL);
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
    int index = acc_node_get_index_in_parent(&node->object);
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
    Tab *old = old_index >= 0 ? acc_list_tab(list, old_index, 1) : NULL;
    Tab *fresh = new_index >= 0 ? acc_list_tab(list, new_index, 1) : NULL;
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
    Tab *tab = acc_list_tab(list, acc_callbacks.selected(handle), 1);
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
    int count = acc_callbacks.count(handle);
    for (int i = 0; i < count && i < ANNOUNCED_TABS; i++)
        F(g_signal_emit_by_name)(list, "children-changed::add", (guint)i, acc_list_tab(list, i, 1));
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
                F(g_signal_emit_by_name)(list, "children-changed::add", (guint)j, acc_list_tab(list, j, 1));
            }
        }
    }
    free(rank), free(by_rank);
    // A kept tab whose title changed: its name again.
    for (int j = 0; check_names && j < count; j++) {
        Tab *tab = tabs[j];
        if (!tab || !tab->name) continue;
        char *name = acc_callbacks.name(list->handle, j);
        if (name && strcmp(name, tab->name) != 0) F(g_object_notify)((GObject *)tab, "accessible-name");
        free(name);
    }
    // The selection, by item: the item that had it loses it, the one that has it gains it.
    int32_t selected = acc_callbacks.selected(list->handle);
    if (selected != selected_now) {
        if (selected_now >= 0) notify_selected(acc_list_tab(list, selected_now, 0), FALSE, focused);
        notify_selected(acc_list_tab(list, selected, 1), TRUE, focused);
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
