// AtkComponent for nodes and page tabs: extents in each frame of reference,
// and the child at a point (a list asks the Swift side's hit-test).
#include "strip_acc_private.h"

// Screen extents of a node or one of its tabs (index -1: the node).
static void screen_extents(Node *node, int index, gint *x, gint *y, gint *width, gint *height) {
    *x = *y = *width = *height = 0;
    void *handle = node_handle(node);
    if (!handle) return;
    int32_t ex = 0, ey = 0, ew = 0, eh = 0;
    acc_callbacks.extents(handle, index, &ex, &ey, &ew, &eh);
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
        Tab *tab = handle ? acc_list_tab(node, acc_callbacks.hit(handle, x, y), 1) : NULL;
        return tab ? F(g_object_ref)(tab) : NULL;
    }
    for (int i = 0; i < node->n_children; i++) {
        gint cx, cy, cw, ch;
        screen_extents(node->children[i], -1, &cx, &cy, &cw, &ch);
        if (x >= cx && y >= cy && x < cx + cw && y < cy + ch) return F(g_object_ref)(node->children[i]);
    }
    return NULL;
}

void acc_node_component_init(gpointer iface, gpointer data) {
    (void)data;
    AtkComponentIface *component = iface;
    component->get_extents = node_get_extents;
    component->ref_accessible_at_point = node_ref_accessible_at_point;
}

static void tab_get_extents(AtkComponent *component, gint *x, gint *y, gint *width, gint *height, AtkCoordType type) {
    Tab *tab = (Tab *)component;
    screen_extents(tab->list, tab->index, x, y, width, height);
    gint ox, oy;
    relative_origin(tab->list, tab->list, type, &ox, &oy);
    *x -= ox;
    *y -= oy;
}

void acc_tab_component_init(gpointer iface, gpointer data) {
    (void)data;
    ((AtkComponentIface *)iface)->get_extents = tab_get_extents;
}
