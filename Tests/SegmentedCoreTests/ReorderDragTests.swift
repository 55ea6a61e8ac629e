import XCTest
@testable import SegmentedCore

/// Reordering by pointer on a virtual clock, with `FixedAdvance`'s widths
/// (75 px for five characters, 85 selected; 15 px spacing; 5 px inset): a
/// press held still lifts its item, which follows the pointer 1:1 and takes
/// a neighbour's place once its center passes the neighbour's; the
/// neighbour slides aside in 0.25 s, the release drops the item into its
/// slot, Escape puts it back, and an edge zone scrolls the strip on.
final class ReorderDragTests: XCTestCase {
    private let titles = FixedAdvance.titles

    /// Moves the pointer to `x` at `now` and takes every place the item passes.
    @discardableResult
    private func drag(_ model: StripModel, toX x: Double, at now: Double) -> [ItemChange.Kind] {
        model.reorderMoved(toX: x, at: now)
        return moves(model, at: now)
    }

    private func moves(_ model: StripModel, at now: Double) -> [ItemChange.Kind] {
        var kinds = [ItemChange.Kind]()
        while let move = model.nextReorderMove(at: now) { kinds.append(move.kind) }
        return kinds
    }

    /// A model with segment 1 (二级建造师, x 105 to 180) pressed at x 140 at time 0 and lifted at 0.4.
    private func lifted(viewport: Double = 400) throws -> StripModel {
        let model = try FixedAdvance.model(viewport: viewport)
        XCTAssertTrue(model.pointerPressed(x: 140, y: 20, at: 0))
        XCTAssertEqual(model.liftPressedSegment(at: StripModel.liftDelay), 1)
        return model
    }

    func testAHeldPressLiftsAndSelectsItsItemWhereItIsDrawn() throws {
        let model = try lifted()
        XCTAssertTrue(model.isReordering)
        XCTAssertEqual(model.reorderedIndex, 1)
        XCTAssertEqual(model.selectedIndex, 1, "the lifted item is selected")
        XCTAssertNil(model.liftPressedSegment(at: 0.5), "once")
        // It stays where it was, under the pointer, while its width tweens to the selected 85 px.
        XCTAssertEqual(model.presentation(at: 0.4).layout.frame(at: 1).x, 105)
        XCTAssertEqual(model.presentation(at: 0.8).layout.frame(at: 1), Rect(x: 105, y: 0, width: 85, height: 42))
        XCTAssertEqual(model.presentation(at: 0.8).contentOffset, 0, "no centering")
        XCTAssertEqual(model.presentation(at: 0.8).layout.shiftedIndices, [1], "drawn over its neighbours")
        XCTAssertNil(model.hoveredIndex(at: 0.8))
    }

    func testAPressThatMovedPastTheSlopScrollsAndLiftsNothing() throws {
        let model = try FixedAdvance.model()
        model.pointerPressed(x: 140, y: 20, at: 0)
        model.pointerMoved(x: 120, y: 20, at: 0.1)
        XCTAssertTrue(model.isDragging)
        XCTAssertNil(model.liftPressedSegment(at: 0.4))
        XCTAssertEqual(model.presentation(at: 0.4).contentOffset, 20, "the drag scrolls 1:1 as before")
        let disabled = try FixedAdvance.model()
        try disabled.setItem(SegmentItem(title: "二级建造师", isEnabled: false), at: 1, at: 0)
        disabled.pointerPressed(x: 140, y: 20, at: 0)
        XCTAssertNil(disabled.liftPressedSegment(at: 0.4), "a disabled item is not lifted")
    }

