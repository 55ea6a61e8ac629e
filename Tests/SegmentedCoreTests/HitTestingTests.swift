import TestSupport
import XCTest
@testable import SegmentedCore

final class HitTestingTests: XCTestCase {
    func testCenterAndEdgesOfEverySegment() throws {
        let layout = try FixedAdvance.model(selected: 0).restingLayout
        for i in 0..<layout.count {
            let f = layout.frame(at: i)
            XCTAssertEqual(layout.hitTest(x: f.midX, y: 21), i, "center of \(i)")
            XCTAssertEqual(layout.hitTest(x: f.x, y: 0), i, "left edge of \(i)")
            XCTAssertEqual(layout.hitTest(x: f.maxX - 0.01, y: 43), i, "right edge of \(i)")
        }
    }

    /// A tab dropped on the strip goes before the first segment whose middle is past the point:
    /// segment 0 spans 5...90 (middle 47.5), segment 1 105...180 (142.5); past the last middle, after the last.
    func testADroppedTabGoesBeforeTheFirstSegmentWhoseMiddleIsPastIt() throws {
        let layout = try FixedAdvance.model(selected: 0).restingLayout
        XCTAssertEqual([-50, 0, 47.4, 47.5, 142.4, 142.5].map(layout.insertionIndex(atX:)), [0, 0, 0, 1, 1, 2])
        XCTAssertEqual(layout.insertionIndex(atX: layout.frame(at: 9).midX), 10)
        XCTAssertEqual(layout.insertionIndex(atX: 5_000), 10)
    }

    func testGapsSplitAtTheirMiddle() throws {
        let layout = try FixedAdvance.model(selected: 0).restingLayout
        // Segment 0 ends at 90, segment 1 starts at 105: the boundary is 97.5.
        XCTAssertEqual(layout.hitTest(x: 90, y: 20), 0)
        XCTAssertEqual(layout.hitTest(x: 97.49, y: 20), 0)
        XCTAssertEqual(layout.hitTest(x: 97.5, y: 20), 1)
        XCTAssertEqual(layout.hitTest(x: 104, y: 20), 1)
    }

    func testInsetsGoToTheNearestSegmentAndOutsideHitsNothing() throws {
        let layout = try FixedAdvance.model(selected: 0).restingLayout
        XCTAssertEqual(layout.hitTest(x: 0, y: 20), 0)
        XCTAssertEqual(layout.hitTest(x: 4.9, y: 20), 0)
        XCTAssertEqual(layout.hitTest(x: 1084.9, y: 20), 9)   // right inset 1080..1085
        XCTAssertNil(layout.hitTest(x: 1085, y: 20))
        XCTAssertNil(layout.hitTest(x: -1, y: 20))
        XCTAssertNil(layout.hitTest(x: 50, y: 44), "below the strip")
        XCTAssertNil(layout.hitTest(x: 50, y: 150), "in the page area")
        XCTAssertNil(layout.hitTest(x: 50, y: -1))
    }

    /// The answer is the exact formula's at every point, boundaries and their
    /// neighbouring doubles included, with fractional widths, spacing, insets,
    /// extras and fill, and with widths measured during the search.
    func testEveryPointAgreesWithTheExactBoundaries() throws {
        var rng = SeededGenerator(seed: 2026_12_01)
        var checked = 0
        for round in 0..<60 {
            let n = Int.random(in: 1...40, using: &rng)
            let widths = (0..<n).map { _ in Double(Int.random(in: 30...900, using: &rng)) / 7 }
            var metrics = LayoutMetrics()
            metrics.spacing = Double(Int.random(in: 0...200, using: &rng)) / 9
            metrics.insets = EdgeInsets(left: Double(Int.random(in: 0...50, using: &rng)) / 3,
                                        right: Double(Int.random(in: 0...50, using: &rng)) / 3, top: 0, bottom: 2)
            metrics.fillMode = FillMode.allCases[round % FillMode.allCases.count]
            // Tested on widths measured as the search asks for them in odd rounds; the boundaries come from a twin.
            let tested = round % 2 == 0 ? SegmentWidths(widths) : SegmentWidths(count: n, minimumWidth: 0) { widths[$0] }
            let extras = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                WidthExtra(index: Int.random(in: 0..<n, using: &rng), extra: Double(Int.random(in: 1...60, using: &rng)) / 11)
            }
            var unique = [Int: WidthExtra]()
            for e in extras { unique[e.index] = e }
            let viewportWidth = Double(Int.random(in: 100...4000, using: &rng))
            let layout = SegmentLayout(metrics: metrics, base: tested, extras: Array(unique.values)).filling(viewportWidth: viewportWidth)
            let twin = SegmentLayout(metrics: metrics, base: SegmentWidths(widths), extras: Array(unique.values)).filling(viewportWidth: viewportWidth)
            // The exact boundaries, read from the twin's frames as they are drawn.
            let boundaries = (0..<(n - 1)).map { j in (twin.minX(at: j) + twin.width(at: j) + twin.minX(at: j + 1)) / 2 }
            func expected(_ x: Double) -> Int { boundaries.firstIndex { $0 > x } ?? n - 1 }
            var points = boundaries.flatMap { [$0, $0.nextDown, $0.nextUp] }
            let contentWidth = twin.contentWidth
            points = (0..<50).map { _ in Double.random(in: 0..<contentWidth, using: &rng) } + points
            for x in points where x >= 0 && x < contentWidth {
                XCTAssertEqual(layout.hitTest(x: x, y: 10), expected(x), "round \(round), x \(x)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 3000)
    }

    func testNoTitlesHitsNothing() throws {
        XCTAssertNil(try FixedAdvance.model(titles: []).restingLayout.hitTest(x: 5, y: 5))
    }
}
