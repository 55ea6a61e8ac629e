import Foundation
import SegmentedX11
import TestSupport
import XCTest

/// Page sentences around a title: isolated for bidi, elided at words, measured once.
final class PageTextTests: XCTestCase, @unchecked Sendable {
    @MainActor private static let sharedConnection = Result { try XDisplayConnection() }

    @MainActor private func chain(_ pattern: String = "sans-serif:pixelsize=15") throws -> FontChain {
        let connection = try Self.sharedConnection.get()
        return try FontChain(display: connection.display, screen: connection.screen, pattern: pattern)
    }

    /// The glyphs of `text` shaped in `font`, left to right.
    @MainActor private func glyphs(_ text: String, _ font: FontChain) throws -> [UInt32] {
        try XCTUnwrap(font.shapedTitle(text)).placedGlyphs.map(\.glyph)
    }

    func testATitlesEmbeddingsDoNotReorderItsSentence() throws {
        try MainActor.assumeIsolated {
            let font = try chain()
            let before = "About ", after = ": 7 characters."
            let head = try glyphs(before, font), tail = try glyphs(after, font)
            // An unclosed override, embedding and isolate, each in a left-to-right sentence.
            for title in ["\u{202E}abc", "\u{202B}abc", "\u{2067}abc", "abc\u{202D}\u{202E}", "שלום\u{202A}"] {
                let sentence = try XCTUnwrap(font.shapedTitle(before + PageText.isolated(title) + after)).placedGlyphs.map(\.glyph)
                XCTAssertEqual(Array(sentence.prefix(head.count)), head, "\(title.unicodeScalars.map { String($0.value, radix: 16) })")
                XCTAssertEqual(Array(sentence.suffix(tail.count)), tail, "\(title.unicodeScalars.map { String($0.value, radix: 16) })")
            }
            // Without the isolate, an override reverses the rest of the sentence: the check above has teeth.
            let bare = try XCTUnwrap(font.shapedTitle(before + "\u{202E}abc" + after)).placedGlyphs.map(\.glyph)
            XCTAssertNotEqual(Array(bare.suffix(tail.count)), tail)
            XCTAssertEqual(PageText.isolated("x"), "\u{2068}x\u{2069}")
        }
    }

    func testDeepEmbeddingsAndIsolatesKeepTheSentenceInOrder() throws {
        try MainActor.assumeIsolated {
            let font = try chain()
            let before = "About ", after = ": 9 characters."
            let head = try glyphs(before, font), tail = try glyphs(after, font)
            // Below and past UAX #9's max_depth of 125, where the tester found them: each in a sentence.
            let deep = [String(repeating: "\u{202E}", count: 40) + "deep", String(repeating: "\u{2067}", count: 60) + "iso",
                        String(repeating: "\u{2067}", count: 130) + "iso", String(repeating: "\u{2066}", count: 3) + "iso",
                        String(repeating: "\u{202A}", count: 130) + "x", String(repeating: "\u{202B}", count: 62) + "x",
                        "\u{2067}\u{2067}\u{2069}ab" + String(repeating: "\u{2068}", count: 200) + "cd"]
            for title in deep {
                let sentence = before + PageText.isolated(title) + after
                let drawn = try glyphs(sentence, font)
                let name = "\(title.unicodeScalars.count) scalars from \(String(title.unicodeScalars.first!.value, radix: 16))"
                XCTAssertEqual(Array(drawn.prefix(head.count)), head, name)
                XCTAssertEqual(Array(drawn.suffix(tail.count)), tail, name)
                // The title's own letters are drawn between them (its controls draw nothing).
                XCTAssertGreaterThan(drawn.count, head.count + tail.count, name)
            }
            // An open isolate closed with one PDI only: its content and the rest of the sentence go right to left.
            let unclosed = before + "\u{2068}" + String(repeating: "\u{2067}", count: 60) + "iso\u{2069}" + after
            XCTAssertNotEqual(Array(try glyphs(unclosed, font).suffix(tail.count)), tail)
            XCTAssertEqual(PageText.isolated("\u{2067}\u{2066}a\u{2069}b"), "\u{2068}\u{2067}\u{2066}a\u{2069}b\u{2069}\u{2069}")
        }
    }

