// HarfBuzz and FriBidi through pointers resolved with dlsym (see chb.h): this
// file compiles against their headers but references none of their symbols.
#include <dlfcn.h>
#include <hb.h>
#include <hb-ft.h>
#include <fribidi.h>
#include <stdlib.h>

#include "chb.h"

#define HARFBUZZ_FUNCTIONS(X)                                                                         \
    X(hb_ft_face_create_referenced) X(hb_face_get_empty) X(hb_face_destroy) X(hb_font_create)         \
    X(hb_font_set_scale) X(hb_font_destroy) X(hb_buffer_create) X(hb_buffer_destroy)                 \
    X(hb_buffer_clear_contents) X(hb_buffer_add_codepoints) X(hb_buffer_set_direction)               \
    X(hb_buffer_set_script) X(hb_buffer_set_language) X(hb_language_get_default) X(hb_buffer_set_flags) \
    X(hb_shape) X(hb_buffer_get_glyph_infos) X(hb_buffer_get_glyph_positions) X(hb_unicode_script)   \
    X(hb_unicode_funcs_get_default)
#define FRIBIDI_FUNCTIONS(X)                                                                          \
    X(fribidi_get_bidi_types) X(fribidi_get_bracket_types) X(fribidi_get_par_embedding_levels_ex)     \
    X(fribidi_reorder_line)

static struct {
#define POINTER(name) __typeof__(name) *name;
    HARFBUZZ_FUNCTIONS(POINTER)
    FRIBIDI_FUNCTIONS(POINTER)
#undef POINTER
} api;

static int load_state = -1;   // -1 not tried, 0 failed, 1 loaded
static const char *load_error;

