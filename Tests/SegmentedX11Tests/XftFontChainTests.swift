import CX11
import Foundation
import SegmentedCore
import SegmentedTitles
import SegmentedX11
import TestSupport
import XCTest

/// The font chain against a real X server (Xvfb under `make test`).
///
/// The font chains are main-actor isolated, and XCTest on Linux cannot run a
/// test method isolated to the main actor (its test list casts the method to a
/// plain function and traps), so each test runs its body in
/// `MainActor.assumeIsolated`, which checks that it is on the main thread.
/// `@unchecked Sendable` lets those closures capture the test case: XCTest
/// makes the case and runs setUp, the test and tearDown on the main thread,
/// and no other thread uses it.
final class XftFontChainTests: XCTestCase, @unchecked Sendable {
    // One connection for the whole run: Xft and XRender keep per-display
    // state keyed by the Display pointer, and a display reopened at a reused
    // address after XCloseDisplay has been seen to send garbage requests.
    @MainActor private static let sharedConnection = Result { try XDisplayConnection() }
    var connection: XDisplayConnection!

    override func setUpWithError() throws {
        try MainActor.assumeIsolated {
            XDisplayConnection.installErrorHandlers(programName: "SegmentedX11Tests")
            connection = try Self.sharedConnection.get()
        }
    }

    func testANonFatalXErrorIsCountedAndTheConnectionGoesOn() throws {
        MainActor.assumeIsolated {
            let display = connection.display
            let before = XDisplayConnection.errorCount
            XFreePixmap(display, 0x7FF_FFFF)   // no such pixmap: BadPixmap
            XFreePixmap(display, 0x7FF_FFFE)
            XSync(display, 0)
            XCTAssertEqual(XDisplayConnection.errorCount, before + 2)
            // Still usable.
            XCTAssertGreaterThan(XDisplayWidth(display, connection.screen), 0)
            XSync(display, 0)
        }
    }

