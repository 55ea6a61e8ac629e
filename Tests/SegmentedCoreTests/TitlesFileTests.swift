import Foundation
import XCTest
@_spi(Fuzzing) @testable import SegmentedSupport
import TestSupport

final class TitlesFileTests: XCTestCase {
    private func parse(_ bytes: [UInt8]) throws -> [String] { try TitlesFile.parse(Data(bytes), path: "t") }
    private func parse(_ text: String) throws -> [String] { try parse(Array(text.utf8)) }

    func testJSONArray() throws {
        XCTAssertEqual(try parse(#" ["一级", "b c", ""] "#), ["一级", "b c", ""])
        XCTAssertEqual(try parse("[]"), [])
    }

    /// A long array is cast on two threads (`concurrentCastCount`): every title in
    /// its place, and the first element that is not a string named, in either half.
    func testALongArrayIsCastInOrderAndItsFirstNonStringNamed() throws {
        let count = TitlesFile.concurrentCastCount + 11
        let titles = (0..<count).map { $0 % 3 == 0 ? "标题 \($0)" : "title \($0) with a longer tail" }
        let json = try JSONSerialization.data(withJSONObject: titles)
        XCTAssertEqual(try TitlesFile.parse(json, path: "t"), titles)
        for (bad, replacement, kind) in [(count - 2, "null", "null"), (count / 2 + 1, "7", "a number or boolean"), (5, "{}", "an object")] {
            var elements = titles.map { "\"\($0)\"" }
            elements[bad] = replacement
            elements[count - 1] = "[]"   // later ones are not named
            XCTAssertThrowsError(try parse("[" + elements.joined(separator: ",") + "]")) { error in
                XCTAssertEqual("\(error)", "titles file t must be a JSON array of strings: element \(bad) is \(kind), not a string")
            }
        }
    }

    func testLinesWithBOMAndCRLFSkipBlankLines() throws {
        XCTAssertEqual(try parse([0xEF, 0xBB, 0xBF] + Array("一级建造师\r\n二级\r\n\r\n  \nlast".utf8)), ["一级建造师", "二级", "last"])
    }

    func testOnlyOneFormPerFirstCharacter() throws {
        XCTAssertThrowsError(try parse("{}")) { error in
            XCTAssertEqual("\(error)", "titles file t must be a JSON array of strings: the top level is an object, not an array")
        }
        XCTAssertThrowsError(try parse(#""str""#)) { error in XCTAssertTrue("\(error)".contains("the top level is a string")) }
        XCTAssertEqual(try parse([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array(#"["a"]"#.utf8)), ["a"], "repeated BOMs")
        XCTAssertEqual(try parse("a\rb\r\nc\n\u{3000}\n"), ["a", "b", "c"], "lone CR; an ideographic-space line is blank")
        XCTAssertEqual(try parse(" x \n"), [" x "], "titles keep their own spaces")
    }

    func testMalformedJSONGivesItsPosition() {
        XCTAssertThrowsError(try parse("[\"a\",\n  x]")) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("malformed JSON"), message)
            XCTAssertTrue(message.contains("line 2, column 3"), message)
        }
        XCTAssertThrowsError(try parse("[\"a\"")) { error in
            XCTAssertTrue("\(error)".contains("line 1, column 5"), "\(error)")
        }
    }

    func testALoneSurrogateEscapeIsPlacedWhereItIs() {
        // Foundation said "end of file" (column 13) for the first and gave no position for the second.
        XCTAssertThrowsError(try parse(#"["\ud800 x"]"#)) { error in
            XCTAssertEqual("\(error)", #"titles file t is malformed JSON: the escape \ud800 is a lone high surrogate (a \uD800-\uDBFF escape must be followed by a \uDC00-\uDFFF one) around character 2 (line 1, column 3)"#)
        }
        XCTAssertThrowsError(try parse(#"["\udc00"]"#)) { error in
            XCTAssertTrue("\(error)".contains(#"the escape \udc00 is a lone low surrogate"#), "\(error)")
            XCTAssertTrue("\(error)".hasSuffix("(line 1, column 3)"), "\(error)")
        }
        // A valid pair first, escaped quotes and backslashes before, the bad one on line 2.
        XCTAssertThrowsError(try parse("[\"ok \\\" \\\\\", \"\\ud83d\\ude00\",\n  \"a\\uD83D b\"]")) { error in
            XCTAssertTrue("\(error)".contains(#"the escape \uD83D is a lone high surrogate"#), "\(error)")
            XCTAssertTrue("\(error)".hasSuffix("(line 2, column 5)"), "\(error)")
        }
        XCTAssertEqual(try parse(#"["\ud83d\ude00"]"#), ["😀"])
    }

    func testEveryMalformedJSONMessageHasALineAndColumn() {
        for (text, position) in [("[1e999999999]", "(line 1, column 2)"), ("[\"a\",\n \"\\uZZZZ\"]", "(line 2, column "),
                                 ("[\"a\u{01}\"]", "(line 1, column 4)"), ("[ \"a\" , ]", "(line 1, column 7)"),
                                 ("[\"a\",\n  \"b\",\n]", "(line 2, column 6)")] {
            XCTAssertThrowsError(try parse(text), text) { error in
                XCTAssertTrue("\(error)".contains("malformed JSON"), "\(error)")
                XCTAssertTrue("\(error)".contains(position), "\(text): \(error)")
            }
        }
        // A comma inside a string, or between elements, is no trailing comma.
        XCTAssertEqual(try parse(#"["a, ]", "b"]"#), ["a, ]", "b"])
        // Escaped quotes and backslashes: where each string ends.
        XCTAssertEqual(try parse(#"["a\", ]", "\\", "\\\", ]", "\\\\"]"#), [#"a", ]"#, #"\"#, #"\", ]"#, #"\\"#])
        XCTAssertEqual(TitlesFile.firstTrailingComma(Array(#"["a\", ]"]"#.utf8)), nil, "the comma is inside the string")
        XCTAssertEqual(TitlesFile.firstTrailingComma(Array(#"["a\"", ]"#.utf8)), 6)
        XCTAssertEqual(TitlesFile.firstTrailingComma(Array(#"["a\\", ]"#.utf8)), 6)
        XCTAssertEqual(TitlesFile.firstTrailingComma(Array(#"["\u005C", ]"#.utf8)), 9)
        XCTAssertEqual(TitlesFile.firstTrailingComma(Array(#"["unterminated, ]"#.utf8)), nil)
    }

    /// `elementSeparator`: the first comma at or past an offset that follows a string
    /// in the top-level array, never one in a string or an inner array or object.
    func testTheElementSeparatorIsAFirstLevelCommaOutsideStrings() {
        func separator(_ text: String, atOrAfter offset: Int) -> Int? {
            Array(text.utf8).withUnsafeBufferPointer { TitlesFile.elementSeparator(atOrAfter: offset, in: $0) }
        }
        // Commas at 4 (in a string), 9, 15 (in an inner array), 21 (after one), 31 (in a string),
        // 35 (after an object) and 42.
        let text = #" ["a,\"b", ["c", "d"], {"e": "f,g"}, "h\\", "i"]"#
        XCTAssertEqual([0, 9, 10, 22, 36, 42, 43].map { separator(text, atOrAfter: $0) }, [9, 9, 42, 42, 42, 42, nil])
        XCTAssertEqual(separator(#"["a" ,, "b"]"#, atOrAfter: 0), 5)
        XCTAssertNil(separator(#"["a" ,, "b"]"#, atOrAfter: 6), "a comma after a comma")
        XCTAssertNil(separator(#"[, "a"]"#, atOrAfter: 0), "a comma after the opening bracket")
        XCTAssertNil(separator(#"["a" 1, "b"]"#, atOrAfter: 0), "a comma after a number")
        XCTAssertNil(separator(#"{"a": "b", "c": "d"}"#, atOrAfter: 0), "not an array")
        XCTAssertNil(separator(#"x ["a", "b"]"#, atOrAfter: 0))
        XCTAssertNil(separator(#"["a"], ["b"]"#, atOrAfter: 0), "after the array has closed")
        XCTAssertNil(separator(#"["a", "b, c"#, atOrAfter: 5), "in a string that never closes")
        XCTAssertEqual(separator("\n\t [\"a\",\"b\"]", atOrAfter: 0), 7)
    }

    /// A large file's array is parsed in two pieces (`parseInTwo`): the same titles
    /// as parsing it whole, and the buffer holds the file again afterwards.
    func testAnArrayParsedInTwoPiecesEqualsTheWhole() throws {
        var generator = SeededGenerator(seed: 0x7115)
        let fragments = ["a", "一级", #"\""#, #"\\"#, ",", "]", "[", "{", " ", #"\u00e9"#, #"\ud83d\ude00"#, "é", "🔥"]
        let separators = [",", ", ", ",\n  ", " ,", "\t,\r\n"]
        var split = 0
        for trial in 0..<300 {
            let count = Int.random(in: 1...30, using: &generator)
            var text = Bool.random(using: &generator) ? "[" : " \n["
            for i in 0..<count {
                if i > 0 { text += separators.randomElement(using: &generator)! }
                text += "\"" + (0..<Int.random(in: 0...6, using: &generator)).map { _ in fragments.randomElement(using: &generator)! }.joined() + "\""
            }
            text += Bool.random(using: &generator) ? "]" : "]\n"
            let bytes = Array(text.utf8)
            let whole = try parse(bytes)
            var buffer = bytes + [0]
            let pieces = try buffer.withUnsafeMutableBufferPointer { try TitlesFile.parseInTwo($0, path: "t") }
            if let pieces {
                XCTAssertEqual(pieces, whole, "trial \(trial): \(text)")
                split += 1
            } else {
                // Only when no comma between elements lies past the middle (in the last title, say).
                XCTAssertNil(bytes.withUnsafeBufferPointer { TitlesFile.elementSeparator(atOrAfter: bytes.count / 2, in: $0) }, "trial \(trial): \(text)")
            }
            XCTAssertEqual(Array(buffer.dropLast()), bytes, "trial \(trial)")
        }
        XCTAssertGreaterThan(split, 250)
    }

    /// Where a piece is not an array of strings, `parseInTwo` gives nil (the
    /// caller parses the whole for the error); a trailing comma, which
    /// Foundation takes in a piece, is the same error as in the whole.
    func testAnArrayThatIsNotOfStringsIsNotParsedInTwo() throws {
        for text in [#"["a", "b", 3]"#, #"[1, "a", "b"]"#, #"["a", ["b"], "c", "d"]"#, #"["a", "b" "c", "d"]"#, #"["a", "b",, "c", "d"]"#, #"["a", "b", "c""#, "a,\nb,\nc\n"] {
            let bytes = Array(text.utf8)
            var buffer = bytes + [0]
            XCTAssertNil(try buffer.withUnsafeMutableBufferPointer { try TitlesFile.parseInTwo($0, path: "t") }, text)
            XCTAssertEqual(Array(buffer.dropLast()), bytes, text)
        }
        // A NUL after the cut would make Foundation read the second piece as UTF-16 (or UTF-32).
        // After the comma, the NULs that make "[" the first UTF-16 or UTF-32 character.
        for (nuls, tail) in [(1, "\"second\", \"€uro\", \"third\"]".data(using: .utf16LittleEndian)!),
                             (3, "\"x\", \"y\"]".data(using: .utf32LittleEndian)!)] {
            // The first title is longer than the rest: the comma before the NULs is the cut.
            let bytes = Array("[\"\(String(repeating: "a", count: 200))\",".utf8) + [UInt8](repeating: 0, count: nuls) + Array(tail)
            XCTAssertEqual(bytes.withUnsafeBufferPointer { TitlesFile.elementSeparator(atOrAfter: bytes.count / 2, in: $0) }, 203)
            var buffer = bytes + [0]
            XCTAssertNil(try buffer.withUnsafeMutableBufferPointer { try TitlesFile.parseInTwo($0, path: "t") })
            XCTAssertEqual(Array(buffer.dropLast()), bytes)
            XCTAssertThrowsError(try parse(bytes))
        }
        let trailing = Array("[\"a\", \"b\", \"c\",\n]".utf8)
        var buffer = trailing + [0]
        XCTAssertThrowsError(try buffer.withUnsafeMutableBufferPointer { try TitlesFile.parseInTwo($0, path: "t") }) { error in
            XCTAssertEqual("\(error)", "titles file t is malformed JSON: a comma before a closing bracket or brace around character 14 (line 1, column 15)")
        }
        XCTAssertThrowsError(try parse(trailing)) { error in
            XCTAssertEqual("\(error)", "titles file t is malformed JSON: a comma before a closing bracket or brace around character 14 (line 1, column 15)")
        }
    }

    /// A file of 1 MiB or more (`concurrentParseBytes`) reads as the same titles,
    /// and fails with the same messages, as its bytes parsed whole.
    func testALargeFileReadsAsItsBytesParseWhole() throws {
        let folder = try TemporaryFolder(prefix: "titles-large")
        let titles = (0..<50_000).map { $0 % 7 == 0 ? "标题 \($0), \"quoted\" \\ ]" : "title \($0) of a large file" }
        let json = Array(try JSONSerialization.data(withJSONObject: titles))
        XCTAssertGreaterThanOrEqual(json.count, TitlesFile.concurrentParseBytes)
        XCTAssertEqual(try TitlesFile.load(path: try folder.file("large.json", json)), titles)
        let elements = titles.map { "\"\($0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\"" }
        func file(_ change: (inout [String]) -> Void, suffix: String = "]") -> [UInt8] {
            var changed = elements
            change(&changed)
            return Array(("[" + changed.joined(separator: ",") + suffix).utf8)
        }
        let bad: [(String, [UInt8])] = [
            ("a number late", file { $0[40_000] = "12" }),
            ("a null early", file { $0[3] = "null" }),
            ("a trailing comma", file({ _ in }, suffix: ",]")),
            ("a missing comma late", file { $0[45_000] += " \"x\"" }),
            ("a line-form file", Array(titles.joined(separator: "\n").utf8) + [0xFF]),
            // The cut is the comma before the NUL (the first title is over half the file), as a fuzzer-made file had it.
            ("UTF-16 after the cut", Array("[\"\(String(repeating: "a", count: 1 << 20))\",\0".utf8)
                + Array("\"second\", \"€uro 😀\", \"third\"]".data(using: .utf16LittleEndian)!)),
        ]
        for (name, bytes) in bad {
            XCTAssertGreaterThanOrEqual(bytes.count, TitlesFile.concurrentParseBytes, name)
            let path = try folder.file("bad.json", bytes)
            var expected = ""
            XCTAssertThrowsError(try TitlesFile.parse(Data(bytes), path: path), name) { expected = "\($0)" }
            XCTAssertThrowsError(try TitlesFile.load(path: path), name) { XCTAssertEqual("\($0)", expected, name) }
        }
    }

    /// A number too large for Swift is placed where it is, at once however long
    /// it is, and shown by its ends.
    func testAVeryLongNumberIsPlacedAndShortened() {
        let digits = String(repeating: "1", count: 300_000)
        XCTAssertThrowsError(try parse("[\"\(digits)\", \(digits)e999]")) { error in
            XCTAssertEqual("\(error)", "titles file t is malformed JSON: Number 11111111111111111111…111111e999 (300004 characters) is not representable in Swift (line 1, column 300006)")
        }
    }

    /// `firstOffset` (Knuth–Morris–Pratt) finds what a search at every offset finds.
    func testFirstOffsetIsTheNaiveSearchsAnswer() {
        var generator = SeededGenerator(seed: 0x4B4D50)
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 0...2, using: &generator) }
            let needle = (0..<Int.random(in: 1...6, using: &generator)).map { _ in UInt8.random(in: 0...2, using: &generator) }
            let naive = bytes.count < needle.count ? nil
                : (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
            XCTAssertEqual(TitlesFile.firstOffset(of: needle, in: bytes), naive, "\(needle) in \(bytes)")
        }
        XCTAssertNil(TitlesFile.firstOffset(of: [], in: [1, 2]))
        XCTAssertEqual(TitlesFile.firstOffset(of: Array("1e9".utf8), in: Array("[\"11e9\", 11e9]".utf8)), 3)
    }

    func testMoreThanAMillionTitlesAreRefused() throws {
        let lines = [UInt8](repeating: 0, count: 0) + Array(String(repeating: "a\n", count: TitlesFile.maximumTitles).utf8)
        XCTAssertEqual(try parse(lines).count, TitlesFile.maximumTitles)
        XCTAssertThrowsError(try parse(lines + Array("b\n".utf8))) { error in
            XCTAssertEqual("\(error)", "titles file t has more than 1000000 titles")
        }
        let json = "[" + String(repeating: "\"a\",", count: TitlesFile.maximumTitles) + "\"b\"]"
        XCTAssertThrowsError(try parse(json)) { error in XCTAssertEqual("\(error)", "titles file t has more than 1000000 titles") }
    }

    func testJSONThatIsNotAnArrayOfStrings() {
        XCTAssertThrowsError(try parse(#"["a", 3]"#)) { error in
            XCTAssertEqual("\(error)", "titles file t must be a JSON array of strings: element 1 is a number or boolean, not a string")
        }
        XCTAssertThrowsError(try parse(#"["a", ["b"]]"#)) { error in XCTAssertTrue("\(error)".contains("element 1 is an array")) }
    }

    func testInvalidUTF8NamesTheByte() {
        XCTAssertThrowsError(try parse(Array("ab\n".utf8) + [0xFF] + Array("c".utf8))) { error in
            XCTAssertEqual(error as? TitlesFile.Failure, .invalidUTF8(path: "t", byteOffset: 3))
        }
    }

    func testEmptyTextHasNoTitles() {
        XCTAssertThrowsError(try parse("")) { error in XCTAssertEqual(error as? TitlesFile.Failure, .noTitles(path: "t")) }
        XCTAssertThrowsError(try parse(" \n\r\n"))
    }

    func testOnlyRegularFilesAreRead() throws {
        let fifo = NSTemporaryDirectory() + "titles-fifo-\(getpid())"
        unlink(fifo)
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        defer { unlink(fifo) }
        XCTAssertThrowsError(try TitlesFile.load(path: fifo)) { error in
            XCTAssertEqual("\(error)", "cannot read titles file \(fifo): not a regular file")
        }
        XCTAssertThrowsError(try TitlesFile.load(path: "/dev/zero")) { error in XCTAssertTrue("\(error)".contains("not a regular file")) }
    }

    func testMissingFileAndDirectory() {
        XCTAssertThrowsError(try TitlesFile.load(path: "/nonexistent/titles.json")) { error in
            XCTAssertEqual("\(error)", "cannot read titles file /nonexistent/titles.json: no such file")
        }
        XCTAssertThrowsError(try TitlesFile.load(path: NSTemporaryDirectory())) { error in
            XCTAssertTrue("\(error)".contains("it is a directory"))
        }
    }

    func testTheBundledTitlesFile() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let titles = try TitlesFile.load(path: root.appendingPathComponent("Resources/titles.json").path)
        XCTAssertEqual(titles, FixedAdvance.titles)
    }
}

final class TerminalTextTests: XCTestCase {
    func testControlCharactersAreEscaped() {
        XCTAssertEqual(TerminalText.oneLine("a\nb\r\tc"), "a\\nb\\r\\tc")
        XCTAssertEqual(TerminalText.oneLine("\u{1B}[31mred\u{7F}\u{85}"), "\\u{1B}[31mred\\u{7F}\\u{85}")
        XCTAssertEqual(TerminalText.oneLine("一级建造师 ok"), "一级建造师 ok")
    }
}
