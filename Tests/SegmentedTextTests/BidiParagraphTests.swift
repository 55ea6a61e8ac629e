import SegmentedText
import XCTest

/// The bidi algorithm (FriBidi) against the Unicode conformance data: each case is a line of
/// BidiCharacterTest.txt (Unicode 15.0.0, as shipped by Debian's `unicode-data` in
/// /usr/share/unicode/BidiCharacterTest.txt), copied as values with its line number:
/// code points; paragraph direction (0 LTR, 1 RTL, 2 auto); resolved paragraph level;
/// resolved levels (x: removed by rule X9); visual order (X9-removed ones skipped).
final class BidiParagraphTests: XCTestCase {
    private struct Case {
        let line: Int
        let text: String
    }

    private let cases = [
        Case(line: 43, text: "05D0 05D1 0028 05D2 05D3 005B 0026 0065 0066 005D 002E 0029 0067 0068;1;1;1 1 1 1 1 1 1 2 2 1 1 1 2 2;12 13 11 10 9 7 8 6 5 4 3 2 1 0"),
        Case(line: 44, text: "0061 0062 0063 0020 0028 0064 0065 0066 0020 0627 0628 062C 0029 0020 05D0 05D1 05D2;0;0;0 0 0 0 0 0 0 0 0 1 1 1 0 0 1 1 1;0 1 2 3 4 5 6 7 8 11 10 9 12 13 16 15 14"),
        Case(line: 47, text: "05D0 05D1 05D2 0020 0028 0064 0065 0066 0020 0627 0628 062C 0029 0020 0061 0062 0063;1;1;1 1 1 1 1 2 2 2 1 1 1 1 1 1 2 2 2;14 15 16 13 12 11 10 9 8 5 6 7 4 3 2 1 0"),
        Case(line: 49, text: "0061 0062 0063 0020 0028 0627 0628 062C 0020 0064 0065 0066 0029 0020 05D0 05D1 05D2;1;1;2 2 2 1 1 1 1 1 1 2 2 2 1 1 1 1 1;16 15 14 13 12 9 10 11 8 7 6 5 4 3 0 1 2"),
        Case(line: 51, text: "05D0 05D1 05D2 0020 0028 0627 0628 062C 0020 0064 0065 0066 0029 0020 0061 0062 0063;1;1;1 1 1 1 1 1 1 1 1 2 2 2 1 1 2 2 2;14 15 16 13 12 9 10 11 8 7 6 5 4 3 2 1 0"),
        Case(line: 59, text: "202E 0061 202A 0062 202C 2066 0063 2069 202A 0064 202C 0065 202C;2;0;x 1 x 2 x 1 2 1 x 2 x 1 x;11 9 7 6 5 3 1"),
        Case(line: 61, text: "202D 05D0 202B 05D1 202C 2068 05D2 2069 202B 05D3 202C 05D4 202C;2;1;x 2 x 3 x 2 3 2 x 3 x 2 x;1 3 5 6 7 9 11"),
        Case(line: 65, text: "202A 05D0 0028 05D1 202C 202D 0029;2;1;x 3 3 3 x x 2;3 2 1 6"),
        Case(line: 128, text: "062A 0031 002F 0032;2;1;1 2 2 2;1 2 3 0"),
        Case(line: 252, text: "002B 0661 0028 0662 0029;2;0;0 2 1 2 1;0 4 3 2 1"),
        Case(line: 255, text: "0661 0020 0028 0662 0029;2;0;2 1 1 2 1;4 3 2 1 0"),
        Case(line: 267, text: "0661 2069 0028 0662 0029;2;0;2 1 1 2 1;4 3 2 1 0"),
        Case(line: 7557, text: "0028 2680 0028 0029 05D0 0029;1;1;1 1 1 1 1 1;5 4 3 2 1 0"),
        Case(line: 29415, text: "0028 0061 005B 2680 0062 05D0 0029 005D;1;1;1 2 2 2 2 1 1 1;7 6 5 1 2 3 4 0"),
        Case(line: 44721, text: "0061 0028 2680 0062 0029 005B 2681;1;1;2 2 2 2 2 1 1;6 5 0 1 2 3 4"),
        Case(line: 60067, text: "2680 0028 0061 0028 0029 0028 0062 0029;1;1;1 1 2 2 2 2 2 2;2 3 4 5 6 7 1 0"),
    ]

