@testable import SegmentedText
import XCTest

/// Itemization into runs (script, bidi level, font): the cases that could shape Arabic
/// unjoined if they went wrong: a run whose script came from a neutral or Latin first
/// character (HarfBuzz's default shaper has no joining), and an Arabic word split between
/// fonts. Scripts are ISO 15924 tags (Unicode's Scripts.txt).
final class TextItemizerTests: XCTestCase {
    private static func tag(_ s: String) -> UInt32 { s.utf8.reduce(0) { $0 << 8 | UInt32($1) } }
    private let arabic = tag("Arab"), latin = tag("Latn"), hebrew = tag("Hebr")

    private func runs(_ text: String, font: (Range<Int>) -> Int = { _ in 0 }) -> (codePoints: [UInt32], runs: [TextRun]) {
        let codePoints = text.unicodeScalars.map(\.value)
        let runs = TextItemizer.itemize(codePoints, clusters: TextItemizer.clusters(codePoints), bidi: BidiParagraph(codePoints), font: font)
        return (codePoints, runs)
    }

    func testALatinAndNeutralStartLeavesTheArabicRunArabic() throws {
        try XCTSkipUnless(TextShaping.isAvailable, "HarfBuzz and FriBidi are installed by scripts/install-deps.sh")
        // "C++ " is Latin then Common: it keeps Latin; the Arabic word is its own right-to-left run.
        XCTAssertEqual(runs("C++ مطور").runs, [TextRun(range: 0..<4, level: 0, script: latin, font: 0),
                                                TextRun(range: 4..<8, level: 1, script: arabic, font: 0)])
        // Neutral first characters (digits, a space, a bracket, tatweel U+0640 is Common too) take the Arabic script after them.
        for text in ["123 مطور", " مطور", "«مطور»", "(مطور)", "- مطور", "\u{640}مطور"] {
            let (codePoints, runs) = runs(text)
            let arabicIndices = codePoints.indices.filter { (0x621...0x64A).contains(codePoints[$0]) }
            for run in runs {
                XCTAssertEqual(run.script, arabic, "\(text): \(run)")
                if arabicIndices.contains(run.range.lowerBound) { XCTAssertTrue(run.isRightToLeft, "\(text): \(run)") }
            }
            XCTAssertEqual(Set(runs.flatMap { Array($0.range) }), Set(codePoints.indices), "\(text): every code point in one run")
        }
        // A mark first (Inherited) and a right-to-left mark take the script of what follows.
        XCTAssertEqual(runs("\u{64E}مطور").runs.map(\.script), [arabic])
        XCTAssertEqual(runs("\u{200F}עברית").runs.map(\.script), [hebrew])
    }

    func testAnArabicWordSplitBetweenFontsStaysArabicAndRightToLeft() throws {
        try XCTSkipUnless(TextShaping.isAvailable, "HarfBuzz and FriBidi are installed by scripts/install-deps.sh")
        // Taa (U+0637) in font 2, the other letters in font 1: three runs, each Arabic at level 1,
        // in visual order (right to left: the run holding the first letter at the right end).
        let (_, split) = runs("مطور") { $0.lowerBound == 1 ? 2 : 1 }
        XCTAssertEqual(split, [TextRun(range: 2..<4, level: 1, script: arabic, font: 1),
                               TextRun(range: 1..<2, level: 1, script: arabic, font: 2),
                               TextRun(range: 0..<1, level: 1, script: arabic, font: 1)])
    }

