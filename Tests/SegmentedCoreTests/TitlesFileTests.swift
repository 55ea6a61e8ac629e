import Foundation
import CJansson
import XCTest
@testable import SegmentedTitles
import TestSupport

final class TitlesFileTests: XCTestCase {
    private func parse(_ bytes: [UInt8]) throws -> [String] { try TitlesFile.parse(Data(bytes), path: "t") }
    private func parse(_ text: String) throws -> [String] { try parse(Array(text.utf8)) }

    func testJSONArray() throws {
        XCTAssertEqual(try parse(#" ["一级", "b c", ""] "#), ["一级", "b c", ""])
        XCTAssertEqual(try parse("[]"), [])
    }

    /// A long array: every title in its place, and the first element that is
    /// not a string named, in either half.
    func testALongArrayIsCastInOrderAndItsFirstNonStringNamed() throws {
        let count = 20_011
        let titles = (0..<count).map { $0 % 3 == 0 ? "标题 \($0)" : "title \($0) with a longer tail" }
        let json = try JSONSerialization.data(withJSONObject: titles)
        XCTAssertEqual(try TitlesFile.parse(json, path: "t"), titles)
        for (bad, replacement, kind) in [(count - 2, "null", "null"), (count / 2 + 1, "7", "a number"), (5, "[{}]", "an array")] {
            var elements = titles.map { "\"\($0)\"" }
            elements[bad] = replacement
            elements[count - 1] = "[]"   // later ones are not named
            XCTAssertThrowsError(try parse("[" + elements.joined(separator: ",") + "]")) { error in
                XCTAssertEqual("\(error)", "titles file t must be a JSON array of strings and items: element \(bad) is \(kind), not a string or an item")
            }
        }
    }

    func testLinesWithBOMAndCRLFSkipBlankLines() throws {
        XCTAssertEqual(try parse([0xEF, 0xBB, 0xBF] + Array("一级建造师\r\n二级\r\n\r\n  \nlast".utf8)), ["一级建造师", "二级", "last"])
    }

    func testOnlyOneFormPerFirstCharacter() throws {
        XCTAssertThrowsError(try parse("{}")) { error in
            XCTAssertEqual("\(error)", "titles file t must be a JSON array of strings and items: the top level is an object, not an array")
        }
        XCTAssertThrowsError(try parse(#""str""#)) { error in XCTAssertTrue("\(error)".contains("the top level is a string")) }
        XCTAssertEqual(try parse([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array(#"["a"]"#.utf8)), ["a"], "repeated BOMs")
        // Inside a string U+FEFF is a character, and stays (Foundation's JSONSerialization on Linux drops it).
        XCTAssertEqual(try parse([0xEF, 0xBB, 0xBF] + Array(#"["\#u{FEFF}a", "﻿"]"#.utf8)), ["\u{FEFF}a", "\u{FEFF}"])
        XCTAssertEqual(try parse("a\rb\r\nc\n\u{3000}\n"), ["a", "b", "c"], "lone CR; an ideographic-space line is blank")
        XCTAssertEqual(try parse(" x \n"), [" x "], "titles keep their own spaces")
    }

    /// A `.json` name means JSON: text that JSON does not start with is a
    /// placed error there, not a strip of its lines; other names keep lines.
    func testAJSONNameIsReadAsJSON() throws {
        for (text, detail) in [("abc", "invalid token near 'abc' (line 1, column 3)"), ("]", "unexpected token near ']' (line 1, column 1)"),
                               ("\u{FEFF}\n  abc\n", "invalid token near 'abc' (line 2, column 5)"), ("", "unexpected token near end of file (line 1, column 0)"),
                               ("一级\n二级", "invalid token near '一' (line 1, column 1)")] {
            for name in ["t.json", "T.JSON"] {
                XCTAssertThrowsError(try TitlesFile.parse(Data(text.utf8), path: name), text) { error in
                    XCTAssertEqual("\(error)", "titles file \(name) is malformed JSON: \(detail)", text)
                }
            }
        }
        XCTAssertEqual(try TitlesFile.parse(Data("abc\n]".utf8), path: "t.txt"), ["abc", "]"])
        XCTAssertEqual(try TitlesFile.parse(Data("abc".utf8), path: "t.json.txt"), ["abc"])
        XCTAssertEqual(try TitlesFile.parse(Data(" [\"a\"]".utf8), path: "t.json"), ["a"])
    }

    func testMalformedJSONGivesItsPosition() {
        XCTAssertThrowsError(try parse("[\"a\",\n  x]")) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("malformed JSON"), message)
            XCTAssertTrue(message.contains("line 2, column 3"), message)
        }
        XCTAssertThrowsError(try parse("[\"a\"")) { error in
            XCTAssertEqual("\(error)", "titles file t is malformed JSON: ']' expected near end of file (line 1, column 4)")
        }
    }

    /// jansson places a lone surrogate escape at the end of its string.
    func testALoneSurrogateEscapeIsPlacedWhereItIs() {
        XCTAssertThrowsError(try parse(#"["\ud800 x"]"#)) { error in
            XCTAssertEqual("\(error)", #"titles file t is malformed JSON: invalid Unicode '\uD800' near '"\ud800 x"' (line 1, column 11)"#)
        }
        XCTAssertThrowsError(try parse(#"["\udc00"]"#)) { error in
            XCTAssertEqual("\(error)", #"titles file t is malformed JSON: invalid Unicode '\uDC00' near '"\udc00"' (line 1, column 9)"#)
        }
        // A valid pair first, escaped quotes and backslashes before, the bad one on line 2.
        XCTAssertThrowsError(try parse("[\"ok \\\" \\\\\", \"\\ud83d\\ude00\",\n  \"a\\uD83D b\"]")) { error in
            XCTAssertEqual("\(error)", #"titles file t is malformed JSON: invalid Unicode '\uD83D' near '"a\uD83D b"' (line 2, column 13)"#)
        }
        XCTAssertEqual(try parse(#"["\ud83d\ude00"]"#), ["😀"])
    }

    func testEveryMalformedJSONMessageHasALineAndColumn() {
        for (text, position) in [("[1e999999999", "(line 1, column 12)"), ("[\"a\",\n \"\\uZZZZ\"]", "(line 2, column "),
                                 ("[\"a\u{01}\"]", "(line 1, column 3)"), ("[ \"a\" , ]", "(line 1, column 9)"),
                                 ("[\"a\",\n  \"b\",\n]", "(line 3, column 1)")] {
            XCTAssertThrowsError(try parse(text), text) { error in
                XCTAssertTrue("\(error)".contains("malformed JSON"), "\(error)")
                XCTAssertTrue("\(error)".contains(position), "\(text): \(error)")
            }
        }
        // A comma inside a string, or between elements, is no trailing comma.
        XCTAssertEqual(try parse(#"["a, ]", "b"]"#), ["a, ]", "b"])
        // Escaped quotes and backslashes: where each string ends.
        XCTAssertEqual(try parse(#"["a\", ]", "\\", "\\\", ]", "\\\\"]"#), [#"a", ]"#, #"\"#, #"\", ]"#, #"\\"#])
        XCTAssertEqual(try parse(#"["a\", ]"]"#), [#"a", ]"#], "the comma is inside the string")
        for (text, bracket) in [(#"["a\"", ]"#, 9), (#"["a\\", ]"#, 9), (#"["\u005C", ]"#, 12)] {
            XCTAssertThrowsError(try parse(text), text) { error in
                XCTAssertEqual("\(error)", "titles file t is malformed JSON: unexpected token near ']' (line 1, column \(bracket))")
            }
        }
        XCTAssertThrowsError(try parse(#"["unterminated, ]"#)) { error in
            XCTAssertEqual("\(error)", "titles file t is malformed JSON: premature end of input near '\"unterminated, ]' (line 1, column 17)", "no trailing comma in a string")
        }
    }

    /// What JSONDecoder takes and JSON does not is refused, and each syntax
    /// error is placed by jansson (JSONDecoder's own error gives no position).
    func testWhatJSONRefusesIsRefusedAndPlaced() {
        let deep = String(repeating: "[", count: Int(JSON_PARSER_MAX_DEPTH) + 1) + String(repeating: "]", count: Int(JSON_PARSER_MAX_DEPTH) + 1)
        for (text, detail) in [("[01]", "invalid token near '0' (line 1, column 2)"),
                               ("[1.]", "invalid token near '1.' (line 1, column 3)"),
                               ("[-]", "invalid token near '-' (line 1, column 2)"),
                               ("[1e]", "invalid token near '1e' (line 1, column 3)"),
                               ("[tru]", "invalid token near 'tru' (line 1, column 4)"),
                               ("[\"a\"\u{0C}]", "']' expected near '\\u{C}' (line 1, column 5)"),
                               ("[\"a\"] x", "end of file expected near 'x' (line 1, column 7)"),
                               ("[\"a\\x\"]", "invalid escape near '\"a\\x' (line 1, column 5)"),
                               (#"{"a": "b",}"#, "string or '}' expected near '}' (line 1, column 11)"),
                               (#"["a", {"b": 1,}]"#, "string or '}' expected near '}' (line 1, column 15)"),
                               (deep, "maximum parsing depth reached near '[' (line 1, column \(Int(JSON_PARSER_MAX_DEPTH) + 1))")] {
            XCTAssertThrowsError(try parse(text), text) { error in
                XCTAssertEqual("\(error)", "titles file t is malformed JSON: \(detail)", text)
            }
        }
        let deepest = "[" + String(repeating: "[", count: Int(JSON_PARSER_MAX_DEPTH) - 1) + String(repeating: "]", count: Int(JSON_PARSER_MAX_DEPTH) - 1) + "]"
        XCTAssertThrowsError(try parse(deepest)) { error in XCTAssertTrue("\(error)".hasSuffix("element 0 is an array, not a string or an item"), "\(error)") }
        XCTAssertThrowsError(try parse("[\"a\", null]")) { error in XCTAssertTrue("\(error)".hasSuffix("element 1 is null, not a string or an item"), "\(error)") }
        XCTAssertThrowsError(try parse("[\"a\",\n true]")) { error in XCTAssertTrue("\(error)".hasSuffix("element 1 is a boolean, not a string or an item"), "\(error)") }
        XCTAssertThrowsError(try parse("[\"a\", -1.5e3]")) { error in XCTAssertTrue("\(error)".hasSuffix("element 1 is a number, not a string or an item"), "\(error)") }
        XCTAssertEqual(try parse(#"["a\u0000b", "\/"]"#), ["a\u{0}b", "/"])
    }

    /// A trailing comma, which JSONDecoder takes, is refused as JSON refuses it;
    /// so is text after a NUL that could be read as UTF-16.
    func testATrailingCommaAndUTF16AreRefused() throws {
        // After the comma, the NULs that make "[" the first UTF-16 or UTF-32 character.
        for (nuls, tail) in [(1, "\"second\", \"€uro\", \"third\"]".data(using: .utf16LittleEndian)!),
                             (3, "\"x\", \"y\"]".data(using: .utf32LittleEndian)!)] {
            let bytes = Array("[\"\(String(repeating: "a", count: 200))\",".utf8) + [UInt8](repeating: 0, count: nuls) + Array(tail)
            XCTAssertThrowsError(try parse(bytes))
        }
        let trailing = Array("[\"a\", \"b\", \"c\",\n]".utf8)
        XCTAssertThrowsError(try parse(trailing)) { error in
            XCTAssertEqual("\(error)", "titles file t is malformed JSON: unexpected token near ']' (line 2, column 1)")
        }
    }

    /// A file of 1 MiB or more reads as the same titles, and fails with the
    /// same messages, as its bytes parsed whole.
    func testALargeFileReadsAsItsBytesParseWhole() throws {
        let folder = try TemporaryFolder(prefix: "titles-large")
        let titles = (0..<50_000).map { $0 % 7 == 0 ? "标题 \($0), \"quoted\" \\ ]" : "title \($0) of a large file" }
        let json = Array(try JSONSerialization.data(withJSONObject: titles))
        XCTAssertGreaterThanOrEqual(json.count, 1 << 20)
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
            XCTAssertGreaterThanOrEqual(bytes.count, 1 << 20, name)
            let path = try folder.file("bad.json", bytes)
            var expected = ""
            XCTAssertThrowsError(try TitlesFile.parse(Data(bytes), path: path), name) { expected = "\($0)" }
            XCTAssertThrowsError(try TitlesFile.load(path: path), name) { XCTAssertEqual("\($0)", expected, name) }
        }
    }

    /// A number is a number however long it is, and named as an element's
    /// kind; one that no double holds is refused where jansson reads it.
    func testAVeryLongNumberIsANumber() {
        let digits = String(repeating: "1", count: 300_000)
        XCTAssertThrowsError(try parse("[\"\(digits)\", 0.\(digits)]")) { error in
            XCTAssertEqual("\(error)", "titles file t must be a JSON array of strings and items: element 1 is a number, not a string or an item")
        }
        XCTAssertThrowsError(try parse("[\"a\", \(digits)]")) { error in
            XCTAssertEqual("\(error)", "titles file t is malformed JSON: too big integer (line 1, column 300006)")
        }
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

    /// 16 MiB of `{},` is 5.6 million objects, over 1 GiB in jansson: the
    /// load stops at its limit, with a message and all of it freed; a file
    /// read after it reads.
    func testJSONNeedingTooMuchMemoryIsRefused() throws {
        let objects = "[" + String(repeating: "{},", count: TitlesFile.maximumBytes / 3 - 1) + "{}]"
        XCTAssertLessThanOrEqual(objects.utf8.count, TitlesFile.maximumBytes)
        XCTAssertThrowsError(try parse(objects)) { error in
            XCTAssertEqual("\(error)", "titles file t is too large to read: its JSON values need more than 256 MiB")
        }
        XCTAssertEqual(TitlesFile.JSONMemory.inUse.load(ordering: .relaxed), 0)
        XCTAssertEqual(try parse(#"["a", {"title": "b"}]"#), ["a", "b"])
    }

    func testJSONThatIsNotAnArrayOfStrings() {
        XCTAssertThrowsError(try parse(#"["a", 3]"#)) { error in
            XCTAssertEqual("\(error)", "titles file t must be a JSON array of strings and items: element 1 is a number, not a string or an item")
        }
        XCTAssertThrowsError(try parse(#"["a", ["b"]]"#)) { error in XCTAssertTrue("\(error)".contains("element 1 is an array")) }
    }

    func testInvalidUTF8NamesTheByte() {
        XCTAssertThrowsError(try parse(Array("ab\n".utf8) + [0xFF] + Array("c".utf8))) { error in
            XCTAssertEqual(error as? TitlesFile.Failure, .invalidUTF8(path: "t", byteOffset: 3))
        }
        // In a JSON string, after a BOM and an escape: the byte's offset in the file.
        XCTAssertThrowsError(try parse([0xEF, 0xBB, 0xBF] + Array(#"["ok", "a\n"#.utf8) + [0xE4, 0xB8] + Array(#"x"]"#.utf8))) { error in
            XCTAssertEqual(error as? TitlesFile.Failure, .invalidUTF8(path: "t", byteOffset: 14))
        }
        XCTAssertThrowsError(try parse(Array(#"[{"title": "a", ""#.utf8) + [0xC0, 0x80] + Array(#"": 1}]"#.utf8))) { error in
            XCTAssertEqual(error as? TitlesFile.Failure, .invalidUTF8(path: "t", byteOffset: 17), "in a key")
        }
        XCTAssertThrowsError(try parse(Array("[\"a\", ".utf8) + [0xFF] + Array("]".utf8))) { error in
            XCTAssertEqual(error as? TitlesFile.Failure, .invalidUTF8(path: "t", byteOffset: 6), "outside a string")
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

    /// A file larger than `fstat` said when it was opened (a /proc file says
    /// 0 bytes) is read to its end, its buffer growing as it is read.
    func testAFileLargerThanItsStatSizeIsReadWhole() throws {
        let path = "/proc/self/mounts"
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_size, 0, "a file whose size is not known before it is read")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertGreaterThan(text.utf8.count, 1)
        XCTAssertEqual(try TitlesFile.load(path: path), text.split(separator: "\n").map(String.init).filter { !$0.allSatisfy(\.isWhitespace) })
    }

    func testMissingFileAndDirectory() {
        XCTAssertThrowsError(try TitlesFile.load(path: "/nonexistent/titles.json")) { error in
            XCTAssertEqual("\(error)", "cannot read titles file /nonexistent/titles.json: no such file")
        }
        XCTAssertThrowsError(try TitlesFile.load(path: NSTemporaryDirectory())) { error in
            XCTAssertTrue("\(error)".contains("it is a directory"))
        }
        XCTAssertThrowsError(try TitlesFile.load(path: "")) { error in
            XCTAssertEqual("\(error)", "cannot read titles file: the path is empty")
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

    /// A right-to-left override (Trojan Source's U+202E) or an isolate would
    /// reorder the rest of the line on the terminal; Arabic letters are text.
    func testBidirectionalControlsAreEscaped() {
        XCTAssertEqual(TerminalText.oneLine("key\u{202E}gnp.exe\u{2066}x\u{200F}"), "key\\u{202E}gnp.exe\\u{2066}x\\u{200F}")
        XCTAssertEqual(TerminalText.oneLine("مرحبا"), "مرحبا")
    }

    /// Quoted text shows its own quotes and backslashes escaped, as JSON writes them.
    func testQuotedTextEscapesItsQuotes() {
        XCTAssertEqual(TerminalText.quoted(#"ti"tle"#), #""ti\"tle""#)
        XCTAssertEqual(TerminalText.quoted(#"a\b"#), #""a\\b""#)
        XCTAssertEqual(TerminalText.quoted(String(repeating: "k", count: 81)), "\"" + String(repeating: "k", count: 80) + "…\"")
    }
}
