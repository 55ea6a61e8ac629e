import CX11

/// What a font chain has learned about each code point it was asked about:
/// which of its fonts has it and, once measured, which font draws it and how
/// far it advances the pen. One entry per code point in one dictionary, so
/// "which font" and "which advance" are answered by the same lookup.
///
/// The chain is the cache of fonts (suckless drw.c); this is the cache of its
/// answers, including the negative one: a code point no installed font has.
struct GlyphCache {
    /// One code point's answers, each nil until asked.
    struct Entry {
        /// The chain index of the first font that has the code point, or
        /// `GlyphCache.noFont` when no installed font has it (`fontIndex(for:)`).
        var font: Int32?
        /// The chain index it is drawn with and its advance, pixels
        /// (`glyph(for:)`: its displayed code points, the primary font for none).
        var drawn: (font: Int32, advance: Int32)?
    }

    /// `Entry.font` of a code point that no installed font has.
    static let noFont: Int32 = -1

    private var entries: [UInt32: Entry] = [:]

    /// The entry of `codePoint`, nil when it was never asked about.
    subscript(codePoint: UInt32) -> Entry? { entries[codePoint] }

    /// Records the font that has `codePoint`: a chain index, or nil for none.
    mutating func setFont(_ index: Int?, for codePoint: UInt32) {
        entries[codePoint, default: Entry()].font = index.map(Int32.init) ?? Self.noFont
    }

    /// Records the font (chain index) and advance (pixels) `codePoint` is drawn with.
    mutating func setDrawn(font: Int, advance: Int, for codePoint: UInt32) {
        entries[codePoint, default: Entry()].drawn = (Int32(font), Int32(clamping: advance))
    }

    /// The code points measured so far (those with a `drawn` answer).
    var measuredCodePoints: [UInt32] {
        var result = [UInt32]()
        for (codePoint, entry) in entries where entry.drawn != nil { result.append(codePoint) }
        return result
    }

    /// The code points asked about so far that no installed font has.
    var codePointsWithoutFont: Set<UInt32> {
        var result = Set<UInt32>()
        for (codePoint, entry) in entries where entry.font == Self.noFont { result.insert(codePoint) }
        return result
    }
}

extension FontChain {
    /// The font (chain index) and advance (pixels) of one code point as drawn
    /// without shaping, cached in `glyphCache`: the font of its first displayed
    /// code point (`displayCodePoints`; the primary font when none has it) and
    /// Xft's advance of them all (`XGlyphInfo.xOff`, or the slot of a font with
    /// a matrix, `GlyphLayout.slotPixels`). Xft applies no kerning, so a text's
    /// advance without shaping is the sum of these.
    public func glyph(for codePoint: UInt32) -> (font: Int, advance: Int) {
        if let drawn = glyphCache[codePoint]?.drawn { return (Int(drawn.font), Int(drawn.advance)) }
        var displayed = Self.displayCodePoints(codePoint)
        let index = displayed.first.flatMap(fontIndex(for:)) ?? 0
        var info = XGlyphInfo()
        if !displayed.isEmpty { XftTextExtents32(display, fonts[index], &displayed, Int32(displayed.count), &info) }
        let advance = glyphLayout.map { Int(Int16(clamping: $0.slotPixels(info))) } ?? Int(info.xOff)
        glyphCache.setDrawn(font: index, advance: advance, for: codePoint)
        return (index, advance)
    }

    /// Every code point measured or drawn so far without shaping, in no particular order.
    public var codePointsSeen: [UInt32] { glyphCache.measuredCodePoints }
}
