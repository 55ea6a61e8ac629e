import XCTest
@testable import SegmentedCore

/// Badges in the layout: the pill's width from its measured text, the room it
/// adds to its segment, where it sits, and `setItem`'s glide when one changes.
/// Titles are FixedAdvance's (15 px a character unselected, 17 selected),
/// badge text 7 px a character; the default metrics: pill 16 px tall, 4 px
/// padding, 6 px dot, 2 px gap, so x(0) = 5, x(i + 1) = x(i) + width(i) + 15.
final class BadgeLayoutTests: XCTestCase {
    private static func badgeText(_ s: String) -> Double { Double(s.count * 7) }

    /// 0: 45 + 2 + pill("99+": 21 + 8 = 29) = 76; 1: 30 + 2 + 6 = 38;
    /// 2: 60 + 2 + pill("New": 29) = 91; 3: 30 unselected, 34 selected.
    private let items = [SegmentItem(title: "一二三", badge: .count(120)), SegmentItem(title: "一二", badge: .dot),
                         SegmentItem(title: "一二三四", badge: .text("New")), SegmentItem("一二")]

    private func model(selected: Int = 3) throws -> StripModel {
        try StripModel(items: items, selectedIndex: selected, viewportWidth: 400, measureUnselected: FixedAdvance.unselected,
                       measureSelected: FixedAdvance.selected, measureBadge: Self.badgeText)
    }

    func testTheDrawnTextCapsCountsAt99() {
        XCTAssertEqual(SegmentBadge.count(99).drawnText, "99")
        XCTAssertEqual(SegmentBadge.count(100).drawnText, "99+")
        XCTAssertEqual(SegmentBadge.count(0).drawnText, "0")
        XCTAssertEqual(SegmentBadge.dot.drawnText, "")
        XCTAssertEqual(SegmentBadge.text("New").drawnText, "New")
        XCTAssertEqual(SegmentBadge.count(120).spokenText, "120", "a screen reader hears the whole count")
    }

    func testPillWidths() {
        let m = LayoutMetrics()
        XCTAssertEqual(m.badgePillWidth(.count(5), textWidth: 7), 16, "one digit: 7 + 8 < 16, a circle")
        XCTAssertEqual(m.badgePillWidth(.count(120), textWidth: 20.2), 29, "21 (rounded up) + 2 × 4")
        XCTAssertEqual(m.badgePillWidth(.dot, textWidth: 50), 6)
        XCTAssertEqual(m.badgePillHeight(.dot), 6)
        XCTAssertEqual(m.badgePillHeight(.text("New")), 16)
        XCTAssertEqual(m.badgeExtraWidth(pillWidth: 29), 31)
        XCTAssertEqual(m.fittingBadge(textHeight: 15).badgeHeight, 19, "15 + 2 × 2")
        let doubled = m.scaled(by: 2)
        XCTAssertEqual([doubled.badgeHeight, doubled.badgePadding, doubled.badgeDotDiameter, doubled.badgeGap], [32, 8, 12, 4])
        XCTAssertEqual(doubled.fittingBadge(textHeight: 30).badgeHeight, 38, "30 + 2 × 4")
    }

    func testBadgesWidenTheirSegments() throws {
        let layout = try model().restingLayout
        XCTAssertEqual((0..<4).map { layout.frame(at: $0).width }, [76, 38, 91, 34])
        XCTAssertEqual((0..<4).map { layout.frame(at: $0).x }, [5, 96, 149, 255])
        XCTAssertEqual(layout.contentWidth, 294)
        let selectedBadge = try model(selected: 0).restingLayout
        XCTAssertEqual(selectedBadge.frame(at: 0).width, 51 + 31, "the selected font's 51 px + the same badge")
    }

    func testThePillSitsAtTheTitlesTopTrailingCornerInsideItsSegment() throws {
        let layout = try model().restingLayout
        // Title and pill centered as one on mid-x 43: 43 - (45 + 2 + 29) / 2 = 5; the pill 45 + 2 after it.
        let count = layout.badgePlacement(at: 0, titleAdvance: 45, pillWidth: 29, pillHeight: 16, titleTop: 12)
        XCTAssertEqual(count, BadgePlacement(titleMinX: 5, pill: Rect(x: 52, y: 4, width: 29, height: 16)))
        XCTAssertEqual(count.pill.maxX, layout.frame(at: 0).maxX, "the pill ends on its segment's edge")
        XCTAssertLessThan(count.pill.maxX, layout.frame(at: 1).x, "and before the next title")
        // The dot: mid-x 115 - (30 + 2 + 6) / 2 = 96; centered on the title's top, 12 - 3.
        let dot = layout.badgePlacement(at: 1, titleAdvance: 30, pillWidth: 6, pillHeight: 6, titleTop: 12)
        XCTAssertEqual(dot, BadgePlacement(titleMinX: 96, pill: Rect(x: 128, y: 9, width: 6, height: 6)))
        // A title near the strip's top: the pill is clamped into the title band (top inset 0).
        XCTAssertEqual(layout.badgePlacement(at: 0, titleAdvance: 45, pillWidth: 29, pillHeight: 16, titleTop: 2).pill.y, 0)
        // Past the bottom: 44 - 2 - 16 = 26 at the lowest.
        XCTAssertEqual(layout.badgePlacement(at: 0, titleAdvance: 45, pillWidth: 29, pillHeight: 16, titleTop: 50).pill.y, 26)
    }

    func testACappedTitleKeepsItsBadgesRoom() throws {
        var metrics = LayoutMetrics()
        metrics.maximumSegmentWidth = 40
        let model = try StripModel(items: items, selectedIndex: 3, viewportWidth: 400, metrics: metrics, measureUnselected: FixedAdvance.unselected,
                                   measureSelected: FixedAdvance.selected, measureBadge: Self.badgeText)
        XCTAssertEqual(model.restingLayout.frame(at: 2).width, 40 + 31, "the title is capped, the badge's room is added")
    }

    func testSetItemChangingOnlyTheBadgeGlidesThatSegment() throws {
        let model = try model()
        var item = items[1]
        item.badge = .count(7)
        XCTAssertTrue(try model.setItem(item, at: 1, at: 1.0), "a new badge changes the frames")
        XCTAssertEqual(model.presentation(at: 1.0).layout.frame(at: 1).width, 38, "nothing jumps")
        // The dot's 8 px of room become a one-digit pill's 18: 30 + 18 = 48, halfway 43.
        XCTAssertEqual(model.presentation(at: 1.15).layout.frame(at: 1).width, 43, accuracy: 1e-9)
        XCTAssertEqual(model.presentation(at: 1.15).layout.frame(at: 0).width, 76, "the others stay")
        let end = model.presentation(at: 1.3).layout
        XCTAssertEqual(end.frame(at: 1).width, 48)
        XCTAssertEqual(end.frame(at: 2).x, 96 + 48 + 15)
        XCTAssertEqual(model.item(at: 1).badge, .count(7))
        XCTAssertFalse(try model.setItem(item, at: 1, at: 2.0), "the same item again changes nothing")
        item.badge = nil
        XCTAssertTrue(try model.setItem(item, at: 1, at: 2.0))
        XCTAssertEqual(model.restingLayout.frame(at: 1).width, 30, "no badge, no room")
    }
}
