// A small XEmbed client for segmented-tabbed's protocol tests: it makes a
// window in (or for) an embedder, sets the properties a test asks for, and
// prints one JSON line per thing it hears on stdout (the XEmbed messages it
// receives, WM_DELETE_WINDOW, its own ConfigureNotify, its window being
// reparented, the keys it gets), so that a test asserts on what it logged.
//
// usage: xembed-client --into ID [options]
//   --inside            create the window inside ID (as st -w); default: a top-level window reparented
//                       into ID when mapped (as xterm -into)
//   --title T           WM_NAME (STRING)             --net-title T   _NET_WM_NAME (UTF8_STRING)
//   --compound-title T  WM_NAME as COMPOUND_TEXT     --wrong-net-title  a _NET_WM_NAME of type STRING
//   --title-bytes N     a _NET_WM_NAME of N bytes    --invalid-utf8  a _NET_WM_NAME of bytes that are not UTF-8
//   --info FLAGS        _XEMBED_INFO version 0 and FLAGS (1: mapped); --info-short: a one-long _XEMBED_INFO
//   --no-delete         no WM_DELETE_WINDOW in WM_PROTOCOLS (else listed)
//   --ignore-delete     list WM_DELETE_WINDOW but do nothing on it (else exit 0 on it)
//   --urgent            WM_HINTS with the urgency hint
//   --icon W H          a _NET_WM_ICON of W x H opaque red; --icon-short: a _NET_WM_ICON whose size runs past its data
//   --never-map         never map the window
//   --retitle N         set _NET_WM_NAME N times a second, counting, until killed
//   --retitles K        with --retitle: stop after K titles
//   --reparent-away     after the EMBEDDED_NOTIFY, reparent the window to the root itself
//   --exit-on-embed     exit at once on the EMBEDDED_NOTIFY (a client that dies between the embedder's requests)
//   --mapped-later      on SIGUSR1, set _XEMBED_INFO's mapped flag (asking the embedder to map it)
//   --reparent-loop N   after the ready line, N times: reparent itself to the root and map, then back into ID and
//                       map; then a {"event":"looped"} line
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static Display *display;
static Window window;

static volatile sig_atomic_t usr1;
static void on_usr1(int signal) { (void)signal; usr1 = 1; }

static Atom atom(const char *name) { return XInternAtom(display, name, False); }

static void say(const char *json) {
    printf("%s\n", json);
    fflush(stdout);
}

static void set_longs(const char *name, Atom type, const unsigned long *values, int count) {
    XChangeProperty(display, window, atom(name), type, 32, PropModeReplace, (const unsigned char *)values, count);
}

static void set_text(const char *name, const char *type, const unsigned char *bytes, int length) {
    XChangeProperty(display, window, atom(name), atom(type), 8, PropModeReplace, bytes, length);
}

