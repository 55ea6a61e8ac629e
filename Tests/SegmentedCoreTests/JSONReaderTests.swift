import Foundation
import XCTest
@testable import SegmentedTitles

/// `JSONReader` against Foundation's `JSONSerialization`, a reader no one
/// here wrote: the same values for the same text.
final class JSONReaderTests: XCTestCase {
    private func read(_ text: String) throws -> JSONValue {
        try Array(text.utf8).withUnsafeBufferPointer { buffer throws(JSONReader.Failure) in try JSONReader.value(of: buffer) }
    }

    /// `JSONSerialization`'s result as a `JSONValue`; numbers compared by value, so written as `Double`s.
    private func reference(_ object: Any) -> JSONValue {
        switch object {
        case let text as String: return .string(text)
        case is NSNull: return .null
        case let array as [Any]: return .array(array.map(reference))
        case let object as [String: Any]: return .object(object.keys.sorted().map { JSONMember($0, reference(object[$0]!)) })
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }   // how NSNumber keeps a Bool
            return .number("\(number.doubleValue)")
        default: fatalError("unexpected \(type(of: object))")
        }
    }

    /// Ours with numbers as `Double`s and object members sorted, to compare with `reference`.
    private func normalized(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .number(text): return .number("\(Double(text)!)")
        case let .array(elements): return .array(elements.map(normalized))
        case let .object(members): return .object(members.sorted { $0.key < $1.key }.map { JSONMember($0.key, normalized($0.value)) })
        default: return value
        }
    }

    func testValuesAreJSONSerializations() throws {
        let documents = [
            #"["一级", "", "b c"]"#,
            #"["\"", "\\", "\/", "\b\f\n\r\t", "\u0000", "\u00e9\u4E00", "\uD83D\uDE00 and \ud83d\ude00", "a\u0301"]"#,
            #"[0, 1.5, -2.5e-3, 1E+2, 12345678901234567890, true, false, null]"#,
            #"{"title": "a", "badge": {"nested": [1, [2, {}]]}, "x": []}"#,
            #" [ { } , [ ] , "😀 \t tab" ] "#,
            "[\"" + String(repeating: "long title 标题 ", count: 500) + "\"]",
            // Long strings alike in their length and first and last 8 bytes (one slot of the recent ones), and repeated.
            #"["abcdefgh-X-ijklmnop", "abcdefgh-Y-ijklmnop", "abcdefgh-X-ijklmnop", "\/tmp\/icons\/a.png", "/tmp/icons/a.png", "\/tmp\/icons\/a.png"]"#,
            "[" + (0..<600).map { "\"a long title, number \($0 % 300)\"" }.joined(separator: ",") + "]",
        ]
        for text in documents {
            let expected = reference(try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]))
            XCTAssertEqual(normalized(try read(text)), expected, text)
        }
    }

    /// Given one at a time, an element keeps its members only when it is an
    /// object; nested arrays and objects come empty.
    func testElementsOneAtATimeKeepOnlyTopLevelMembers() throws {
        var elements = [JSONValue]()
        let document = try Array(#"[[1, [2]], {"a": [3], "b": {"c": 4}, "d": "e"}, "f"]"#.utf8).withUnsafeBufferPointer { buffer throws(JSONReader.Failure) in
            try JSONReader.value(of: buffer, eachTopLevelElement: { elements.append($0) })
        }
        XCTAssertEqual(document, .array([]))
        XCTAssertEqual(elements, [.array([]), .object([JSONMember("a", .array([])), JSONMember("b", .object([])), JSONMember("d", .string("e"))]), .string("f")])
        XCTAssertThrowsError(try read(#"[[1, [2,]]]"#), "a nested value not kept is still checked")
    }

    /// A long string written again (an icon path on every item) is the
    /// string read first, sharing its storage, not a copy of its own.
    func testALongStringWrittenAgainSharesTheFirstOnesStorage() throws {
        guard case let .array(values) = try read(#"["\/usr\/share\/icons\/a.png", "a title of more than 15 bytes", "\/usr\/share\/icons\/a.png"]"#),
              case var .string(first) = values[0], case var .string(again) = values[2], case var .string(other) = values[1] else {
            return XCTFail("not three strings")
        }
        XCTAssertEqual(first, "/usr/share/icons/a.png")
        XCTAssertEqual(again, first)
        let storage = { (text: inout String) in text.withUTF8 { $0.baseAddress } }
        XCTAssertEqual(storage(&again), storage(&first))
        XCTAssertNotEqual(storage(&other), storage(&first))
    }

    /// A top-level object's key is the last object's key at the same place
    /// only when its bytes as written are the same: keys in another order,
    /// written with escapes, longer, shorter or ending in an escaped backslash still read as written.
    func testTopLevelKeysReadAsWrittenWhateverTheLastObjectHad() throws {
        let text = #"[{"title": "a", "id": "x"}, {"titles": 2, "id": "y"}, {"title": "b", "i": 1}, {"id": "z", "title": "c"},"#
            + #" {"ti\u0074le": "c2"}, {"title\\": "d", "id\"": "f"}, {"title\\": "e"}, {"tit": 3}]"#
        var elements = [JSONValue]()
        _ = try Array(text.utf8).withUnsafeBufferPointer { buffer throws(JSONReader.Failure) in
            try JSONReader.value(of: buffer, eachTopLevelElement: { elements.append($0) })
        }
        let expected = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any])
        XCTAssertEqual(elements.map(normalized), expected.map(reference))
        XCTAssertEqual(elements.count, 8)
    }

    func testMembersKeepTheirOrderAndRepeats() throws {
        XCTAssertEqual(try read(#"{"b": 1, "a": "x", "b": null}"#), .object([JSONMember("b", .number("1")), JSONMember("a", .string("x")), JSONMember("b", .null)]))
        XCTAssertEqual(try read("-1.50e+3"), .number("-1.50e+3"), "a number keeps its text")
    }

    /// Every text `JSONSerialization` refuses, this reader refuses too, at the byte named.
    func testWhatJSONRefusesIsRefusedAtItsByte() {
        // (Foundation on Linux takes a trailing comma: TitlesFileTests has it.)
        for (text, offset) in [("[01]", 1), ("[1.]", 3), ("[\"a", 3), ("{\"a\" 1}", 5), ("{1: 2}", 1),
                               ("[\"\\uD800\"]", 2), ("[\"\\uDC00x\"]", 2), ("[\"\\u12G4\"]", 2), ("[\"a\tb\"]", 3), ("[] []", 3)] {
            XCTAssertNil(try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]), "the reference takes \(text)")
            XCTAssertThrowsError(try read(text), text) { error in
                XCTAssertEqual((error as? JSONReader.Failure)?.offset, offset, "\(text): \(error)")
            }
        }
    }
}
