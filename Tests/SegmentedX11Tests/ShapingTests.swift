import CX11
import Foundation
import SegmentedCore
import SegmentedX11
import TestSupport
import XCTest

/// Titles shaped with HarfBuzz and ordered with FriBidi through the font chain (issue 10),
/// checked against the fonts actually opened: their character maps (`XftCharIndex`),
/// Xft's own per-glyph advances, and the pixels drawn. On `XftFontChainTests`'s connection.
extension XftFontChainTests {
    @MainActor private func chain(_ pattern: String = StripStyle().font) throws -> FontChain {
        try FontChain(display: connection.display, screen: connection.screen, pattern: pattern)
    }

    /// The sum of Xft's advances of each code point on its own (what drawing code point by code point gave).
    @MainActor private func unshapedAdvance(_ text: String, _ chain: FontChain) -> Int {
        text.unicodeScalars.reduce(0) { $0 + chain.glyph(for: $1.value).advance }
    }

    func testKerningPairsBringLettersCloser() throws {
        try MainActor.assumeIsolated {
            let chain = try chain()
            let title = "AVATAR Wolf To"
            let shaped = try XCTUnwrap(chain.shapedTitle(title))
            XCTAssertEqual(shaped.advance, chain.advance(of: title))
            // Sans fonts kern A-V, V-A, A-T, T-A, W-o and T-o: several pixels in all at 15 px.
            XCTAssertLessThanOrEqual(shaped.advance, unshapedAdvance(title, chain) - 3)
            // Nothing to kern: the same as Xft's own advances.
            XCTAssertEqual(chain.advance(of: "lll"), unshapedAdvance("lll", chain))
        }
    }

    func testArabicIsJoinedAndDrawnRightToLeft() throws {
        try MainActor.assumeIsolated {
            let chain = try chain()
            let title = "مهندس مدني"
            let shaped = try XCTUnwrap(chain.shapedTitle(title)).placedGlyphs
            XCTAssertEqual(chain.missingCodePoints(in: title), [])
            // Drawn from the right: the first letter (meem, initial form) is the rightmost glyph.
            let meem = try XCTUnwrap(title.unicodeScalars.first).value
            let arabicFont = try XCTUnwrap(chain.fontIndex(for: meem))
            let isolated = XftCharIndex(connection.display, chain.fonts[arabicFont], meem)
            let rightmost = try XCTUnwrap(shaped.max { $0.x < $1.x })
            XCTAssertEqual(rightmost.font, arabicFont)
            XCTAssertNotEqual(rightmost.glyph, isolated, "the initial form, not the isolated one of the character map")
            // Every glyph of the title is a joining form or a space: none is the isolated glyph of its letter.
            let isolatedGlyphs = Set(title.unicodeScalars.filter { $0 != " " }.map { XftCharIndex(connection.display, chain.fonts[arabicFont], $0.value) })
            let joined = shaped.filter { !isolatedGlyphs.contains($0.glyph) }
            XCTAssertGreaterThanOrEqual(joined.count, 6, "joining forms replace the character map's glyphs")
        }
    }

    func testArabicAfterLatinOrNeutralsIsJoined() throws {
        try MainActor.assumeIsolated {
            let chain = try chain()
            // "مطور": meem initial, taa medial, waw final; reh after waw stays isolated (waw joins on one side only).
            for title in ["C++ مطور", "123 مطور", "(مطور)", " مطور", "x مطور y"] {
                let shaped = try XCTUnwrap(chain.shapedTitle(title)).placedGlyphs
                let meem = UInt32(0x645)
                let arabicFont = try XCTUnwrap(chain.fontIndex(for: meem))
                let letters: [UInt32] = [0x645, 0x637, 0x648, 0x631]
                let isolated = Set(letters.map { XftCharIndex(connection.display, chain.fonts[arabicFont], $0) })
                // The glyphs of the word: from the Arabic font, and not the glyph of a character outside it (the
                // Arabic font may draw those too, as DejaVu Sans does under the DejaVu-pinned pass).
                let others = Set(title.unicodeScalars.filter { !letters.contains($0.value) }.map { XftCharIndex(connection.display, chain.fonts[arabicFont], $0.value) })
                let arabicGlyphs = shaped.filter { $0.font == arabicFont && !others.contains($0.glyph) }
                XCTAssertEqual(arabicGlyphs.filter { !isolated.contains($0.glyph) }.count, 3, "\(title): three joining forms")
                // Right to left: the initial meem is the rightmost of the word's glyphs.
                let rightmost = try XCTUnwrap(arabicGlyphs.max { $0.x < $1.x })
                XCTAssertFalse(isolated.contains(rightmost.glyph), "\(title): the initial form at the right")
            }
        }
    }

