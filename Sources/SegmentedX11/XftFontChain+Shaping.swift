import CXft
import SegmentedText

/// A title shaped once: its glyphs left to right with their pen positions,
/// which measuring, drawing and elision all read.
public struct ShapedTitle: Sendable {
    /// One glyph where it is drawn: `x` is the pen position plus the glyph's
    /// offset and `y` the offset below the baseline, pixels.
    struct Glyph: Sendable {
        var glyph: UInt32
        var x: Int32
        var advance: Int32
        var font: UInt16
        var y: Int16
    }

    let glyphs: ContiguousArray<Glyph>
    /// The advance of the whole title, pixels: the sum of its glyphs'
    /// advances, each rounded to a whole pixel (as Xft's metrics and Pango
    /// with hinted metrics do).
    public let advance: Int
    /// The glyphs, for tests: id, chain font index, x and y (pixels).
    public var placedGlyphs: [(glyph: UInt32, font: Int, x: Int, y: Int)] {
        glyphs.map { ($0.glyph, Int($0.font), Int($0.x), Int($0.y)) }
    }
}

/// A title as a cache key, equal to another only byte for byte: `String`'s
/// own equality and hashing go through Unicode normalization, which is slower
/// (a third of measuring 10,000 mixed titles went to hashing them) and would
/// give "e" + U+0301 the glyphs cached for a precomposed "é".
struct ExactText: Hashable {
    let text: String

    init(_ text: String) {
        var text = text
        text.makeContiguousUTF8()
        self.text = text
    }

