// libpng, pixman and gdk-pixbuf through pointers resolved with dlsym (see
// cicons.h): this file compiles against their headers but references none of
// their symbols.
#include <dlfcn.h>
#include <errno.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <pixman.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cicons.h"

// g_* come from GLib and GObject, which libgdk_pixbuf depends on: dlsym on its handle searches them too.
#define PIXBUF_FUNCTIONS(X)                                                                          \
    X(gdk_pixbuf_get_file_info) X(gdk_pixbuf_format_get_name) X(gdk_pixbuf_new_from_file_at_scale)  \
    X(gdk_pixbuf_get_width) X(gdk_pixbuf_get_height) X(gdk_pixbuf_get_rowstride)                     \
    X(gdk_pixbuf_get_n_channels) X(gdk_pixbuf_get_has_alpha) X(gdk_pixbuf_read_pixels)               \
    X(g_object_unref) X(g_error_free) X(g_free) X(g_log_set_handler)

#define PNG_FUNCTIONS(X)                                                                              \
    X(png_create_read_struct) X(png_create_info_struct) X(png_destroy_read_struct) X(png_init_io)    \
    X(png_read_info) X(png_get_IHDR) X(png_set_expand) X(png_set_strip_16)                           \
    X(png_set_gray_to_rgb) X(png_set_add_alpha) X(png_set_interlace_handling)                        \
    X(png_read_update_info) X(png_get_rowbytes) X(png_read_image) X(png_set_sig_bytes) X(png_get_error_ptr)       \
    X(png_set_user_limits) X(png_set_chunk_malloc_max) X(png_set_chunk_cache_max) X(png_set_keep_unknown_chunks)  \
    X(png_get_image_width) X(png_get_image_height)

#define PIXMAN_FUNCTIONS(X)                                                                           \
    X(pixman_image_create_bits) X(pixman_image_unref) X(pixman_transform_init_scale)                 \
    X(pixman_image_set_transform) X(pixman_image_set_filter) X(pixman_image_set_repeat)              \
    X(pixman_filter_create_separable_convolution) X(pixman_image_composite32)

static struct {
#define POINTER(name) __typeof__(name) *name;
    PNG_FUNCTIONS(POINTER)
    PIXMAN_FUNCTIONS(POINTER)
    PIXBUF_FUNCTIONS(POINTER)
#undef POINTER
} lib;

// The three libraries, each loaded the first time an icon needs it. libpng is mapped already (FreeType,
// which Xft loads, links it); pixman is small and has no dependencies; gdk-pixbuf maps GLib and GIO.
enum library { LIBPNG, PIXMAN, PIXBUF };
static struct {
    const char *soname, *label;
    int state;          // -1 not tried, 0 failed, 1 loaded
    char error[160];    // why it failed
} libraries[] = {
    [LIBPNG] = { "libpng16.so.16", "libpng", -1, "" },
    [PIXMAN] = { "libpixman-1.so.0", "pixman", -1, "" },
    [PIXBUF] = { "libgdk_pixbuf-2.0.so.0", "gdk-pixbuf", -1, "" },
};

static void quiet_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)domain; (void)level; (void)message; (void)data;
}

