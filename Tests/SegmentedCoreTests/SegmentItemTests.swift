import XCTest
@testable import SegmentedCore

/// Items in the model: `setItem`'s glide to new widths, and disabled items
/// passed over by clicks, hover and keys. Widths are FixedAdvance's (15 px a
/// character unselected, 17 selected), so the frames follow from the layout
/// formula by hand: x(0) = 5, x(i + 1) = x(i) + width(i) + 15.
final class SegmentItemTests: XCTestCase {
    /// Seven characters where segment 2 had five: 105 px unselected where it was 75.
    private let longer = "造价工程师一二"

    private func model(_ items: [SegmentItem], selected: Int = 0) throws -> StripModel {
        try StripModel(items: items, selectedIndex: selected, viewportWidth: 400,
                       measureUnselected: FixedAdvance.unselected, measureSelected: FixedAdvance.selected)
    }

    func testSetItemAtRestGlidesToTheNewWidthOnTheSelectionTween() throws {
        let model = try FixedAdvance.model(selected: 0)
        XCTAssertTrue(try model.setItem(SegmentItem(longer), at: 2, at: 1.0))
        XCTAssertEqual(model.titles[2], longer)
        let start = model.presentation(at: 1.0)
        XCTAssertEqual(start.layout.frame(at: 2).width, 75, "nothing jumps")
        XCTAssertEqual(start.layout.frame(at: 3).x, 285)
        // Halfway in time is halfway on the symmetric ease-in-out curve: 75 + 30 / 2.
        let mid = model.presentation(at: 1.15)
        XCTAssertEqual(mid.layout.frame(at: 2).width, 90, accuracy: 1e-9)
        XCTAssertEqual(mid.layout.frame(at: 3).x, 300, accuracy: 1e-9)
        XCTAssertEqual(mid.layout.frame(at: 1).x, 105, "segments before it stay")
        XCTAssertEqual(mid.indicator, Rect(x: 32.5, y: 39, width: 30, height: 3), "the selection elsewhere stays")
        XCTAssertTrue(model.isAnimating(at: 1.29))
        XCTAssertFalse(model.isAnimating(at: 1.3))
        let end = model.presentation(at: 1.3)
        XCTAssertEqual(end.layout.frame(at: 2).width, 105)
        XCTAssertEqual(end.layout.frame(at: 3).x, 315)
        XCTAssertEqual(end.layout, model.restingLayout)
        XCTAssertEqual(end.contentOffset, 0)
    }

    func testTheSelectedItemsNewWidthMovesTheIndicatorWithIt() throws {
        let model = try FixedAdvance.model(selected: 0)
        try model.setItem(SegmentItem("一级建造师一二"), at: 0, at: 2.0)
        // Selected: 5 x 17 = 85 px, then 7 x 17 = 119; the indicator (30 px) centered: x = 5 + w / 2 - 15.
        XCTAssertEqual(model.presentation(at: 2.0).indicator?.x, 32.5)
        XCTAssertEqual(model.presentation(at: 2.15).layout.frame(at: 0).width, 102, accuracy: 1e-9)
        XCTAssertEqual(model.presentation(at: 2.15).indicator!.x, 41, accuracy: 1e-9)
        XCTAssertEqual(model.presentation(at: 2.3).indicator?.x, 49.5)
        XCTAssertEqual(model.presentation(at: 2.3).layout.frame(at: 1).x, 139)
    }

    func testSetItemMidTweenKeepsTheClockAndSwapsTheTarget() throws {
        let model = try FixedAdvance.model(selected: 0)
        try model.select(4, at: 1.0)
        try model.setItem(SegmentItem(longer), at: 2, at: 1.15)
        let mid = model.presentation(at: 1.15)
        // The leg from the old widths (75) to the new (105), half way.
        XCTAssertEqual(mid.layout.frame(at: 2).width, 90, accuracy: 1e-9)
        XCTAssertEqual(mid.layout.frame(at: 4).width, 112, accuracy: 1e-9, "the selection's own blend goes on")
        XCTAssertFalse(model.isAnimating(at: 1.3), "the same clock: it ends when the selection's tween does")
        let end = model.presentation(at: 1.3)
        XCTAssertEqual(end.layout, model.restingLayout)
        XCTAssertEqual(end.layout.frame(at: 4).x, 395, "5 + (75 + 15) x 2 + (105 + 15) + (75 + 15)")
        XCTAssertEqual(end.layout.frame(at: 4).width, 119)
    }

