import XCTest
@testable import SegmentedCore

/// The tabs as assistive technologies and the tooltip read them (`DrawnTabs`),
/// with `FixedAdvance`'s widths in a 400 px window: segment 0 (selected) from
/// x 5 to 90, segment 1 from 105 to 180, 42 px tall.
final class DrawnTabsTests: XCTestCase {
    private func tabs(_ model: StripModel, _ direction: LayoutDirection = .leftToRight) -> DrawnTabs {
        DrawnTabs(snapshot: model.snapshot(at: 0), direction: direction, windowWidth: 400)
    }

    func testFramesAreTheDrawnOnesMirroredRightToLeft() throws {
        let model = try FixedAdvance.model()
        let frame = try XCTUnwrap(tabs(model).frame(ofTab: 1))
        XCTAssertEqual([frame.x, frame.width, frame.height], [105, 75, 42])
        let mirrored = try XCTUnwrap(tabs(model, .rightToLeft).frame(ofTab: 1))
        XCTAssertEqual([mirrored.x, mirrored.y, mirrored.width], [400 - 180, frame.y, 75], "the mirror image")
        XCTAssertNil(tabs(model).frame(ofTab: 10))
        XCTAssertNil(tabs(model).frame(ofTab: -1))
    }

    func testStatesFollowTheWindowTheSelectionTheKeyboardAndTheItem() throws {
        let model = try FixedAdvance.model()
        try model.setItem(SegmentItem(title: FixedAdvance.titles[1], isEnabled: false), at: 1, at: 0, animated: false)
        let drawn = tabs(model)
        XCTAssertEqual(drawn.state(ofTab: 0, stripHasKeyboard: false), [.showing, .selected])
        XCTAssertEqual(drawn.state(ofTab: 0, stripHasKeyboard: true), [.showing, .selected, .focused])
        XCTAssertEqual(drawn.state(ofTab: 1, stripHasKeyboard: true), [.showing, .disabled])
        XCTAssertEqual(drawn.state(ofTab: 9, stripHasKeyboard: false), [], "scrolled out of the window")
        XCTAssertEqual(drawn.state(ofTab: 10, stripHasKeyboard: false), [])
    }

    func testVisibleColumnsAreTheFrameClippedToTheWindow() throws {
        let model = try FixedAdvance.model()
        let drawn = tabs(model)
        XCTAssertEqual(drawn.visibleColumns(ofTab: 1).map { [$0.x, $0.width] }, [105, 75])
        let last = try XCTUnwrap(drawn.frame(ofTab: 4))
        XCTAssertLessThan(last.x, 400)
        XCTAssertGreaterThan(last.x + last.width, 400, "segment 4 crosses the window's right edge")
        XCTAssertEqual(drawn.visibleColumns(ofTab: 4).map { [$0.x, $0.width] }, [last.x, 400 - last.x])
        XCTAssertEqual(drawn.visibleColumns(ofTab: 9).map { $0.width }, 0, "scrolled out: nothing")
        XCTAssertNil(drawn.visibleColumns(ofTab: 10))
    }

    func testTheHitIsTheClicksOwn() throws {
        let model = try FixedAdvance.model()
        XCTAssertEqual(tabs(model).tab(atWindowX: 140, y: 20), 1)
        XCTAssertEqual(tabs(model).tab(atWindowX: 140, y: 20), model.presentation(at: 0).layout.hitTest(x: 140, y: 20))
        XCTAssertEqual(tabs(model, .rightToLeft).tab(atWindowX: 399 - 140, y: 20), 1, "mirrored as a click is")
        XCTAssertNil(tabs(model).tab(atWindowX: -1, y: 20))
        XCTAssertNil(tabs(model).tab(atWindowX: 400, y: 20))
    }

    /// A tab dropped at a window column goes before the first tab whose middle is past it (segment 1's is
    /// at 142.5), mirrored right to left as a click is.
    func testADroppedTabGoesWhereItsColumnFalls() throws {
        let model = try FixedAdvance.model()
        XCTAssertEqual([0.0, 100, 142, 143].map(tabs(model).insertionIndex(atWindowX:)), [0, 1, 1, 2])
        XCTAssertEqual(tabs(model, .rightToLeft).insertionIndex(atWindowX: 399 - 143), 2, "mirrored as a click is")
    }

    func testTheDescriptionIsTheTooltipThenTheSpokenBadge() throws {
        let model = try FixedAdvance.model()
        try model.setItem(SegmentItem(title: "小说", badge: .count(120), tooltip: "连载"), at: 2, at: 0, animated: false)
        try model.setItem(SegmentItem(title: "新", badge: .count(3)), at: 3, at: 0, animated: false)
        let drawn = tabs(model)
        XCTAssertEqual(drawn.description(ofTab: 2), "连载, 120")
        XCTAssertEqual(drawn.description(ofTab: 3), "3")
        XCTAssertNil(drawn.description(ofTab: 0), "a plain title")
        XCTAssertNil(drawn.description(ofTab: 10))
    }
}