    func testTheLiftedItemFollowsThePointerAndPassesANeighbourAtItsCenter() throws {
        let model = try lifted()
        // Grabbed 35 px into it: at x 200 its left edge is at 165 and its center (207.5) short of 造价工程师's (232.5).
        XCTAssertEqual(drag(model, toX: 200, at: 1.0), [])
        XCTAssertEqual(model.presentation(at: 1.0).layout.frame(at: 1).x, 165)
        XCTAssertEqual(model.presentation(at: 1.0).layout.frame(at: 2).x, 195, "the neighbour has not moved")
        // At x 230 its center (237.5) is past it: one move, and the neighbour slides from 195 to 95 in 0.25 s, easing out.
        XCTAssertEqual(drag(model, toX: 230, at: 1.0), [.moved(from: 1, to: 2)])
        XCTAssertEqual(model.titles[1...2], ["造价工程师", "二级建造师"])
        XCTAssertEqual(model.selectedIndex, 2, "the same item, selected")
        XCTAssertEqual(model.presentation(at: 1.0).layout.frame(at: 2).x, 195, "the lifted item stays under the pointer")
        XCTAssertEqual(model.presentation(at: 1.0).layout.frame(at: 1).x, 195, accuracy: 1e-9)
        let mid = model.presentation(at: 1.125).layout.frame(at: 1).x
        XCTAssertLessThan(mid, 145, "past halfway at half the time: ease-out")
        XCTAssertGreaterThan(mid, 95)
        XCTAssertEqual(model.presentation(at: 1.25).layout.frame(at: 1).x, 95)
        XCTAssertEqual(model.presentation(at: 1.25).contentOffset, 0)
        // A fast move passes several at once, one place each; past the window's edge it is drawn at the edge (315 to 400).
        XCTAssertEqual(drag(model, toX: 430, at: 1.3), [.moved(from: 2, to: 3), .moved(from: 3, to: 4)])
        XCTAssertEqual(model.presentation(at: 1.3).layout.frame(at: 4).x, 315)
        // Back to the start: held 35 px in at x 20, it passes the first title and is drawn from the window's edge.
        XCTAssertEqual(drag(model, toX: 20, at: 1.4), [.moved(from: 4, to: 3), .moved(from: 3, to: 2), .moved(from: 2, to: 1),
                                                        .moved(from: 1, to: 0)])
        XCTAssertEqual(model.presentation(at: 1.4).layout.frame(at: 0).x, 0)
    }

    func testTheReleaseDropsTheItemIntoItsSlot() throws {
        let model = try lifted()
        drag(model, toX: 230, at: 1.0)
        let drop = try XCTUnwrap(model.dropLiftedItem(at: 1.3))
        XCTAssertEqual(drop.from, 1)
        XCTAssertEqual(drop.to, 2)
        XCTAssertFalse(model.isReordering)
        XCTAssertFalse(model.isPressed, "the press is over")
        XCTAssertEqual(model.pointerReleased(x: 230, y: 20, at: 1.3), .none, "its release selects nothing more")
        // From 195 (under the pointer) into its slot at 185, in 0.25 s.
        XCTAssertEqual(model.presentation(at: 1.3).layout.frame(at: 2).x, 195)
        XCTAssertTrue(model.isAnimating(at: 1.5))
        XCTAssertFalse(model.isAnimating(at: 1.55))
        var order = titles
        order.swapAt(1, 2)
        let fresh = try FixedAdvance.model(titles: order, selected: 2).restingLayout
        let rest = model.presentation(at: 1.55)
        for i in order.indices { XCTAssertEqual(rest.layout.frame(at: i), fresh.frame(at: i), "frame \(i)") }
        XCTAssertEqual(rest.layout.frame(at: 2).x, 185)
        XCTAssertEqual(rest.contentOffset, 0, "the strip did not scroll")
        XCTAssertEqual(rest.indicator, fresh.indicatorRect(under: 2))
    }

