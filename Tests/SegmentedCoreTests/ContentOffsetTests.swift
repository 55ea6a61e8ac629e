import XCTest
@testable import SegmentedCore

final class ContentOffsetTests: XCTestCase {
    func testTargetOffsetCentersTheSelectionClampedToTheContent() throws {
        XCTAssertEqual(try FixedAdvance.model(selected: 0).targetOffset, 0)          // 47.5 - 200 < 0
        XCTAssertEqual(try FixedAdvance.model(selected: 4).targetOffset, 224.5)      // 365 + 59.5 - 200
        XCTAssertEqual(try FixedAdvance.model(selected: 5).targetOffset, 485 + 42.5 - 200)  // segment 5 selected: 85 px at 485
        XCTAssertEqual(try FixedAdvance.model(selected: 9).targetOffset, 689)        // clamped: 1089 - 400
    }

    func testContentNarrowerThanTheViewportNeverScrolls() throws {
        let model = try FixedAdvance.model(titles: ["ab", "cde"], selected: 1)
        XCTAssertEqual(model.restingLayout.contentWidth, 5 + 30 + 15 + 51 + 5)
        XCTAssertEqual(model.targetOffset, 0)
        XCTAssertEqual(ContentOffset.maximum(contentWidth: 106, viewportWidth: 400), 0)
    }

    func testClamping() {
        XCTAssertEqual(ContentOffset.clamped(-3, contentWidth: 1000, viewportWidth: 400), 0)
        XCTAssertEqual(ContentOffset.clamped(601, contentWidth: 1000, viewportWidth: 400), 600)
        XCTAssertEqual(ContentOffset.clamped(250.5, contentWidth: 1000, viewportWidth: 400), 250.5)
        XCTAssertEqual(ContentOffset.clamped(10, contentWidth: 300, viewportWidth: 400), 0)
    }

    func testRevealingMovesTheLeast() {
        let frame = Rect(x: 500, y: 0, width: 100, height: 42)
        XCTAssertEqual(ContentOffset.revealing(frame, from: 0, contentWidth: 1000, viewportWidth: 400), 200)
        XCTAssertEqual(ContentOffset.revealing(frame, from: 550, contentWidth: 1000, viewportWidth: 400), 500)
        XCTAssertEqual(ContentOffset.revealing(frame, from: 300, contentWidth: 1000, viewportWidth: 400), 300)
        XCTAssertEqual(ContentOffset.revealing(frame, from: 0, contentWidth: 1000, viewportWidth: 50), 525, "wider than the viewport: centered")
    }
}
