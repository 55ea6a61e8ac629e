/// The code points HarfBuzz draws as nothing (no glyph, zero advance): the
/// Unicode Default_Ignorable_Code_Point property (DerivedCoreProperties.txt)
/// as HarfBuzz's `hb_unicode_funcs_t::is_default_ignorable` gives it, which
/// leaves out the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0) that fonts
/// draw as blank glyphs of their own.
///
/// The titles drawn without shaping apply the same rule, so a variation
/// selector, tag character, soft hyphen, word joiner or CGJ is invisible on
/// both text paths.
public enum DefaultIgnorable {
    /// Whether `codePoint` is drawn as nothing.
    @inline(__always)
    public static func contains(_ codePoint: UInt32) -> Bool {
        // Most text is below U+00AD: one comparison for it.
        if codePoint < 0xAD { return false }
        switch codePoint {
        case 0x00AD, 0x034F, 0x061C, 0x17B4...0x17B5, 0x180B...0x180F, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x206F,
             0xFE00...0xFE0F, 0xFEFF, 0xFFF0...0xFFF8, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A, 0xE0000...0xE0FFF:
            return true
        default:
            return false
        }
    }
}
