#ifndef SEGMENTED_STRIP_CXFT_SHIM_H
#define SEGMENTED_STRIP_CXFT_SHIM_H

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xresource.h>
#include <X11/Xatom.h>
#include <X11/keysym.h>
#include <X11/cursorfont.h>
#include <X11/Xft/Xft.h>
#include <freetype/ftadvanc.h>
#include <fontconfig/fontconfig.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/Xrandr.h>
#include <X11/XKBlib.h>
#include <stdint.h>
#include <string.h>

/* Xlib macros and variadic functions do not import into Swift; these inline
   wrappers give them a callable form. */

static inline unsigned long cxft_get_pixel(XImage *image, int x, int y) {
    return XGetPixel(image, x, y);
}

static inline void cxft_destroy_image(XImage *image) {
    XDestroyImage(image);
}

static inline FcBool cxft_pattern_add_charset(FcPattern *p, FcCharSet *c) {
    return FcPatternAddCharSet(p, FC_CHARSET, c);
}

static inline FcBool cxft_pattern_add_scalable(FcPattern *p) {
    return FcPatternAddBool(p, FC_SCALABLE, FcTrue);
}

/* 1 when the matched font is a color (bitmap emoji) font: drawing those
   through Xft before 2.3.5 fails with BadLength from XRender, so fallback
   skips them there. */
static inline int cxft_pattern_is_color(FcPattern *p) {
    FcBool color = FcFalse;
#ifdef FC_COLOR
    if (FcPatternGetBool(p, FC_COLOR, 0, &color) != FcResultMatch) return 0;
#endif
    return color == FcTrue;
}

/* Asks for a color font (an emoji sequence's fallback). */
static inline FcBool cxft_pattern_add_color(FcPattern *p) {
#ifdef FC_COLOR
    return FcPatternAddBool(p, FC_COLOR, FcTrue);
#else
    return FcFalse;
#endif
}

/* The family name of a pattern, or NULL. */
static inline const char *cxft_pattern_family(FcPattern *p) {
    FcChar8 *family = NULL;
    if (FcPatternGetString(p, FC_FAMILY, 0, &family) != FcResultMatch) return NULL;
    return (const char *)family;
}

/* The horizontal scale of a pattern's matrix (FC_MATRIX's xx), 1 when it has none: the
   factor Xft scales a bitmap (color emoji) strike by, as fontconfig's bitmap-scaling rule
   sets it (the asked pixel size over the strike's). */
static inline double cxft_pattern_matrix_xx(FcPattern *p) {
    FcMatrix *matrix = NULL;
    if (FcPatternGetMatrix(p, FC_MATRIX, 0, &matrix) != FcResultMatch || !matrix) return 1;
    return matrix->xx;
}

/* The vertical scale of a pattern's matrix (yy), 1 when it has none. */
static inline double cxft_pattern_matrix_yy(FcPattern *p) {
    FcMatrix *matrix = NULL;
    if (FcPatternGetMatrix(p, FC_MATRIX, 0, &matrix) != FcResultMatch || !matrix) return 1;
    return matrix->yy;
}

/* A pattern's matrix (FC_MATRIX) into `m` as xx, xy, yx, yy: 1 when it has one, 0 when not. */
static inline int cxft_pattern_matrix(FcPattern *p, double m[4]) {
    FcMatrix *matrix = NULL;
    if (FcPatternGetMatrix(p, FC_MATRIX, 0, &matrix) != FcResultMatch || !matrix) return 0;
    m[0] = matrix->xx; m[1] = matrix->xy; m[2] = matrix->yx; m[3] = matrix->yy;
    return 1;
}

/* The size metrics of `font`'s face before its matrix, 1/64 px: ascender, descender (negative
   below the baseline) and max advance. 0 when the face cannot be locked. */
static inline int cxft_face_size_metrics(XftFont *font, long m[3]) {
    FT_Face face = XftLockFace(font);
    if (!face) return 0;
    m[0] = face->size->metrics.ascender; m[1] = face->size->metrics.descender; m[2] = face->size->metrics.max_advance;
    XftUnlockFace(font);
    return 1;
}

