#ifndef SEGMENTED_STRIP_CICONS_H
#define SEGMENTED_STRIP_CICONS_H

/* Icon files decoded by well-kept libraries, each loaded with dlopen the
   first time it is needed: PNG by libpng (mapped already, as FreeType links
   it), fitted into the box by pixman; SVG by gdk-pixbuf with librsvg's
   loader. A strip without icons maps none of them, and one with PNG icons
   only never maps gdk-pixbuf, GLib or GIO. This header needs no header of
   theirs. */

#include <stddef.h>
#include <stdint.h>

/* The PNG or SVG file at `path` fitted into a `size` x `size` box (pixels,
   its aspect ratio kept), as premultiplied ARGB32: `width` x `height`
   native-endian words, rows `width` long (what XRender's
   PictStandardARGB32 reads). The file is opened once, without blocking,
   checked on its descriptor (a regular file of at most 8 MiB) and read
   whole into memory, which the decoders read: a path swapped for a FIFO
   meanwhile is never opened. A PNG whose header says a side is over
   `max_side` pixels is refused before it is decoded, so an enormous image
   is never held at full size; a smaller one is decoded whole and fitted with
   a box filter (bilinear when it is smaller than the box); an SVG (a
   file that starts with markup) is rendered at the box's size by
   gdk-pixbuf's SVG loader alone. Not thread-safe: call it from one thread
   at a time. Returns
   the pixels (free them with cicons_free), or NULL with a sentence in
   `error` (at most `error_size` bytes): a missing or unreadable file, not a
   regular file, over 8 MiB, an unknown format, too large, or the decoder's
   own message for a corrupt file, or a library that cannot be loaded. */
uint32_t *cicons_decode(const char *path, int size, int max_side, int *width, int *height, char *error, size_t error_size);
void cicons_free(uint32_t *pixels);

/* Straight (not premultiplied) ARGB32 pixels, `w` x `h` (an X client's
   _NET_WM_ICON image, as EWMH gives it), premultiplied and fitted into a
   `size` px square as cicons_decode fits a file; NULL with a sentence in
   `error` when pixman cannot be used or memory runs out. Free with cicons_free. */
uint32_t *cicons_fit_argb(const uint32_t *argb, int w, int h, int size, int *width, int *height, char *error, size_t error_size);

#endif
