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

    func testNoTitlesHitsNothing() throws {
        XCTAssertNil(try FixedAdvance.model(titles: []).restingLayout.hitTest(x: 5, y: 5))
    }
}
