import XCTest
@testable import SegmentedCore

/// Reduced motion (`SelectionMotion.reducesMotion`, the desktop's
/// `Gtk/EnableAnimations` 0): what would tween is at its end in the same
/// instant, and a released drag never glides or springs.
final class ReducedMotionTests: XCTestCase {
    private func model(reduced: Bool, selected: Int = 0) throws -> StripModel {
        var motion = SelectionMotion()
        motion.reducesMotion = reduced
        return try StripModel(titles: FixedAdvance.titles, selectedIndex: selected, viewportWidth: 400, motion: motion,
                              measureUnselected: FixedAdvance.unselected, measureSelected: FixedAdvance.selected)
    }

    func testASelectionJumpsToItsRestingLayout() throws {
        let strip = try model(reduced: true)
        XCTAssertTrue(try strip.select(5, at: 10))
        XCTAssertFalse(strip.isAnimating(at: 10), "no tween")
        let drawn = strip.presentation(at: 10)
        XCTAssertEqual(drawn.layout, strip.restingLayout)
        XCTAssertEqual(drawn.contentOffset, strip.targetOffset)
        XCTAssertEqual(drawn.indicator, strip.restingLayout.indicatorRect(under: 5))
        XCTAssertEqual(drawn.titleSelection, [5: 1])
        // The same selection with motion takes 0.3 s.
        let moving = try model(reduced: false)
        try moving.select(5, at: 10)
        XCTAssertTrue(moving.isAnimating(at: 10.29))
        XCTAssertEqual(moving.presentation(at: 10.3).contentOffset, strip.targetOffset)
    }

    func testAWheelNotchJumpsByItsStep() throws {
        let strip = try model(reduced: true)
        XCTAssertTrue(strip.scroll(by: 120, animated: true, at: 0))
        XCTAssertFalse(strip.isAnimating(at: 0))
        XCTAssertEqual(strip.presentation(at: 0).contentOffset, 120)
        XCTAssertEqual(strip.scrollCause, .wheel)
    }

    func testAFastDragStopsWhereItIsLetGo() throws {
        let strip = try model(reduced: true)
        _ = strip.pointerPressed(x: 300, y: 20, at: 0)
        for step in 1...5 { _ = strip.pointerMoved(x: 300 - Double(step) * 40, y: 20, at: Double(step) * 0.01) }
        let release = strip.pointerReleased(x: 100, y: 20, at: 0.05)
        XCTAssertEqual(release, .dragEnded(contentOffset: 200, velocity: 0, gliding: false))
        XCTAssertFalse(strip.isAnimating(at: 0.05), "no glide")
        XCTAssertEqual(strip.presentation(at: 1).contentOffset, 200)
        // With motion, the same drag glides on.
        let moving = try model(reduced: false)
        _ = moving.pointerPressed(x: 300, y: 20, at: 0)
        for step in 1...5 { _ = moving.pointerMoved(x: 300 - Double(step) * 40, y: 20, at: Double(step) * 0.01) }
        guard case let .dragEnded(_, velocity, gliding) = moving.pointerReleased(x: 100, y: 20, at: 0.05) else { return XCTFail() }
        XCTAssertTrue(gliding)
        XCTAssertGreaterThan(velocity, 1000)
    }

    func testADragPastTheStartStopsAtTheEdge() throws {
        let strip = try model(reduced: true)
        _ = strip.pointerPressed(x: 100, y: 20, at: 0)
        _ = strip.pointerMoved(x: 200, y: 20, at: 0.1)
        XCTAssertLessThan(strip.presentation(at: 0.1).contentOffset, 0, "rubber-banded past the start while held")
        XCTAssertEqual(strip.pointerReleased(x: 200, y: 20, at: 0.2), .dragEnded(contentOffset: 0, velocity: 0, gliding: false))
        XCTAssertFalse(strip.isAnimating(at: 0.2), "no spring")
        XCTAssertEqual(strip.presentation(at: 0.2).contentOffset, 0)
    }

    func testItemChangesHaveNoGlideAndNoShrinkingTitle() throws {
        let strip = try model(reduced: true, selected: 2)
        _ = try strip.removeItem(at: 0, at: 0)
        XCTAssertFalse(strip.isAnimating(at: 0))
        XCTAssertEqual(strip.presentation(at: 0).departing.count, 0)
        XCTAssertEqual(strip.presentation(at: 0).layout, strip.restingLayout)
        _ = try strip.insertItem(SegmentItem(title: "新"), at: 0, at: 0)
        _ = try strip.moveItem(from: 0, to: 3, at: 0)
        XCTAssertFalse(strip.isAnimating(at: 0))
        XCTAssertEqual(strip.presentation(at: 0).layout, strip.restingLayout)
    }

    func testPagesTurnAndSettleAtOnce() {
        let pager = PagerModel(pageCount: 10, pageWidth: 400)
        pager.reducesMotion = true
        pager.turn(to: 4, at: 0)
        XCTAssertFalse(pager.isAnimating(at: 0))
        XCTAssertEqual(pager.position(at: 0), 4)
        // A drag let go half-way settles on the nearest page in the same instant.
        pager.press(x: 300, y: 100, at: 1)
        _ = pager.move(x: 60, y: 100, eventTime: 1.5)
        XCTAssertEqual(pager.position(at: 1.5), 4.6, accuracy: 1e-9)
        guard case let .settle(target, _) = pager.release(x: 60, y: 100, at: 2, eventTime: 2) else { return XCTFail("no settle") }
        XCTAssertEqual(target, 5)
        XCTAssertEqual(pager.position(at: 2), 5)
        XCTAssertFalse(pager.isAnimating(at: 2))
    }

    func testTurningReducedMotionOnEndsARunningTurnAtItsPage() {
        let pager = PagerModel(pageCount: 10, pageWidth: 400)
        pager.turn(to: 3, at: 0)
        XCTAssertTrue(pager.isAnimating(at: 0.1))
        pager.reducesMotion = true
        XCTAssertFalse(pager.isAnimating(at: 0.1))
        XCTAssertEqual(pager.position(at: 0.1), 3)
    }
}