    func testEscapePutsTheItemBack() throws {
        let model = try lifted()
        drag(model, toX: 430, at: 1.0)
        XCTAssertEqual(model.reorderedIndex, 4)
        let back = model.cancelReorder(at: 1.1)
        XCTAssertEqual(back.map(\.kind), [.moved(from: 4, to: 1)])
        XCTAssertEqual(model.titles, titles)
        XCTAssertFalse(model.isReordering)
        XCTAssertEqual(model.selectedIndex, 1)
        let fresh = try FixedAdvance.model(selected: 1).restingLayout
        for i in titles.indices { XCTAssertEqual(model.presentation(at: 1.4).layout.frame(at: i), fresh.frame(at: i), "frame \(i)") }
        XCTAssertEqual(model.cancelReorder(at: 1.5), [], "nothing lifted")
        // After an autoscroll took its place out of view, Escape brings it back to the center.
        let scrolled = try lifted()
        scrolled.reorderMoved(toX: 399, at: 1.0)
        var now = 1.0
        while scrolled.presentation(at: now).contentOffset < 200 { now += 0.016; scrolled.stepAutoscroll(at: now) }
        _ = moves(scrolled, at: now)
        scrolled.cancelReorder(at: now)
        XCTAssertEqual(scrolled.selectedIndex, 1)
        XCTAssertEqual(scrolled.presentation(at: now + 0.25).contentOffset, scrolled.targetOffset)
        XCTAssertEqual(scrolled.targetOffset, 0, "二级建造师 centered: the content's start")
    }

    func testNearAnEdgeTheStripScrollsOnFasterTheNearerThePointer() throws {
        let model = try lifted()
        // The zone is half the lifted width (42.5 px) from the edge; at x 398 the speed is 4 × 85 × 40.5 / 42.5 px/s.
        model.reorderMoved(toX: 398, at: 1.0)
        XCTAssertTrue(model.isAnimating(at: 1.0), "the autoscroll keeps frames coming")
        model.stepAutoscroll(at: 1.016)
        let speed = 4 * 85 * (398 - (400 - 42.5)) / 42.5
        XCTAssertEqual(model.presentation(at: 1.016).contentOffset, speed * 0.016, accuracy: 1e-9)
        // Nearer the edge, faster: at 399.5, 4 × 85 × 42 / 42.5.
        model.reorderMoved(toX: 399.5, at: 1.016)
        model.stepAutoscroll(at: 1.032)
        let faster = 4 * 85 * (399.5 - 357.5) / 42.5
        XCTAssertEqual(model.presentation(at: 1.032).contentOffset, speed * 0.016 + faster * 0.016, accuracy: 1e-9)
        // A late frame moves at most 50 ms' worth.
        let before = model.presentation(at: 1.032).contentOffset
        model.stepAutoscroll(at: 2.0)
        XCTAssertEqual(model.presentation(at: 2.0).contentOffset - before, faster * 0.05, accuracy: 1e-9)
        // On to the end: the item passes every neighbour and the scroll stops at the content's end.
        var now = 2.0
        while model.isAnimating(at: now), now < 20 {
            now += 1.0 / 60
            model.stepAutoscroll(at: now)
            _ = moves(model, at: now)
        }
        XCTAssertFalse(model.isAnimating(at: now + 1), "stopped at the end")
        XCTAssertEqual(model.reorderedIndex, titles.count - 1)
        XCTAssertEqual(model.presentation(at: now).contentOffset, model.maximumOffset, accuracy: 1e-9)
        // Out of the zone it stops at once.
        let lifted = try self.lifted()
        lifted.reorderMoved(toX: 398, at: 1.0)
        drag(lifted, toX: 300, at: 1.01)    // past 造价工程师: its 0.25 s slide runs, and no scroll
        XCTAssertFalse(lifted.isAnimating(at: 1.3))
        lifted.stepAutoscroll(at: 1.3)
        XCTAssertEqual(lifted.presentation(at: 1.3).contentOffset, 0)
        // The start edge does nothing at offset 0.
        lifted.reorderMoved(toX: 1, at: 1.3)
        XCTAssertFalse(lifted.isAnimating(at: 1.6))
        XCTAssertEqual(lifted.presentation(at: 1.6).contentOffset, 0)
    }
}
