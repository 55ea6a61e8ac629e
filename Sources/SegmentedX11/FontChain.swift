import CX11
import Glibc
import SegmentedText

/// A primary Xft font and the fallback fonts fontconfig found for code points
/// the primary lacks: the one place that measures and draws text.
///
/// Measuring and drawing walk the same runs (consecutive code points drawn
/// with the same font), so a measured advance always equals what is drawn.
/// Widths are the glyph advance (`XGlyphInfo.xOff`), not the ink width.
/// Fallback follows suckless drw.c: for a code point no open font has
/// (`XftCharExists`), ask fontconfig for the base pattern plus a charset with
/// that code point and append the result to the chain; the chain is the
/// cache, and code points no font has are remembered too. When fontconfig's
/// match lacks the code point, the first font of its sorted list that has it
/// is taken. Fallback fonts are opened when a title first needs them.
///
/// Each code point's font and advance are cached once (`GlyphCache.swift`).
/// Titles are shaped (`FontChain+Shaping.swift`): itemized by bidi level,
/// script and font per grapheme cluster, shaped with HarfBuzz on each font's
/// FreeType face, into a glyph string that measuring, elision and drawing
/// read (`FontChain+Text.swift`); titles over `longestShapedTitle` bytes
/// are drawn by code point from pen checkpoints.
/// Color (bitmap emoji) fonts take part in fallback when this Xft draws color
/// glyphs (2.3.5 and later, `drawsColorGlyphs`); older ones fail with
/// BadLength on them, so there they are skipped.
@MainActor
public final class FontChain {
    /// The fontconfig pattern the chain was opened with.
    public let patternName: String
    /// The primary font's pixel size (after the scale), as fontconfig matched it.
    public let pixelSize: Double
    let display: OpaquePointer
    private let screen: Int32
    private let basePattern: OpaquePointer
    /// The open fonts, primary first, then fallbacks in the order they were needed.
    public private(set) var fonts: [UnsafeMutablePointer<XftFont>] = []
    /// The font and advance of every code point asked about, and the code points no font has.
    var glyphCache = GlyphCache()
    private let hanLanguage: String?
    /// HarfBuzz fonts by chain index, made when a title first needs one.
    var harfBuzzFonts: [HarfBuzzFont?] = []
    /// The one shaper (one reused `hb_buffer_t`) and its glyph buffer.
    lazy var shaper = HarfBuzzShaper()   // lazy: HarfBuzz is loaded when a title first needs it
    var shapedGlyphs: [ShapedGlyph] = []
    /// The code points of the title being shaped, kept between titles.
    var shapingCodePoints: [UInt32] = []
    /// The runs of the title being shaped, kept between titles.
    var shapingRuns: [TextRun] = []
    /// Titles shaped lately, by text: shaped once, measured and drawn many
    /// times. Two generations (see `shapedTitle`): the newer one, and the one before it.
    var shapedTitles: [ExactText: ShapedTitle] = [:]
    var olderShapedTitles: [ExactText: ShapedTitle] = [:]
    /// The font of each grapheme cluster of more than one code point seen so far (emoji sequences, marks).
    var fontIndexByCluster: [[UInt32]: Int] = [:]
    /// Where color glyphs are drawn from their pen, by chain font << 32 | glyph (`colorGlyphShift`).
    var colorGlyphShifts: [UInt64: Int] = [:]
    /// Whether each chain font is a color font, by index (filled as fonts are shaped with).
    var colorFonts: [Bool] = []
    var glyphSpecs: [XftGlyphFontSpec] = []   // the glyph specs of one `draw` request, kept between calls
    /// How many glyphs the last `draw` call sent to the server (for tests and the benchmark).
    public internal(set) var glyphsSentInLastDraw = 0
    lazy var glyphLayout = GlyphLayout(font: fonts[0])   // where the primary font's matrix puts glyphs, nil without one

