import CX11
import SegmentedText

/// A title's glyph string, laid out once (shaped by HarfBuzz, or from the
/// glyph cache for a title drawn without shaping): its glyphs left to right
/// with their pen positions, which measuring, drawing and elision all read.
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
    /// with hinted metrics do); for a font with a matrix, the extent of its
    /// slots and ink (`laidOut`, `GlyphLayout`).
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

extension FontChain {
    /// Titles longer than this many UTF-8 bytes are drawn code point by code
    /// point (no shaping, no bidi, no glyph string), as the strip draws them
    /// through their checkpoints: shaping half a million code points would
    /// cost a noticeable pause once, and such a title is wider than any window.
    public nonisolated static let longestShapedTitle = 4096

    /// Shaped titles in one generation of the cache. When the newer
    /// generation is full it becomes the older one and the oldest is dropped;
    /// a title found in the older one moves to the newer. So the titles a
    /// strip keeps drawing stay shaped, while measuring 100,000 titles keeps
    /// at most two generations of glyphs, not 100,000. A strip draws far
    /// fewer than 1,024 titles at once.
    nonisolated static let maximumShapedTitles = 1024

    /// Whether `text` is drawn from the per-code-point advances without
    /// shaping: longer than `longestShapedTitle` bytes. Every other title,
    /// CJK included, is shaped: one source of advances (HarfBuzz's).
    public nonisolated static func drawsWithoutShaping(_ text: String) -> Bool {
        text.utf8.count > longestShapedTitle
    }

    /// The shaped glyphs of `text` (`glyphString`), nil for a title drawn
    /// without shaping (`drawsWithoutShaping`, or HarfBuzz and FriBidi missing).
    public func shapedTitle(_ text: String) -> ShapedTitle? {
        if Self.drawsWithoutShaping(text) || !TextShaping.isAvailable { return nil }
        return glyphString(text)
    }

    /// The glyph string that measures, elides and draws `text`, laid out on
    /// first use (`layOut`) and cached; nil for a title over
    /// `longestShapedTitle` bytes, drawn by code point through pen checkpoints.
    func glyphString(_ text: String) -> ShapedTitle? {
        if text.utf8.count > Self.longestShapedTitle { return nil }
        let key = ExactText(text)
        if let cached = shapedTitles[key] { return cached }
        if let older = olderShapedTitles[key] {
            keepShaped(older, for: key)
            return older
        }
        let laidOut = layOut(text)
        keepShaped(laidOut, for: key)
        return laidOut
    }

    /// The glyph string of `text` (no cache): shaped (`shape`), or laid out
    /// from the code points' cached glyphs (`codePointLayout`) for a title
    /// drawn without shaping and when HarfBuzz or FriBidi is missing.
    func layOut(_ text: String) -> ShapedTitle {
        if Self.drawsWithoutShaping(text) { return codePointLayout(text) }
        if let error = TextShaping.loadError {
            XErrorReporting.warnOnce("shaping", "HarfBuzz or FriBidi could not be loaded (\(error)); titles are drawn unshaped, in logical order")
            return codePointLayout(text)
        }
        return shape(text)
    }

    /// `text` laid out code point by code point, in logical order: each
    /// displayed code point's glyph from its font's character map
    /// (`XftCharIndex`) at the sum of the advances before it (`glyph(for:)`;
    /// a font with a matrix puts it in its slot, `transformedOrigin`).
    func codePointLayout(_ text: String) -> ShapedTitle {
        var placed = ContiguousArray<ShapedTitle.Glyph>()
        placed.reserveCapacity(text.utf8.count)
        var pen = 0
        for scalar in text.unicodeScalars {
            let g = glyph(for: scalar.value)
            var glyphX = pen
            for displayed in Self.displayCodePoints(scalar.value) {
                let slot = glyph(for: displayed).advance
                placed.append(ShapedTitle.Glyph(glyph: XftCharIndex(display, fonts[g.font], displayed),
                                                x: Int32(clamping: transformedOrigin(pen: glyphX, slot: slot)),
                                                advance: Int32(clamping: slot), font: UInt16(g.font), y: 0))
                glyphX += slot   // the second glyph of caret notation
            }
            pen += g.advance
        }
        return ShapedTitle(glyphs: placed, advance: pen + transformedTrail(text))
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
}