    func testLevelsAndVisualOrderFollowBidiCharacterTest() throws {
        for c in cases {
            let fields = c.text.split(separator: ";").map(String.init)
            let codePoints = fields[0].split(separator: " ").map { UInt32($0, radix: 16)! }
            let direction: BidiParagraph.Direction = fields[1] == "0" ? .leftToRight : fields[1] == "1" ? .rightToLeft : .auto
            let levels = fields[3].split(separator: " ").map { $0 == "x" ? nil : UInt8($0)! }
            let order = fields[4].split(separator: " ").map { Int($0)! }
            let bidi = BidiParagraph(codePoints, direction: direction)
            XCTAssertEqual(bidi.baseLevel, UInt8(fields[2]), "line \(c.line): paragraph level")
            for (i, level) in levels.enumerated() {
                if let level { XCTAssertEqual(bidi.levels[i], level, "line \(c.line): level of character \(i)") }
            }
            XCTAssertEqual(bidi.visualOrder.filter { levels[$0] != nil }, order, "line \(c.line): visual order")
        }
    }

    func testTheParagraphDirectionIsTheFirstStrongCharacters() {
        XCTAssertEqual(BidiParagraph(Array("2024 עברית".unicodeScalars.map(\.value))).baseLevel, 1)
        XCTAssertEqual(BidiParagraph(Array("C++ مطور".unicodeScalars.map(\.value))).baseLevel, 0)
        XCTAssertEqual(BidiParagraph(Array("2024".unicodeScalars.map(\.value))).baseLevel, 0, "no strong character: left to right")
    }

    func testDigitsInAHebrewTitleStayLeftOfIt() {
        // "עברית 2024": the number, at level 2, is drawn left to right at the visual left of the Hebrew.
        let text = Array("עברית 2024".unicodeScalars.map(\.value))
        let bidi = BidiParagraph(text)
        XCTAssertEqual(bidi.levels, [1, 1, 1, 1, 1, 1, 2, 2, 2, 2])
        XCTAssertEqual(bidi.visualOrder, [6, 7, 8, 9, 5, 4, 3, 2, 1, 0])
    }

    func testEmptyAndLongTextResolve() throws {
        try XCTSkipUnless(TextShaping.isAvailable, "FriBidi is installed by scripts/install-deps.sh")
        let empty = BidiParagraph([], direction: .rightToLeft)
        XCTAssertEqual(empty.baseLevel, 1)
        XCTAssertEqual(empty.levels, [])
        XCTAssertEqual(empty.visualOrder, [])
        // Longer than FriBidi's stack buffers (256): Hebrew letters, all at level 1, reversed.
        let hebrew = (0..<600).map { UInt32(0x5D0 + $0 % 27) }
        let long = BidiParagraph(hebrew)
        XCTAssertEqual(long.baseLevel, 1)
        XCTAssertEqual(long.levels, [UInt8](repeating: 1, count: 600))
        XCTAssertEqual(long.visualOrder, Array((0..<600).reversed()))
        // And one that fits them, with digits: "עברית 2024" as in testDigitsInAHebrewTitleStayLeftOfIt.
        XCTAssertEqual(BidiParagraph(Array("עברית 2024".unicodeScalars.map(\.value))).visualOrder, [6, 7, 8, 9, 5, 4, 3, 2, 1, 0])
    }
}

/// Isolates past UAX #9's max_depth (125): FriBidi 1.0.8 crashed on them, so the overflow ones
/// reach it as neutrals; the levels are what X5a to X6a give.
final class BidiOverflowTests: XCTestCase {
    private func scalars(_ s: String) -> [UInt32] { s.unicodeScalars.map(\.value) }

    func testOverflowIsolatesResolveAndDoNotCrash() throws {
        try XCTSkipUnless(TextShaping.isAvailable, "FriBidi is installed by scripts/install-deps.sh")
        let rli = "\u{2067}", pdi = "\u{2069}"
        // Twice 130 right-to-left isolates, closed: what crashed FriBidi (and pango-view).
        let nested = String(repeating: rli, count: 130) + "x" + String(repeating: pdi, count: 131)
        let text = scalars("a" + nested + nested + "bc")
        let bidi = BidiParagraph(text)
        XCTAssertEqual(bidi.baseLevel, 0)
        // RLIs open levels 1, 3 ... 125 (63 of them); the other 67 overflow, so x stays at 125 and
        // the text after the PDIs is back at the paragraph level.
        XCTAssertEqual(bidi.levels.count, text.count)
        XCTAssertEqual(bidi.levels[0], 0)
        XCTAssertEqual(bidi.levels[1 + 130], 126, "x, a left-to-right letter at the deepest valid level (125), by I2")
        XCTAssertEqual(bidi.levels[text.count - 1], 0, "the text after them is back at the paragraph level")
        XCTAssertEqual(bidi.visualOrder.last, text.count - 1, "c stays at the right")
        XCTAssertEqual(bidi.visualOrder.first, 0, "a stays at the left")
        XCTAssertEqual(Set(bidi.visualOrder), Set(text.indices))
    }
}
