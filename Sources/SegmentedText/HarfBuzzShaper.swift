internal import CHarfBuzz

/// Whether HarfBuzz and FriBidi are there: loaded (dlopen) on the first
/// question, so that a program whose titles need no shaping never maps them.
public enum TextShaping {
    /// Why they could not be loaded, or nil when they are.
    public static let loadError: String? = {
        var error: UnsafePointer<CChar>?
        return chb_load(&error) != 0 ? nil : error.map { String(cString: $0) } ?? "unknown error"
    }()

    /// Whether titles can be shaped and ordered (`loadError` is nil).
    public static var isAvailable: Bool { loadError == nil }
}

/// A HarfBuzz font on one FreeType face at one pixel size.
///
/// The face comes from the caller (a font chain's, locked while in use) and is
/// referenced (`hb_ft_face_create_referenced`), so it lives as long as this
/// font even if its first owner lets it go. Glyphs are positioned by
/// HarfBuzz's own OpenType functions at a scale of 64 units per pixel, so
/// shaping never depends on the size FreeType's face happens to be set to.
/// Make one only when `TextShaping.isAvailable`.
public final class HarfBuzzFont {
    let font: UnsafeMutableRawPointer
    /// The size the font is scaled to, pixels.
    public let pixelSize: Double

    /// - Parameters:
    ///   - freeTypeFace: an `FT_Face`, as a raw pointer; nil (a face that
    ///     could not be loaded) gives HarfBuzz's empty face: no glyphs.
    ///   - pixelSize: the em size, pixels.
    public init(freeTypeFace: UnsafeMutableRawPointer?, pixelSize: Double) {
        font = chb_font_create(freeTypeFace, Int32((pixelSize * 64).rounded()))
        self.pixelSize = pixelSize
    }

    deinit { chb_font_destroy(font) }
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
/// Make one only when `TextShaping.isAvailable`.
public final class HarfBuzzShaper {
    private let buffer: UnsafeMutableRawPointer
    private var raw: [chb_glyph] = []

    public init() {
        buffer = chb_buffer_create()
    }

    deinit { chb_buffer_destroy(buffer) }

    /// Shapes `run` of `codePoints` with `font`, the whole text given as
    /// context (Arabic joining across a font change), and appends its glyphs
    /// to `glyphs` in visual order (left to right, also for a right-to-left run).
    /// Default-ignorable code points leave no glyph (HarfBuzz removes them).
    public func shape(_ codePoints: [UInt32], run: TextRun, font: HarfBuzzFont, into glyphs: inout [ShapedGlyph]) {
        let count = Int(chb_shape(buffer, font.font, codePoints, Int32(codePoints.count), Int32(run.range.lowerBound),
                                  Int32(run.range.count), run.isRightToLeft ? 1 : 0, run.script))
        if raw.count < count { raw = [chb_glyph](repeating: chb_glyph(), count: count) }
        chb_copy_glyphs(buffer, &raw)
        glyphs.reserveCapacity(glyphs.count + count)
        for g in raw.prefix(count) {
            glyphs.append(ShapedGlyph(glyph: g.glyph, cluster: g.cluster, xAdvance: g.x_advance, xOffset: g.x_offset, yOffset: g.y_offset))
        }
    }
}

/// A bitmap glyph as FreeType loads it from a color font's strike.
public enum BitmapGlyph {
    /// The width and left bearing (`bitmap_left`), pixels of the strike, of
    /// `glyph` in the FreeType face `face` (an `FT_Face` at the size its owner
    /// set; the caller holds its lock); nil when the glyph
    /// does not load as a bitmap.
    public static func metrics(face: UnsafeMutableRawPointer, glyph: UInt32) -> (width: Int, left: Int)? {
        var width: Int32 = 0, left: Int32 = 0
        guard chb_bitmap_glyph(face, glyph, &width, &left) != 0 else { return nil }
        return (Int(width), Int(left))
    }
}
