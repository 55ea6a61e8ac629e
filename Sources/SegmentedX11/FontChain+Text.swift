import CX11
import SegmentedText

/// Decides, glyph by glyph along the pen, which glyphs one `draw` call sends:
/// those that can touch the clip, with at most `maximumStackedGlyphs`
/// zero-advance glyphs in a row and `maximumZeroAdvanceGlyphsPerDraw` in all.
/// Every text is drawn through one of these, shaped or not.
struct GlyphBudget {
    /// What to do with the next glyph.
    enum Verdict {
        /// Send it.
        case send
        /// Leave it out: outside the clip, or it would only overprint a full stack.
        case skip
        /// Stop: it and everything after it lie right of the clip.
        case stop
    }

    /// The clip, pixels in the drawable: [`clipMinX`, `clipMaxX`).
    let clipMinX: Int, clipMaxX: Int
    /// Zero-advance glyphs in a row at the current pen, sent or not.
    private(set) var stacked = 0
    private var zeroAdvanceSent = 0

    init(clipMinX: Int, clipMaxX: Int) {
        self.clipMinX = clipMinX
        self.clipMaxX = clipMaxX
    }

    /// Whether the current stack is full, so more zero-advance glyphs here would only overprint it.
    var stackIsFull: Bool { stacked >= FontChain.maximumStackedGlyphs }

    /// The verdict on a glyph at `pen` that advances `advance` (pixels): ink
    /// may overhang the advance by `FontChain.overhang` on either side.
    mutating func verdict(pen: Int, advance: Int) -> Verdict {
        if pen - FontChain.overhang >= clipMaxX { return .stop }
        let visible = pen + advance + FontChain.overhang > clipMinX
        if advance == 0 {
            stacked += 1
            // More glyphs on the same spot only overprint it: past the caps they cost a frame time and show nothing new.
            if stacked > FontChain.maximumStackedGlyphs || zeroAdvanceSent >= FontChain.maximumZeroAdvanceGlyphsPerDraw { return .skip }
            if visible { zeroAdvanceSent += 1 }
        } else {
            stacked = 0
        }
        return visible ? .send : .skip
    }
}

/// Measuring, elision and drawing: each reads a title's glyph string
/// (`glyphString`, shaped or laid out from the glyph cache), except a title
/// over `longestShapedTitle` bytes, which is walked code point by code point
/// from its pen checkpoints. Both go through `GlyphBudget` and one request
/// builder, so a measured advance is what is drawn.
extension FontChain {
    /// Most glyphs sent in one XftDrawGlyphFontSpec request, well under any server's request size.
    nonisolated static let maximumGlyphsPerRequest = 128

    /// At most this many glyphs that do not advance the pen (combining marks)
    /// are drawn in a row at one pen position; the rest would only overprint
    /// them, so a frame's cost stays bounded whatever the title's length.
    public nonisolated static let maximumStackedGlyphs = 16

    /// At most this many glyphs that do not advance the pen are drawn by one
    /// `draw` call in all (a title of a thousand letters each carrying 500
    /// marks): with the stack cap, a frame's glyph count is bounded by what
    /// fits in the clip, whatever the title holds.
    public nonisolated static let maximumZeroAdvanceGlyphsPerDraw = 256

    /// Ink may overhang a glyph's advance by this much (pixels) when deciding what is visible.
    public nonisolated static let overhang = 64

    /// The advance width of `text`, pixels: its glyph string's
    /// (`ShapedTitle.advance`), or for a title over `longestShapedTitle` bytes
    /// the sum of its code points' cached advances (`glyph(for:)`), in a
    /// full-width integer so that titles past 32,767 px (the 16-bit `xOff` of
    /// one Xft call) stay exact. The strip model keeps the result per title and font.
    public func advance(of text: String) -> Int {
        glyphString(text)?.advance ?? codePointAdvance(of: text)
    }

    /// The sum of `text`'s code points' cached advances and the trail of a font with a matrix (no shaping).
    func codePointAdvance(of text: String) -> Int {
        var width = 0
        for scalar in text.unicodeScalars { width += glyph(for: scalar.value).advance }
        return width + transformedTrail(text)
    }

