internal import CHarfBuzz

/// A HarfBuzz font on one FreeType face at one pixel size.
///
/// The face comes from the caller (Xft's, through `XftLockFace`) and is
/// referenced (`hb_ft_face_create_referenced`), so it lives as long as this
/// font even if its first owner lets it go. Glyphs are positioned by
/// HarfBuzz's own OpenType functions at a scale of 64 units per pixel, so
/// shaping never depends on the size FreeType's face happens to be set to.
public final class HarfBuzzFont {
    let font: OpaquePointer
    /// The size the font is scaled to, pixels.
    public let pixelSize: Double

    /// - Parameters:
    ///   - freeTypeFace: an `FT_Face`, as a raw pointer; nil (a face that
    ///     could not be loaded) gives HarfBuzz's empty face: no glyphs.
    ///   - pixelSize: the em size, pixels.
    public init(freeTypeFace: UnsafeMutableRawPointer?, pixelSize: Double) {
        if let freeTypeFace {
            let face = chb_face_create_referenced(freeTypeFace)
            font = hb_font_create(face)
            hb_face_destroy(face)
        } else {
            font = hb_font_create(hb_face_get_empty())
        }
        self.pixelSize = pixelSize
        let scale = Int32((pixelSize * 64).rounded())
        hb_font_set_scale(font, scale, scale)
    }

    deinit { hb_font_destroy(font) }

    /// Whether the face has GSUB or GPOS lookups (ligatures, kerning, joining...).
    public var hasLayoutTables: Bool {
        let face = hb_font_get_face(font)
        return hb_ot_layout_has_substitution(face) != 0 || hb_ot_layout_has_positioning(face) != 0
    }
}

/// One shaped glyph, positions in 1/64 pixel (HarfBuzz's units at the font's scale).
public struct ShapedGlyph: Equatable, Sendable {
    /// The glyph id in its font.
    public var glyph: UInt32
    /// The index of the first code point of its cluster in the shaped text.
    public var cluster: UInt32
    /// How far the pen moves after it, 1/64 px.
    public var xAdvance: Int32
    /// Where it is drawn relative to the pen, 1/64 px (y up, as OpenType).
    public var xOffset: Int32
    public var yOffset: Int32

    public init(glyph: UInt32, cluster: UInt32, xAdvance: Int32, xOffset: Int32, yOffset: Int32) {
        self.glyph = glyph
        self.cluster = cluster
        self.xAdvance = xAdvance
        self.xOffset = xOffset
        self.yOffset = yOffset
    }
}

/// Shapes runs with HarfBuzz through one reused `hb_buffer_t` (one per
/// shaper, as Pango keeps one per thread). Not thread-safe: one owner.
public final class HarfBuzzShaper {
    private let buffer: OpaquePointer

    public init() {
        buffer = hb_buffer_create()
    }

    deinit { hb_buffer_destroy(buffer) }

    /// Shapes `run` of `codePoints` with `font`, the whole text given as
    /// context (Arabic joining across a font change), and appends its glyphs
    /// to `glyphs` in visual order (left to right, also for a right-to-left run).
    /// Default-ignorable code points leave no glyph (HarfBuzz removes them).
    public func shape(_ codePoints: [UInt32], run: TextRun, font: HarfBuzzFont, into glyphs: inout [ShapedGlyph]) {
        hb_buffer_clear_contents(buffer)
        codePoints.withUnsafeBufferPointer { text in
            hb_buffer_add_codepoints(buffer, text.baseAddress, Int32(text.count), UInt32(run.range.lowerBound), Int32(run.range.count))
        }
        hb_buffer_set_direction(buffer, run.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_t(rawValue: run.script))
        hb_buffer_set_language(buffer, hb_language_get_default())
        var flags = HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES.rawValue
        if run.range.lowerBound == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
        if run.range.upperBound == codePoints.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))
        hb_shape(font.font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return }
        glyphs.reserveCapacity(glyphs.count + Int(count))
        for i in 0..<Int(count) {
            glyphs.append(ShapedGlyph(glyph: infos[i].codepoint, cluster: infos[i].cluster, xAdvance: positions[i].x_advance,
                                      xOffset: positions[i].x_offset, yOffset: positions[i].y_offset))
        }
    }
}
