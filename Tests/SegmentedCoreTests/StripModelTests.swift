import XCTest
@testable import SegmentedCore

final class StripModelTests: XCTestCase {
    func testSelectionTweenAt0_015And03Seconds() throws {
        let model = try FixedAdvance.model(selected: 0)
        XCTAssertTrue(try model.select(4, at: 1.0))
        let start = model.presentation(at: 1.0)
        XCTAssertEqual(start.contentOffset, 0)
        XCTAssertEqual(start.indicator, Rect(x: 32.5, y: 39, width: 30, height: 3))
        XCTAssertEqual(start.layout.frame(at: 0).width, 85)
        XCTAssertEqual(start.layout.frame(at: 4).x, 375)

        // Halfway in time is halfway on the symmetric ease-in-out curve.
        let mid = model.presentation(at: 1.15)
        XCTAssertEqual(mid.contentOffset, 112.25, accuracy: 1e-9)
        XCTAssertEqual(mid.indicator!.x, (32.5 + 409.5) / 2, accuracy: 1e-9)
        XCTAssertEqual(mid.layout.frame(at: 0).width, 80, accuracy: 1e-9)
        XCTAssertEqual(mid.layout.frame(at: 4).width, 112, accuracy: 1e-9)
        XCTAssertEqual(mid.layout.frame(at: 4).x, 370, accuracy: 1e-9)
        XCTAssertEqual(mid.layout.contentWidth, 1087, accuracy: 1e-9)

        // A quarter of the time is 0.129... of the way.
        let quarter = model.presentation(at: 1.075)
        XCTAssertEqual(quarter.contentOffset, 224.5 * 0.12916193104731982, accuracy: 1e-6)

        XCTAssertTrue(model.isAnimating(at: 1.29))
        XCTAssertFalse(model.isAnimating(at: 1.3))
        let end = model.presentation(at: 1.3)
        XCTAssertEqual(end.contentOffset, 224.5)
        XCTAssertEqual(end.indicator, Rect(x: 409.5, y: 39, width: 30, height: 3))
        XCTAssertEqual(end.layout, model.restingLayout)
    }

    func testRetargetingMidTweenStartsFromWhatIsDrawn() throws {
        let model = try FixedAdvance.model(selected: 0)
        try model.select(4, at: 0)
        let before = model.presentation(at: 0.1)
        try model.select(9, at: 0.1)
        let after = model.presentation(at: 0.1)
        XCTAssertEqual(after.contentOffset, before.contentOffset, accuracy: 1e-9)
        XCTAssertEqual(after.indicator!.x, before.indicator!.x, accuracy: 1e-9)
        for i in 0..<10 {
            XCTAssertEqual(after.layout.frame(at: i).x, before.layout.frame(at: i).x, accuracy: 1e-9)
            XCTAssertEqual(after.layout.frame(at: i).width, before.layout.frame(at: i).width, accuracy: 1e-9)
        }
        // Continuous: a millisecond later nothing has moved more than a pixel.
        let next = model.presentation(at: 0.101)
        XCTAssertLessThan(abs(next.contentOffset - after.contentOffset), 1)
        XCTAssertLessThan(abs(next.indicator!.x - after.indicator!.x), 1)
        // The new tween runs its full 0.3 s from the retarget.
        XCTAssertTrue(model.isAnimating(at: 0.399))
        let end = model.presentation(at: 0.4)
        XCTAssertEqual(end.contentOffset, 689)
        XCTAssertEqual(end.layout, model.restingLayout)
        XCTAssertEqual(end.indicator, model.restingLayout.indicatorRect(under: 9))
        XCTAssertEqual(end.layout.frame(at: 4).width, 105, "the abandoned selection shrank back")
    }

    func testReselectingOnlyRecenters() throws {
        let model = try FixedAdvance.model(selected: 4)
        XCTAssertEqual(model.presentation(at: 0).contentOffset, 224.5)
        model.pointerPressed(x: 300, y: 20, at: 0)
        model.pointerMoved(x: 250, y: 20, at: 0.01)
        _ = model.pointerReleased(x: 250, y: 20, at: 0.2)
        XCTAssertEqual(model.presentation(at: 0.2).contentOffset, 274.5)
        XCTAssertFalse(try model.select(4, at: 1))
        XCTAssertEqual(model.presentation(at: 1.15).contentOffset, 249.5, accuracy: 1e-9)
        XCTAssertEqual(model.presentation(at: 1.3).contentOffset, 224.5)
        XCTAssertFalse(model.isAnimating(at: 1.15) && model.presentation(at: 1.15).layout != model.restingLayout)
    }