    static func == (a: ExactText, b: ExactText) -> Bool {
        a.text.utf8.count == b.text.utf8.count && a.text.utf8.elementsEqual(b.text.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

extension XftFontChain {
    /// Titles longer than this many UTF-8 bytes are drawn code point by code
    /// point (no shaping, no bidi), as the strip draws them through their
    /// checkpoints: shaping half a million code points would cost a
    /// noticeable pause once, and such a title is wider than any window.
    public nonisolated static let longestShapedTitle = 4096

    /// Shaped titles in one generation of the cache. When the newer
    /// generation is full it becomes the older one and the oldest is dropped;
    /// a title found in the older one moves to the newer. So the titles a
    /// strip keeps drawing stay shaped, while measuring 100,000 titles keeps
    /// at most two generations of glyphs (about 250 bytes a title), not 100,000:
    /// after measuring 100,000 titles the demo's peak RSS was 5 MiB lower with
    /// 512 a generation than with 8,192. A strip draws far fewer than 1,024 at once.
    nonisolated static let maximumShapedTitles = 1024

    /// Whether `text` is drawn from the per-code-point advances without
    /// shaping: longer than `longestShapedTitle`, or only CJK ideographs,
    /// kana, Hangul syllables and CJK punctuation (no joining, reordering,
    /// marks or kerning among them; the fast path the issue allows).
    public nonisolated static func drawsWithoutShaping(_ text: String) -> Bool {
        if text.utf8.count > longestShapedTitle { return true }
        if text.isEmpty { return false }
        for scalar in text.unicodeScalars {
            let c = scalar.value
            guard isHan(c) || (0x3040...0x30FF).contains(c) || (0xAC00...0xD7A3).contains(c) else { return false }
        }
        return true
    }

    /// Whether this chain draws `text` without shaping: as `drawsWithoutShaping`,
    /// except that a font with a matrix shapes every title up to
    /// `longestShapedTitle` bytes, so its glyphs are laid out by `laidOut` (CJK too).
    func drawsUnshaped(_ text: String) -> Bool {
        Self.drawsWithoutShaping(text) && (glyphLayout == nil || text.utf8.count > Self.longestShapedTitle)
    }

    /// The shaped glyphs of `text`, shaped on first use and cached; nil for
    /// a title drawn without shaping (`drawsUnshaped`).
    public func shapedTitle(_ text: String) -> ShapedTitle? {
        if drawsUnshaped(text) { return nil }
        let key = ExactText(text)
        if let cached = shapedTitles[key] { return cached }
        if let older = olderShapedTitles[key] {
            keepShaped(older, for: key)
            return older
        }
        if let error = TextShaping.loadError {
            XErrorReporting.warnOnce("shaping", "HarfBuzz or FriBidi could not be loaded (\(error)); titles are drawn unshaped, in logical order")
            return nil
        }
        let shaped = shape(text)
        keepShaped(shaped, for: key)
        return shaped
    }

    /// Puts a shaped title in the newer generation, turning a full one into the older.
    private func keepShaped(_ shaped: ShapedTitle, for key: ExactText) {
        if shapedTitles.count >= Self.maximumShapedTitles {
            olderShapedTitles = shapedTitles
            shapedTitles = [:]
        }
        shapedTitles[key] = shaped
    }

    /// Appends the code points drawn for `text` to `codePoints`: control
    /// characters as their visible escapes. Returns whether there was one
    /// (else the code points are the text's own).
    nonisolated static func appendDisplayCodePoints(of text: String, to codePoints: inout [UInt32]) -> Bool {
        var escaped = false
        for scalar in text.unicodeScalars {
            let c = scalar.value
            if c < 0x20 || (0x7F...0x9F).contains(c) {
                codePoints.append(contentsOf: displayCodePoints(c))
                escaped = true
            } else {
                codePoints.append(c)
            }
        }
        return escaped
    }

    /// Itemizes and shapes `text` (no cache): bidi levels from its first
    /// strong character (FriBidi), runs by level, script and font (chosen per
    /// grapheme cluster), each run shaped by HarfBuzz, runs laid left to right.
    func shape(_ text: String) -> ShapedTitle {
        // Into one buffer kept between titles (no allocation per title once it has grown).
        shapingCodePoints.removeAll(keepingCapacity: true)
        let escaped = Self.appendDisplayCodePoints(of: text, to: &shapingCodePoints)
        let codePoints = shapingCodePoints
        // Most titles need neither a cluster list (every code point its own) nor FriBidi (nothing right to left).
        let clusters = TextItemizer.joinedClusters(codePoints, text: escaped ? nil : text)
        let bidi = BidiParagraph.mayNeedBidi(codePoints) ? BidiParagraph(codePoints) : nil
        TextItemizer.itemize(codePoints, clusters: clusters, bidi: bidi, into: &shapingRuns) { fontIndex(forCluster: codePoints[$0]) }
        let runs = shapingRuns
        var placed = ContiguousArray<ShapedTitle.Glyph>()
        placed.reserveCapacity(codePoints.count)
        var pen = 0
        for run in runs {
            shapedGlyphs.removeAll(keepingCapacity: true)
            shaper.shape(codePoints, run: run, font: harfBuzzFont(run.font), into: &shapedGlyphs)
            let color = isColorFont(run.font)
            for g in shapedGlyphs {
                let advance = Self.pixels(g.xAdvance)
                let x = pen + Self.pixels(g.xOffset) + (color ? colorGlyphShift(font: run.font, glyph: g.glyph) : 0)
                placed.append(ShapedTitle.Glyph(glyph: g.glyph, x: Int32(clamping: x), advance: Int32(clamping: advance),
                                                font: UInt16(run.font), y: Int16(clamping: -Self.pixels(g.yOffset))))
                pen += advance
            }
        }
        if let layout = glyphLayout { return laidOut(placed, layout: layout) }
        return ShapedTitle(glyphs: placed, advance: pen)
    }

    /// 1/64 px to whole pixels, rounded to the nearest.
    private nonisolated static func pixels(_ v: Int32) -> Int {
        Int((Double(v) / 64).rounded())
    }

    /// Whether chain font `index` is a color font (`isColor`), remembered.
    func isColorFont(_ index: Int) -> Bool {
        while colorFonts.count <= index { colorFonts.append(isColor(colorFonts.count)) }
        return colorFonts[index]
    }

    /// The HarfBuzz font of chain font `index`, made on first use from the
    /// Xft font's FreeType face at its pixel size.
    func harfBuzzFont(_ index: Int) -> HarfBuzzFont {
        while harfBuzzFonts.count <= index { harfBuzzFonts.append(nil) }
        if let font = harfBuzzFonts[index] { return font }
        let xft = fonts[index]
        // Every font of the chain was asked for at the primary's pixel size (a bitmap emoji
        // font's own pattern names its strike's size, 109 px, which Xft scales to this one).
        // Locked only while HarfBuzz takes its own reference on the face.
        let face = XftLockFace(xft)
        let font = HarfBuzzFont(freeTypeFace: face.map { UnsafeMutableRawPointer($0) }, pixelSize: pixelSize)
        if face != nil { XftUnlockFace(xft) }
        harfBuzzFonts[index] = font
        return font
    }

    /// Draws a shaped title with its left edge at `x` and its baseline at
    /// `baseline`: only the glyphs that can touch [`clipMinX`, `clipMaxX`),
    /// at most `maximumStackedGlyphs` zero-advance glyphs in a row and
    /// `maximumZeroAdvanceGlyphsPerDraw` in all.
    func drawShaped(_ shaped: ShapedTitle, on draw: OpaquePointer, color: UnsafePointer<XftColor>, x: Int, baseline: Int,
                    clipMinX: Int, clipMaxX: Int) -> Int {
        glyphSpecs.removeAll(keepingCapacity: true)
        glyphsSentInLastDraw = 0
        var stacked = 0, zeroAdvanceDrawn = 0
        for g in shaped.glyphs {
            let gx = x + Int(g.x)
            if gx - Self.overhang >= clipMaxX { break }
            if g.advance == 0 {
                stacked += 1
                if stacked > Self.maximumStackedGlyphs || zeroAdvanceDrawn >= Self.maximumZeroAdvanceGlyphsPerDraw { continue }
            } else {
                stacked = 0
            }
            guard gx + Int(g.advance) + Self.overhang > clipMinX else { continue }
            if g.advance == 0 { zeroAdvanceDrawn += 1 }
            if glyphSpecs.count >= Self.maximumGlyphsPerRequest { sendGlyphSpecs(on: draw, color: color) }
            glyphSpecs.append(XftGlyphFontSpec(font: fonts[Int(g.font)], glyph: g.glyph, x: Int16(clamping: gx),
                                               y: Int16(clamping: baseline + Int(g.y))))
        }
        sendGlyphSpecs(on: draw, color: color)
        return shaped.advance
    }

    /// Sends the glyphs gathered in `glyphSpecs` in one request and empties it.
    func sendGlyphSpecs(on draw: OpaquePointer, color: UnsafePointer<XftColor>) {
        guard !glyphSpecs.isEmpty else { return }
        glyphsSentInLastDraw += glyphSpecs.count
        // The array goes as a pointer, not through `withUnsafeBufferPointer`: that closure would be
        // main-actor isolated and check it at run time for every request.
        XftDrawGlyphFontSpec(draw, color, glyphSpecs, Int32(glyphSpecs.count))
        glyphSpecs.removeAll(keepingCapacity: true)
    }

    /// The longest start of `text`, cut between grapheme clusters, that
    /// followed by "…" advances at most `width` pixels, with the "…"; the
    /// whole text when it fits as it is. The kept text and the "…" are shaped
    /// together, so the "…" of a right-to-left title lands at its visual left
    /// (its logical end) and Arabic letters before the cut take their final
    /// forms. Measured as drawing measures.
    public func elided(_ text: String, fitting width: Int) -> String {
        if advance(of: text) <= width { return text }
        guard TextShaping.isAvailable else { return codePointElided(text, fitting: width) }
        var kept = text
        if text.utf8.count > Self.longestShapedTitle {
            // Cut by code point first (a title this long is far wider than any window), then shape what is left.
            kept = String(codePointElided(text, fitting: width).dropLast())
            if drawsUnshaped(kept + "\u{2026}") { return kept + "\u{2026}" }
        }
        let characters = Array(kept)
        func fits(_ count: Int) -> Bool {
            let candidate = String(characters[..<count]) + "\u{2026}"
            return (drawsUnshaped(candidate) ? codePointAdvance(of: candidate) : shape(candidate).advance) <= width
        }
        // The most clusters that fit (shaped widths grow with the text but not strictly, so the result is checked).
        var low = 0, high = characters.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(middle) { low = middle } else { high = middle - 1 }
        }
        return String(characters[..<max(0, low)]) + "\u{2026}"
    }
}
