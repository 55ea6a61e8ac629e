import XCTest
@testable import SegmentedCore

/// Icons in the layout: the room an icon adds to its segment (the icon and a
/// 6 px gap, none for an icon-only item within the minimum width), where the
/// icon, the title and a badge sit, a failed icon's absence, and `setItem`.
/// Titles are FixedAdvance's (15 px a character unselected, 17 selected), badge
/// text 7 px a character, icons 16 px unless their path is "/bad.png" (0: not
/// drawable), so x(0) = 5, x(i + 1) = x(i) + width(i) + 15.
final class IconLayoutTests: XCTestCase {
    private static let icon = SegmentIcon.file(path: "/icons/a.png")
    private static let bad = SegmentIcon.file(path: "/bad.png")
    private static func iconWidth(_ icon: SegmentIcon) -> Double { icon == bad ? 0 : 16 }

    /// 0: 45 + 16 + 6 = 67 at x 5; 1: icon only, 24 (the minimum) at 87;
    /// 2: 30 + 22 + dot (2 + 6) = 60 at 126; 3: a bad icon, 30 at 201;
    /// 4: selected, 34 at 246.
    private let items = [SegmentItem(title: "一二三", icon: icon), SegmentItem(title: "", icon: icon),
                         SegmentItem(title: "一二", icon: icon, badge: .dot), SegmentItem(title: "一二", icon: bad), SegmentItem("一二")]

    private func model() throws -> StripModel {
        try StripModel(items: items, selectedIndex: 4, viewportWidth: 400, measureUnselected: FixedAdvance.unselected,
                       measureSelected: FixedAdvance.selected, measureBadge: { Double($0.count * 7) }, measureIcon: Self.iconWidth)
    }

    func testTheExtraWidthAndTheScaledBox() {
        let m = LayoutMetrics()
        XCTAssertEqual([m.iconSize, m.iconGap], [16, 6])
        XCTAssertEqual(m.iconExtraWidth(iconWidth: 16, hasTitle: true, titleWidth: 45), 22)
        XCTAssertEqual(m.iconExtraWidth(iconWidth: 16, hasTitle: false, titleWidth: 24), 0, "inside the 24 px an empty title already has")
        XCTAssertEqual(m.iconExtraWidth(iconWidth: 0, hasTitle: true, titleWidth: 45), 0)
        let doubled = m.scaled(by: 2)
        XCTAssertEqual([doubled.iconSize, doubled.iconGap], [32, 12])
        XCTAssertEqual(doubled.iconExtraWidth(iconWidth: 32, hasTitle: true, titleWidth: 90), 44)
        XCTAssertEqual(m.scaled(by: 1.5).iconSize, 24)
        XCTAssertEqual(m.scaled(by: 1.25).iconSize, 20)
        var narrow = m
        narrow.minimumSegmentWidth = 10
        XCTAssertEqual(narrow.iconExtraWidth(iconWidth: 16, hasTitle: false, titleWidth: 10), 6, "an icon-only segment holds its icon")
    }

    func testFramesHoldTheIconAndItsGap() throws {
        let layout = try model().snapshot(at: 0).restingLayout
        let frames = (0..<5).map { layout.frame(at: $0) }
        XCTAssertEqual(frames.map(\.x), [5, 87, 126, 201, 246])
        XCTAssertEqual(frames.map(\.width), [67, 24, 60, 30, 34])
    }

    func testTheIconComesBeforeTheTitleCenteredAsOne() throws {
        let layout = try model().snapshot(at: 0).restingLayout
        // Segment 0: mid-x 38.5, icon + gap + title = 67 wide, so it starts at 5; the title 22 px later.
        let first = layout.itemPlacement(at: 0, iconWidth: 16, titleAdvance: 45, titleTop: 10, titleHeight: 20, pill: nil)
        XCTAssertEqual(first, ItemPlacement(icon: Rect(x: 5, y: 12, width: 16, height: 16), titleMinX: 27, pill: nil))
        // Icon only: centered on mid-x 99, no gap.
        let only = layout.itemPlacement(at: 1, iconWidth: 16, titleAdvance: 0, titleTop: 10, titleHeight: 20, pill: nil)
        XCTAssertEqual(only.icon, Rect(x: 91, y: 12, width: 16, height: 16))
        // Icon, title and dot: 16 + 6 + 30 + 2 + 6 = 60 around mid-x 156; the dot on the title's top (10 - 3).
        let badged = layout.itemPlacement(at: 2, iconWidth: 16, titleAdvance: 30, titleTop: 10, titleHeight: 20, pill: (6, 6))
        XCTAssertEqual(badged, ItemPlacement(icon: Rect(x: 126, y: 12, width: 16, height: 16), titleMinX: 148,
                                             pill: Rect(x: 180, y: 7, width: 6, height: 6)))
        // No icon and no badge: the title alone, centered, as before.
        let plain = layout.itemPlacement(at: 3, iconWidth: 0, titleAdvance: 30, titleTop: 10, titleHeight: 20, pill: nil)
        XCTAssertEqual(plain, ItemPlacement(icon: nil, titleMinX: 201, pill: nil))
    }

