import Foundation
import XCTest
import SegmentedCore
@testable import SegmentedTitles

/// Item objects in a titles file: what each key takes, and the message for each mistake.
final class TitlesFileItemTests: XCTestCase {
    private func items(_ text: String) throws -> [SegmentItem] { try TitlesFile.parseItems(Data(text.utf8), path: "t") }

    private func assertRefused(_ text: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try items(text), file: file, line: line) { error in
            XCTAssertEqual("\(error)", message, file: file, line: line)
        }
    }

    func testStringsAndObjectsMix() throws {
        let parsed = try items(#"""
        ["一级", {"title": "二级", "icon": "mail-unread-symbolic", "badge": 3, "enabled": false, "tooltip": "二级建造师", "id": "b"},
         {"title": "c", "icon": "./icons/c.png", "badge": "dot"}, {"title": "d", "badge": "  New  ", "icon": null}, {"title": "e", "enabled": true}]
        """#)
        XCTAssertEqual(parsed, [
            SegmentItem("一级"),
            SegmentItem(title: "二级", icon: .named("mail-unread-symbolic"), badge: .count(3), isEnabled: false, tooltip: "二级建造师", id: "b"),
            SegmentItem(title: "c", icon: .file(path: "./icons/c.png"), badge: .dot),
            SegmentItem(title: "d", badge: .text("New")),
            SegmentItem("e"),
        ])
        XCTAssertEqual(try TitlesFile.parse(Data(#"[{"title": "a", "badge": 0}, "b"]"#.utf8), path: "t"), ["a", "b"])
        XCTAssertEqual(try items("a\nb\n"), [SegmentItem("a"), SegmentItem("b")], "lines are plain titles")
    }

    func testEachKeysMistakeIsNamed() {
        assertRefused(#"["a", "b", {}]"#, #"titles file t: element 2: "title" is required"#)
        assertRefused(#"[{"title": 5}]"#, #"titles file t: element 0: "title" must be a string"#)
        assertRefused(#"[{"title": null}]"#, #"titles file t: element 0: "title" is required"#)
        let badge = #""badge" must be a count, "dot" or a short text (an integer from 0, or 1 to 12 characters)"#
        for value in ["-1", "2.5", "true", "\"\"", "\"   \"", "\"1234567890123\"", "[]", "{}", "1e30"] {
            assertRefused(#"["a", "b", "c", {"title": "d", "badge": \#(value)}]"#, "titles file t: element 3: " + badge)
        }
        assertRefused(#"[{"title": "a", "enabled": "no"}]"#, #"titles file t: element 0: "enabled" must be true or false"#)
        assertRefused(#"[{"title": "a", "enabled": 0}]"#, #"titles file t: element 0: "enabled" must be true or false"#)
        assertRefused(#"[{"title": "a", "icon": 7}]"#, #"titles file t: element 0: "icon" must be a file path or an icon name"#)
        assertRefused(#"[{"title": "a", "icon": " "}]"#, #"titles file t: element 0: "icon" must be a file path or an icon name"#)
        assertRefused(#"[{"title": "a", "tooltip": false}]"#, #"titles file t: element 0: "tooltip" must be a string"#)
        assertRefused(#"[{"title": "a", "id": 3}]"#, #"titles file t: element 0: "id" must be a non-empty string"#)
        assertRefused(#"[{"title": "a", "id": ""}]"#, #"titles file t: element 0: "id" must be a non-empty string"#)
    }

    func testUnknownKeysAreRefusedByName() {
        let keys = #"(an item has "title", "icon", "badge", "enabled", "tooltip", "id")"#
        assertRefused(#"["a", {"title": "b", "enable": false}]"#, #"titles file t: element 1: unknown key "enable" "# + keys)
        assertRefused(#"[{"title": "b", "zz": 1, "colour": 2}]"#, #"titles file t: element 0: unknown key "zz" "# + keys)
        assertRefused(#"[{"title": "b", "a\u001b[2J": 1}]"#, #"titles file t: element 0: unknown key "a\u{1B}[2J" "# + keys)
        // Its own quote escaped, as a breaker pass asked: `unknown key "ti"tle"` read as two keys.
        assertRefused(#"[{"title": "a"}, {"ti\"tle": "b"}]"#, #"titles file t: element 1: unknown key "ti\"tle" "# + keys)
        assertRefused(#"[{"title": "a", "id": "a\"b"}, {"title": "c", "id": "a\"b"}]"#,
                      #"titles file t: elements 0 and 1 have the same "id" "a\"b""#)
    }

    /// What a breaker pass found: ids told apart by code point, a NUL in an
    /// icon path, a signed count, a badge of stacked marks, a long key quoted.
    func testHostileValues() throws {
        XCTAssertEqual(try items(#"[{"title": "a", "id": "\u00e9"}, {"title": "b", "id": "e\u0301"}, {"title": "c", "id": "\u212a"}, {"title": "d", "id": "K"}]"#).compactMap(\.id).count, 4,
                       "canonically equivalent ids are different ids")
        assertRefused(#"[{"title": "a", "icon": "/tmp/real.png\u0000.x"}]"#, #"titles file t: element 0: "icon" must be a file path or an icon name"#)
        let badge = #""badge" must be a count, "dot" or a short text (an integer from 0, or 1 to 12 characters)"#
        // JSON's -0 is the integer 0 to jansson, which keeps no number's text.
        XCTAssertEqual(try items(#"[{"title": "a", "badge": -0}]"#), [SegmentItem(title: "a", badge: .count(0))])
        assertRefused(#"[{"title": "a", "badge": -1}]"#, "titles file t: element 0: " + badge)
        assertRefused(#"[{"title": "a", "badge": "a\#(String(repeating: "\u{301}", count: 40))"}]"#, "titles file t: element 0: " + badge) // one character of 81 bytes
        let key = String(repeating: "k", count: 10_000)
        XCTAssertThrowsError(try items(#"[{"title": "a", "\#(key)": 1}]"#)) { error in
            XCTAssertTrue("\(error)".contains(#"unknown key ""# + String(repeating: "k", count: 80) + #"…" (an item has"#), "\(error)")
            XCTAssertLessThan("\(error)".count, 250)
        }
    }

    /// Arrays and objects inside an element are checked, not kept: 1 MiB of
    /// `[[{},{},…]]` is refused by its kind with little memory.
    func testNestedValuesAreNotKept() throws {
        let nested = "[[" + String(repeating: "{},", count: 350_000) + "{}]]"
        assertRefused(nested, "titles file t must be a JSON array of strings and items: element 0 is an array, not a string or an item")
        assertRefused(#"[{"title": "a", "badge": [{}, {"x": [1]}]}]"#, "titles file t: element 0: " + #""badge" must be a count, "dot" or a short text (an integer from 0, or 1 to 12 characters)"#)
    }

    /// jansson refuses a repeated key while it reads (`JSON_REJECT_DUPLICATES`), and names it and its place.
    func testARepeatedKeyIsRefused() {
        assertRefused(#"[{"title": "a", "badge": 1, "badge": null}]"#,
                      #"titles file t is malformed JSON: duplicate object key near '"badge"' (line 1, column 35)"#)
        assertRefused(#"[{"title": "a"},\#n {"title": "b", "title": "c"}]"#,
                      #"titles file t is malformed JSON: duplicate object key near '"title"' (line 2, column 23)"#)
    }

    func testDuplicateIDsNameBothElements() throws {
        assertRefused(#"[{"title": "a", "id": "x"}, "b", {"title": "c", "id": "y"}, {"title": "d", "id": "x"}]"#,
                      #"titles file t: elements 0 and 3 have the same "id" "x""#)
        XCTAssertEqual(try items(#"[{"title": "a", "id": "x"}, {"title": "a", "id": "X"}]"#).map(\.id), ["x", "X"], "ids are case-sensitive")
    }

    func testOtherElementsKeepTheirMessages() {
        assertRefused(#"["a", null]"#, "titles file t must be a JSON array of strings and items: element 1 is null, not a string or an item")
        assertRefused(#"["a", [1]]"#, "titles file t must be a JSON array of strings and items: element 1 is an array, not a string or an item")
    }

    /// A long file of items (2 MB): every item in its place, with quotes,
    /// backslashes and commas in its strings, and the first error named
    /// wherever it is.
    func testALongFileOfItems() throws {
        let count = 12_000
        func element(_ i: Int) -> String {
            #"{"title": "标题 \#(i) \"a\", \\", "icon": "\/icons\/\#(i % 7).png", "badge": \#(i % 3 == 0 ? "\(i)" : #""新""#), "id": "id\#(i)", "tooltip": "\#(String(repeating: "长", count: 20))"}"#
        }
        var elements = (0..<count).map(element)
        elements[5] = #""plain, \"quoted\" title""#
        let text = "[" + elements.joined(separator: ",\n") + "]"
        XCTAssertGreaterThan(text.utf8.count, 1 << 20)
        let parsed = try items(text)
        XCTAssertEqual(parsed.count, count)
        XCTAssertEqual(parsed[5], SegmentItem(#"plain, "quoted" title"#))
        for i in [0, 1, 2, count / 2 - 1, count / 2, count / 2 + 1, count - 1] where i != 5 {
            XCTAssertEqual(parsed[i], SegmentItem(title: #"标题 \#(i) "a", \"#, icon: .file(path: "/icons/\(i % 7).png"),
                                                  badge: i % 3 == 0 ? .count(i) : .text("新"), tooltip: String(repeating: "长", count: 20),
                                                  id: "id\(i)"), "item \(i)")
        }
        func refused(_ change: (inout [String]) -> Void, _ message: String, line: UInt = #line) {
            var changed = elements
            change(&changed)
            assertRefused("[" + changed.joined(separator: ",\n") + "]", message, line: line)
        }
        refused({ $0[count - 10] = element(20) }, #"titles file t: elements 20 and \#(count - 10) have the same "id" "id20""#)
        refused({ $0[count - 10] = element(count - 100); $0[count - 5] = element(30) },
                #"titles file t: elements \#(count - 100) and \#(count - 10) have the same "id" "id\#(count - 100)""#)
        refused({ $0[count - 10] = element(count - 100); $0[count - 50] = element(30) },
                #"titles file t: elements 30 and \#(count - 50) have the same "id" "id30""#)
        refused({ $0[count - 3] = "7"; $0[count / 2 + 2] = #"{"title": "x", "colour": 1}"# },
                #"titles file t: element \#(count / 2 + 2): unknown key "colour" (an item has "title", "icon", "badge", "enabled", "tooltip", "id")"#)
        refused({ $0[count - 3] = "7"; $0[3] = "null" }, "titles file t must be a JSON array of strings and items: element 3 is null, not a string or an item")
        // A syntax error late and a wrong element early: the syntax error, placed in the whole text.
        var late = elements
        late[count - 3] = "[1,]"
        late[3] = "null"
        let lateText = "[" + late.joined(separator: ",\n") + "]"
        assertRefused(lateText, "titles file t is malformed JSON: unexpected token near ']' (line \(count - 2), column 4)")
    }

    func testTheBundledItemsParse() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let items = try TitlesFile.loadItems(path: root.appendingPathComponent("Resources/items.json").path)
        XCTAssertGreaterThanOrEqual(items.count, 8)
        XCTAssertEqual(items.filter { !$0.isEnabled }.count, 1)
        XCTAssertTrue(items.contains { $0.badge != nil } && items.contains { $0.tooltip != nil } && items.contains { $0.icon != nil })
    }
}
