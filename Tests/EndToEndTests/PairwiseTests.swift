import CX11
import Foundation
import SegmentedCore
import TestSupport
import XCTest

/// The style options in combination: a pairwise set of rows (every pair of
/// values of every two options in some row), each run as the real demo, a
/// click on the fourth segment where it is drawn, and its settled state
/// checked against the formulas and read back from the server.
final class PairwiseTests: XCTestCase {
    private struct Factor {
        let name: String
        let values: [[String]]   // the flags of each value
    }

    private let factors = [
        // Window width and scale as one factor, so that every fill mode meets the roomy window at scale 1.
        Factor(name: "size", values: [["--geometry", "400x90"], ["--geometry", "400x90", "--scale", "2"],
                                      ["--geometry", "1200x90"], ["--geometry", "1200x90", "--scale", "2"]]),
        Factor(name: "indicator-width", values: [[], ["--indicator-width", "title"], ["--indicator-width", "title+8"], ["--indicator-width", "segment"]]),
        Factor(name: "shape", values: [[], ["--indicator-shape", "box", "--indicator-opacity", "0.15"]]),
        Factor(name: "location", values: [[], ["--indicator-location", "top"]]),
        Factor(name: "animation", values: [[], ["--indicator-animation", "elastic"], ["--indicator-animation", "lengthen"]]),
        Factor(name: "fill", values: [[], ["--fill", "center"], ["--fill", "spread"], ["--fill", "stretch"]]),
        Factor(name: "transition", values: [[], ["--title-transition", "switch"]]),
        Factor(name: "direction", values: [[], ["--rtl"]]),
        Factor(name: "max-width", values: [[], ["--max-segment-width", "60"]]),
    ]

    func testTheRowsCoverEveryPair() {
        let levels = factors.map(\.values.count)
        let rows = AllPairs.rows(levels: levels)
        for f1 in 0..<levels.count { for f2 in (f1 + 1)..<levels.count {
            for v1 in 0..<levels[f1] { for v2 in 0..<levels[f2] {
                XCTAssertTrue(rows.contains { $0[f1] == v1 && $0[f2] == v2 }, "\(factors[f1].name)=\(v1) with \(factors[f2].name)=\(v2)")
            } }
        } }
        XCTAssertLessThanOrEqual(rows.count, 24, "a pairwise set, not the \(levels.reduce(1, *)) combinations")
    }

    /// The fill modes whose spare-room rule a row has checked (content narrower than the window).
    private var fillsChecked = Set<String>()

    func testEveryPairOfOptionsTogether() throws {
        let display = try Shared.display.get()
        let rows = AllPairs.rows(levels: factors.map(\.values.count))
        for (r, row) in rows.enumerated() {
            let flags = zip(factors, row).flatMap { $0.values[$1] }
            try check(row: r, flags: flags, display: display)
        }
        XCTAssertEqual(fillsChecked, ["start", "center", "spread", "stretch"], "every fill mode met spare room in some row")
    }