    func testSetItemWidensForANewIconAndBackWithout() throws {
        let model = try model()
        XCTAssertTrue(try model.setItem(SegmentItem(title: "一二", icon: Self.icon), at: 4, at: 0, animated: false))
        XCTAssertEqual(model.snapshot(at: 0).restingLayout.frame(at: 4).width, 34 + 22, "the selected width + icon + gap")
        XCTAssertTrue(try model.setItem(SegmentItem("一二"), at: 4, at: 0, animated: false))
        XCTAssertEqual(model.snapshot(at: 0).restingLayout.frame(at: 4).width, 34)
        XCTAssertFalse(try model.setItem(SegmentItem("一二"), at: 4, at: 0, animated: false), "nothing changed")
    }

    private func model(_ position: IconPosition) throws -> StripModel {
        var metrics = LayoutMetrics()
        metrics.iconPosition = position
        return try StripModel(items: items, selectedIndex: 4, viewportWidth: 400, metrics: metrics, measureUnselected: FixedAdvance.unselected,
                              measureSelected: FixedAdvance.selected, measureBadge: { Double($0.count * 7) }, measureIcon: Self.iconWidth)
    }

    func testAfterTheTitleTheSameFramesWithTheIconLast() throws {
        let layout = try model(.after).snapshot(at: 0).restingLayout
        XCTAssertEqual((0..<5).map { layout.frame(at: $0).width }, [67, 24, 60, 30, 34])
        // Segment 0: the title at 5, the gap, the icon at 5 + 45 + 6.
        XCTAssertEqual(layout.itemPlacement(at: 0, iconWidth: 16, titleAdvance: 45, titleTop: 10, titleHeight: 20, pill: nil),
                       ItemPlacement(icon: Rect(x: 56, y: 12, width: 16, height: 16), titleMinX: 5, pill: nil))
        XCTAssertEqual(layout.itemPlacement(at: 1, iconWidth: 16, titleAdvance: 0, titleTop: 10, titleHeight: 20, pill: nil).icon,
                       Rect(x: 91, y: 12, width: 16, height: 16), "icon only: centered as before")
        // Title 126 to 156, gap, icon 162 to 178, then the dot 2 px on.
        XCTAssertEqual(layout.itemPlacement(at: 2, iconWidth: 16, titleAdvance: 30, titleTop: 10, titleHeight: 20, pill: (6, 6)),
                       ItemPlacement(icon: Rect(x: 162, y: 12, width: 16, height: 16), titleMinX: 126,
                                     pill: Rect(x: 180, y: 7, width: 6, height: 6)))
    }

    func testAboveTheTitleNoWidthButATallerStrip() throws {
        var above = LayoutMetrics()
        above.iconPosition = .above
        XCTAssertEqual(above.iconExtraWidth(iconWidth: 16, hasTitle: true, titleWidth: 45), 0)
        XCTAssertEqual(above.iconExtraWidth(iconWidth: 16, hasTitle: true, titleWidth: 15), 1, "a title narrower than its icon")
        XCTAssertEqual(above.iconWidthBesideTitle(iconWidth: 16, hasTitle: true), 0, "a title above is elided to its whole segment")
        XCTAssertEqual(above.iconRoomAbove, 22)
        XCTAssertEqual(above.scaled(by: 2).iconRoomAbove, 44)
        XCTAssertEqual(LayoutMetrics().iconRoomAbove, 0)
        // 20 px of text + 22, and twice the 2 px bottom inset + a 3 px underline + its 2 px gap.
        let fitted = above.fittingText(height: 20)
        XCTAssertEqual(fitted.stripHeight, 56)
        XCTAssertEqual(LayoutMetrics().fittingText(height: 20).stripHeight, 44)
        // Centered: round((54 - 42) / 2 + 22) + 16 = 44, within the underline's limit 56 - 2 - 3 - 2 - 4 = 45:
        // the icon's top 6 px under the strip's top, the text's foot 7 px over the strip's foot.
        XCTAssertEqual(fitted.titleBaseline(ascent: 16, descent: 4), 44)
        var tall = above
        tall.stripHeight = 80
        XCTAssertEqual(tall.titleBaseline(ascent: 16, descent: 4), 56, "in a taller strip: round((78 - 42) / 2 + 22) + 16")

        let layout = try model(.above).snapshot(at: 0).restingLayout
        XCTAssertEqual((0..<5).map { layout.frame(at: $0).width }, [45, 24, 38, 30, 34])
        XCTAssertEqual((0..<5).map { layout.frame(at: $0).x }, [5, 65, 104, 157, 202])
        // Segment 0: the title where it would be alone, the icon centered over it, 6 px above its band.
        XCTAssertEqual(layout.itemPlacement(at: 0, iconWidth: 16, titleAdvance: 45, titleTop: 28, titleHeight: 20, pill: nil),
                       ItemPlacement(icon: Rect(x: 19.5, y: 6, width: 16, height: 16), titleMinX: 5, pill: nil))
        // Segment 2: title and dot centered as one (30 + 2 + 6 around 123), the icon over the title.
        XCTAssertEqual(layout.itemPlacement(at: 2, iconWidth: 16, titleAdvance: 30, titleTop: 28, titleHeight: 20, pill: (6, 6)),
                       ItemPlacement(icon: Rect(x: 111, y: 6, width: 16, height: 16), titleMinX: 104,
                                     pill: Rect(x: 136, y: 25, width: 6, height: 6)))
    }
}