    func testHebrewDigitsSitLeftOfTheHebrew() throws {
        try MainActor.assumeIsolated {
            let chain = try chain()
            let title = "עברית 2024"
            let glyphs = try XCTUnwrap(chain.shapedTitle(title)).placedGlyphs
            let digitFont = try XCTUnwrap(chain.fontIndex(for: 0x32))
            let two = XftCharIndex(connection.display, chain.fonts[digitFont], 0x32)
            let zero = XftCharIndex(connection.display, chain.fonts[digitFont], 0x30)
            // Visual order: 2 0 2 4, then the space, then the Hebrew reversed (alef-like last letter first).
            XCTAssertEqual(glyphs.prefix(2).map(\.glyph), [two, zero])
            let ayin = try XCTUnwrap(title.unicodeScalars.first).value
            let hebrewFont = try XCTUnwrap(chain.fontIndex(for: ayin))
            XCTAssertEqual(glyphs.last?.glyph, XftCharIndex(connection.display, chain.fonts[hebrewFont], ayin), "the first letter at the right end")
        }
    }

    func testDefaultIgnorablesAreNotDrawnAndTakeNoWidth() throws {
        try MainActor.assumeIsolated {
            let chain = try chain()
            let plain = chain.advance(of: "softhyphen")
            for text in ["soft\u{AD}hyphen", "soft\u{2060}hyphen", "soft\u{200B}hyphen", "\u{202B}soft\u{202C}hyphen", "soft\u{200D}hyphen", "soft\u{FEFF}hyphen"] {
                XCTAssertEqual(chain.advance(of: text), plain, text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
                XCTAssertEqual(chain.shapedTitle(text)?.placedGlyphs.count, 10)
                XCTAssertEqual(chain.missingCodePoints(in: text), [])
            }
            XCTAssertEqual(chain.fonts.count, 1, "no fallback font was opened for them")
        }
    }

    func testControlCharactersKeepTheirVisibleEscapes() throws {
        try MainActor.assumeIsolated {
            let chain = try chain()
            XCTAssertEqual(chain.advance(of: "a\tb"), chain.advance(of: "a^Ib"))
            XCTAssertEqual(chain.advance(of: "a\u{85}b"), chain.advance(of: "a\u{FFFD}b"))
        }
    }

    func testEmojiSequencesShapeToOneColorGlyph() throws {
        try MainActor.assumeIsolated {
            guard FontChain.drawsColorGlyphs else { throw XCTSkip("this libXft draws no color glyphs (before 2.3.5)") }
            let chain = try chain()
            for emoji in ["🔥", "👩\u{200D}💻", "🇨🇳", "1\u{FE0F}\u{20E3}", "👍🏽", "❤\u{FE0F}"] {
                let glyphs = try XCTUnwrap(chain.shapedTitle(emoji)).placedGlyphs
                XCTAssertEqual(glyphs.count, 1, emoji)
                let font = try XCTUnwrap(glyphs.first?.font)
                XCTAssertTrue(chain.familyNames[font].contains("Emoji"), "\(emoji): \(chain.familyNames[font])")
                // Sized to the title's pixel size: about 1.2 em wide, as the color emoji font's advance.
                XCTAssertEqual(Double(chain.advance(of: emoji)), chain.pixelSize * 1.25, accuracy: 2, emoji)
            }
            XCTAssertEqual(chain.missingCodePoints(in: "🔥热门"), [])
        }
    }

    func testFallbackFontsOpenWhenATitleFirstNeedsThem() throws {
        try MainActor.assumeIsolated {
            let chain = try chain()
            _ = chain.advance(of: "Latin only")
            XCTAssertEqual(chain.fonts.count, 1)
            _ = chain.advance(of: "Mixed 混合")
            XCTAssertEqual(chain.fonts.count, 2, chain.familyNames.joined(separator: ", "))
            // A base and its marks come from one face (fallback per grapheme cluster), when a Devanagari face is installed.
            let hindi = "हिन्दी"
            guard chain.missingCodePoints(in: hindi).isEmpty else { return }
            let glyphs = try XCTUnwrap(chain.shapedTitle(hindi)).placedGlyphs
            XCTAssertEqual(Set(glyphs.map(\.font)), [2], chain.familyNames.joined(separator: ", "))
        }
    }

    func testElisionCutsBetweenClustersWithTheEllipsisAtTheLogicalEnd() throws {
        try MainActor.assumeIsolated {
            let chain = try chain()
            // Left to right: the ellipsis is the rightmost glyph; an accent stays with its letter.
            let cafe = String(repeating: "Cafe\u{301} ", count: 6)
            for width in stride(from: 20, through: chain.advance(of: cafe) - 1, by: 7) {
                let elided = chain.elided(cafe, fitting: width)
                XCTAssertLessThanOrEqual(chain.advance(of: elided), width)
                XCTAssertTrue(elided.hasSuffix("\u{2026}"))
                XCTAssertTrue(cafe.hasPrefix(String(elided.dropLast())), "cut between grapheme clusters: \(elided)")
                // One character more would not fit.
                let kept = Array(elided.dropLast())
                if kept.count < Array(cafe).count {
                    XCTAssertGreaterThan(chain.advance(of: String(Array(cafe)[..<(kept.count + 1)]) + "\u{2026}"), width, "\(width)")
                }
            }
            // Right to left: the ellipsis is the leftmost glyph (the logical end of the title).
            let hebrew = "עברית עברית עברית"
            let elided = chain.elided(hebrew, fitting: chain.advance(of: hebrew) / 2)
            XCTAssertLessThanOrEqual(chain.advance(of: elided), chain.advance(of: hebrew) / 2)
            let glyphs = try XCTUnwrap(chain.shapedTitle(elided)).placedGlyphs
            let ellipsisFont = try XCTUnwrap(chain.fontIndex(for: 0x2026))
            XCTAssertEqual(glyphs.first?.glyph, XftCharIndex(connection.display, chain.fonts[ellipsisFont], 0x2026))
            XCTAssertEqual(glyphs.first?.x, 0)
        }
    }

    func testShapedTitlesDrawWhereTheyMeasure() throws {
        try MainActor.assumeIsolated {
            let chain = try chain(StripStyle().selectedFont)
            let canvas = try XCTUnwrap(Canvas(connection, width: 400, height: 40))
            for title in ["مهندس مدني", "हिन्दी परीक्षा", "עברית 2024", "C++ مطور", "AVATAR Wolf To", "ภาษาไทย", "Cafe\u{301}"] {
                // A bar drawn at the measured advance, after the title, is drawn where the title with the bar ends it.
                let advance = chain.advance(of: title)
                let image = canvas.snapshot { c in
                    XCTAssertEqual(chain.draw(title, on: c.surface, color: &c.black, x: 10, baseline: 28), advance)
                }
                let background = image[0]
                let inkColumns = (0..<400).filter { x in (0..<40).contains { image[$0 * 400 + x] != background } }
                let first = try XCTUnwrap(inkColumns.first, title), last = try XCTUnwrap(inkColumns.last, title)
                // The ink lies within the advance (give or take a side bearing's overhang of 2 px).
                XCTAssertGreaterThanOrEqual(first, 10 - 2, title)
                XCTAssertLessThanOrEqual(last, 10 + advance + 2, title)
                XCTAssertGreaterThan(last - first, advance / 2, title)
            }
        }
    }
}