    private func check(row r: Int, flags: [String], display: TestDisplay) throws {
        let label = "row \(r): \(flags.joined(separator: " "))"
        let s = flags.contains("--scale") ? 2.0 : 1.0
        let rtl = flags.contains("--rtl") ? LayoutDirection.rightToLeft : .leftToRight
        let box = flags.contains("box")
        display.parkPointer()
        let demo = try RunningDemo(flags)
        // Wait for the exit: a window still mapped from the last row (slow to die under a sanitizer) would take the next click.
        defer { demo.process.process.terminate(); _ = demo.process.waitForExit() }
        let viewport = try XCTUnwrap(traceNumber(demo.ready["viewportWidth"]), label)
        let strip = try XCTUnwrap(traceNumber(demo.ready["stripHeight"]), label)
        XCTAssertEqual(strip, 44 * s, label)
        let start = RunningDemo.segments(demo.ready)
        let startOffset = traceNumber(demo.ready["contentOffset"]) ?? 0
        // The fourth segment, or the last one wholly in view when it is not (large scale, capped widths).
        let index = (1...3).last { start[$0].x + start[$0].width - startOffset <= viewport } ?? 1
        let target = start[index]
        let x = Double(rtl.windowPixelMinX(contentX: target.x, width: target.width, contentOffset: startOffset, viewportWidth: Int(viewport)))
            + target.width / 2
        display.click(demo.window, x: Int(x), y: Int(strip / 2))
        XCTAssertEqual(try demo.process.next("select")["index"] as? Int, index, label)
        display.parkPointer()
        let settled = try demo.process.next("settled")
        XCTAssertEqual(settled["selectedIndex"] as? Int, index, label)

        // The layout: insets, spacing, the cap, the spare room.
        let frames = RunningDemo.segments(settled)
        let contentWidth = try XCTUnwrap(traceNumber(settled["contentWidth"]), label)
        let offset = try XCTUnwrap(traceNumber(settled["contentOffset"]), label)
        for i in 1..<frames.count {
            XCTAssertGreaterThanOrEqual(frames[i].x - (frames[i - 1].x + frames[i - 1].width), 15 * s - 1e-6, "\(label): spacing before \(i)")
        }
        let fill = flags.firstIndex(of: "--fill").map { flags[$0 + 1] } ?? "start"
        // The default titles are about 1,100 px wide at scale 1: room to spare in the 1,200 px window only.
        let roomy = viewport == 1200 && s == 1
        if flags.contains("--max-segment-width"), !(fill == "stretch" && roomy) {
            XCTAssertTrue(frames.allSatisfy { $0.width <= 60 * s }, "\(label): segments capped")
        }
        let first = frames[0], last = frames[frames.count - 1]
        let tail = viewport - (last.x + last.width)
        if roomy { fillsChecked.insert(fill) }
        // The end insets: 5 px, grown to a segment-wide indicator's overhang of half the spacing, 7.5
        // (title+8's 4 and the design's 30 px over segments of 24 px or more stay inside 5).
        let inset = (flags.contains("segment") ? 7.5 : 5) * s
        switch fill {
        case "center" where roomy: XCTAssertEqual(first.x - inset, tail - inset, accuracy: 1, "\(label): centered")
        case "spread" where roomy, "stretch" where roomy: XCTAssertEqual(tail, inset, accuracy: 1, "\(label): filled to the right inset")
        default: XCTAssertEqual(first.x, inset, accuracy: 1e-6, "\(label): left inset")
        }
        // Centering, clamped to the content.
        let selected = frames[index]
        let expectedOffset = min(max(selected.x + selected.width / 2 - viewport / 2, 0), max(0, contentWidth - viewport))
        XCTAssertEqual(offset, expectedOffset, accuracy: 1e-6, "\(label): centering offset")

        // The indicator: centered under the segment, sized and placed as asked.
        let rect = try XCTUnwrap(traceRect(settled["indicator"]), label)
        XCTAssertEqual(rect.x + rect.width / 2, selected.x + selected.width / 2, accuracy: 0.5, "\(label): indicator centered")
        switch flags.firstIndex(of: "--indicator-width").map({ flags[$0 + 1] }) {
        case nil: XCTAssertEqual(rect.width, 30 * s, label)
        case "segment"?: XCTAssertGreaterThanOrEqual(rect.width, selected.width, label)
        default: XCTAssertLessThanOrEqual(rect.width, selected.width + 8 * s + 1e-6, label)
        }
        if box {
            XCTAssertEqual([rect.y, rect.height], [6 * s, 30 * s], label)
        } else if flags.contains("top") {
            XCTAssertEqual([rect.y, rect.height], [0, 3 * s], label)
        } else {
            XCTAssertEqual([rect.y, rect.height], [39 * s, 3 * s], label)
        }

        // Its pixels, where the direction puts them: one run of its width on a row inside it.
        let image = try XCTUnwrap(display.pixels(demo.window, width: Int(viewport), height: Int(strip)), label)
        let row = Int(rect.y + (box ? 1 : rect.height / 2))
        let left = rtl.windowPixelMinX(contentX: rect.x, width: rect.width.rounded(), contentOffset: offset, viewportWidth: Int(viewport))
        // A box: white + 15 % of #E53935, composited Over; an underline: the accent itself.
        let boxColor: [Int] = [251, 225, 225]
        func matches(_ p: UInt32) -> Bool {
            guard box else { return p == accent }
            let channels: [Int] = [Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)]
            return zip(channels, boxColor).allSatisfy { abs($0 - $1) <= 2 }
        }
        let columns = (0..<Int(viewport)).filter { matches(image[$0, row]) }
        let visibleLeft = max(0, left), visibleRight = min(Int(viewport), left + Int(rect.width.rounded()))
        XCTAssertEqual(Double(columns.count), Double(visibleRight - visibleLeft), accuracy: 1, "\(label): indicator width on row \(row)")
        XCTAssertEqual(Double(columns.first ?? -99), Double(visibleLeft), accuracy: 1, "\(label): indicator left edge")
        if let a = columns.first, let b = columns.last { XCTAssertEqual(b - a + 1, columns.count, "\(label): one run") }
        XCTAssertFalse(demo.process.standardError.contains("X error"), "\(label): \(demo.process.standardError)")
    }
}
