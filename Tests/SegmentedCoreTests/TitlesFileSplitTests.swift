import XCTest
@testable import SegmentedTitles
import SegmentedCore

/// A long JSON array is read in two halves at once (`TitlesFile.parseJSON`):
/// the head on this thread, the tail on another from a comma near the
/// middle. Whatever the text, the result must be the one reader's.
final class TitlesFileSplitTests: XCTestCase {
    /// The contents, or the error's message, read whole and read in two halves.
    private func bothWays(_ text: String) -> (whole: String, halves: String) {
        func read(_ minimum: Int) -> String {
            do {
                let contents = try TitlesFile.parseContents(Array(text.utf8), path: "t", minimumSplitBytes: minimum)
                return "\(contents.items)"
            } catch {
                return "\(error)"
            }
        }
        return (read(.max), read(0))
    }

    private func items(_ count: Int, _ change: (Int) -> String? = { _ in nil }) -> String {
        "[" + (0..<count).map { change($0) ?? #"{"title": "t\#($0)", "badge": \#($0), "id": "i\#($0)"}"# }.joined(separator: ", ") + "]"
    }

    func testTheSplitIsACommaBetweenElementsPastTheMiddle() {
        func split(_ text: String) -> Int? {
            Array(text.utf8).withUnsafeBufferPointer { TitlesFile.likelySplit(in: $0) }
        }
        let titles = #"["aaaa", "bbbb", "cccc", "dddd"]"#
        XCTAssertEqual(split(titles), 23, "the middle is 16: the comma after \"cccc\"")
        // At the middle, `"c","icon"` is between keys: the next comma, between objects, is taken.
        let objects = #"[{"t":"a"},{"title":"c","icon":"d"},{"t":"e"}]"#
        XCTAssertEqual(split(objects), 35)
        XCTAssertNil(split("[1, 2, 3, 4, 5, 6]"), "numbers: no string or object on either side")
        XCTAssertNil(split(""))
    }

    func testTheHeadStopsAtTheSplitAndTheTailReadsTheRest() throws {
        let text = Array(#"["a", {"title": "b"}, "c", "d"]"#.utf8)
        var head = [JSONValue](), tail = [JSONValue](), asked = 0
        try text.withUnsafeBufferPointer { buffer throws(JSONReader.Failure) in
            let document = try JSONReader.value(of: buffer, eachTopLevelElement: { head.append($0) },
                                                stoppingAt: (20, { asked += 1; return true }))
            XCTAssertEqual(document, .array([]))
            try JSONReader.elements(of: buffer, after: 20) { tail.append($0) }
        }
        XCTAssertEqual(asked, 1)
        XCTAssertEqual(head, [.string("a"), .object([JSONMember("title", .string("b"))])])
        XCTAssertEqual(tail, [.string("c"), .string("d")])
        // Told not to stop, the head reads on to the end.
        head = []
        try text.withUnsafeBufferPointer { buffer throws(JSONReader.Failure) in
            _ = try JSONReader.value(of: buffer, eachTopLevelElement: { head.append($0) }, stoppingAt: (20, { false }))
        }
        XCTAssertEqual(head.count, 4)
        // A comma inside an element is never a place to stop.
        try Array(#"[{"a": "x", "b": "y"}, "z"]"#.utf8).withUnsafeBufferPointer { buffer throws(JSONReader.Failure) in
            _ = try JSONReader.value(of: buffer, eachTopLevelElement: { _ in }, stoppingAt: (10, { XCTFail("asked"); return true }))
        }
        // A tail that is not the rest of an array fails.
        XCTAssertThrowsError(try Array(#"{"a": 1, "b": 2}"#.utf8).withUnsafeBufferPointer { buffer throws(JSONReader.Failure) in
            try JSONReader.elements(of: buffer, after: 7) { _ in }
        })
    }

    /// Good files, bad files and files whose middle comma is not between
    /// elements: the same contents, or the same message, both ways.
    func testTwoHalvesReadWhatOneReaderReads() {
        let texts = [
            items(2_000),
            items(2_000) { $0 % 3 == 0 ? "\"plain \($0)\"" : nil },
            // An element wrong in the tail, in the head, or both (the head's is named).
            items(2_000) { $0 == 1_500 ? #"{"title": "x", "enable": false}"# : nil },
            items(2_000) { $0 == 10 ? "7" : nil },
            items(2_000) { $0 == 10 || $0 == 1_900 ? "null" : nil },
            // An id in the head given again in the tail, and within the tail.
            items(2_000) { $0 == 1_800 ? #"{"title": "x", "id": "i7"}"# : nil },
            items(2_000) { $0 == 1_800 ? #"{"title": "x", "id": "i1799"}"# : nil },
            // A syntax error in the tail after a bad element in the head: the syntax error is named.
            items(2_000) { $0 == 3 ? "[]" : $0 == 1_700 ? #"{"title": }"# : nil },
            items(2_000) { $0 == 1_999 ? #"{"title": "end"},"# : nil },
            items(2_000) + " x",
            // Commas that look like a split inside strings and nested values.
            "[" + (0..<3_000).map { #""},{\"\#($0)\",\"""# }.joined(separator: ",") + "]",
            "[" + (0..<3_000).map { #"[{"a": 1}, {"b": "\#($0)"}]"# }.joined(separator: ",") + "]",
            #"{"a": ""# + String(repeating: "x", count: 5_000) + #"", "b": {"c": 1}, "d": [{}, {}]}"#,
            "[" + String(repeating: #"{"title": "q"}, "#, count: 1_000) + #"{"title": "\u00e9"}]"#,
        ]
        for text in texts {
            let (whole, halves) = bothWays(text)
            XCTAssertEqual(halves, whole, String(text.prefix(80)))
        }
        XCTAssertTrue(bothWays(items(2_000)).whole.hasPrefix("[SegmentedCore.SegmentItem(title: \"t0\""), "a real read")
        // Where nothing is wrong, the tail read on the second thread is the one taken.
        for text in texts.prefix(2) + [texts[10]] {
            let read = try? TitlesFile.readJSON(Array(text.utf8), bomBytes: 0, path: "t", minimumSplitBytes: 0)
            XCTAssertEqual(read?.tailTaken, true, String(text.prefix(80)))
        }
        let wrong = try? TitlesFile.readJSON(Array(texts[5].utf8), bomBytes: 0, path: "t", minimumSplitBytes: 0)
        XCTAssertNil(wrong, "a repeated id")
    }
}
