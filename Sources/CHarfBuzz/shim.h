#ifndef SEGMENTED_STRIP_CHARFBUZZ_SHIM_H
#define SEGMENTED_STRIP_CHARFBUZZ_SHIM_H

/* HarfBuzz (shaping, with its FreeType face loader) and FriBidi (the Unicode
   bidirectional algorithm) in one module: pkg-config harfbuzz gives the
   harfbuzz and freetype2 include paths; FriBidi's headers include each other
   with quotes, so <fribidi/fribidi.h> needs no path of its own. Nothing here
   touches X11. */
#include <hb.h>
#include <hb-ot.h>
#include <hb-ft.h>
#include <fribidi/fribidi.h>

/* An hb_face_t on a FreeType face, taking a reference on the face (FT_Reference_Face)
   so that it outlives the face's other owner (Xft closes faces it no longer caches).
   The face travels as void *: FT_Face from this module and from the Xft one are different Swift types. */
static inline hb_face_t *chb_face_create_referenced(void *ft_face) {
    return hb_ft_face_create_referenced((FT_Face)ft_face);
}

#endif
