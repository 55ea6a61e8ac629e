/* The floor for startup: the least an Xft program must do to show the ten
 * titles. Opens the display and the same two font patterns, measures the
 * titles, maps a window, waits for its first Expose, draws them and exits.
 * No layout engine, no fallback chain beyond what one fontconfig match gives,
 * no animation: a lower bound, not a competitor.
 * usage: floor TITLES_FILE (one title per line) */
#include <X11/Xlib.h>
#include <X11/Xft/Xft.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: floor TITLES_FILE\n"); return 2; }
    FILE *f = fopen(argv[1], "r");
    if (!f) { perror(argv[1]); return 2; }
    static char titles[64][256];
    int n = 0;
    while (n < 64 && fgets(titles[n], sizeof titles[n], f)) {
        titles[n][strcspn(titles[n], "\r\n")] = 0;
        if (titles[n][0]) n++;
    }
    fclose(f);
    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) { fprintf(stderr, "floor: cannot open display\n"); return 1; }
    int screen = DefaultScreen(dpy);
    /* lang=zh-cn makes one match cover the Chinese titles (no fallback chain). */
    XftFont *regular = XftFontOpenName(dpy, screen, "sans-serif:pixelsize=15:lang=zh-cn");
    XftFont *bold = XftFontOpenName(dpy, screen, "sans-serif:pixelsize=17:weight=bold:lang=zh-cn");
    if (!regular || !bold) { fprintf(stderr, "floor: no font\n"); return 1; }
    int widths[64], x = 5;
    for (int i = 0; i < n; i++) {
        XGlyphInfo info;
        XftTextExtentsUtf8(dpy, i == 0 ? bold : regular, (const FcChar8 *)titles[i], (int)strlen(titles[i]), &info);
        widths[i] = info.xOff;
    }
    Window w = XCreateSimpleWindow(dpy, RootWindow(dpy, screen), 0, 0, 400, 200, 0, 0, 0xFFFFFF);
    XSelectInput(dpy, w, ExposureMask);
    XMapWindow(dpy, w);
    XftDraw *draw = XftDrawCreate(dpy, w, DefaultVisual(dpy, screen), DefaultColormap(dpy, screen));
    XftColor text, accent;
    XftColorAllocName(dpy, DefaultVisual(dpy, screen), DefaultColormap(dpy, screen), "#555555", &text);
    XftColorAllocName(dpy, DefaultVisual(dpy, screen), DefaultColormap(dpy, screen), "#E53935", &accent);
    for (;;) {
        XEvent e;
        XNextEvent(dpy, &e);
        if (e.type == Expose) break;
    }
    for (int i = 0; i < n && x < 400; i++) {
        XftFont *font = i == 0 ? bold : regular;
        XftDrawStringUtf8(draw, i == 0 ? &accent : &text, font, x, 28, (const FcChar8 *)titles[i], (int)strlen(titles[i]));
        x += widths[i] + 15;
    }
    XSync(dpy, False);
    return 0;
}