    func testSetItemWithoutAnimationAndWithTheSameTitle() throws {
        let model = try FixedAdvance.model(selected: 0)
        try model.setItem(SegmentItem(longer), at: 2, at: 1.0, animated: false)
        XCTAssertFalse(model.isAnimating(at: 1.0))
        XCTAssertEqual(model.presentation(at: 1.0).layout.frame(at: 2).width, 105)
        // Only the enabled flag: no relayout, no motion.
        XCTAssertFalse(try model.setItem(SegmentItem(title: longer, isEnabled: false), at: 2, at: 2.0))
        XCTAssertFalse(model.isAnimating(at: 2.0))
        XCTAssertFalse(model.isEnabled(at: 2))
        XCTAssertEqual(model.details.byIndex.keys.sorted(), [2])
        try model.setItem(SegmentItem(longer), at: 2, at: 3.0)
        XCTAssertTrue(model.details.isEmpty, "a plain title keeps no item")
        XCTAssertThrowsError(try model.setItem(SegmentItem("x"), at: 10, at: 3.0)) {
            XCTAssertEqual($0 as? StripModel.Failure, .indexOutOfRange(index: 10, count: 10))
        }
    }

    func testAWideningItemBeforeAScrolledViewportKeepsTheOffset() throws {
        let model = try FixedAdvance.model(selected: 0)
        model.scroll(by: 200, animated: false, at: 1.0)
        try model.setItem(SegmentItem(longer), at: 2, at: 2.0)
        XCTAssertEqual(model.presentation(at: 2.0).contentOffset, 200)
        XCTAssertEqual(model.presentation(at: 2.3).contentOffset, 200)
    }

    func testKeysPassOverDisabledItems() throws {
        var items = FixedAdvance.titles.map(SegmentItem.init)
        for i in [1, 2, 9] { items[i].isEnabled = false }
        let model = try model(items)
        XCTAssertEqual(model.select(.next, at: 1), 3)
        XCTAssertEqual(model.select(.previous, at: 2), 0)
        XCTAssertEqual(model.select(.last, at: 3), 8)
        XCTAssertNil(model.select(.next, at: 4), "nothing enabled after 8: the selection stays")
        XCTAssertEqual(model.selectedIndex, 8)
        XCTAssertEqual(model.select(.first, at: 5), 0)
        // The host can still select a disabled item; keys then leave it for enabled ones.
        XCTAssertTrue(try model.select(1, at: 6))
        XCTAssertEqual(model.select(.next, at: 7), 3)
        let none = try self.model([SegmentItem("a"), SegmentItem(title: "b", isEnabled: false)])
        XCTAssertNil(none.select(.next, at: 1))
        XCTAssertNil(none.select(.last, at: 1))
    }