    func testTextWithNothingRightToLeftKeepsLogicalOrderWithoutFriBidi() {
        // BidiParagraph skips FriBidi when no code point is at or above U+0590 outside the CJK
        // blocks (`mayNeedBidi`). UAX #9 gives the same: with no R, AL, AN or explicit formatting
        // character (all at or above U+0590), P2-P3 give paragraph level 0 and sos L; X1-X8 raise
        // nothing; W1-W7 make nothing R (W7 turns EN into L, the strong type before it being L or
        // sos); N1-N2 resolve neutrals to L (the embedding level is even); I1-I2 then raise nothing;
        // so every level is 0 and L2 reverses nothing. BidiCharacterTest.txt (Unicode 15.0.0) agrees:
        // all 506 of its lines with direction LTR or auto and no code point the shortcut sends to
        // FriBidi resolve to level 0 in logical order; three of them, copied as values with their line numbers:
        let conformance = [(2136, "0061 0028 0029 0062 0028 0029 0063"), (8346, "0028 0028 0061 0029 0062 0029 0063"),
                           (51346, "005D 0028 0029 0061")]
        let cases = conformance.map { ("line \($0.0)", $0.1.split(separator: " ").map { UInt32($0, radix: 16)! }) }
            + ["AVATAR Wolf To", "1 + 2 = 3", "Café (draft) – 2024", "热门推荐 mixed 한국어", "\u{301}x", ""].map { ($0, $0.unicodeScalars.map(\.value)) }
        for (label, codePoints) in cases {
            for direction in [BidiParagraph.Direction.auto, .leftToRight] {
                let bidi = BidiParagraph(codePoints, direction: direction)
                XCTAssertEqual(bidi.baseLevel, 0, label)
                XCTAssertEqual(bidi.levels, [UInt8](repeating: 0, count: codePoints.count), label)
                XCTAssertEqual(bidi.visualOrder, Array(codePoints.indices), label)
            }
        }
    }

    func testCodePointsThatStandAloneAreTheirOwnGraphemeClusters() {
        // Against Swift's UAX #29 segmentation (what `clusters` falls back to): each such code
        // point between itself and neighbours from the scripts the fast path covers.
        let neighbours: [UInt32] = [0x41, 0x2026, 0x645, 0x5D0, 0x4E00, 0xAC00, 0x1F525]
        var checked = 0
        for c in UInt32(0)...0x1FFFF where TextItemizer.standsAlone(c) {
            guard let scalar = Unicode.Scalar(c) else { continue }
            for n in neighbours + [c] {
                var view = String.UnicodeScalarView()
                view.append(scalar)
                view.append(Unicode.Scalar(n)!)
                view.append(scalar)
                if String(view).count != 3 { XCTFail(String(format: "U+%04X next to U+%04X joins a cluster", c, n)) }
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 30_000)
        // And the clusters of a title mixing them are single code points, as Swift gives.
        let codePoints = "C++ مطور 热门🔥 עברית …".unicodeScalars.map(\.value)
        XCTAssertEqual(TextItemizer.clusters(codePoints), codePoints.indices.map { $0..<$0 + 1 })
        // A mark, a joiner or a modifier takes the slow path, which joins them.
        XCTAssertEqual(TextItemizer.clusters("e\u{301}x".unicodeScalars.map(\.value)), [0..<2, 2..<3])
        XCTAssertEqual(TextItemizer.clusters("👍🏽!".unicodeScalars.map(\.value)), [0..<2, 2..<3])
        // Given the text itself, the same clusters as built from the code points.
        for text in ["हिन्दी परीक्षा", "ภาษาไทย", "Cafe\u{301}", "👩\u{200D}💻 🇨🇳 1\u{FE0F}\u{20E3}"] {
            let codePoints = text.unicodeScalars.map(\.value)
            XCTAssertEqual(TextItemizer.joinedClusters(codePoints, text: text), TextItemizer.clusters(codePoints), text)
        }
    }

    func testLatinOneScriptsAreHarfBuzzs() throws {
        try XCTSkipUnless(TextShaping.isAvailable, "HarfBuzz is installed by scripts/install-deps.sh")
        for c in UInt32(0)..<0x100 {
            XCTAssertEqual(TextItemizer.script(of: c), TextItemizer.harfBuzzScript(of: c), String(format: "U+%04X", c))
        }
    }
}
