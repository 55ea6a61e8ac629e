// GLib's main context, one turn at a time, for the Swift side's event loop
// (GLibMainContextPump.swift): the bridge's D-Bus traffic runs on it.
#include <poll.h>

#include "strip_acc_private.h"

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