    /// The fontconfig language to ask for when falling back for a Han
    /// (CJK ideograph) code point, or nil to leave it to the locale.
    ///
    /// Han characters are shared by Chinese, Japanese and Korean with
    /// different glyph forms. A Japanese, Korean or Chinese locale already
    /// tells fontconfig which forms to prefer; any other locale (C, en_US...)
    /// would get whatever face sorts first, so Simplified Chinese forms are
    /// asked for, the most common reading of Han text in such a setting.
    public nonisolated static func hanFallbackLanguage(environment: [String: String] = localeVariables()) -> String? {
        let locale = environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["LC_CTYPE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["LANG"] ?? ""
        for prefix in ["ja", "ko", "zh"] where locale.hasPrefix(prefix) { return nil }
        return "zh-cn"
    }

    /// LC_ALL, LC_CTYPE and LANG, those set (getenv: ProcessInfo's environment copies every variable on each call).
    public nonisolated static func localeVariables() -> [String: String] {
        var variables = [String: String]()
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] { variables[name] = getenv(name).map { String(cString: $0) } }
        return variables
    }

    /// Whether `codePoint` is a Han ideograph or CJK punctuation.
    nonisolated static func isHan(_ codePoint: UInt32) -> Bool {
        switch codePoint {
        case 0x2E80...0x2FDF, 0x3000...0x303F, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    /// The resolution point sizes are converted at, dots per inch: 96 × `scale`.
    ///
    /// 96 dpi is scale 1 (Xft.dpi sets the scale as value / 96, see
    /// `StripXResources`), so under Xft.dpi 192 this is 192, what Xft itself would
    /// use; under `--scale 2` alone points grow with everything else; without
    /// any setting it is 96, as Pango and GTK assume, not the screen's
    /// millimetre-derived guess; and a refused Xft.dpi (0, 10000) is never used.
    public nonisolated static func pointResolution(scale: Double) -> Double { 96 * scale }

    /// Opens the font matching `pattern` (a fontconfig pattern such as
    /// "sans-serif:pixelsize=15") on `display` at `scale` (HiDPI: 2 at 192 dpi).
    ///
    /// A pixel size is multiplied by `scale`. A point size (`size=11.25`, or
    /// none: fontconfig's 12 pt) is converted to pixels at
    /// `pointResolution(scale:)` dots per inch and not multiplied again:
    /// `sans:size=11.25` at scale 2 (Xft.dpi 192) is 30 px, as
    /// `sans:pixelsize=15` is. A pattern's own `dpi` wins.
    /// - Throws: `Failure` when the pattern does not parse or nothing matches.
    public init(display: OpaquePointer, screen: Int32, pattern: String, scale: Double = 1) throws {
        FontConfiguration.load()
        self.display = display
        self.screen = screen
        patternName = pattern
        guard let parsed = FcNameParse(pattern) else { throw Failure.invalidPattern(pattern) }
        if let matrix = FontMatrix(parsed), !matrix.isInvertible {
            FcPatternDestroy(parsed)
            throw Failure.singularMatrix(pattern: pattern, matrix: matrix)
        }
        var existing = 0.0
        if FcPatternGetDouble(parsed, "dpi", 0, &existing) != FcResultMatch {
            FcPatternAddDouble(parsed, "dpi", Self.pointResolution(scale: scale))
        }
        if scale != 1 { cxft_pattern_scale_pixel_size(parsed, scale) }
        hanLanguage = cxft_pattern_has_lang(parsed) != 0 ? nil : Self.hanFallbackLanguage()
        basePattern = parsed
        var result = FcResultMatch
        guard let match = XftFontMatch(display, screen, parsed, &result) else {
            FcPatternDestroy(parsed)
            throw Failure.noMatch(pattern)
        }
        // A zero or absurd size (":pixelsize=abc" parses as 0) makes Xft send requests the server rejects.
        let pixelSize = cxft_pattern_pixel_size(match)
        guard pixelSize >= 1, pixelSize <= 1000 else {
            FcPatternDestroy(match)
            FcPatternDestroy(parsed)
            throw Failure.badPixelSize(pattern: pattern, size: pixelSize)
        }
        self.pixelSize = pixelSize
        guard let font = XftFontOpenPattern(display, match) else {
            FcPatternDestroy(match)
            FcPatternDestroy(parsed)
            throw Failure.noMatch(pattern)
        }
        // A transform (":matrix=...") can make lines absurdly tall, or squash every glyph to nothing.
        // From here every stored property is set, so a throw runs `deinit`, which destroys
        // `basePattern` (`parsed`): destroying it here too freed it twice (a crash in fontconfig, 1 run in 160).
        if let refusal = Self.sizeRefusal(of: font, pattern: pattern) {
            XftFontClose(display, font)
            throw refusal
        }
        // A sample glyph must take a sane slot (`GlyphLayout` for a transform). Untransformed, the
        // font's own advance of "x" (its metrics, scaled: no glyph loaded) settles it when it is
        // clearly sane, since hinting, rounding and synthetic bold move it by a few pixels at most.
        // Loading the glyph (a face's first) would be paid before the first frame by primary
        // fonts that a CJK strip never draws with. Otherwise it is measured as drawn.
        let untransformed = Double(cxft_untransformed_advance(font, 0x78)) / 65536   // "x"
        let wellInside = untransformed >= 3 && untransformed <= Double(Self.maximumFontHeight) * 0.9
        if !wellInside || font.pointee.max_advance_width > Int32(Self.maximumFontHeight) * 4 {
            var info = XGlyphInfo()
            var sample = FcChar32(0x78)
            XftTextExtents32(display, font, &sample, 1, &info)
            let advance = GlyphLayout(font: font).map { $0.slotPixels(info) } ?? Int(info.xOff)
            guard advance > 0, advance <= Self.maximumFontHeight, font.pointee.max_advance_width <= Int32(Self.maximumFontHeight) * 4 else {
                XftFontClose(display, font)
                throw Failure.badAdvance(pattern: pattern, advance: advance)
            }
        }
        fonts.append(font)
    }

    /// The tallest font (ascent + descent, pixels) a chain accepts.
    public nonisolated static let maximumFontHeight = 2000

    deinit {
        // On the main queue, as every use (see `XDisplayConnection.deinit`).
        MainActor.assumeIsolated {
            for font in fonts { XftFontClose(display, font) }
            FcPatternDestroy(basePattern)
        }
    }

    /// Ascent of the primary font, pixels: every run shares the baseline it sets.
    public var ascent: Int { transformedExtents?.ascent ?? Int(fonts[0].pointee.ascent) }
    /// Descent of the primary font, pixels (a transformed font's as drawn: `transformedExtents`).
    public var descent: Int { transformedExtents?.descent ?? Int(fonts[0].pointee.descent) }

    /// Family names of the fonts opened so far, primary first.
    public var familyNames: [String] {
        fonts.map { font in
            guard let p = font.pointee.pattern, let name = cxft_pattern_family(p) else { return "?" }
            return String(cString: name)
        }
    }

    /// The chain index of the font that draws `codePoint`, opening a fallback
    /// font when needed; nil when no installed font has it. Cached in `glyphCache`.
    public func fontIndex(for codePoint: UInt32) -> Int? {
        if let known = glyphCache[codePoint]?.font { return known == GlyphCache.noFont ? nil : Int(known) }
        let index = findFont(for: codePoint)
        glyphCache.setFont(index, for: codePoint)
        return index
    }

    /// The first open font that has `codePoint`, else a fallback opened for it; nil when no installed font has it.
    private func findFont(for codePoint: UInt32) -> Int? {
        for (i, font) in fonts.enumerated() where XftCharExists(display, font, codePoint) != 0 { return i }
        // Never drawn (soft hyphen, joiners, bidi controls): no font needs to have it.
        if TextItemizer.isDefaultIgnorable(codePoint) { return 0 }
        guard let font = openFallback(for: [codePoint], color: false) else { return nil }
        fonts.append(font)
        return fonts.count - 1
    }

    /// The code points looked up so far, shaped or not, that no installed
    /// font has (drawn with the primary font's missing-glyph box). Recorded
    /// once per code point where the fallback lookup fails, so shaped titles
    /// cost nothing more to check.
    public var codePointsWithoutFont: Set<UInt32> { glyphCache.codePointsWithoutFont }

    /// Whether this Xft draws color (BGRA) glyphs: libXft 2.3.5 and later
    /// (`XftGetVersion`, at run time: the library may be older than the headers).
    /// Older versions fail with BadLength on a color font's glyphs.
    public nonisolated static let drawsColorGlyphs = XftGetVersion() >= 20305

    /// Whether a matched or open font may be used: not a color font unless Xft draws those.
    private nonisolated static func usable(_ pattern: OpaquePointer?) -> Bool {
        guard let pattern else { return true }
        return drawsColorGlyphs || cxft_pattern_is_color(pattern) == 0
    }

    /// Whether chain font `index` is a color (bitmap emoji) font.
    func isColor(_ index: Int) -> Bool {
        guard let pattern = fonts[index].pointee.pattern else { return false }
        return cxft_pattern_is_color(pattern) != 0
    }

    /// Opens the font closest to the base pattern that has every one of
    /// `codePoints` (a cluster's drawn code points), a color font when
    /// `color` (an emoji sequence; only when Xft draws color glyphs).
    ///
    /// That is fontconfig's match (`FcFontMatch` of the pattern `XftFontMatch`
    /// would make, as drw.c asks). The match can lack the code points (a
    /// pattern naming a family, or asking for color, ranks those above the
    /// charset: "Noto Color Emoji:charset=61" still gives Noto Color Emoji),
    /// so then, like Pango, this walks fontconfig's sorted list (`FcFontSort`)
    /// for the first font that has them (and that Xft can draw).
    private func openFallback(for codePoints: [UInt32], color: Bool) -> UnsafeMutablePointer<XftFont>? {
        guard let pattern = fallbackPattern(for: codePoints, color: color) else { return nil }
        defer { FcPatternDestroy(pattern) }
        var result = FcResultMatch
        if let match = FcFontMatch(nil, pattern, &result) {
            if Self.covers(match, codePoints, color: color), let font = XftFontOpenPattern(display, match) {   // takes the match
                if codePoints.allSatisfy({ XftCharExists(display, font, $0) != 0 }) { return font }
                XftFontClose(display, font)
            } else {
                FcPatternDestroy(match)
            }
        }
        guard let sorted = FcFontSort(nil, pattern, 0, nil, &result) else { return nil }
        defer { FcFontSetDestroy(sorted) }
        for i in 0..<Int(sorted.pointee.nfont) {
            guard let candidate = sorted.pointee.fonts[i], Self.covers(candidate, codePoints, color: color),
                  let prepared = FcFontRenderPrepare(nil, pattern, candidate) else { continue }
            guard let font = XftFontOpenPattern(display, prepared) else {
                FcPatternDestroy(prepared)
                continue
            }
            if codePoints.allSatisfy({ XftCharExists(display, font, $0) != 0 }) { return font }
            XftFontClose(display, font)
        }
        return nil
    }

    /// The pattern a fallback for `codePoints` is matched with, after
    /// fontconfig's and Xft's substitutions (as `XftFontMatch` makes it): the
    /// base pattern with a charset of the code points, scalable, color when
    /// `color`, and the Han language (`hanFallbackLanguage`) for a Han code point.
    /// The caller destroys it.
    func fallbackPattern(for codePoints: [UInt32], color: Bool) -> OpaquePointer? {
        guard let first = codePoints.first, let pattern = FcPatternDuplicate(basePattern) else { return nil }
        guard let charset = FcCharSetCreate() else {
            FcPatternDestroy(pattern)
            return nil
        }
        for c in codePoints { FcCharSetAddChar(charset, c) }
        cxft_pattern_add_charset(pattern, charset)   // copies the charset
        FcCharSetDestroy(charset)
        cxft_pattern_add_scalable(pattern)
        if color { cxft_pattern_add_color(pattern) }
        if let lang = hanLanguage, Self.isHan(first) { cxft_pattern_add_lang(pattern, lang) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        XftDefaultSubstitute(display, screen, pattern)
        return pattern
    }

    /// Whether font pattern `font` has every one of `codePoints` in its
    /// charset and may be used: a color font when `color`, and not a color
    /// font unless Xft draws those (`usable`).
    nonisolated static func covers(_ font: OpaquePointer, _ codePoints: [UInt32], color: Bool) -> Bool {
        usable(font) && (!color || cxft_pattern_is_color(font) != 0) && codePoints.allSatisfy { cxft_pattern_has_char(font, $0) != 0 }
    }

    /// The chain index of the font that draws the grapheme cluster
    /// `cluster` (code points): the first open font that has all its drawn
    /// code points (default-ignorables need no glyph), else a fallback that
    /// has them all, else the font of its first code point. An emoji
    /// sequence (a variation selector 16, keycap, regional indicator pair,
    /// skin tone or ZWJ) asks for a color font first.
    public func fontIndex(forCluster cluster: ArraySlice<UInt32>) -> Int {
        if cluster.count == 1 { return fontIndex(for: cluster[cluster.startIndex]) ?? 0 }   // none: the primary's missing-glyph box
        let key = Array(cluster)
        if let i = fontIndexByCluster[key] { return i }
        var drawn = [UInt32]()
        var emoji = false
        for c in cluster {
            if c == 0xFE0F || c == 0x20E3 || (0x1F1E6...0x1F1FF).contains(c) || (0x1F3FB...0x1F3FF).contains(c) || c == 0x200D {
                emoji = true
            }
            if !TextItemizer.isDefaultIgnorable(c) { drawn.append(c) }
        }
        let index = chooseFont(drawn: drawn, emoji: emoji && Self.drawsColorGlyphs)
        fontIndexByCluster[key] = index
        return index
    }

    private func chooseFont(drawn: [UInt32], emoji: Bool) -> Int {
        guard let first = drawn.first else { return 0 }
        func has(_ i: Int) -> Bool { drawn.allSatisfy { XftCharExists(display, fonts[i], $0) != 0 } }
        if emoji {
            if let i = fonts.indices.first(where: { isColor($0) && has($0) }) { return i }
            if let font = openFallback(for: drawn, color: true) {
                fonts.append(font)
                return fonts.count - 1
            }
        }
        if let i = fonts.indices.first(where: has) { return i }
        if let font = openFallback(for: drawn, color: false) {
            fonts.append(font)
            return fonts.count - 1
        }
        // No font has the whole cluster: look each code point up (cached), so those no font has are in `codePointsWithoutFont`.
        for c in drawn.dropFirst() { _ = fontIndex(for: c) }
        return fontIndex(for: first) ?? 0
    }

    /// Code points of `text` that no installed font has (drawn with the primary font's missing-glyph box).
    public func missingCodePoints(in text: String) -> [UInt32] {
        missingCodePoints(among: text.unicodeScalars.map(\.value))
    }

    /// Those of `codePoints` that no installed font has, in their order.
    /// (An array, not any sequence: a generic call from another module would
    /// look the sequence's conformance up at run time, a scan of every
    /// conformance record in the program.)
    public func missingCodePoints(among codePoints: [UInt32]) -> [UInt32] {
        // Loops, not filter and contains: their closures would check their isolation on every code point (see `advance(of:)`).
        var missing = [UInt32]()
        for cp in codePoints {
            for drawn in Self.displayCodePoints(cp) where fontIndex(for: drawn) == nil {
                missing.append(cp)
                break
            }
        }
        return missing
    }

    /// The code points actually drawn for `codePoint`: C0 controls and DEL
    /// in caret notation (U+0009 as "^I", U+007F as "^?"), C1 controls as
    /// U+FFFD, so no control character is ever sent to Xft and every one is
    /// visible in any Latin font (the Control Pictures block is missing from
    /// the common fonts); a `DefaultIgnorable` one as nothing, as shaping does.
    public nonisolated static func displayCodePoints(_ codePoint: UInt32) -> [UInt32] {
        switch codePoint {
        case 0x00...0x1F: return [0x5E, codePoint + 0x40]
        case 0x7F: return [0x5E, 0x3F]
        case 0x80...0x9F: return [0xFFFD]
        default: return DefaultIgnorable.contains(codePoint) ? [] : [codePoint]
        }
    }

}