    func testOutOfRangeSelectionThrows() throws {
        let model = try FixedAdvance.model()
        XCTAssertThrowsError(try model.select(10, at: 0)) { error in
            XCTAssertEqual(error as? StripModel.Failure, .indexOutOfRange(index: 10, count: 10))
        }
        XCTAssertThrowsError(try model.select(-1, at: 0))
        XCTAssertThrowsError(try FixedAdvance.model(selected: 10))
    }

    func testAClickWithinTheSlopSelects() throws {
        let model = try FixedAdvance.model(selected: 0)
        // Segment 2 spans 195..270; a press and release 5 px apart (3, 4) is still a click.
        XCTAssertTrue(model.pointerPressed(x: 200, y: 20, at: 0))
        XCTAssertFalse(model.pointerMoved(x: 203, y: 24, at: 0.01))
        XCTAssertEqual(model.pointerReleased(x: 203, y: 24, at: 0.02), .click(index: 2, changed: true))
        XCTAssertEqual(model.selectedIndex, 2)
    }

    func testALostPressEndsTheDragWhereDrawnAndSelectsNothing() throws {
        // A fast drag whose release went to another window (grab lost): it ends where drawn, with no glide.
        let model = try FixedAdvance.model(selected: 0)
        model.pointerPressed(x: 300, y: 20, at: 0)
        model.pointerMoved(x: 200, y: 20, at: 0.01)
        XCTAssertEqual(model.pointerPressLost(at: 0.02), .dragEnded(contentOffset: 100, velocity: 0, gliding: false))
        XCTAssertFalse(model.isPressed)
        XCTAssertFalse(model.pointerMoved(x: 0, y: 20, at: 0.03), "a pointer with no button down scrolls nothing")
        XCTAssertEqual(model.presentation(at: 1).contentOffset, 100)
        // Pulled past the start, it springs back.
        model.pointerPressed(x: 100, y: 20, at: 2)
        model.pointerMoved(x: 300, y: 20, at: 2.01)
        guard case let .dragEnded(offset, 0, true) = model.pointerPressLost(at: 2.02) else { return XCTFail("no spring back") }
        XCTAssertLessThan(offset, 0)
        XCTAssertEqual(model.presentation(at: 5).contentOffset, 0)
        // A press that never moved selects nothing: the button did not come up here.
        model.pointerPressed(x: 200, y: 20, at: 6)
        XCTAssertEqual(model.pointerPressLost(at: 6.1), .none)
        XCTAssertEqual(model.selectedIndex, 0)
        XCTAssertEqual(model.pointerPressLost(at: 7), .none, "nothing held")
    }

    func testMotionPastTheSlopIsADragThatSelectsNothing() throws {
        let model = try FixedAdvance.model(selected: 0)
        model.pointerPressed(x: 300, y: 20, at: 0)
        XCTAssertTrue(model.pointerMoved(x: 294, y: 20, at: 0.01))       // 6 px: a drag, following 1:1
        XCTAssertEqual(model.presentation(at: 0.01).contentOffset, 6)
        XCTAssertTrue(model.pointerMoved(x: 150, y: 25, at: 0.02))
        XCTAssertEqual(model.presentation(at: 0.02).contentOffset, 150)
        model.pointerMoved(x: 298, y: 20, at: 0.03)                        // back within 5 px: still a drag
        // Released after resting 0.17 s: no velocity, no glide.
        XCTAssertEqual(model.pointerReleased(x: 298, y: 20, at: 0.2), .dragEnded(contentOffset: 2, velocity: 0, gliding: false))
        XCTAssertEqual(model.selectedIndex, 0)
        XCTAssertFalse(model.isAnimating(at: 0.2))
    }

    func testDraggingPastTheEdgesRubberBandsAndSpringsBack() throws {
        let model = try FixedAdvance.model(selected: 0)
        model.pointerPressed(x: 100, y: 20, at: 0)
        model.pointerMoved(x: 300, y: 20, at: 0.01)
        // 200 px past the start: (1 - 1 / (200 x 0.55 / 400 + 1)) x 400 = 86.27 px shown.
        XCTAssertEqual(model.presentation(at: 0.01).contentOffset, -(1 - 1 / (200 * 0.55 / 400 + 1)) * 400, accuracy: 1e-9)
        model.pointerMoved(x: -2000, y: 20, at: 0.02)
        let pulled = 100 + 2000 - 685.0                                     // raw offset 2100, maximum 1085 - 400
        XCTAssertEqual(model.presentation(at: 0.02).contentOffset, 685 + (1 - 1 / (pulled * 0.55 / 400 + 1)) * 400, accuracy: 1e-9)
        let shown = model.presentation(at: 0.02).contentOffset
        XCTAssertEqual(model.pointerReleased(x: -2000, y: 20, at: 0.3), .dragEnded(contentOffset: shown, velocity: 0, gliding: true))
        // The spring returns monotonically and never crosses the edge.
        var last = shown
        var t = 0.3
        while model.isAnimating(at: t) {
            let offset = model.presentation(at: t).contentOffset
            XCTAssertLessThanOrEqual(offset, last + 1e-9)
            XCTAssertGreaterThanOrEqual(offset, 685)
            last = offset
            t += 0.004
        }
        XCTAssertLessThan(t, 0.3 + 2, "at rest within 2 s")
        XCTAssertEqual(model.presentation(at: t).contentOffset, 685)
        XCTAssertEqual(model.scrollCause, .spring)
    }

