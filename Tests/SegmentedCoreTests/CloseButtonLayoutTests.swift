import XCTest
@testable import SegmentedCore

/// Close buttons and the widths held after a close by pointer, on a virtual
/// clock with `FixedAdvance`'s widths (15 px a character, 17 selected): every
/// segment keeps 20 px (4 + 16) for its button, the button is the 16 px
/// square at the frame's trailing end, and a close by pointer holds the
/// slots until the pointer leaves.
final class CloseButtonLayoutTests: XCTestCase {
    private let titles = FixedAdvance.titles

    private func closable() -> LayoutMetrics {
        var m = LayoutMetrics()
        m.reservesCloseButton = true
        return m
    }

    private func model(titles: [String]? = nil, selected: Int = 0, viewport: Double = 400) throws -> StripModel {
        try StripModel(titles: titles ?? self.titles, selectedIndex: selected, viewportWidth: viewport, metrics: closable(),
                       measureUnselected: FixedAdvance.unselected, measureSelected: FixedAdvance.selected)
    }

    func testEverySegmentKeepsTheButtonsRoomAndTheContentIsCenteredBesideIt() throws {
        XCTAssertEqual(closable().closeButtonRoom, 20)
        XCTAssertEqual(LayoutMetrics().closeButtonRoom, 0, "not closable: no room")
        XCTAssertEqual(closable().scaled(by: 1.5).closeButtonRoom, 30, "(4 + 16) × 1.5")
        let layout = try model().restingLayout
        // 一级建造师 selected: 5 × 17 + 20; the others 5 × 15 + 20, 7 × 15 + 20.
        XCTAssertEqual(layout.frame(at: 0), Rect(x: 5, y: 0, width: 105, height: 42))
        XCTAssertEqual(layout.frame(at: 1), Rect(x: 125, y: 0, width: 95, height: 42))
        XCTAssertEqual(layout.frame(at: 4), Rect(x: 455, y: 0, width: 125, height: 42))
        XCTAssertEqual(layout.contentWidth, 1285)
        XCTAssertEqual(layout.contentMidX(at: 1), 125 + 95 / 2 - 10)
        XCTAssertEqual(layout.closeButtonFrame(at: 1), Rect(x: 204, y: 13, width: 16, height: 16))
        // The underline is under the title, not under the button's room.
        XCTAssertEqual(layout.indicatorRect(under: 0), Rect(x: 47.5 - 15, y: 39, width: 30, height: 3))
        XCTAssertNil(try FixedAdvance.model().restingLayout.closeButtonFrame(at: 1))
    }

    func testTheButtonIsHitTestedInItsSquareOnly() throws {
        let model = try model()
        XCTAssertEqual(model.closeButton(atX: 212, y: 21, at: 0), 1)
        XCTAssertEqual(model.closeButton(atX: 204, y: 13, at: 0), 1, "its top leading corner")
        XCTAssertNil(model.closeButton(atX: 203, y: 21, at: 0), "the title's side of it")
        XCTAssertNil(model.closeButton(atX: 212, y: 12, at: 0), "above it")
        XCTAssertNil(model.closeButton(atX: 212, y: 29, at: 0), "below it")
        XCTAssertEqual(model.segment(atX: 212, y: 21, at: 0), 1, "the button is part of its segment")
        model.pointerMoved(x: 212, y: 21, at: 0)
        XCTAssertEqual(model.hoveredCloseButton(at: 0), 1)
        model.pointerLeft()
        XCTAssertNil(model.hoveredCloseButton(at: 0))
        let plain = try FixedAdvance.model()
        XCTAssertNil(plain.closeButton(atX: 110, y: 21, at: 0), "no buttons without the room")
    }

    func testACloseByPointerHoldsTheSlotSoTheNextButtonLandsUnderThePointer() throws {
        let model = try model()
        let button = try XCTUnwrap(model.restingLayout.closeButtonFrame(at: 1))
        var now = 1.0
        // Two closes at the same place: each time the next title (95 px too) takes the closed slot.
        for closed in [1, 2] {
            try model.removeItem(at: 1, at: now, animated: true, freezingWidths: true)
            XCTAssertTrue(model.holdsWidths)
            now += 0.3
            XCTAssertFalse(model.isAnimating(at: now))
            let drawn = model.presentation(at: now)
            XCTAssertEqual(drawn.layout.frame(at: 1), Rect(x: 125, y: 0, width: 95, height: 42), "after closing \(titles[closed])")
            XCTAssertEqual(drawn.layout.closeButtonFrame(at: 1), button, "the next button is where the last one was")
            XCTAssertEqual(drawn.layout.contentWidth, 1285, "the room given up stays at the end")
            XCTAssertEqual(drawn.contentOffset, 0)
            XCTAssertEqual(model.titles[1], titles[closed + 1])
            now += 0.1
        }
        // The third: 注册安全工程师 (125 px) is wider than the slot; it keeps its width (never elided), and the content grows by the 30 px.
        try model.removeItem(at: 1, at: now, freezingWidths: true)
        now += 0.3
        let wider = model.presentation(at: now)
        XCTAssertEqual(wider.layout.frame(at: 1), Rect(x: 125, y: 0, width: 125, height: 42))
        XCTAssertEqual(wider.layout.contentWidth, 1285 + 30)
        XCTAssertEqual(wider.layout.frame(at: 2).x, 125 + 125 + 15)
        now += 0.1
        // The pointer leaves: the widths glide to rest, through frames in between.
        XCTAssertTrue(model.releaseWidthFreeze(at: now))
        XCTAssertFalse(model.holdsWidths)
        XCTAssertFalse(model.releaseWidthFreeze(at: now), "once")
        let fresh = try self.model(titles: model.titles).restingLayout
        XCTAssertEqual(fresh.contentWidth, 1285 - 3 * 110)
        let mid = model.presentation(at: now + 0.15).layout.contentWidth
        XCTAssertGreaterThan(mid, fresh.contentWidth, "the held room closes in a glide")
        XCTAssertLessThan(mid, 1315)
        let rest = model.presentation(at: now + 0.3)
        XCTAssertFalse(model.isAnimating(at: now + 0.3))
        for i in model.titles.indices { XCTAssertEqual(rest.layout.frame(at: i), fresh.frame(at: i), "frame \(i)") }
        XCTAssertEqual(rest.layout.contentWidth, fresh.contentWidth)
    }

