#ifndef SEGMENTED_STRIP_CICONS_H
#define SEGMENTED_STRIP_CICONS_H

/* Icon files decoded by gdk-pixbuf (PNG itself, SVG through librsvg's
   loader), loaded with dlopen the first time an icon is decoded: a strip
   without icons never maps gdk-pixbuf, GIO, libpng or librsvg. This header
   needs no gdk-pixbuf or GLib header of its own. */

#include <stddef.h>
#include <stdint.h>

/* The PNG or SVG file at `path` fitted into a `size` x `size` box (pixels,
   its aspect ratio kept), as premultiplied ARGB32: `width` x `height`
   native-endian words, rows `width` long (what XRender's
   PictStandardARGB32 reads). A raster file whose header says a side is over
   `max_side` pixels is refused before it is decoded, so an enormous image
   is never held at full size; an SVG is rendered at the box's size. Returns
   the pixels (free them with cicons_free), or NULL with a sentence in
   `error` (at most `error_size` bytes): a missing or unreadable file, not a
   regular file, over 8 MiB, an unknown format, too large, or the decoder's
   own message for a corrupt file, or gdk-pixbuf that cannot be loaded. */
uint32_t *cicons_decode(const char *path, int size, int max_side, int *width, int *height, char *error, size_t error_size);
void cicons_free(uint32_t *pixels);

#endif