    /// Alt+1 to Alt+8 (positions), Alt+9 (last), Ctrl+Tab and Ctrl+Shift+Tab
    /// (wrapping): a disabled position selects nothing; wrapping passes over
    /// disabled items and goes on from the other end.
    func testPositionsAndWrappingKeys() throws {
        var items = FixedAdvance.titles.map(SegmentItem.init)
        for i in [1, 9] { items[i].isEnabled = false }
        let model = try model(items)
        XCTAssertEqual(model.select(.position(2), at: 0), 2)
        XCTAssertNil(model.select(.position(1), at: 1), "disabled: the selection stays")
        XCTAssertEqual(model.selectedIndex, 2)
        XCTAssertNil(model.select(.position(10), at: 2), "past the last")
        XCTAssertNil(model.select(.position(-1), at: 2))
        XCTAssertEqual(model.select(.last, at: 3), 8, "Alt+9: the last enabled")
        XCTAssertEqual(model.select(.nextWrapping, at: 4), 0, "past 9 (disabled) to the first")
        XCTAssertEqual(model.select(.nextWrapping, at: 5), 2, "over 1 (disabled)")
        XCTAssertEqual(model.select(.previousWrapping, at: 6), 0)
        XCTAssertEqual(model.select(.previousWrapping, at: 7), 8, "back over 9 to the last enabled")
        XCTAssertEqual(model.presentation(at: 8).indicator, model.restingLayout.indicatorRect(under: 8))
        let one = try self.model([SegmentItem("a"), SegmentItem(title: "b", isEnabled: false)])
        XCTAssertNil(one.select(.nextWrapping, at: 1), "nothing else enabled: the selection stays")
        XCTAssertNil(one.select(.previousWrapping, at: 1))
        XCTAssertNil(try FixedAdvance.model(titles: []).select(.nextWrapping, at: 0))
    }

    func testAClickOnADisabledItemSelectsNothingAndItIsNotHovered() throws {
        var items = FixedAdvance.titles.map(SegmentItem.init)
        items[1].isEnabled = false
        let model = try model(items)
        // Segment 1 spans x 105...180 at rest.
        model.pointerPressed(x: 140, y: 20, at: 1)
        XCTAssertEqual(model.hoveredIndex(at: 1), nil)
        XCTAssertEqual(model.pointerReleased(x: 140, y: 20, at: 1.05), .none)
        XCTAssertEqual(model.selectedIndex, 0)
        XCTAssertFalse(model.isAnimating(at: 1.05))
        model.pointerMoved(x: 220, y: 20, at: 2)
        XCTAssertEqual(model.hoveredIndex(at: 2), 2)
        // The selected title clicked again: a reselection.
        model.pointerPressed(x: 40, y: 20, at: 3)
        XCTAssertEqual(model.pointerReleased(x: 40, y: 20, at: 3.05), .click(index: 0, changed: false))
    }

    func testItemsSplitIntoTitlesAndDetails() throws {
        let items = [SegmentItem("a"), SegmentItem(title: "b", badge: .count(3), id: "b"), SegmentItem(title: "c", icon: SegmentIcon("./c.png"))]
        let model = try model(items)
        XCTAssertEqual(model.titles, ["a", "b", "c"])
        XCTAssertEqual(model.details.byIndex.keys.sorted(), [1, 2])
        XCTAssertEqual(model.items, items)
        XCTAssertEqual(model.snapshot(at: 0).item(at: 2).icon, .file(path: "./c.png"))
        XCTAssertEqual(SegmentIcon("mail-unread-symbolic"), .named("mail-unread-symbolic"))
        XCTAssertEqual(SegmentBadge(text: " New "), .text("New"))
        XCTAssertEqual(SegmentBadge(text: "dot"), .dot)
        XCTAssertEqual(SegmentBadge(text: "123456789012"), .text("123456789012"))
        XCTAssertNil(SegmentBadge(text: "1234567890123"))
        XCTAssertNil(SegmentBadge(text: "  "))
        // Trimmed by scalars: Unicode's white space (an ideographic space, a no-break space) goes, an accent on a space stays.
        XCTAssertEqual(SegmentBadge(text: "\u{3000}新\u{A0}"), .text("新"))
        XCTAssertEqual(SegmentBadge(text: "New \u{301}"), .text("New \u{301}"))
        XCTAssertEqual(SegmentBadge(text: String(repeating: "新", count: 12)), .text(String(repeating: "新", count: 12)), "12 characters in 36 bytes")
        XCTAssertNil(SegmentBadge(text: String(repeating: "e\u{301}", count: 13)), "13 characters")
        XCTAssertTrue(" \u{3000}\t".isBlank)
        XCTAssertFalse(" x ".isBlank)
    }
}