    private var defaultTitles: [String] {
        get throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            return try TitlesFile.load(path: root.appendingPathComponent("Resources/titles.json").path)
        }
    }

    func testDefaultChainsMeasureAndCoverEveryDefaultTitle() throws {
        try MainActor.assumeIsolated {
            let style = StripStyle()
            for pattern in [style.font, style.selectedFont] {
                let chain = try FontChain(display: connection.display, screen: connection.screen, pattern: pattern)
                for title in try defaultTitles {
                    XCTAssertGreaterThan(chain.advance(of: title), title.count * 10, "\(title) in \(pattern)")
                    XCTAssertEqual(chain.missingCodePoints(in: title), [], "\(title) in \(pattern): \(chain.familyNames)")
                    for scalar in title.unicodeScalars {
                        XCTAssertNotNil(chain.fontIndex(for: scalar.value))
                    }
                }
            }
        }
    }

    func testPlainSansSerifFallsBackForCJK() throws {
        try MainActor.assumeIsolated {
            // "sans-serif" matches a Latin font here (DejaVu Sans); the Han code points must come from a fallback.
            let chain = try FontChain(display: connection.display, screen: connection.screen, pattern: "sans-serif:pixelsize=15")
            let latin = chain.fontIndex(for: UInt32(("A" as Unicode.Scalar).value))
            let han = chain.fontIndex(for: 0x4E00)
            XCTAssertEqual(latin, 0)
            XCTAssertNotNil(han)
            XCTAssertGreaterThanOrEqual(chain.familyNames.count, 2, "\(chain.familyNames)")
            // 15 px CJK glyphs advance 15 px each in Noto Sans CJK and WenQuanYi.
            XCTAssertEqual(chain.advance(of: "一级建造师"), 75)
        }
    }

    func testHanFallbackPrefersSimplifiedChineseFormsOutsideCJKLocales() throws {
        try MainActor.assumeIsolated {
            XCTAssertEqual(FontChain.hanFallbackLanguage(environment: ["LANG": "C.UTF-8"]), "zh-cn")
            XCTAssertEqual(FontChain.hanFallbackLanguage(environment: [:]), "zh-cn")
            XCTAssertNil(FontChain.hanFallbackLanguage(environment: ["LANG": "ja_JP.UTF-8"]))
            XCTAssertNil(FontChain.hanFallbackLanguage(environment: ["LANG": "C", "LC_ALL": "zh_TW.UTF-8"]))
            XCTAssertEqual(FontChain.hanFallbackLanguage(environment: ["LANG": "ko_KR.UTF-8", "LC_CTYPE": "en_US.UTF-8"]), "zh-cn")
            guard FontChain.hanFallbackLanguage() == "zh-cn" else { return }
            // Under this test's locale, the fallback for the default titles is a Simplified Chinese face.
            let chain = try FontChain(display: connection.display, screen: connection.screen, pattern: "sans-serif:pixelsize=15")
            let han = try XCTUnwrap(chain.fontIndex(for: 0x5E08))   // 师
            XCTAssertTrue(chain.familyNames[han].hasSuffix(" SC"), "\(chain.familyNames)")
        }
    }

    /// The sample-advance shortcut in `FontChain.init`: untransformed, a
    /// font's own advance of "x" (its metrics, no glyph loaded) is within 2
    /// pixels of what Xft measures for the glyph, so a font whose metrics put
    /// it well inside the accepted range passes the check the measured glyph
    /// would pass; a transformed font has no such advance and takes the
    /// measured path (whose refusals BadInputTests checks).
    func testTheUntransformedSampleAdvanceIsWhatXftMeasures() throws {
        try MainActor.assumeIsolated {
            let style = StripStyle()
            for pattern in [style.font, style.selectedFont, style.pageFont, "monospace:pixelsize=9", "serif:size=40"] {
                for scale in [1.0, 2.0] {
                    // The chain owns the font and must outlive every use of it: a released chain closes the
                    // font, and once enough closed fonts pile up Xft frees one picked at random (XftFontManageMemory).
                    // Used through a dangling pointer, it measured 64 against 61.6 in one CI run.
                    let chain = try FontChain(display: connection.display, screen: connection.screen, pattern: pattern, scale: scale)
                    let font = chain.fonts[0]
                    let untransformed = Double(cxft_untransformed_advance(font, 0x78)) / 65536
                    var info = XGlyphInfo()
                    var x = FcChar32(0x78)
                    XftTextExtents32(connection.display, font, &x, 1, &info)
                    withExtendedLifetime(chain) {}
                    XCTAssertGreaterThan(untransformed, 2, "\(pattern) at \(scale)")
                    XCTAssertEqual(untransformed, Double(info.xOff), accuracy: 2, "\(pattern) at \(scale)")
                }
            }
            let slanted = try XCTUnwrap(XftFontOpenName(connection.display, connection.screen, "sans:pixelsize=15:matrix=1 0.2 0 1"))
            defer { XftFontClose(connection.display, slanted) }
            XCTAssertEqual(cxft_untransformed_advance(slanted, 0x78), -1)
        }
    }

    /// CJK titles are shaped like every other (one source of advances), and
    /// their shaped advance is what Xft itself measures: for every default
    /// title, split into runs of one font, the sum of XftTextExtentsUtf8 over
    /// the runs equals `advance(of:)`.
    func testCJKTitlesAreShapedToXftsOwnAdvances() throws {
        try MainActor.assumeIsolated {
            let style = StripStyle()
            for pattern in [style.font, style.selectedFont, style.pageFont, "sans-serif:pixelsize=15"] {
                let chain = try FontChain(display: connection.display, screen: connection.screen, pattern: pattern)
                for title in try defaultTitles + ["一级建造师", "ひらがなカタカナ한국어"] {
                    XCTAssertNotNil(chain.shapedTitle(title), title)   // opens every fallback the title needs
                    var runs: [(font: Int, text: String)] = []
                    for scalar in title.unicodeScalars {
                        let font = chain.fontIndex(for: scalar.value) ?? 0
                        if let last = runs.last, last.font == font {
                            runs[runs.count - 1].text.unicodeScalars.append(scalar)
                        } else {
                            runs.append((font, String(scalar)))
                        }
                    }
                    var xft = 0
                    for run in runs {
                        var info = XGlyphInfo()
                        let bytes = Array(run.text.utf8)
                        XftTextExtentsUtf8(connection.display, chain.fonts[run.font], bytes, Int32(bytes.count), &info)
                        xft += Int(info.xOff)
                    }
                    XCTAssertEqual(chain.advance(of: title), xft, "\(title) in \(pattern)")
                }
            }
        }
    }

    func testMixedLatinAndCJKTitle() throws {
        try MainActor.assumeIsolated {
            let chain = try FontChain(display: connection.display, screen: connection.screen, pattern: "sans-serif:pixelsize=15")
            let mixed = "Swift 一级 ABC"
            XCTAssertEqual(chain.missingCodePoints(in: mixed), [])
            XCTAssertEqual(chain.advance(of: mixed), chain.advance(of: "Swift ") + chain.advance(of: "一级") + chain.advance(of: " ABC"))
            XCTAssertGreaterThan(chain.advance(of: "Swift "), 0)
        }
    }

    func testMeasuredAdvanceEqualsDrawnAdvance() throws {
        try MainActor.assumeIsolated {
            let display = connection.display
            let screen = connection.screen
            let chain = try FontChain(display: display, screen: screen, pattern: StripStyle().selectedFont)
            let canvas = try XCTUnwrap(Canvas(connection, width: 700, height: 40))
            func snapshot(_ body: () -> Void) -> [UInt] { canvas.snapshot { _ in body() } }
            let surface = canvas.surface

            for title in try defaultTitles + ["Mixed 一级 title"] {
                let advance = chain.advance(of: title)
                let whole = snapshot {
                    let pen = chain.draw(title + "|", on: surface, color: &canvas.black, x: 10, baseline: 28)
                    XCTAssertEqual(pen, chain.advance(of: title + "|"))
                }
                let pieces = snapshot {
                    XCTAssertEqual(chain.draw(title, on: surface, color: &canvas.black, x: 10, baseline: 28), advance)
                    chain.draw("|", on: surface, color: &canvas.black, x: 10 + advance, baseline: 28)
                }
                let background = whole[0]
                XCTAssertGreaterThan(whole.filter { $0 != background }.count, 50, "\(title) drew ink")
                XCTAssertEqual(whole, pieces, "a bar drawn at the measured advance lands where the pen left it for \(title)")
            }
        }
    }

    func testTitlesWiderThan16BitsMeasureExactlyAndDrawWithoutErrors() throws {
        try MainActor.assumeIsolated {
            let chain = try FontChain(display: connection.display, screen: connection.screen, pattern: "sans-serif:pixelsize=15")
            let a = chain.advance(of: "A")
            XCTAssertGreaterThan(a, 0)
            // 10,000 and 300,000 glyphs: far past the 16-bit xOff of one Xft call and past one request's size.
            XCTAssertEqual(chain.advance(of: String(repeating: "A", count: 10_000)), 10_000 * a)
            let huge = String(repeating: "x", count: 300_000)
            XCTAssertEqual(chain.advance(of: huge), 300_000 * chain.advance(of: "x"))
            let canvas = try XCTUnwrap(Canvas(connection, width: 400, height: 40))
            let display = connection.display
            // Starting far to the left: only the glyphs over the drawable are sent.
            XCTAssertEqual(chain.draw(huge, on: canvas.surface, color: &canvas.black, x: -1_000_000, baseline: 28, clipMinX: 0, clipMaxX: 400),
                           chain.advance(of: huge))
            let errors = XDisplayConnection.errorCount
            XSync(display, 0)
            XCTAssertEqual(XDisplayConnection.errorCount, errors, "no X error from drawing a 300,000-glyph title")
        }
    }

    func testDrawingALongTitleFromItsIndexMatchesDrawingItWhole() throws {
        try MainActor.assumeIsolated {
            let chain = try FontChain(display: connection.display, screen: connection.screen, pattern: StripStyle().font)
            var title = ""
            for i in 0..<3000 {
                let letter = Character(UnicodeScalar(UInt8(65 + i % 26)))
                title.append(i % 7 == 0 ? "一" : letter)
            }
            let index = chain.penCheckpoints(for: title, stride: 64)
            XCTAssertEqual(index.advance, chain.advance(of: title))
            let canvas = try XCTUnwrap(Canvas(connection, width: 400, height: 40))
            @MainActor func snapshot(_ useIndex: Bool, x: Int) -> [UInt] {
                canvas.snapshot { c in
                    let pen = chain.draw(title, on: c.surface, color: &c.black, x: x, baseline: 28, clipMinX: 0, clipMaxX: 400,
                                         checkpoints: useIndex ? index : nil)
                    XCTAssertEqual(pen, index.advance)
                }
            }
            for x in [0, -5000, -12345, -(index.advance - 200)] {
                let whole = snapshot(false, x: x)
                XCTAssertGreaterThan(Set(whole).count, 1, "ink at x \(x)")
                XCTAssertEqual(snapshot(true, x: x), whole, "from the checkpoints at x \(x)")
            }
        }
    }

    func testAHugeStackOfCombiningMarksCostsAFewGlyphsAFrame() throws {
        try MainActor.assumeIsolated {
            let chain = try FontChain(display: connection.display, screen: connection.screen, pattern: StripStyle().font)
            // "Cafe" with 500,000 acute accents on its e, then "s": the marks do not move the pen.
            let marks = String(repeating: "\u{301}", count: 500_000)
            let title = "Cafe" + marks + "s"
            // A mark alone is shaped on a dotted circle, as HarfBuzz and Pango draw it; after a letter it adds no width.
            XCTAssertEqual(chain.advance(of: "e\u{301}"), chain.advance(of: "e"))
            let index = chain.penCheckpoints(for: title)
            XCTAssertEqual(index.advance, chain.advance(of: "Cafes"))
            let canvas = try XCTUnwrap(Canvas(connection, width: 400, height: 40))
            // Drawn from its pen checkpoints (as the strip draws titles over 4 KiB): five letters and one full stack of marks.
            let cap = FontChain.maximumStackedGlyphs
            var pen = 0
            let stacked = canvas.snapshot { c in
                pen = chain.draw(title, on: c.surface, color: &c.black, x: 10, baseline: 28, clipMinX: 0, clipMaxX: 400, checkpoints: index)
            }
            XCTAssertEqual(pen, index.advance)
            XCTAssertEqual(chain.glyphsSentInLastDraw, 5 + cap)
            // The picture is that of the capped stack itself: what was left out only overprinted it.
            let capped = "Cafe" + String(repeating: "\u{301}", count: cap) + "s"
            // Drawn unshaped too (through pen checkpoints), as titles over 4 KiB are.
            let cappedIndex = chain.penCheckpoints(for: capped)
            let reference = canvas.snapshot { c in
                _ = chain.draw(capped, on: c.surface, color: &c.black, x: 10, baseline: 28, checkpoints: cappedIndex)
            }
            XCTAssertEqual(stacked, reference)
            // Without checkpoints (a short title) the cap holds too.
            let short = "e" + String(repeating: "\u{301}", count: 1000)
            _ = canvas.snapshot { c in _ = chain.draw(short, on: c.surface, color: &c.black, x: 10, baseline: 28) }
            XCTAssertEqual(chain.glyphsSentInLastDraw, 1 + cap)
            // Many short stacks (a thousand letters with 500 marks each): the letters in the clip, and at most
            // `maximumZeroAdvanceGlyphsPerDraw` marks in all.
            let stacks = String(repeating: "a" + String(repeating: "\u{301}", count: 500), count: 1000)
            let stacksIndex = chain.penCheckpoints(for: stacks)
            _ = canvas.snapshot { c in
                _ = chain.draw(stacks, on: c.surface, color: &c.black, x: 10, baseline: 28, clipMinX: 0, clipMaxX: 400, checkpoints: stacksIndex)
            }
            let lettersInClip = (400 - 10 + FontChain.overhang) / chain.advance(of: "a") + 1
            XCTAssertLessThanOrEqual(chain.glyphsSentInLastDraw, lettersInClip + FontChain.maximumZeroAdvanceGlyphsPerDraw)
            XCTAssertGreaterThan(chain.glyphsSentInLastDraw, FontChain.maximumZeroAdvanceGlyphsPerDraw, "the marks up to the budget and the letters")
        }
    }

    func testControlCharactersAreDrawnVisiblyInCaretNotation() throws {
        try MainActor.assumeIsolated {
            XCTAssertEqual(FontChain.displayCodePoints(0x09), [0x5E, 0x49])   // ^I
            XCTAssertEqual(FontChain.displayCodePoints(0x00), [0x5E, 0x40])   // ^@
            XCTAssertEqual(FontChain.displayCodePoints(0x7F), [0x5E, 0x3F])   // ^?
            XCTAssertEqual(FontChain.displayCodePoints(0x85), [0xFFFD])
            XCTAssertEqual(FontChain.displayCodePoints(0x41), [0x41])
            let chain = try FontChain(display: connection.display, screen: connection.screen, pattern: "sans-serif:pixelsize=15")
            XCTAssertEqual(chain.advance(of: "a\tb"), chain.advance(of: "a^Ib"))
            XCTAssertEqual(chain.missingCodePoints(in: "a\t\u{7}\u{85}b"), [])
        }
    }

    /// Issue 10: a point size is converted once, at 96 dpi × scale, never also multiplied by the scale.
    func testPointSizesAreNotScaledTwice() throws {
        try MainActor.assumeIsolated {
            @MainActor func chain(_ pattern: String, _ scale: Double) throws -> FontChain {
                try FontChain(display: connection.display, screen: connection.screen, pattern: pattern, scale: scale)
            }
            let title = "AVATAR Wolf To 2024"
            for scale in [1.0, 2.0, 1.5] {
                let points = try chain("sans-serif:size=11.25", scale), pixels = try chain("sans-serif:pixelsize=15", scale)
                // 11.25 pt at 96 × scale dpi = 15 × scale px (11.25 / 72 × 96 = 15).
                XCTAssertEqual(points.pixelSize, 15 * scale, "scale \(scale)")
                XCTAssertEqual(pixels.pixelSize, 15 * scale, "scale \(scale)")
                XCTAssertEqual(points.ascent + points.descent, pixels.ascent + pixels.descent, "scale \(scale)")
                XCTAssertEqual(points.advance(of: title), pixels.advance(of: title), "scale \(scale)")
            }
            // A pattern's own resolution wins: 11.25 pt at 192 dpi is 30 px at scale 1.
            XCTAssertEqual(try chain("sans-serif:size=11.25:dpi=192", 1).pixelSize, 30)
            // No size at all: fontconfig's 12 pt, 16 px at 96 dpi, 32 at scale 2.
            XCTAssertEqual(try chain("sans-serif", 1).pixelSize, 16)
            XCTAssertEqual(try chain("sans-serif", 2).pixelSize, 32)
        }
    }

    func testBadPatternAndFallbackSkipsNothingDrawable() throws {
        try MainActor.assumeIsolated {
            XCTAssertThrowsError(try FontChain(display: connection.display, screen: connection.screen, pattern: "sans:weight=heavyish")) { error in
                XCTAssertEqual("\(error)", "invalid font pattern 'sans:weight=heavyish'")
            }
            XCTAssertThrowsError(try FontChain(display: connection.display, screen: connection.screen, pattern: ":pixelsize=abc")) { error in
                XCTAssertEqual("\(error)", "invalid font pattern ':pixelsize=abc': the pixel size must be a number from 1 to 1000 (fontconfig read 0.0)")
            }
            XCTAssertThrowsError(try FontChain(display: connection.display, screen: connection.screen, pattern: "sans:matrix=1000 0 0 1000")) { error in
                XCTAssertTrue("\(error)".contains("pixels tall (at most 2000)"), "\(error)")
            }
            // A code point no font has is reported missing rather than looping.
            let chain = try FontChain(display: connection.display, screen: connection.screen, pattern: "sans-serif")
            XCTAssertEqual(chain.missingCodePoints(in: "\u{10FFFD}"), [0x10FFFD])
            XCTAssertEqual(chain.missingCodePoints(in: "\u{10FFFD}"), [0x10FFFD], "negative cache answers the same")
        }
    }
}
