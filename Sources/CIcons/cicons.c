// gdk-pixbuf through pointers resolved with dlsym (see cicons.h): this file
// compiles against its headers but references none of its symbols.
#include <dlfcn.h>
#include <errno.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cicons.h"

// g_* come from GLib and GObject, which libgdk_pixbuf depends on: dlsym on its handle searches them too.
#define PIXBUF_FUNCTIONS(X)                                                                          \
    X(gdk_pixbuf_get_file_info) X(gdk_pixbuf_format_get_name) X(gdk_pixbuf_format_is_scalable)       \
    X(gdk_pixbuf_new_from_file) X(gdk_pixbuf_new_from_file_at_scale) X(gdk_pixbuf_scale_simple)      \
    X(gdk_pixbuf_get_width) X(gdk_pixbuf_get_height) X(gdk_pixbuf_get_rowstride)                     \
    X(gdk_pixbuf_get_n_channels) X(gdk_pixbuf_get_has_alpha) X(gdk_pixbuf_read_pixels)               \
    X(g_object_unref) X(g_error_free) X(g_free)

static struct {
#define POINTER(name) __typeof__(name) *name;
    PIXBUF_FUNCTIONS(POINTER)
#undef POINTER
} api;

static int load_state = -1;   // -1 not tried, 0 failed, 1 loaded
static char load_error[256];

static int load(void) {
    if (load_state < 0) {
        load_state = 0;
        void *library = dlopen("libgdk_pixbuf-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
        if (!library) {
            snprintf(load_error, sizeof load_error, "gdk-pixbuf cannot be loaded (%s)", dlerror());
        } else {
            load_state = 1;
#define FIND(name) \
            if (load_state && !(api.name = (__typeof__(name) *)dlsym(library, #name))) { \
                load_state = 0; snprintf(load_error, sizeof load_error, "gdk-pixbuf lacks " #name); }
            PIXBUF_FUNCTIONS(FIND)
#undef FIND
        }
    }
    return load_state == 1;
}

// Icons are small; a larger file is a mistake, and an SVG that large could take seconds to render.
static const long long largest_file = 8 << 20;

void cicons_free(uint32_t *pixels) { free(pixels); }

uint32_t *cicons_decode(const char *path, int size, int max_side, int *width, int *height, char *error, size_t error_size) {
    struct stat info;
    // stat first: opening a FIFO or a device would block or read forever.
    if (stat(path, &info) != 0) {
        snprintf(error, error_size, "%s", errno == ENOENT ? "no such file" : strerror(errno));
        return NULL;
    }
    if (!S_ISREG(info.st_mode)) { snprintf(error, error_size, "not a regular file"); return NULL; }
    if (info.st_size > largest_file) { snprintf(error, error_size, "the file is over 8 MiB"); return NULL; }
    if (!load()) { snprintf(error, error_size, "%s", load_error); return NULL; }

    int file_width = 0, file_height = 0;
    GdkPixbufFormat *format = api.gdk_pixbuf_get_file_info(path, &file_width, &file_height);
    if (!format) { snprintf(error, error_size, "not a PNG or SVG image (unknown format)"); return NULL; }
    // Only the two formats icons come in: gdk-pixbuf's other loaders (ICO, TGA, ANI...) are attack surface for nothing.
    gchar *name = api.gdk_pixbuf_format_get_name(format);
    int is_png = name && strcmp(name, "png") == 0, is_svg = name && strcmp(name, "svg") == 0;
    if (!is_png && !is_svg) snprintf(error, error_size, "a %s image, not PNG or SVG", name ? name : "unnamed");
    api.g_free(name);
    if (!is_png && !is_svg) return NULL;
    int scalable = api.gdk_pixbuf_format_is_scalable(format);
    if (!scalable && (file_width <= 0 || file_height <= 0 || file_width > max_side || file_height > max_side)) {
        snprintf(error, error_size, "%d x %d px is larger than %d px a side", file_width, file_height, max_side);
        return NULL;
    }

    GError *failure = NULL;
    // An SVG is rendered at the box's size; a PNG is decoded whole (at most max_side a side) and scaled with the HYPER filter.
    GdkPixbuf *pixbuf = scalable ? api.gdk_pixbuf_new_from_file_at_scale(path, size, size, TRUE, &failure)
                                 : api.gdk_pixbuf_new_from_file(path, &failure);
    if (pixbuf && !scalable) {
        int w = api.gdk_pixbuf_get_width(pixbuf), h = api.gdk_pixbuf_get_height(pixbuf);
        int fit_w = w >= h ? size : (int)((double)w * size / h + 0.5), fit_h = h >= w ? size : (int)((double)h * size / w + 0.5);
        if (fit_w < 1) fit_w = 1;
        if (fit_h < 1) fit_h = 1;
        if (fit_w != w || fit_h != h) {
            GdkPixbuf *scaled = api.gdk_pixbuf_scale_simple(pixbuf, fit_w, fit_h, GDK_INTERP_HYPER);
            api.g_object_unref(pixbuf);
            pixbuf = scaled;
        }
    }
    if (!pixbuf) {
        const char *why = failure && failure->message ? failure->message : "";
        // gdk-pixbuf's "Failed to load image “PATH”: WHY" would name the path twice: keep WHY.
        const char *after_path = strncmp(why, "Failed to load image", 20) == 0 ? strstr(why, "\xe2\x80\x9d: ") : NULL;
        snprintf(error, error_size, "cannot be decoded%s%s", *why ? ": " : "", after_path ? after_path + 5 : why);
        if (failure) api.g_error_free(failure);
        return NULL;
    }
    if (failure) api.g_error_free(failure);

    int w = api.gdk_pixbuf_get_width(pixbuf), h = api.gdk_pixbuf_get_height(pixbuf);
    int stride = api.gdk_pixbuf_get_rowstride(pixbuf), channels = api.gdk_pixbuf_get_n_channels(pixbuf);
    int alpha = api.gdk_pixbuf_get_has_alpha(pixbuf);
    const guchar *rows = api.gdk_pixbuf_read_pixels(pixbuf);
    uint32_t *out = malloc((size_t)w * (size_t)h * sizeof *out);
    if (!out || channels < 3) {
        free(out);
        api.g_object_unref(pixbuf);
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    // gdk-pixbuf's RGBA is straight (not premultiplied) alpha; XRender's Over wants premultiplied.
    for (int y = 0; y < h; y++) {
        const guchar *p = rows + (size_t)y * (size_t)stride;
        for (int x = 0; x < w; x++, p += channels) {
            uint32_t a = alpha ? p[3] : 255;
            uint32_t r = (p[0] * a + 127) / 255, g = (p[1] * a + 127) / 255, b = (p[2] * a + 127) / 255;
            out[(size_t)y * (size_t)w + (size_t)x] = a << 24 | r << 16 | g << 8 | b;
        }
    }
    api.g_object_unref(pixbuf);
    *width = w;
    *height = h;
    return out;
}
