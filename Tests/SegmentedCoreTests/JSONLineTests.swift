import Foundation
import SegmentedTitles
import XCTest

/// The trace lines' writer against the text Foundation's `JSONSerialization`
/// wrote for the same values before the programs stopped linking it.
final class JSONLineTests: XCTestCase {
    private func serialized(_ object: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    func testNumbersAreWrittenAsJSONSerializationWroteThem() throws {
        let numbers: [Any] = [0.0, -0.0, 1.0, 0.1, 1.5, 100.0, 1e15, 1e16, 1e21, 1.2345678901234568e17, 1e-7, 16.666666666666668,
                              Double.greatestFiniteMagnitude, Float(0.1), Float(1.5), 3, -7, UInt32.max, Int32.min, Int.max]
        for number in numbers {
            XCTAssertEqual(JSONLine.text(["n": number]), try serialized(["n": number]), "\(number)")
        }
        XCTAssertEqual(JSONLine.text(["a": 1e16, "b": 100.0, "c": -0.0, "d": Float(0.1)]), #"{"a":1e+16,"b":100,"c":-0,"d":0.1}"#)
    }

    func testKeysAreSortedAtEveryLevelAndNullIsWritten() {
        let object: [String: Any] = ["event": "ready", "b": ["z": true, "y": [1, "x", JSONNull()] as [Any]] as [String: Any],
                                     "a": Optional<Int>.none as Any, "c": Optional(2) as Any, "d": false]
        XCTAssertEqual(JSONLine.text(object), #"{"a":null,"b":{"y":[1,"x",null],"z":true},"c":2,"d":false,"event":"ready"}"#)
        XCTAssertEqual(JSONLine.text(["fonts": ["DejaVu Sans", "Noto"], "weights": ["1": 0.5]]), #"{"fonts":["DejaVu Sans","Noto"],"weights":{"1":0.5}}"#)
    }

    func testStringsEscapeQuotesBackslashesAndControlCharactersOnly() throws {
        let title = "a\"b\\c\n\r\t\u{1}\u{1f}é€ 标题 \u{7f}"
        let text = try XCTUnwrap(JSONLine.text(["title": title]))
        XCTAssertEqual(text, #"{"title":"a\"b\\c\n\r\t\u0001\u001fé€ 标题 "# + "\u{7f}\"}")
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        XCTAssertEqual(parsed?["title"] as? String, title)
    }

    /// `JSONSerialization` threw on these, and the line was not written.
    func testANonFiniteNumberOrAnUnknownTypeWritesNoLine() {
        XCTAssertNil(JSONLine.text(["n": Double.nan]))
        XCTAssertNil(JSONLine.text(["n": [Double.infinity]]))
        XCTAssertNil(JSONLine.text(["n": 1 ..< 2]))
    }
}