/* The pixel size of a matched pattern, or -1 when it has none. */
static inline double cxft_pattern_pixel_size(FcPattern *p) {
    double size = -1;
    if (FcPatternGetDouble(p, FC_PIXEL_SIZE, 0, &size) != FcResultMatch) return -1;
    return size;
}

/* XInput 2 mask macros. */
static inline void cxft_xi_set_mask(unsigned char *mask, int event) { XISetMask(mask, event); }
static inline int cxft_xi_mask_is_set(const unsigned char *mask, int bit) { return XIMaskIsSet(mask, bit) ? 1 : 0; }
static inline int cxft_xi_mask_len(void) { return XIMaskLen(XI_LASTEVENT); }

/* Whether a pattern names a language, and adding one. */
static inline int cxft_pattern_has_lang(FcPattern *p) {
    FcValue v;
    return FcPatternGet(p, FC_LANG, 0, &v) == FcResultMatch;
}
static inline FcBool cxft_pattern_add_lang(FcPattern *p, const char *lang) {
    return FcPatternAddString(p, FC_LANG, (const FcChar8 *)lang);
}

/* Whether a font pattern's charset has a code point. */
static inline int cxft_pattern_has_char(FcPattern *p, FcChar32 c) {
    FcCharSet *set = NULL;
    if (FcPatternGetCharSet(p, FC_CHARSET, 0, &set) != FcResultMatch || !set) return 0;
    return FcCharSetHasChar(set, c) ? 1 : 0;
}

/* Multiplies a parsed pattern's pixel size (when it has one) by `scale`.
   A point size is left alone: it is converted at a resolution that already
   carries the scale (multiplying it too sized fonts twice under Xft.dpi 192). */
static inline void cxft_pattern_scale_pixel_size(FcPattern *p, double scale) {
    double size;
    if (FcPatternGetDouble(p, FC_PIXEL_SIZE, 0, &size) == FcResultMatch) {
        FcPatternDel(p, FC_PIXEL_SIZE);
        FcPatternAddDouble(p, FC_PIXEL_SIZE, size * scale);
    }
}

/* The advance of `c` in `font` as the font's metrics give it, scaled to the
   font's size but not hinted, in 1/65536 pixel (FreeType's FT_Get_Advance
   with FT_LOAD_NO_HINTING: read from the horizontal metrics, no glyph
   loaded); -1 when the font is transformed (a matrix other than the
   identity, which Xft applies to every advance) or the advance cannot be read. */
static inline long cxft_untransformed_advance(XftFont *font, FcChar32 c) {
    FcMatrix *m = NULL;
    if (font->pattern && FcPatternGetMatrix(font->pattern, FC_MATRIX, 0, &m) == FcResultMatch && m
        && (m->xx != 1 || m->xy != 0 || m->yx != 0 || m->yy != 1)) return -1;
    FT_Face face = XftLockFace(font);
    if (!face) return -1;
    FT_Fixed advance = 0;
    FT_Error error = FT_Get_Advance(face, FT_Get_Char_Index(face, c), FT_LOAD_NO_HINTING, &advance);
    XftUnlockFace(font);
    return error ? -1 : (long)advance;
}

/* The keyboard's key names from XKB (two round trips: the key code range, then
   the names), for cxft_keycode_in; NULL when XKB is missing. Free it with
   XkbFreeKeyboard(keyboard, 0, True). */
static inline XkbDescPtr cxft_key_names(Display *display) {
    XkbDescPtr keyboard = XkbGetMap(display, 0, XkbUseCoreKbd);
    if (!keyboard) return NULL;
    if (XkbGetNames(display, XkbKeyNamesMask, keyboard) != Success || !keyboard->names || !keyboard->names->keys) {
        XkbFreeKeyboard(keyboard, 0, True);
        return NULL;
    }
    return keyboard;
}

/* The keycode of the key XKB names `name` in `keyboard` (from cxft_key_names;
   "AC06": the key a US keyboard has H on), whatever symbols the layout in use
   puts on it; 0 when no key has that name. No round trip. */
static inline int cxft_keycode_in(XkbDescPtr keyboard, const char *name) {
    for (int code = keyboard->min_key_code; code <= keyboard->max_key_code; code++) {
        if (strncmp(keyboard->names->keys[code].name, name, XkbKeyNameLength) == 0) return code;
    }
    return 0;
}

#endif
