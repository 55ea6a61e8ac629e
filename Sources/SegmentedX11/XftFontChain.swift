import CXft
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
/// Titles are shaped (`XftFontChain+Shaping.swift`): itemized by bidi level,
/// script and font per grapheme cluster, shaped with HarfBuzz on each font's
/// FreeType face, and drawn as glyph ids at positions; CJK-only titles and
/// titles over `longestShapedTitle` bytes keep the per-code-point advances.
/// Color (bitmap emoji) fonts take part in fallback when this Xft draws color
/// glyphs (2.3.5 and later, `drawsColorGlyphs`); older ones fail with
/// BadLength on them, so there they are skipped.
@MainActor
public final class XftFontChain {
    /// The fontconfig pattern the chain was opened with.
    public let patternName: String
    /// The primary font's pixel size (after the scale), as fontconfig matched it.
    public let pixelSize: Double
    let display: OpaquePointer
    private let screen: Int32
    private let basePattern: OpaquePointer
    /// The open fonts, primary first, then fallbacks in the order they were needed.
    public private(set) var fonts: [UnsafeMutablePointer<XftFont>] = []
    private var fontIndexByCodePoint: [UInt32: Int] = [:]
    private var missing: Set<UInt32> = []
    private var glyphs: [UInt32: (font: Int32, advance: Int32)] = [:]
    /// The glyphs of the Basic Multilingual Plane in 256-code-point pages made
    /// on first use, each entry (font + 1) << 16 | (advance + 32768), 0 when
    /// not measured yet: measuring 100,000 titles and drawing every frame
    /// cost one load per code point. Other planes use `glyphs`.
    /// (A `let` pointer rather than an array property: reading it needs no
    /// exclusivity check, which was a tenth of measuring 100,000 titles.)
    /// Allocated last in `init`, after everything that can throw, so a failed init leaks nothing.
    private let glyphPages: UnsafeMutablePointer<UnsafeMutablePointer<UInt32>?>
    /// `fontIndex(for:) ?? 0` of the Basic Multilingual Plane in 256-code-point pages
    /// made on first use, each entry the index + 1 (0: not asked yet): shaping
    /// asks it for every code point of every title, and a dictionary lookup
    /// was a twentieth of shaping one. Allocated with `glyphPages`.
    private let fontPages: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>
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
        if let refusal = Self.sizeRefusal(of: font, pattern: pattern) {
            XftFontClose(display, font)
            FcPatternDestroy(parsed)
            throw refusal
        }
        // A sample glyph must take a sane slot (`GlyphLayout` for a transform). Untransformed, the
        // font's own advance of "x" (its metrics, scaled: no glyph loaded) settles it when it is
        // clearly sane, since hinting, rounding and synthetic bold move it by a few pixels at most.
        // Loading the glyph (a face's first) cost 0.6 M instructions per font before the first
        // frame, for primary fonts a CJK strip never draws with. Otherwise it is measured as drawn.
        let untransformed = Double(cxft_untransformed_advance(font, 0x78)) / 65536   // "x"
        let wellInside = untransformed >= 3 && untransformed <= Double(Self.maximumFontHeight) * 0.9
        if !wellInside || font.pointee.max_advance_width > Int32(Self.maximumFontHeight) * 4 {
            var info = XGlyphInfo()
            var sample = FcChar32(0x78)
            XftTextExtents32(display, font, &sample, 1, &info)
            let advance = GlyphLayout(font: font).map { $0.slotPixels(info) } ?? Int(info.xOff)
            guard advance > 0, advance <= Self.maximumFontHeight, font.pointee.max_advance_width <= Int32(Self.maximumFontHeight) * 4 else {
                XftFontClose(display, font)
                FcPatternDestroy(parsed)
                throw Failure.badAdvance(pattern: pattern, advance: advance)
            }
        }
        glyphPages = .allocate(capacity: 256)
        glyphPages.initialize(repeating: nil, count: 256)
        fontPages = .allocate(capacity: 256)
        fontPages.initialize(repeating: nil, count: 256)
        fonts.append(font)
    }

    /// The tallest font (ascent + descent, pixels) a chain accepts.
    public nonisolated static let maximumFontHeight = 2000

    deinit {
        // On the main queue, as every use (see `XDisplayConnection.deinit`).
        MainActor.assumeIsolated {
            for page in 0..<256 {
                glyphPages[page]?.deallocate()
                fontPages[page]?.deallocate()
            }
            glyphPages.deallocate()
            fontPages.deallocate()
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
    /// font when needed; nil when no installed font has it.
    public func fontIndex(for codePoint: UInt32) -> Int? {
        if let i = fontIndexByCodePoint[codePoint] { return i }
        if missing.contains(codePoint) { return nil }
        for (i, font) in fonts.enumerated() where XftCharExists(display, font, codePoint) != 0 {
            fontIndexByCodePoint[codePoint] = i
            return i
        }
        // Never drawn (soft hyphen, joiners, bidi controls): no font needs to have it.
        if TextItemizer.isDefaultIgnorable(codePoint) {
            fontIndexByCodePoint[codePoint] = 0
            return 0
        }
        if let font = openFallback(for: [codePoint], color: false) {
            fonts.append(font)
            fontIndexByCodePoint[codePoint] = fonts.count - 1
            return fonts.count - 1
        }
        missing.insert(codePoint)
        return nil
    }

    /// The code points looked up so far, shaped or not, that no installed
    /// font has (drawn with the primary font's missing-glyph box). Recorded
    /// once per code point where the fallback lookup fails, so shaped titles
    /// cost nothing more to check.
    public var codePointsWithoutFont: Set<UInt32> { missing }

    /// The font a lone code point is drawn with: `fontIndex(for:)`, the
    /// primary font (its missing-glyph box) when no font has it; cached in
    /// `fontPages` for the Basic Multilingual Plane.
    func drawingFontIndex(for codePoint: UInt32) -> Int {
        let pageIndex = Int(codePoint >> 8), slot = Int(codePoint & 0xFF)
        if codePoint < 0x10000, let page = fontPages[pageIndex] {
            let entry = page[slot]
            if entry != 0 { return Int(entry) - 1 }
        }
        let index = fontIndex(for: codePoint) ?? 0
        if codePoint < 0x10000, index < 255 {
            if fontPages[pageIndex] == nil {
                let page = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
                page.initialize(repeating: 0, count: 256)
                fontPages[pageIndex] = page
            }
            fontPages[pageIndex]![slot] = UInt8(index + 1)
        }
        return index
    }

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
        if cluster.count == 1 { return drawingFontIndex(for: cluster[cluster.startIndex]) }
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
    /// (An array, not any sequence: a generic call from another module looks
    /// the sequence's conformance up at run time, a scan of every conformance
    /// record in the program, 0.3 M instructions before the first frame.)
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

    /// The font (chain index) and advance (pixels) of one code point, cached.
    /// Xft applies no kerning, so a text's advance is the sum of these.
    public func glyph(for codePoint: UInt32) -> (font: Int, advance: Int) {
        if codePoint < 0x10000, let page = glyphPages[Int(codePoint >> 8)] {
            let packed = page[Int(codePoint & 0xFF)]
            if packed != 0 { return (Int(packed >> 16) - 1, Int(packed & 0xFFFF) - 32768) }
        } else if let g = glyphs[codePoint] {
            return (Int(g.font), Int(g.advance))
        }
        var drawn = Self.displayCodePoints(codePoint)
        let index = drawn.first.flatMap(fontIndex(for:)) ?? 0
        var info = XGlyphInfo()
        if !drawn.isEmpty { XftTextExtents32(display, fonts[index], &drawn, Int32(drawn.count), &info) }
        if let layout = glyphLayout { info.xOff = Int16(clamping: layout.slotPixels(info)) }
        glyphs[codePoint] = (Int32(index), Int32(info.xOff))
        if codePoint < 0x10000 {
            let page = Int(codePoint >> 8)
            if glyphPages[page] == nil {
                let p = UnsafeMutablePointer<UInt32>.allocate(capacity: 256)
                p.initialize(repeating: 0, count: 256)
                glyphPages[page] = p
            }
            glyphPages[page]![Int(codePoint & 0xFF)] = UInt32(index + 1) << 16 | UInt32(Int(info.xOff) + 32768)
        }
        return (index, Int(info.xOff))
    }

    /// The advance width of `text`, pixels: the sum of its glyph advances
    /// (`XGlyphInfo.xOff`) through the chain, in a full-width integer so that
    /// titles past 32,767 px (the 16-bit `xOff` of one Xft call) stay exact.
    /// Each code point's advance is cached, so this is a sum of lookups; the
    /// strip model keeps the resulting width per title and font.
    public func advance(of text: String) -> Int {
        if let shaped = shapedTitle(text) { return shaped.advance }
        return codePointAdvance(of: text)
    }

    /// The sum of `text`'s code points' cached advances (no shaping).
    func codePointAdvance(of text: String) -> Int {
        Self.advance(of: text, pages: glyphPages) { glyph(for: $0).advance } + transformedTrail(text)
    }

    /// `advance(of:)` over the glyph pages, with `miss` for a code point not
    /// cached yet. Nonisolated and static on purpose: a closure made in a
    /// main-actor method and handed to the standard library (as
    /// `withContiguousStorageIfAvailable` takes one) checks at run time that it
    /// runs on the main actor, on every call, which costs more than measuring
    /// the title. A closure made here has no isolation to check.
    private nonisolated static func advance(of text: String, pages: UnsafeMutablePointer<UnsafeMutablePointer<UInt32>?>,
                                            miss: (UInt32) -> Int) -> Int {
        // Native strings are contiguous UTF-8, valid by construction: decode
        // the bytes directly (a third of the cost of the scalar view).
        if let width = text.utf8.withContiguousStorageIfAvailable({ advance(utf8: $0, pages: pages, miss: miss) }) { return width }
        var width = 0
        for scalar in text.unicodeScalars { width += cachedAdvance(scalar.value, pages: pages, miss: miss) }
        return width
    }

    private nonisolated static func advance(utf8 bytes: UnsafeBufferPointer<UInt8>, pages: UnsafeMutablePointer<UnsafeMutablePointer<UInt32>?>,
                                            miss: (UInt32) -> Int) -> Int {
        var width = 0, i = 0
        let n = bytes.count
        while i < n {
            let b = UInt32(bytes[i])
            let c: UInt32
            if b < 0x80 {
                c = b
                i += 1
            } else if b < 0xE0 {
                c = (b & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
                i += 2
            } else if b < 0xF0 {
                c = (b & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
                i += 3
            } else {
                c = (b & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6 | UInt32(bytes[i + 3] & 0x3F)
                i += 4
            }
            width += cachedAdvance(c, pages: pages, miss: miss)
        }
        return width
    }

    /// `glyph(for:).advance` with the cached case inline: one page load and one entry load.
    @inline(__always)
    private nonisolated static func cachedAdvance(_ c: UInt32, pages: UnsafeMutablePointer<UnsafeMutablePointer<UInt32>?>,
                                                  miss: (UInt32) -> Int) -> Int {
        if c < 0x10000, let page = pages[Int(c >> 8)] {
            let packed = page[Int(c & 0xFF)]
            if packed != 0 { return Int(packed & 0xFFFF) - 32768 }
        }
        return miss(c)
    }

    /// `elided(_:fitting:)` by code points, for the titles drawn without shaping.
    func codePointElided(_ text: String, fitting width: Int) -> String {
        if codePointAdvance(of: text) <= width { return text }
        let ellipsis = glyph(for: 0x2026).advance
        var pen = 0
        var end = text.unicodeScalars.startIndex
        for i in text.unicodeScalars.indices {
            let a = glyph(for: text.unicodeScalars[i].value).advance
            if pen + a + ellipsis > width { break }
            pen += a
            end = text.unicodeScalars.index(after: i)
        }
        return String(text.unicodeScalars[..<end]) + "\u{2026}"
    }

    /// Every code point measured or drawn so far without shaping.
    public var codePointsSeen: Dictionary<UInt32, (font: Int32, advance: Int32)>.Keys { glyphs.keys }

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

    /// How many glyphs the last `draw` call sent to the server (for tests and the benchmark).
    public internal(set) var glyphsSentInLastDraw = 0
    /// Ink may overhang a glyph's advance by this much (pixels) when deciding what is visible.
    public nonisolated static let overhang = 64

    /// Pen positions inside one long text, so that drawing a window onto it
    /// does not walk the code points before the window on every frame.
    public struct PenCheckpoints: Sendable {
        /// Every `stride`-th code point's position in the text and the pen offset (pixels) before it.
        let points: [(index: String.UnicodeScalarView.Index, pen: Int)]
        /// Code points between two checkpoints.
        let stride: Int
        /// The advance of the whole text, pixels.
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
    /// touch [`clipMinX`, `clipMaxX`) are sent, in requests of at most 128
    /// glyphs, so a title of any length draws (X coordinates are 16-bit).
    /// With `checkpoints` (from `penCheckpoints(for:)`) of the same text,
    /// drawing starts at the last checkpoint before the clip and stops after it.
    /// - Returns: the pen advance, pixels; equal to `advance(of:)`.
    @discardableResult
    public func draw(_ text: String, on draw: OpaquePointer, color: UnsafePointer<XftColor>, x: Int, baseline: Int,
                     clipMinX: Int = -16384, clipMaxX: Int = 16384, checkpoints: PenCheckpoints? = nil) -> Int {
        guard abs(baseline) < 30000 else { return checkpoints?.advance ?? advance(of: text) }
        if checkpoints == nil, let shaped = shapedTitle(text) {
            return drawShaped(shaped, on: draw, color: color, x: x, baseline: baseline, clipMinX: clipMinX, clipMaxX: clipMaxX)
        }
        let scalars = text.unicodeScalars
        var position = scalars.startIndex
        var pen = x
        // Which checkpoint `position` is at, and how many code points past it.
        var ordinal = 0, sinceCheckpoint = 0
        if let checkpoints, let start = checkpoints.points.lastIndex(where: { x + $0.pen + Self.overhang <= clipMinX }) {
            ordinal = start
            position = checkpoints.points[start].index
            pen = x + checkpoints.points[start].pen
        }
        // Glyphs that do not move the pen, drawn in a row at the current pen.
        var stacked = 0
        var zeroAdvanceDrawn = 0
        glyphsSentInLastDraw = 0
        glyphSpecs.removeAll(keepingCapacity: true)
        func flush() { sendGlyphSpecs(on: draw, color: color) }
        while position < scalars.endIndex {
            if let checkpoints {
                if sinceCheckpoint == checkpoints.stride {
                    ordinal += 1
                    sinceCheckpoint = 0
                }
                // Whole stretches between checkpoints that leave the pen where it is (a title of 500,000
                // combining marks): once the stack is full, jump to the last checkpoint at this pen.
                if sinceCheckpoint == 0, stacked >= Self.maximumStackedGlyphs {
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
            if checkpoints != nil, pen - Self.overhang >= clipMaxX { break }
            let visible = pen + g.advance + Self.overhang > clipMinX && pen - Self.overhang < clipMaxX
            // More glyphs on the same spot only overprint it: past the caps they cost a frame time and show nothing new.
            let overprint = g.advance == 0
                && (stacked >= Self.maximumStackedGlyphs || zeroAdvanceDrawn >= Self.maximumZeroAdvanceGlyphsPerDraw)
            stacked = g.advance == 0 ? stacked + 1 : 0
            if overprint {
                position = scalars.index(after: position)
                sinceCheckpoint += 1
                continue
            }
            if g.advance == 0, visible { zeroAdvanceDrawn += 1 }
            if glyphSpecs.count >= Self.maximumGlyphsPerRequest { flush() }
            if visible {
                // Glyph ids from the font's character map: no shaping on this path (see `shapedTitle`).
                let font = fonts[g.font]
                var glyphX = pen
                for drawn in Self.displayCodePoints(value) {
                    glyphSpecs.append(XftGlyphFontSpec(font: font, glyph: XftCharIndex(display, font, drawn),
                                                       x: Int16(clamping: transformedOrigin(pen: glyphX, slot: glyph(for: drawn).advance)),
                                                       y: Int16(clamping: baseline)))
                    glyphX += glyph(for: drawn).advance   // the second glyph of caret notation
                }
            }
            pen += g.advance
            position = scalars.index(after: position)
            sinceCheckpoint += 1
        }
        flush()
        return checkpoints?.advance ?? (pen - x + transformedTrail(text))
    }
}