    func testPressDuringAScrollStopsItWhereItIsDrawn() throws {
        let model = try FixedAdvance.model(selected: 0)
        try model.select(9, at: 0)
        XCTAssertTrue(model.pointerPressed(x: 200, y: 20, at: 0.15))
        let frozen = model.presentation(at: 0.15).contentOffset
        XCTAssertEqual(frozen, 344.5, accuracy: 1e-9)
        XCTAssertEqual(model.presentation(at: 0.25).contentOffset, frozen, "the scroll stopped")
        XCTAssertTrue(model.isAnimating(at: 0.25), "the frames and indicator still finish their tween")
        model.pointerMoved(x: 100, y: 20, at: 0.25)
        XCTAssertEqual(model.presentation(at: 0.25).contentOffset, frozen + 100, accuracy: 1e-9)
        _ = model.pointerReleased(x: 100, y: 20, at: 0.26)
        XCTAssertEqual(model.presentation(at: 1).contentOffset, frozen + 100, accuracy: 1e-9)
        XCTAssertEqual(model.selectedIndex, 9)
    }

    func testPressesBelowTheStripAreIgnored() throws {
        let model = try FixedAdvance.model(selected: 0)
        XCTAssertFalse(model.pointerPressed(x: 200, y: 44, at: 0))
        XCTAssertEqual(model.pointerReleased(x: 200, y: 44, at: 0.01), PointerRelease.none)
        XCTAssertEqual(model.selectedIndex, 0)
    }

    func testClickDuringATweenHitTestsTheDrawnFrames() throws {
        let model = try FixedAdvance.model(selected: 0)
        try model.select(9, at: 0)
        let drawn = model.presentation(at: 0.15)
        let target = drawn.layout.frame(at: 5)
        let x = target.midX - drawn.contentOffset
        model.pointerPressed(x: x, y: 20, at: 0.15)
        XCTAssertEqual(model.pointerReleased(x: x, y: 20, at: 0.15), .click(index: 5, changed: true))
    }

    func testResizeKeepsTheOffsetInRangeAndTheSelectionVisible() throws {
        let model = try FixedAdvance.model(selected: 9)
        XCTAssertEqual(model.presentation(at: 0).contentOffset, 689)
        model.resize(viewportWidth: 1000, at: 1)
        XCTAssertEqual(model.presentation(at: 1).contentOffset, 89)
        model.resize(viewportWidth: 2000, at: 2)
        XCTAssertEqual(model.presentation(at: 2).contentOffset, 0)
        model.resize(viewportWidth: 150, at: 3)
        let p = model.presentation(at: 3)
        let f = p.layout.frame(at: 9)
        XCTAssertGreaterThanOrEqual(f.x, p.contentOffset)
        XCTAssertLessThanOrEqual(f.maxX, p.contentOffset + 150)
        XCTAssertEqual(p.contentOffset, 934)       // from 0, the least that shows 965..1084
        let narrow = try FixedAdvance.model(selected: 4)
        narrow.resize(viewportWidth: 100, at: 0)  // 119 px segment in a 100 px viewport: centered
        XCTAssertEqual(narrow.presentation(at: 0).contentOffset, 374.5)
    }

    func testGrowingTheWindowMidTweenKeepsTheOffsetInRange() throws {
        let model = try FixedAdvance.model(selected: 9)
        try model.select(0, at: 0)                       // from 689 back to 0
        model.resize(viewportWidth: 1200, at: 0.1)       // content 1085-1089 px: nothing to scroll
        var t = 0.1
        while t <= 0.45 {
            let p = model.presentation(at: t)
            XCTAssertLessThanOrEqual(p.contentOffset, max(0, p.layout.contentWidth - 1200) + 1e-9, "at \(t)")
            XCTAssertGreaterThanOrEqual(p.contentOffset, 0)
            t += 0.01
        }
    }

    func testResizeDuringATweenRetargetsAndKeepsTheClock() throws {
        let model = try FixedAdvance.model(selected: 0)
        try model.select(9, at: 0)
        model.resize(viewportWidth: 1000, at: 0.1)
        XCTAssertTrue(model.isAnimating(at: 0.29))
        XCTAssertFalse(model.isAnimating(at: 0.3))
        XCTAssertEqual(model.presentation(at: 0.3).contentOffset, 89)
    }
}