    func testAShortenedTitleKeepsItsFirstDrawnCharacters() {
        // Controls draw nothing, so they do not count: 40 overrides and "deep" are kept whole.
        let overrides = String(repeating: "\u{202E}", count: 40) + "deep"
        XCTAssertEqual(PageText.shortened(overrides, drawn: 40), overrides)
        XCTAssertEqual(PageText.shortened(overrides, drawn: 2), String(repeating: "\u{202E}", count: 40) + "de")
        XCTAssertEqual(PageText.shortened("abcdef", drawn: 4), "abcd")
        XCTAssertEqual(PageText.shortened("ab", drawn: 4), "ab")
        // A cluster counts once: an emoji sequence, a letter and its mark.
        XCTAssertEqual(PageText.shortened("\u{1F469}\u{200D}\u{1F4BB}e\u{301}xyz", drawn: 2), "\u{1F469}\u{200D}\u{1F4BB}e\u{301}")
        XCTAssertEqual(PageText.shortened("a\u{2067}\u{2067}bc", drawn: 2), "a\u{2067}\u{2067}b")
    }

    func testPlaceholderLinesAreElidedAtWords() throws {
        try MainActor.assumeIsolated {
            let font = try chain()
            let line = "About Seven c: 7 characters."
            XCTAssertEqual(font.elidedAtWords(line, fitting: font.advance(of: line)), line, "fits as it is")
            let words = ["About", "About Seven", "About Seven c:", "About Seven c: 7"]
            for (k, kept) in words.enumerated() {
                // Exactly the width of these words and "…", and one pixel short of the next word's.
                let width = font.advance(of: kept + "\u{2026}")
                XCTAssertEqual(font.elidedAtWords(line, fitting: width), kept + "\u{2026}")
                if k > 0 { XCTAssertEqual(font.elidedAtWords(line, fitting: width - 1), words[k - 1] + "\u{2026}") }
            }
            // Not even the first word fits: it is cut inside, by clusters.
            let narrow = font.advance(of: "Ab\u{2026}")
            XCTAssertEqual(font.elidedAtWords(line, fitting: narrow), "Ab\u{2026}")
            XCTAssertEqual(font.elidedAtWords("Extraordinarily", fitting: font.advance(of: "Extra\u{2026}")), "Extra\u{2026}")
            // Cut inside an isolated title: the isolate is closed before the "…", which stays outside it.
            let isolated = "About " + PageText.isolated("\u{202E}abc def ghi") + ": 12 characters."
            let kept = "About \u{2068}\u{202E}abc def"
            let elided = font.elidedAtWords(isolated, fitting: font.advance(of: kept + "\u{2069}\u{2026}"))
            XCTAssertEqual(elided, kept + "\u{2069}\u{2026}")
        }
    }

    func testPageLinesAreMeasuredOncePerWidthAndFont() throws {
        try MainActor.assumeIsolated {
            let body = try chain(), other = try chain("sans-serif:pixelsize=21")
            let cache = PageLineCache()
            var made = 0
            // Five thousand ZWJ emoji sequences: what cost 16 to 19 ms a frame when measured every frame.
            let title = String(repeating: "\u{1F469}\u{200D}\u{1F4BB}", count: 5000)
            @MainActor func lines(width: Int, font: FontChain) -> [PageLineCache.Line] {
                cache.lines(1, width: width, font: font) {
                    made += 1
                    return ["Page 1 of 1", "About \(PageText.isolated(String(title.prefix(40)))): \(title.count) characters."]
                }
            }
            let first = lines(width: 240, font: body)
            for _ in 0..<100 { XCTAssertEqual(lines(width: 240, font: body), first) }
            XCTAssertEqual(cache.measuredLines, 2, "measured once for a hundred frames")
            XCTAssertEqual(made, 1)
            XCTAssertEqual(first[1].advance, body.advance(of: first[1].text))
            XCTAssertLessThanOrEqual(first[1].advance, 240)
            XCTAssertTrue(first[1].text.hasSuffix("\u{2026}"))
            _ = lines(width: 300, font: body)
            _ = lines(width: 300, font: body)
            XCTAssertEqual(cache.measuredLines, 4, "again for a new width, once")
            _ = lines(width: 300, font: other)
            XCTAssertEqual(cache.measuredLines, 6, "again for a new font")
            cache.removeAll()
            _ = lines(width: 300, font: other)
            XCTAssertEqual(cache.measuredLines, 8, "again when the titles change")
            XCTAssertEqual(made, 4)
        }
    }
}
