#ifndef SEGMENTED_STRIP_CHB_H
#define SEGMENTED_STRIP_CHB_H

/* HarfBuzz (shaping, on FreeType faces through hb-ft) and FriBidi (the Unicode
   bidirectional algorithm), loaded with dlopen the first time a title needs
   them: a strip whose titles need no shaping (CJK only) never maps them, nor
   the GLib, graphite2 and PCRE2 that libharfbuzz brings (about 2 ms of CPU at
   startup). This header needs no HarfBuzz or FriBidi header of its own. */

#include <stdint.h>

/* Loads both libraries once; 1 when every function was found, else 0 with a
   message in *error (dlerror's, or the missing function's name). */
int chb_load(const char **error);

/* An hb_font_t on an hb_face_t made by hb_ft_face_create_referenced on the
   FT_Face `ft_face` (NULL: HarfBuzz's empty face), scaled to `scale` units per
   em (64 x the pixel size), with HarfBuzz's own OpenType functions. */
void *chb_font_create(void *ft_face, int scale);
void chb_font_destroy(void *font);

void *chb_buffer_create(void);
void chb_buffer_destroy(void *buffer);

/* One shaped glyph: positions in the font's units (1/64 px at 64 x the pixel size). */
typedef struct {
    uint32_t glyph;
    uint32_t cluster;
    int32_t x_advance;
    int32_t x_offset;
    int32_t y_offset;
} chb_glyph;

/* Shapes text[offset ..< offset + count] (the rest of `text` is context) with
   `font` into `buffer`: right to left when `rtl`, in `script` (an ISO 15924
   tag), the locale's language, default-ignorables removed, and
   beginning/end-of-text flags when the run touches either end. Returns the
   number of glyphs, which chb_copy_glyphs then copies out in visual order. */
unsigned chb_shape(void *buffer, void *font, const uint32_t *text, int length, int offset, int count, int rtl, uint32_t script);
void chb_copy_glyphs(void *buffer, chb_glyph *out);

/* The Unicode script of a code point (hb_unicode_script), an ISO 15924 tag. */
uint32_t chb_script(uint32_t code_point);
/* Tags of Common, Inherited and Unknown. */
uint32_t chb_script_common(void);
uint32_t chb_script_inherited(void);
uint32_t chb_script_unknown(void);

/* FriBidi on one paragraph on one line: `direction` 0 auto (P2, P3), 1 left
   to right, 2 right to left. Fills levels[length] (after L1) and
   visual[length] (logical indices, left to right; L2) and returns the
   paragraph level (0 or 1), or -1 when FriBidi failed (out of memory). */
int chb_bidi(const uint32_t *text, int length, int direction, int8_t *levels, int64_t *visual);

/* FriBidi 1.0.8 (Debian 12's) corrupts memory and crashes when an isolate
   initiator overflows max_depth (125) and more isolates follow: pango-view
   does too. UAX #9 gives such an initiator and its matching PDI the current
   level as neutrals (X5a to X5c, X6a) and ignores every explicit control
   between them, so chb_bidi makes them ON and those controls BN in FriBidi's
   types (`types[length]`, FriBidiCharType values) first, which FriBidi then
   resolves to the same levels without reaching its overflow path.
   `base_level` is the paragraph level, 0 or 1. */
void chb_neutralize_overflow_isolates(uint32_t *types, int length, int base_level);
/* P2 and P3 on FriBidi's `types`: 1 when the first strong type outside
   isolates is right to left, else 0. */
int chb_first_strong_is_rtl(const uint32_t *types, int length);

/* The bitmap FreeType loads for `glyph` of the FT_Face `ft_face` (a color
   font's strike, FT_LOAD_COLOR, at the size the face is set to): its width
   and its left bearing (bitmap_left), pixels. FreeType is the one the X
   font library already loaded (its FT_Load_Glyph found with dlsym). Returns 1, or 0 when
   the glyph did not load or is not a bitmap. The caller holds the face's
   lock. */
int chb_bitmap_glyph(void *ft_face, uint32_t glyph, int *width, int *left);

#endif