    /// The longest start of `text`, cut between grapheme clusters, that
    /// followed by "…" advances at most `width` pixels, with the "…"; the
    /// whole text when it fits as it is. The kept text and the "…" are laid
    /// out together (`layOut`), so the "…" of a right-to-left title lands at
    /// its visual left (its logical end) and Arabic letters before the cut
    /// take their final forms. Measured as drawing measures.
    public func elided(_ text: String, fitting width: Int) -> String {
        if advance(of: text) <= width { return text }
        var kept = text
        if text.utf8.count > Self.longestShapedTitle {
            // Cut by code point first (a title this long is far wider than any window), then lay out what is left.
            kept = codePointPrefix(of: text, fitting: width - glyph(for: 0x2026).advance)
            if (kept + "\u{2026}").utf8.count > Self.longestShapedTitle { return kept + "\u{2026}" }
        }
        let characters = Array(kept)
        func fits(_ count: Int) -> Bool { layOut(String(characters[..<count]) + "\u{2026}").advance <= width }
        // The most clusters that fit (shaped widths grow with the text but not strictly, so the result is checked).
        var low = 0, high = characters.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(middle) { low = middle } else { high = middle - 1 }
        }
        return String(characters[..<max(0, low)]) + "\u{2026}"
    }

    /// The longest start of `text` whose code points' advances sum to at most `width` pixels.
    private func codePointPrefix(of text: String, fitting width: Int) -> String {
        let scalars = text.unicodeScalars
        var pen = 0
        var end = scalars.startIndex
        while end < scalars.endIndex {
            let advance = glyph(for: scalars[end].value).advance
            if pen + advance > width { break }
            pen += advance
            end = scalars.index(after: end)
        }
        return String(scalars[..<end])
    }

    /// Pen positions inside one long text, so that drawing a window onto it
    /// does not walk the code points before the window on every frame.
    public struct PenCheckpoints: Sendable {
        /// Every `stride`-th code point's position in the text and the pen offset (pixels) before it.
        let points: [(index: String.UnicodeScalarView.Index, pen: Int)]
        /// Code points between two checkpoints.
        let stride: Int
        /// The advance of the whole text drawn by code point, pixels.
        public let advance: Int
    }

    /// Walks `text` once and records a checkpoint every `stride` code points.
    public func penCheckpoints(for text: String, stride: Int = 1024) -> PenCheckpoints {
        var points = [(index: String.UnicodeScalarView.Index, pen: Int)]()
        var pen = 0
        var n = 0
        let scalars = text.unicodeScalars
        var i = scalars.startIndex
        while i < scalars.endIndex {
            if n % stride == 0 { points.append((i, pen)) }
            pen += glyph(for: scalars[i].value).advance
            n += 1
            i = scalars.index(after: i)
        }
        return PenCheckpoints(points: points, stride: stride, advance: pen + transformedTrail(text))
    }

    /// Draws `text` with its left pen position at `x` and its baseline at
    /// `baseline` (pixels, in the drawable of `draw`). Only glyphs that can
    /// touch [`clipMinX`, `clipMaxX`) are sent (`GlyphBudget`), in requests of
    /// at most 128 glyphs, so a title of any length draws (X coordinates are
    /// 16-bit). With `checkpoints` (from `penCheckpoints(for:)`) of the same
    /// text, it is drawn by code point from the last checkpoint before the clip.
    /// - Returns: the pen advance, pixels; equal to `advance(of:)`
    ///   (`checkpoints.advance` with checkpoints).
    @discardableResult
    public func draw(_ text: String, on surface: DrawSurface, color: UnsafePointer<XftColor>, x: Int, baseline: Int,
                     clipMinX: Int = -16384, clipMaxX: Int = 16384, checkpoints: PenCheckpoints? = nil) -> Int {
        guard abs(baseline) < 30000 else { return checkpoints?.advance ?? advance(of: text) }
        var budget = GlyphBudget(clipMinX: clipMinX, clipMaxX: clipMaxX)
        glyphsSentInLastDraw = 0
        glyphSpecs.removeAll(keepingCapacity: true)
        let advance: Int
        if checkpoints == nil, let glyphs = glyphString(text) {
            add(glyphs, x: x, baseline: baseline, budget: &budget, on: surface, color: color)
            advance = glyphs.advance
        } else {
            addByCodePoint(text, checkpoints: checkpoints, x: x, baseline: baseline, budget: &budget, on: surface, color: color)
            advance = checkpoints?.advance ?? codePointAdvance(of: text)
        }
        sendGlyphSpecs(on: surface, color: color)
        return advance
    }

    /// Adds the glyphs of a glyph string that `budget` lets through, its left edge at `x`.
    private func add(_ glyphs: ShapedTitle, x: Int, baseline: Int, budget: inout GlyphBudget,
                     on surface: DrawSurface, color: UnsafePointer<XftColor>) {
        for g in glyphs.glyphs {
            let gx = x + Int(g.x)
            switch budget.verdict(pen: gx, advance: Int(g.advance)) {
            case .stop: return
            case .skip: continue
            case .send: addGlyph(g.glyph, font: Int(g.font), x: gx, y: baseline + Int(g.y), on: surface, color: color)
            }
        }
    }

    /// Adds the glyphs of `text` drawn by code point (`glyph(for:)`) that
    /// `budget` lets through, its left pen at `x`: from the last of
    /// `checkpoints` before the clip, skipping whole stretches between
    /// checkpoints that leave the pen at a full stack.
    private func addByCodePoint(_ text: String, checkpoints: PenCheckpoints?, x: Int, baseline: Int, budget: inout GlyphBudget,
                                on surface: DrawSurface, color: UnsafePointer<XftColor>) {
        let scalars = text.unicodeScalars
        var position = scalars.startIndex
        var pen = x
        // Which checkpoint `position` is at, and how many code points past it.
        var ordinal = 0, sinceCheckpoint = 0
        if let checkpoints, let start = checkpoints.points.lastIndex(where: { x + $0.pen + Self.overhang <= budget.clipMinX }) {
            ordinal = start
            position = checkpoints.points[start].index
            pen = x + checkpoints.points[start].pen
        }
        while position < scalars.endIndex {
            if let checkpoints {
                if sinceCheckpoint == checkpoints.stride {
                    ordinal += 1
                    sinceCheckpoint = 0
                }
                // Whole stretches between checkpoints that leave the pen where it is (a title of 500,000
                // combining marks): once the stack is full, jump to the last checkpoint at this pen.
                if sinceCheckpoint == 0, budget.stackIsFull {
                    var last = ordinal
                    while last + 1 < checkpoints.points.count, checkpoints.points[last + 1].pen == pen - x { last += 1 }
                    if last > ordinal {
                        ordinal = last
                        position = checkpoints.points[last].index
                    }
                }
            }
            let value = scalars[position].value
            let g = glyph(for: value)
            switch budget.verdict(pen: pen, advance: g.advance) {
            case .stop: return
            case .skip: break
            case .send:
                // Glyph ids from the font's character map: no shaping on this path.
                var glyphX = pen
                for displayed in Self.displayCodePoints(value) {
                    let slot = glyph(for: displayed).advance
                    addGlyph(XftCharIndex(display, fonts[g.font], displayed), font: g.font, x: transformedOrigin(pen: glyphX, slot: slot),
                             y: baseline, on: surface, color: color)
                    glyphX += slot   // the second glyph of caret notation
                }
            }
            pen += g.advance
            position = scalars.index(after: position)
            sinceCheckpoint += 1
        }
    }

    /// Adds one glyph (an id of chain font `font`, at `x`, `y` in the
    /// drawable) to the request being built, sending that first when it is full.
    private func addGlyph(_ glyph: UInt32, font: Int, x: Int, y: Int, on surface: DrawSurface, color: UnsafePointer<XftColor>) {
        if glyphSpecs.count >= Self.maximumGlyphsPerRequest { sendGlyphSpecs(on: surface, color: color) }
        glyphSpecs.append(XftGlyphFontSpec(font: fonts[font], glyph: glyph, x: Int16(clamping: x), y: Int16(clamping: y)))
    }

    /// Sends the glyphs gathered in `glyphSpecs` in one request and empties it.
    private func sendGlyphSpecs(on surface: DrawSurface, color: UnsafePointer<XftColor>) {
        guard !glyphSpecs.isEmpty else { return }
        glyphsSentInLastDraw += glyphSpecs.count
        // The array goes as a pointer, not through `withUnsafeBufferPointer`: that closure would be
        // main-actor isolated and check it at run time for every request.
        XftDrawGlyphFontSpec(surface.handle, color, glyphSpecs, Int32(glyphSpecs.count))
        glyphSpecs.removeAll(keepingCapacity: true)
    }
}
