// libpng, pixman and gdk-pixbuf through pointers resolved with dlsym (see
// cicons.h): this file compiles against their headers but references none of
// their symbols.
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <pixman.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cicons.h"

// g_* come from GLib and GObject, which libgdk_pixbuf depends on: dlsym on its handle searches them too.
#define PIXBUF_FUNCTIONS(X)                                                                          \
    X(gdk_pixbuf_loader_new_with_type) X(gdk_pixbuf_loader_set_size) X(gdk_pixbuf_loader_write)     \
    X(gdk_pixbuf_loader_close) X(gdk_pixbuf_loader_get_pixbuf)                                      \
    X(gdk_pixbuf_get_width) X(gdk_pixbuf_get_height) X(gdk_pixbuf_get_rowstride)                     \
    X(gdk_pixbuf_get_n_channels) X(gdk_pixbuf_get_has_alpha) X(gdk_pixbuf_read_pixels)               \
    X(g_signal_connect_data) X(g_object_unref) X(g_error_free) X(g_log_set_handler)

#define PNG_FUNCTIONS(X)                                                                              \
    X(png_create_read_struct) X(png_create_info_struct) X(png_destroy_read_struct) X(png_set_read_fn) \
    X(png_get_io_ptr) X(png_error)                                                                    \
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
// which the X font library loads, links it); pixman is small and has no dependencies; gdk-pixbuf maps GLib and GIO.
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

// A file's bytes in memory, read by libpng from `offset` on.
struct png_source { const unsigned char *bytes; size_t length, offset; };

// libpng's read function over a png_source: a read past its end is libpng's error (it does not return).
static void png_read_memory(png_structp png, png_bytep out, size_t count) {
    struct png_source *source = lib.png_get_io_ptr(png);
    if (count > source->length - source->offset) lib.png_error(png, "the file ends early");
    memcpy(out, source->bytes + source->offset, count);
    source->offset += count;
}

