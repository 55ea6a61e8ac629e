import XCTest
@testable import SegmentedCore

/// The tooltip's placement and line breaks, with 10 px per character.
final class TooltipLayoutTests: XCTestCase {
    private let monitor = Rect(x: 0, y: 0, width: 1000, height: 700)
    private func advance(_ s: String) -> Double { Double(s.count * 10) }
    private func elide(_ s: String, _ width: Double) -> String { String(s.prefix(Int(width / 10) - 1)) + "\u{2026}" }

    func testUnderTheSegmentAtItsLeadingEdge() {
        let segment = Rect(x: 100, y: 50, width: 80, height: 44)
        XCTAssertEqual(TooltipLayout.frame(segment: segment, size: (120, 30), monitor: monitor, gap: 4),
                       Rect(x: 100, y: 98, width: 120, height: 30), "y = 50 + 44 + 4")
        XCTAssertEqual(TooltipLayout.frame(segment: segment, size: (120, 30), monitor: monitor, gap: 4, rightToLeft: true),
                       Rect(x: 60, y: 98, width: 120, height: 30), "x = 180 - 120")
    }

    func testAboveWhenNoRoomBelowAndClampedToTheMonitorEdges() {
        let bottom = Rect(x: 950, y: 656, width: 50, height: 44)
        XCTAssertEqual(TooltipLayout.frame(segment: bottom, size: (120, 30), monitor: monitor, gap: 4),
                       Rect(x: 880, y: 622, width: 120, height: 30), "x = 1000 - 120, y = 656 - 4 - 30")
        let tall = TooltipLayout.frame(segment: Rect(x: -40, y: 10, width: 50, height: 670), size: (1200, 30), monitor: monitor, gap: 4)
        XCTAssertEqual(tall, Rect(x: 0, y: 0, width: 1200, height: 30), "wider than the monitor: at its left; no room either side: at its top")
        let second = Rect(x: 1000, y: 0, width: 1000, height: 700)
        XCTAssertEqual(TooltipLayout.frame(segment: Rect(x: 1900, y: 0, width: 90, height: 44), size: (200, 30), monitor: second, gap: 4),
                       Rect(x: 1800, y: 48, width: 200, height: 30), "a second monitor's right edge")
    }

    func testWrapsAtSpacesAndElidesAWordWiderThanTheLine() {
        XCTAssertEqual(TooltipLayout.lines("aaa bbb ccc", width: 70, advance: advance, elide: elide), ["aaa bbb", "ccc"])
        XCTAssertEqual(TooltipLayout.lines("aaa bbb ccc", width: 110, advance: advance, elide: elide), ["aaa bbb ccc"])
        XCTAssertEqual(TooltipLayout.lines("a abcdefghijkl b", width: 50, advance: advance, elide: elide), ["a", "abcd\u{2026}", "b"])
        XCTAssertEqual(TooltipLayout.lines("one\ntwo", width: 500, advance: advance, elide: elide), ["one", "two"])
    }

    func testAtMostSixteenLinesTheLastEndingInAnEllipsis() {
        let text = (0..<20).map { "w\($0 % 10)" }.joined(separator: " ")
        let lines = TooltipLayout.lines(text, width: 20, advance: advance, elide: elide)
        XCTAssertEqual(lines.count, 16)
        XCTAssertEqual(lines[14], "w4")
        XCTAssertEqual(lines[15], "w\u{2026}", "w5 w6 elided to 20 px")
        let short = TooltipLayout.lines((0..<17).map(String.init).joined(separator: "\n"), width: 500, advance: advance, elide: elide)
        XCTAssertEqual(short.last, "15 16\u{2026}")
    }
}