int main(int argc, char **argv) {
    Window into = 0;
    int inside = 0, never_map = 0, reparent_away = 0, exit_on_embed = 0, ignore_delete = 0, mapped_later = 0, reparent_loop = 0;
    int retitle = 0;
    long retitles = -1;
    display = XOpenDisplay(NULL);
    if (!display) {
        fprintf(stderr, "xembed-client: cannot open display\n");
        return 1;
    }
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--into") == 0 && i + 1 < argc) into = strtoul(argv[++i], NULL, 0);
        else if (strcmp(argv[i], "--inside") == 0) inside = 1;
    if (!into) {
        fprintf(stderr, "xembed-client: --into ID is needed\n");
        return 2;
    }
    int screen = DefaultScreen(display);
    XSetWindowAttributes attributes = {.background_pixel = 0x3366cc, .event_mask = StructureNotifyMask | PropertyChangeMask | KeyPressMask};
    window = XCreateWindow(display, inside ? into : RootWindow(display, screen), 0, 0, 200, 100, 0, CopyFromParent, InputOutput,
                           CopyFromParent, CWBackPixel | CWEventMask, &attributes);
    Atom protocols[1] = {atom("WM_DELETE_WINDOW")};
    int delete_listed = 1;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--title") == 0 && i + 1 < argc) XStoreName(display, window, argv[++i]);
        else if (strcmp(a, "--net-title") == 0 && i + 1 < argc) {
            const char *t = argv[++i];
            set_text("_NET_WM_NAME", "UTF8_STRING", (const unsigned char *)t, (int)strlen(t));
        } else if (strcmp(a, "--title-bytes") == 0 && i + 1 < argc) {
            int n = atoi(argv[++i]);
            unsigned char *bytes = malloc((size_t)n);
            for (int k = 0; k < n; k++) bytes[k] = (unsigned char)('a' + k % 26);
            set_text("_NET_WM_NAME", "UTF8_STRING", bytes, n);
            free(bytes);
        } else if (strcmp(a, "--invalid-utf8") == 0) {
            const unsigned char bad[] = {'b', 'a', 'd', 0xff, 0xfe, 0xc0, 0x80, ' ', 0xed, 0xa0, 0x80};
            set_text("_NET_WM_NAME", "UTF8_STRING", bad, (int)sizeof bad);
        } else if (strcmp(a, "--info") == 0 && i + 1 < argc) {
            unsigned long info[2] = {0, strtoul(argv[++i], NULL, 0)};
            set_longs("_XEMBED_INFO", atom("_XEMBED_INFO"), info, 2);
        } else if (strcmp(a, "--info-short") == 0) {
            unsigned long info[1] = {0};
            set_longs("_XEMBED_INFO", atom("_XEMBED_INFO"), info, 1);
        } else if (strcmp(a, "--no-delete") == 0) delete_listed = 0;
        else if (strcmp(a, "--ignore-delete") == 0) ignore_delete = 1;
        else if (strcmp(a, "--urgent") == 0) {
            XWMHints hints = {.flags = XUrgencyHint};
            XSetWMHints(display, window, &hints);
        } else if (strcmp(a, "--compound-title") == 0 && i + 1 < argc) {
            XTextProperty property;
            if (Xutf8TextListToTextProperty(display, &argv[++i], 1, XCompoundTextStyle, &property) >= Success) {
                XSetWMName(display, window, &property);
                XFree(property.value);
            }
        } else if (strcmp(a, "--wrong-net-title") == 0) {
            set_text("_NET_WM_NAME", "STRING", (const unsigned char *)"wrong type", 10);
        } else if (strcmp(a, "--icon") == 0 && i + 2 < argc) {
            unsigned long w = strtoul(argv[++i], NULL, 0), h = strtoul(argv[++i], NULL, 0);
            unsigned long *icon = malloc(sizeof(unsigned long) * (2 + w * h));
            icon[0] = w;
            icon[1] = h;
            for (unsigned long k = 0; k < w * h; k++) icon[2 + k] = 0xffff0000;
            set_longs("_NET_WM_ICON", XA_CARDINAL, icon, (int)(2 + w * h));
            free(icon);
        } else if (strcmp(a, "--icon-short") == 0) {
            unsigned long icon[4] = {64, 64, 0xffff0000, 0xffff0000};
            set_longs("_NET_WM_ICON", XA_CARDINAL, icon, 4);
        } else if (strcmp(a, "--never-map") == 0) never_map = 1;
        else if (strcmp(a, "--retitle") == 0 && i + 1 < argc) retitle = atoi(argv[++i]);
        else if (strcmp(a, "--retitles") == 0 && i + 1 < argc) retitles = atol(argv[++i]);
        else if (strcmp(a, "--reparent-away") == 0) reparent_away = 1;
        else if (strcmp(a, "--exit-on-embed") == 0) exit_on_embed = 1;
        else if (strcmp(a, "--mapped-later") == 0) mapped_later = 1;
        else if (strcmp(a, "--reparent-loop") == 0 && i + 1 < argc) reparent_loop = atoi(argv[++i]);
    }
    if (delete_listed) XSetWMProtocols(display, window, protocols, 1);
    if (mapped_later) signal(SIGUSR1, on_usr1);
    // As xterm -into does: made at the root, reparented into the embedder, then mapped (a MapRequest there).
    if (!inside) XReparentWindow(display, window, into, 0, 0);
    if (!never_map) XMapWindow(display, window);
    XSync(display, False);
    char line[512];
    snprintf(line, sizeof line, "{\"event\":\"ready\",\"window\":%lu}", window);
    say(line);
    if (reparent_loop > 0) {
        for (int k = 0; k < reparent_loop; k++) {
            XReparentWindow(display, window, RootWindow(display, screen), 0, 0);
            XMapWindow(display, window);
            XReparentWindow(display, window, into, 0, 0);
            XMapWindow(display, window);
        }
        XSync(display, False);
        say("{\"event\":\"looped\"}");
    }

    Atom xembed = atom("_XEMBED"), wm_protocols = atom("WM_PROTOCOLS");
    struct pollfd fds[1] = {{.fd = ConnectionNumber(display), .events = POLLIN}};
    long count = 0;
    for (;;) {
        while (XPending(display)) {
            XEvent event;
            XNextEvent(display, &event);
            if (event.type == ClientMessage && event.xclient.message_type == xembed) {
                snprintf(line, sizeof line, "{\"event\":\"xembed\",\"message\":%ld,\"detail\":%ld,\"data1\":%ld,\"data2\":%ld}",
                         event.xclient.data.l[1], event.xclient.data.l[2], event.xclient.data.l[3], event.xclient.data.l[4]);
                say(line);
                if (event.xclient.data.l[1] == 0 && exit_on_embed) _exit(0);
                if (event.xclient.data.l[1] == 0 && reparent_away) {
                    XReparentWindow(display, window, RootWindow(display, screen), 0, 0);
                    XFlush(display);
                }
            } else if (event.type == ClientMessage && event.xclient.message_type == wm_protocols) {
                say("{\"event\":\"delete\"}");
                if (!ignore_delete) return 0;
            } else if (event.type == ConfigureNotify && event.xconfigure.window == window) {
                snprintf(line, sizeof line, "{\"event\":\"configure\",\"width\":%d,\"height\":%d,\"synthetic\":%s}",
                         event.xconfigure.width, event.xconfigure.height, event.xconfigure.send_event ? "true" : "false");
                say(line);
            } else if (event.type == ReparentNotify && event.xreparent.window == window) {
                snprintf(line, sizeof line, "{\"event\":\"reparented\",\"parent\":%lu}", event.xreparent.parent);
                say(line);
            } else if (event.type == KeyPress) {
                snprintf(line, sizeof line, "{\"event\":\"key\",\"keycode\":%u,\"state\":%u}", event.xkey.keycode, event.xkey.state);
                say(line);
            } else if (event.type == MapNotify && event.xmap.window == window) {
                say("{\"event\":\"mapped\"}");
            } else if (event.type == UnmapNotify && event.xunmap.window == window) {
                say("{\"event\":\"unmapped\"}");
            }
        }
        // A SIGUSR1 that comes between the poll and the check above would be missed by a poll with no end.
        int timeout = retitle > 0 ? 1000 / retitle : mapped_later ? 20 : -1;
        if (poll(fds, 1, timeout) == 0 && retitle > 0) {
            snprintf(line, sizeof line, "title %ld", ++count);
            set_text("_NET_WM_NAME", "UTF8_STRING", (const unsigned char *)line, (int)strlen(line));
            XFlush(display);
            if (retitles > 0 && count >= retitles) retitle = 0;
        }
        if (usr1) {
            usr1 = 0;
            unsigned long info[2] = {0, 1};
            set_longs("_XEMBED_INFO", atom("_XEMBED_INFO"), info, 2);
            XFlush(display);
        }
    }
}