// The PNG file `bytes` (`length` of them, its 8-byte signature checked) as fitted premultiplied ARGB32, by
// libpng: any bit depth and color type expanded to 8-bit RGBA, interlacing undone, no gamma applied (as
// gdk-pixbuf draws it). libpng checks the header's size against `max_side` before a pixel is read.
static uint32_t *decode_png(const unsigned char *bytes, size_t length, int size, int max_side, int *width, int *height,
                            char *error, size_t error_size) {
    if (!load(LIBPNG)) {
        snprintf(error, error_size, "%s", libraries[LIBPNG].error);
        return NULL;
    }
    struct png_failure failure = { .message = "" };
    struct png_source source = { bytes, length, 8 };
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
        lib.png_set_read_fn(png, &source, png_read_memory);
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
        if ((long long)length > largest) {
            snprintf(error, error_size, "%zu bytes is far more than a %u x %u px image needs", length, (unsigned)w, (unsigned)h);
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

// The whole regular file at `path`, of at most `largest_file` bytes, read into memory (free it), its byte count
// in `length`; NULL with a sentence in `error`. The file is opened once, without blocking (O_NONBLOCK: a FIFO
// with no writer, or a device, would wait in open(2) for good) and checked on that descriptor, so a file
// swapped for a FIFO after the check is never opened: every decoder reads these bytes, never the path again.
static unsigned char *read_file(const char *path, size_t *length, char *error, size_t error_size) {
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        snprintf(error, error_size, "%s", errno == ENOENT ? "no such file" : strerror(errno));
        return NULL;
    }
    struct stat info;
    unsigned char *bytes = NULL;
    if (fstat(fd, &info) != 0) {
        snprintf(error, error_size, "%s", strerror(errno));
    } else if (!S_ISREG(info.st_mode)) {
        snprintf(error, error_size, "not a regular file");
    } else if (info.st_size > largest_file) {
        snprintf(error, error_size, "the file is over 8 MiB");
    } else if (!(bytes = malloc((size_t)info.st_size + 1))) {
        snprintf(error, error_size, "out of memory");
    } else {
        // At most the size fstat gave: a file that grows meanwhile is cut there, one that shrinks ends early.
        size_t count = 0;
        while (count < (size_t)info.st_size) {
            ssize_t got = read(fd, bytes + count, (size_t)info.st_size - count);
            if (got < 0 && errno == EINTR) continue;
            if (got <= 0) break;
            count += (size_t)got;
        }
        *length = count;
    }
    close(fd);
    return bytes;
}

// The box an SVG is fitted into (pixels), and whether its own size had a side of zero.
struct svg_fitting { int size, empty; };

// gdk-pixbuf's size-prepared signal: the SVG's own size (`w` x `h` px) fitted into the box, its aspect ratio
// kept, as gdk_pixbuf_new_from_file_at_scale asks. An SVG of zero size is noted: the loader would render it 1 x 1.
static void svg_size_prepared(GdkPixbufLoader *loader, int w, int h, gpointer data) {
    struct svg_fitting *fitting = data;
    if (w <= 0 || h <= 0) { fitting->empty = 1; return; }
    int fit_w, fit_h;
    fit(w, h, fitting->size, &fit_w, &fit_h);
    lib.gdk_pixbuf_loader_set_size(loader, fit_w, fit_h);
}

// The SVG `bytes` rendered by librsvg (gdk-pixbuf's "svg" loader, the only one used: its other loaders, ICO,
// TGA, ANI..., are attack surface for nothing) fitted into the `size` box, as premultiplied ARGB32. With no
// file to resolve them against, the SVG's references to other files are not followed.
static uint32_t *decode_svg(const unsigned char *bytes, size_t length, int size, int *width, int *height, char *error,
                            size_t error_size) {
    if (!load(PIXBUF)) { snprintf(error, error_size, "%s", libraries[PIXBUF].error); return NULL; }
    GdkPixbufLoader *loader = lib.gdk_pixbuf_loader_new_with_type("svg", NULL);
    if (!loader) { snprintf(error, error_size, "gdk-pixbuf has no SVG loader (librsvg2-common)"); return NULL; }
    struct svg_fitting fitting = { size, 0 };
    lib.g_signal_connect_data(loader, "size-prepared", G_CALLBACK(svg_size_prepared), &fitting, NULL, 0);
    // A loader must be closed even when a write failed.
    int written = lib.gdk_pixbuf_loader_write(loader, bytes, length, NULL);
    int closed = lib.gdk_pixbuf_loader_close(loader, NULL);
    GdkPixbuf *pixbuf = written && closed && !fitting.empty ? lib.gdk_pixbuf_loader_get_pixbuf(loader) : NULL;  // the loader's
    uint32_t *out = NULL;
    if (!pixbuf) {
        snprintf(error, error_size, "not a PNG, and not an SVG that librsvg can read");
    } else if (lib.gdk_pixbuf_get_n_channels(pixbuf) != 4 || !lib.gdk_pixbuf_get_has_alpha(pixbuf)) {
        snprintf(error, error_size, "cannot be decoded: not RGBA as rendered");
    } else {
        int w = lib.gdk_pixbuf_get_width(pixbuf), h = lib.gdk_pixbuf_get_height(pixbuf);
        if ((out = malloc((size_t)w * (size_t)h * sizeof *out))) {
            premultiply(lib.gdk_pixbuf_read_pixels(pixbuf), (size_t)lib.gdk_pixbuf_get_rowstride(pixbuf), w, h, out);
            *width = w;
            *height = h;
        } else {
            snprintf(error, error_size, "out of memory");
        }
    }
    lib.g_object_unref(loader);
    return out;
}

uint32_t *cicons_decode(const char *path, int size, int max_side, int *width, int *height, char *error, size_t error_size) {
    size_t length = 0;
    unsigned char *bytes = read_file(path, &length, error, error_size);
    if (!bytes) return NULL;
    uint32_t *out = NULL;
    // Markup, after a byte order mark and white space, is taken for SVG.
    size_t i = length >= 3 && memcmp(bytes, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
    while (i < length && (bytes[i] == ' ' || bytes[i] == '\t' || bytes[i] == '\n' || bytes[i] == '\r')) i++;
    if (length >= 8 && bytes[0] == 0x89 && memcmp(bytes + 1, "PNG\r\n\x1a\n", 7) == 0) {
        out = decode_png(bytes, length, size, max_side, width, height, error, error_size);
    } else if (length > largest_svg) {
        // An icon's SVG is a few KiB (Adwaita's largest symbolic one is under 30); librsvg renders in this process.
        snprintf(error, error_size, "over 1 MiB, and not a PNG");
    } else if (i < length && bytes[i] == '<') {
        out = decode_svg(bytes, length, size, width, height, error, error_size);
    } else {
        snprintf(error, error_size, "not a PNG or SVG image (unknown format)");
    }
    free(bytes);
    return out;
}

uint32_t *cicons_fit_argb(const uint32_t *argb, int w, int h, int size, int *width, int *height, char *error, size_t error_size) {
    uint32_t *pixels = w > 0 && h > 0 ? malloc((size_t)w * (size_t)h * sizeof *pixels) : NULL;
    if (!pixels) {
        snprintf(error, error_size, "%s", w > 0 && h > 0 ? "out of memory" : "an empty image");
        return NULL;
    }
    for (size_t i = 0; i < (size_t)w * (size_t)h; i++) {
        uint32_t p = argb[i], a = p >> 24;
        uint32_t r = (((p >> 16) & 0xff) * a + 127) / 255, g = (((p >> 8) & 0xff) * a + 127) / 255, b = ((p & 0xff) * a + 127) / 255;
        pixels[i] = a << 24 | r << 16 | g << 8 | b;
    }
    return fit_pixels(pixels, w, h, size, width, height, error, error_size);   // frees pixels
}