    func testClosingTheSelectedTitleByPointerHoldsItsSlotAndDoesNotScroll() throws {
        let model = try model(selected: 4)
        let before = model.presentation(at: 0)
        let slot = before.layout.frame(at: 4)
        XCTAssertEqual(slot.width, 139, "注册安全工程师 selected: 7 × 17 + 20")
        try model.removeItem(at: 4, policy: .next, at: 1, freezingWidths: true)
        XCTAssertEqual(model.selectedIndex, 4, "监理工程师, now at 4")
        let after = model.presentation(at: 1.3)
        XCTAssertEqual(after.layout.frame(at: 4), slot, "selected in the held slot: 139 px, not its own 105")
        XCTAssertEqual(after.contentOffset, before.contentOffset, accuracy: 1e-9, "no centering on the new selection")
        XCTAssertEqual(after.indicator?.midX ?? 0, after.layout.contentMidX(at: 4), accuracy: 1e-9)
    }

    func testClosingTheLastTitleByPointerMovesTheOthersUpToWhereItEnded() throws {
        let model = try model(titles: Array(titles[0..<3]), selected: 0)
        let last = model.restingLayout.frame(at: 2)
        try model.removeItem(at: 2, at: 1, freezingWidths: true)
        let after = model.presentation(at: 1.3).layout
        XCTAssertEqual(after.frame(at: 1).x + after.frame(at: 1).width, last.x + last.width, "the title before it ends where it ended")
        XCTAssertEqual(after.closeButtonFrame(at: 1)?.x, model.restingLayout.closeButtonFrame(at: 1)?.x)
        XCTAssertEqual(after.closeButtonFrame(at: 1)?.x, last.x + last.width - 16)
    }

    func testClosingTheSelectedLastTitleKeepsTheEndThoughTheNewSelectionIsWider() throws {
        // 95, 95 and 105 (selected): the one before it is selected next and grows to 105, yet ends where the closed one ended.
        let model = try model(titles: Array(titles[0..<3]), selected: 2)
        let last = model.restingLayout.frame(at: 2)
        try model.removeItem(at: 2, policy: .next, at: 1, freezingWidths: true)
        XCTAssertEqual(model.selectedIndex, 1)
        let after = model.presentation(at: 1.3).layout
        XCTAssertEqual(after.frame(at: 1).width, 105)
        XCTAssertEqual(after.frame(at: 1).maxX, last.maxX)
        XCTAssertEqual(after.closeButtonFrame(at: 1), Rect(x: last.maxX - 16, y: 13, width: 16, height: 16), "the next close button under the pointer")
        // Again: the first, now selected, ends there too.
        try model.removeItem(at: 1, policy: .next, at: 1.4, freezingWidths: true)
        XCTAssertEqual(model.presentation(at: 1.7).layout.frame(at: 0).maxX, last.maxX)
    }

    func testAClickDuringTheGlideAimsAtTheRestingButtons() throws {
        let model = try model()
        try model.removeItem(at: 1, at: 1, freezingWidths: true)
        // 50 ms on, 造价工程师 is still sliding in; its button is aimed at where it will rest (x 204).
        XCTAssertNotEqual(model.presentation(at: 1.05).layout.frame(at: 1).x, 125)
        XCTAssertEqual(model.closeButton(atX: 212, y: 21, at: 1.05), 1)
    }

    func testAnyOtherChangeLetsTheHeldWidthsGo() throws {
        let model = try model()
        try model.removeItem(at: 1, at: 1, freezingWidths: true)
        XCTAssertTrue(model.holdsWidths)
        try model.select(4, at: 2)
        XCTAssertTrue(model.holdsWidths, "a selection keeps them")
        XCTAssertEqual(model.presentation(at: 2.3).layout.frame(at: 1).width, 95)
        try model.insertItem(SegmentItem("新"), at: 0, at: 3)
        XCTAssertFalse(model.holdsWidths)
        try model.removeItem(at: 1, at: 4, freezingWidths: true)
        try model.removeItem(at: 1, at: 5)
        XCTAssertFalse(model.holdsWidths, "a close not by pointer")
    }
}