// Whether `which` is loaded with every function this file calls; on the first call it is dlopened.
static int load(enum library which) {
    __typeof__(libraries[0]) *l = &libraries[which];
    if (l->state >= 0) return l->state;
    l->state = 0;
    void *handle = dlopen(l->soname, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        snprintf(l->error, sizeof l->error, "%s cannot be loaded (%s)", l->label, dlerror());
        return 0;
    }
    l->state = 1;
#define FIND(name) \
    if (l->state && !(lib.name = (__typeof__(name) *)dlsym(handle, #name))) { \
        l->state = 0; snprintf(l->error, sizeof l->error, "%s lacks " #name, l->label); }
    switch (which) {
    case LIBPNG: PNG_FUNCTIONS(FIND) break;
    case PIXMAN: PIXMAN_FUNCTIONS(FIND) break;
    case PIXBUF:
        PIXBUF_FUNCTIONS(FIND)
        // gdk-pixbuf's own criticals (an SVG of zero size, say) would reach standard error raw; the failure
        // is reported as the icon's one warning instead.
        if (l->state) lib.g_log_set_handler("GdkPixbuf", G_LOG_LEVEL_MASK, quiet_log, NULL);
        break;
    }
#undef FIND
    return l->state;
}

// Icons are small; a larger file is a mistake, and an SVG that large could take seconds to render.
static const long long largest_file = 8 << 20, largest_svg = 1 << 20;

void cicons_free(uint32_t *pixels) { free(pixels); }

// The box a w x h image is fitted into: `size` on its longer side, its aspect ratio kept, at least 1 px.
static void fit(int w, int h, int size, int *fit_w, int *fit_h) {
    *fit_w = w >= h ? size : (int)((double)w * size / h + 0.5);
    *fit_h = h >= w ? size : (int)((double)h * size / w + 0.5);
    if (*fit_w < 1) *fit_w = 1;
    if (*fit_h < 1) *fit_h = 1;
}

// Straight RGBA bytes (`rows`, `stride` apart) as premultiplied native ARGB32 words, what XRender's Over reads.
static void premultiply(const unsigned char *rows, size_t stride, int w, int h, uint32_t *out) {
    for (int y = 0; y < h; y++) {
        const unsigned char *p = rows + (size_t)y * stride;
        for (int x = 0; x < w; x++, p += 4) {
            uint32_t a = p[3], r = (p[0] * a + 127) / 255, g = (p[1] * a + 127) / 255, b = (p[2] * a + 127) / 255;
            out[(size_t)y * (size_t)w + (size_t)x] = a << 24 | r << 16 | g << 8 | b;
        }
    }
}

// `pixels` (w x h premultiplied ARGB32) fitted into the `size` box by pixman: a box filter (separable
// convolution, as cairo's GOOD filter takes for downscaling) or bilinear for a smaller image; the edges padded,
// so they keep their alpha. Frees `pixels`; NULL with a sentence in `error` when pixman cannot be used.
static uint32_t *fit_pixels(uint32_t *pixels, int w, int h, int size, int *width, int *height, char *error, size_t error_size) {
    int fit_w, fit_h;
    fit(w, h, size, &fit_w, &fit_h);
    if (fit_w == w && fit_h == h) { *width = w; *height = h; return pixels; }
    uint32_t *out = NULL;
    if (!load(PIXMAN)) {
        snprintf(error, error_size, "%s", libraries[PIXMAN].error);
    } else if ((out = calloc((size_t)fit_w * (size_t)fit_h, sizeof *out))) {
        pixman_image_t *source = lib.pixman_image_create_bits(PIXMAN_a8r8g8b8, w, h, pixels, w * 4);
        pixman_image_t *target = lib.pixman_image_create_bits(PIXMAN_a8r8g8b8, fit_w, fit_h, out, fit_w * 4);
        double sx = (double)w / fit_w, sy = (double)h / fit_h;
        pixman_transform_t scale;
        lib.pixman_transform_init_scale(&scale, pixman_double_to_fixed(sx), pixman_double_to_fixed(sy));
        lib.pixman_image_set_transform(source, &scale);
        lib.pixman_image_set_repeat(source, PIXMAN_REPEAT_PAD);
        int count = 0;
        pixman_fixed_t *parameters = sx > 1 || sy > 1
            ? lib.pixman_filter_create_separable_convolution(&count, pixman_double_to_fixed(sx > 1 ? sx : 1),
                  pixman_double_to_fixed(sy > 1 ? sy : 1), PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX, PIXMAN_KERNEL_BOX,
                  PIXMAN_KERNEL_BOX, 4, 4)
            : NULL;
        lib.pixman_image_set_filter(source, parameters ? PIXMAN_FILTER_SEPARABLE_CONVOLUTION : PIXMAN_FILTER_BILINEAR,
                                    parameters, count);
        free(parameters);
        lib.pixman_image_composite32(PIXMAN_OP_SRC, source, NULL, target, 0, 0, 0, 0, 0, 0, fit_w, fit_h);
        lib.pixman_image_unref(source);
        lib.pixman_image_unref(target);
        *width = fit_w;
        *height = fit_h;
    } else {
        snprintf(error, error_size, "out of memory");
    }
    free(pixels);
    return out;
}

// libpng's error handler: the message kept for decode_png, then back to its setjmp (libpng allows a handler
// that longjmps to a buffer of its own). Warnings (a bad CRC in an ancillary chunk, say) are not failures.
struct png_failure { jmp_buf jump; char message[200]; };
static void png_failed(png_structp png, png_const_charp message) {
    struct png_failure *failure = lib.png_get_error_ptr(png);
    snprintf(failure->message, sizeof failure->message, "%s", message ? message : "");
    longjmp(failure->jump, 1);
}
static void png_warned(png_structp png, png_const_charp message) { (void)png; (void)message; }

// The PNG in `file` (its 8-byte signature already read) as fitted premultiplied ARGB32, by libpng: any bit
// depth and color type expanded to 8-bit RGBA, interlacing undone, no gamma applied (as gdk-pixbuf draws it).
// libpng checks the header's size against `max_side` before a pixel is read.
static uint32_t *decode_png(FILE *file, long long file_size, int size, int max_side, int *width, int *height, char *error,
                            size_t error_size) {
    if (!load(LIBPNG)) {
        snprintf(error, error_size, "%s", libraries[LIBPNG].error);
        return NULL;
    }
    struct png_failure failure = { .message = "" };
    png_structp png = lib.png_create_read_struct(PNG_LIBPNG_VER_STRING, &failure, png_failed, png_warned);
    png_infop info = png ? lib.png_create_info_struct(png) : NULL;
    // volatile: changed after setjmp and read after a longjmp back to it.
    unsigned char *volatile rows = NULL;
    png_bytep *volatile row_pointers = NULL;
    uint32_t *volatile pixels = NULL;
    uint32_t *out = NULL;
    if (!info) {
        snprintf(error, error_size, "out of memory");
    } else if (setjmp(failure.jump)) {
        // libpng refuses a side over the user limit set below when it reads IHDR, whose size it has kept: said in
        // pixels, which the reader can act on, rather than as libpng's "Invalid IHDR data".
        png_uint_32 w = lib.png_get_image_width(png, info), h = lib.png_get_image_height(png, info);
        if (w > (png_uint_32)max_side || h > (png_uint_32)max_side) {
            snprintf(error, error_size, "%u x %u px is larger than %d px a side", (unsigned)w, (unsigned)h, max_side);
        } else {
            snprintf(error, error_size, "cannot be decoded: %s", failure.message);
        }
        free(pixels);
    } else {
        lib.png_init_io(png, file);
        lib.png_set_sig_bytes(png, 8);
        // An icon needs only the image: every other chunk (text, palettes, profiles, metadata, unknown ones) is
        // skipped unread. libpng 1.6 reserves a text or suggested-palette chunk's whole stated length (and zeroes it)
        // before reading it, its own 8 MB limit on a chunk being only a warning, so a 44-byte file took 2 GiB.
        lib.png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
        // The chunks kept are PLTE (768 bytes) and tRNS (256); IDAT's own limit follows the image's size.
        lib.png_set_chunk_malloc_max(png, 64 << 10);
        lib.png_set_chunk_cache_max(png, 16);
        lib.png_set_user_limits(png, (png_uint_32)max_side, (png_uint_32)max_side);
        lib.png_read_info(png, info);
        png_uint_32 w = 0, h = 0;
        int depth = 0, color = 0;
        lib.png_get_IHDR(png, info, &w, &h, &depth, &color, NULL, NULL, NULL);
        // A PNG compresses its pixels, so a file much larger than them holds something else: most likely
        // compressed data past the image, which libpng would inflate to its end (a "zip bomb").
        long long largest = 2LL * w * h * 4 + (64 << 10);
        if (file_size > largest) {
            snprintf(error, error_size, "%lld bytes is far more than a %u x %u px image needs", file_size, (unsigned)w, (unsigned)h);
        } else {
            lib.png_set_expand(png);
            lib.png_set_strip_16(png);
            lib.png_set_gray_to_rgb(png);
            lib.png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
            lib.png_set_interlace_handling(png);
            lib.png_read_update_info(png, info);
            size_t stride = lib.png_get_rowbytes(png, info);
            rows = stride == (size_t)w * 4 ? malloc(stride * h) : NULL;
            row_pointers = malloc(h * sizeof *row_pointers);
            pixels = rows && row_pointers ? malloc((size_t)w * h * sizeof *pixels) : NULL;
            if (!pixels) {
                snprintf(error, error_size, "out of memory");
            } else {
                for (png_uint_32 y = 0; y < h; y++) row_pointers[y] = rows + y * stride;
                lib.png_read_image(png, row_pointers);
                premultiply(rows, stride, (int)w, (int)h, pixels);
                out = fit_pixels(pixels, (int)w, (int)h, size, width, height, error, error_size);   // frees pixels
            }
        }
    }
    free(rows);
    free(row_pointers);
    if (png) lib.png_destroy_read_struct(&png, info ? &info : NULL, NULL);
    return out;
}

uint32_t *cicons_decode(const char *path, int size, int max_side, int *width, int *height, char *error, size_t error_size) {
    struct stat info;
    // stat first: opening a FIFO or a device would block or read forever.
    if (stat(path, &info) != 0) {
        snprintf(error, error_size, "%s", errno == ENOENT ? "no such file" : strerror(errno));
        return NULL;
    }
    if (!S_ISREG(info.st_mode)) { snprintf(error, error_size, "not a regular file"); return NULL; }
    if (info.st_size > largest_file) { snprintf(error, error_size, "the file is over 8 MiB"); return NULL; }
    FILE *file = fopen(path, "rb");
    if (!file) { snprintf(error, error_size, "%s", strerror(errno)); return NULL; }
    unsigned char signature[8];
    size_t got = fread(signature, 1, sizeof signature, file);
    if (got == sizeof signature && signature[0] == 0x89 && memcmp(signature + 1, "PNG\r\n\x1a\n", 7) == 0) {
        uint32_t *pixels = decode_png(file, (long long)info.st_size, size, max_side, width, height, error, error_size);
        fclose(file);
        return pixels;
    }
    fclose(file);
    // An icon's SVG is a few KiB (Adwaita's largest symbolic one is under 30); librsvg renders in this process.
    if (info.st_size > largest_svg) { snprintf(error, error_size, "over 1 MiB, and not a PNG"); return NULL; }
    if (!load(PIXBUF)) { snprintf(error, error_size, "%s", libraries[PIXBUF].error); return NULL; }

    GdkPixbufFormat *format = lib.gdk_pixbuf_get_file_info(path, NULL, NULL);
    if (!format) {
        // Markup that gdk-pixbuf does not take as SVG is most likely a malformed one.
        size_t i = 0;
        while (i < got && (signature[i] == ' ' || signature[i] == '\t' || signature[i] == '\n' || signature[i] == '\r')) i++;
        snprintf(error, error_size, "%s", i < got && signature[i] == '<' ? "not a PNG, and not an SVG that librsvg can read"
                                                                          : "not a PNG or SVG image (unknown format)");
        return NULL;
    }
    // PNG went to libpng above; only SVG is taken here: gdk-pixbuf's other loaders (ICO, TGA, ANI...) are attack surface for nothing.
    gchar *name = lib.gdk_pixbuf_format_get_name(format);
    int is_svg = name && strcmp(name, "svg") == 0;
    if (!is_svg) snprintf(error, error_size, "a %s image, not PNG or SVG", name ? name : "unnamed");
    lib.g_free(name);
    if (!is_svg) return NULL;

    GError *failure = NULL;
    // Rendered by librsvg at the box's size, its aspect ratio kept.
    GdkPixbuf *pixbuf = lib.gdk_pixbuf_new_from_file_at_scale(path, size, size, TRUE, &failure);
    if (!pixbuf) {
        const char *why = failure && failure->message ? failure->message : "";
        // gdk-pixbuf's "Failed to load image “PATH”: WHY" would name the path twice: keep WHY.
        const char *after_path = strncmp(why, "Failed to load image", 20) == 0 ? strstr(why, "\xe2\x80\x9d: ") : NULL;
        snprintf(error, error_size, "cannot be decoded%s%s", *why ? ": " : "", after_path ? after_path + 5 : why);
        if (failure) lib.g_error_free(failure);
        return NULL;
    }
    if (failure) lib.g_error_free(failure);

    int w = lib.gdk_pixbuf_get_width(pixbuf), h = lib.gdk_pixbuf_get_height(pixbuf);
    uint32_t *out = lib.gdk_pixbuf_get_n_channels(pixbuf) == 4 && lib.gdk_pixbuf_get_has_alpha(pixbuf)
        ? malloc((size_t)w * (size_t)h * sizeof *out) : NULL;
    if (!out) {
        lib.g_object_unref(pixbuf);
        snprintf(error, error_size, "cannot be decoded: not RGBA as rendered");
        return NULL;
    }
    premultiply(lib.gdk_pixbuf_read_pixels(pixbuf), (size_t)lib.gdk_pixbuf_get_rowstride(pixbuf), w, h, out);
    lib.g_object_unref(pixbuf);
    *width = w;
    *height = h;
    return out;
}