int chb_load(const char **error) {
    if (load_state < 0) {
        load_state = 0;
        void *harfbuzz = dlopen("libharfbuzz.so.0", RTLD_NOW | RTLD_LOCAL);
        void *fribidi = harfbuzz ? dlopen("libfribidi.so.0", RTLD_NOW | RTLD_LOCAL) : NULL;
        if (!harfbuzz || !fribidi) {
            load_error = dlerror();
        } else {
            load_state = 1;
#define FIND(library, name) \
            if (load_state && !(api.name = (__typeof__(name) *)dlsym(library, #name))) { load_state = 0; load_error = "a function is missing: " #name; }
#define FIND_HARFBUZZ(name) FIND(harfbuzz, name)
#define FIND_FRIBIDI(name) FIND(fribidi, name)
            HARFBUZZ_FUNCTIONS(FIND_HARFBUZZ)
            FRIBIDI_FUNCTIONS(FIND_FRIBIDI)
#undef FIND_FRIBIDI
#undef FIND_HARFBUZZ
#undef FIND
        }
    }
    if (error) *error = load_state == 1 ? NULL : load_error;
    return load_state == 1;
}

void *chb_font_create(void *ft_face, int scale) {
    hb_face_t *face = ft_face ? api.hb_ft_face_create_referenced((FT_Face)ft_face) : api.hb_face_get_empty();
    hb_font_t *font = api.hb_font_create(face);
    api.hb_face_destroy(face);
    api.hb_font_set_scale(font, scale, scale);
    return font;
}

void chb_font_destroy(void *font) { api.hb_font_destroy(font); }

void *chb_buffer_create(void) { return api.hb_buffer_create(); }

void chb_buffer_destroy(void *buffer) { api.hb_buffer_destroy(buffer); }

unsigned chb_shape(void *buffer, void *font, const uint32_t *text, int length, int offset, int count, int rtl, uint32_t script) {
    api.hb_buffer_clear_contents(buffer);
    api.hb_buffer_add_codepoints(buffer, text, length, (unsigned)offset, count);
    api.hb_buffer_set_direction(buffer, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    api.hb_buffer_set_script(buffer, (hb_script_t)script);
    api.hb_buffer_set_language(buffer, api.hb_language_get_default());
    unsigned flags = HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES;
    if (offset == 0) flags |= HB_BUFFER_FLAG_BOT;
    if (offset + count == length) flags |= HB_BUFFER_FLAG_EOT;
    api.hb_buffer_set_flags(buffer, (hb_buffer_flags_t)flags);
    api.hb_shape(font, buffer, NULL, 0);
    unsigned n = 0;
    api.hb_buffer_get_glyph_infos(buffer, &n);
    return n;
}

void chb_copy_glyphs(void *buffer, chb_glyph *out) {
    unsigned n = 0;
    hb_glyph_info_t *infos = api.hb_buffer_get_glyph_infos(buffer, &n);
    hb_glyph_position_t *positions = api.hb_buffer_get_glyph_positions(buffer, &n);
    for (unsigned i = 0; i < n; i++) {
        out[i] = (chb_glyph){infos[i].codepoint, infos[i].cluster, positions[i].x_advance, positions[i].x_offset, positions[i].y_offset};
    }
}

uint32_t chb_script(uint32_t code_point) {
    return (uint32_t)api.hb_unicode_script(api.hb_unicode_funcs_get_default(), code_point);
}

uint32_t chb_script_common(void) { return HB_SCRIPT_COMMON; }
uint32_t chb_script_inherited(void) { return HB_SCRIPT_INHERITED; }
uint32_t chb_script_unknown(void) { return HB_SCRIPT_UNKNOWN; }

int chb_bidi(const uint32_t *text, int length, int direction, int8_t *levels, int64_t *visual) {
    // A title's worth on the stack; longer text on the heap.
    enum { local = 256 };
    FriBidiCharType local_types[local];
    FriBidiBracketType local_brackets[local];
    FriBidiStrIndex local_map[local];
    int heap = length > local;
    FriBidiCharType *types = heap ? malloc(sizeof *types * (size_t)length) : local_types;
    FriBidiBracketType *brackets = heap ? malloc(sizeof *brackets * (size_t)length) : local_brackets;
    FriBidiStrIndex *map = heap ? malloc(sizeof *map * (size_t)length) : local_map;
    int result = -1;
    if (types && brackets && map) {
        FriBidiParType base = direction == 1 ? FRIBIDI_PAR_LTR : direction == 2 ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_ON;
        api.fribidi_get_bidi_types(text, length, types);
        api.fribidi_get_bracket_types(text, length, types, brackets);
        int base_level = direction == 1 ? 0 : direction == 2 ? 1 : chb_first_strong_is_rtl(types, length);
        chb_neutralize_overflow_isolates(types, length, base_level);
        for (int i = 0; i < length; i++) map[i] = i;
        // L1 (its fourth part) and L2; flags 0: marks stay after their base in logical order (the shaper's job).
        if (api.fribidi_get_par_embedding_levels_ex(types, brackets, length, &base, (FriBidiLevel *)levels)
            && api.fribidi_reorder_line(0, types, length, 0, base, (FriBidiLevel *)levels, NULL, map)) {
            for (int i = 0; i < length; i++) visual[i] = map[i];
            result = base == FRIBIDI_PAR_RTL ? 1 : 0;
        }
    }
    if (heap) {
        free(types);
        free(brackets);
        free(map);
    }
    return result;
}

int chb_bitmap_glyph(void *ft_face, uint32_t glyph, int *width, int *left) {
    // libfreetype is mapped already (the X font library needs it); not linked here, so no new dependency.
    static __typeof__(FT_Load_Glyph) *load_glyph;
    static int looked;
    if (!looked) {
        looked = 1;
        void *freetype = dlopen("libfreetype.so.6", RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
        if (freetype) load_glyph = (__typeof__(FT_Load_Glyph) *)dlsym(freetype, "FT_Load_Glyph");
    }
    FT_Face face = ft_face;
    if (!load_glyph || !face || load_glyph(face, glyph, FT_LOAD_COLOR) != 0 || face->glyph->format != FT_GLYPH_FORMAT_BITMAP) return 0;
    *width = (int)face->glyph->bitmap.width;
    *left = face->glyph->bitmap_left;
    return 1;
}
