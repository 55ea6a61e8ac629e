import CX11
import Foundation
import SegmentedCore
@testable import SegmentedX11
import TestSupport
import XCTest

/// Badges on a real X server, read back as pixels: a count's pill where the
/// core's formula puts it and as wide as its measured text, "99+" for 120, a
/// dot, the room inside the segment, `setItem`'s new badge, and right to left.
/// Expected places come from the strip's own fonts and layout, so no test
/// depends on which fonts the machine has. The badge color is blue here: the
/// default #E53935 is also the accent of the selected title and indicator.
/// `@unchecked Sendable`: as `SegmentedStripAPITests`, everything runs on the main thread.
final class BadgePixelTests: XCTestCase, @unchecked Sendable {
    private var stage: PixelStripStage!
    @MainActor private var user: TestDisplay { stage.user }

    private static let badgeColor: UInt32 = 0x1E88E5
    private let items = [SegmentItem(title: "推荐", badge: .count(5)), SegmentItem(title: "关注", badge: .count(120)),
                         SegmentItem(title: "热榜", badge: .dot), SegmentItem(title: "视频", badge: .text("New")), SegmentItem("小说")]

    override func setUp() {
        MainActor.assumeIsolated { stage = PixelStripStage() }
    }

    override func tearDown() {
        MainActor.assumeIsolated { stage.tearDown() }
    }

    /// A strip of `items` in a new 400 x 60 host, its first frame drawn.
    @MainActor
    private func shownStrip(direction: LayoutDirection = .leftToRight) throws -> SegmentedStrip {
        var style = StripStyle()
        style.badgeColor = Self.badgeColor
        style.direction = direction
        return try stage.show(items, style: style, title: "badges")
    }

    @MainActor
    private func run(until condition: () -> Bool, _ message: String) { stage.run(until: condition, message) }

    /// Where segment `index`'s pill is drawn, window pixels (x, y, width, height), by the core's formula.
    @MainActor
    private func expectedPill(_ strip: SegmentedStrip, at index: Int) throws -> (x: Int, y: Int, width: Int, height: Int) {
        let snapshot = strip.snapshot
        let badge = try XCTUnwrap(snapshot.item(at: index).badge)
        let layout = snapshot.presentation.layout, metrics = snapshot.metrics
        let chain = snapshot.selectedIndex == index ? strip.planner.selectedFont : strip.planner.unselectedFont
        let baseline = metrics.titleBaseline(ascent: chain.ascent, descent: chain.descent)
        let pillWidth = strip.planner.badgePillWidth(badge, metrics: metrics)
        let pill = layout.badgePlacement(at: index, titleAdvance: Double(chain.advance(of: snapshot.titles[index])), pillWidth: pillWidth,
                                         pillHeight: metrics.badgePillHeight(badge), titleTop: Double(baseline - chain.ascent)).pill
        let x = strip.style.direction.windowPixelMinX(contentX: pill.x, width: pill.width.rounded(),
                                                      contentOffset: snapshot.presentation.contentOffset, viewportWidth: 400)
        return (x, Int(pill.y.rounded()), Int(pill.width.rounded()), Int(pill.height.rounded()))
    }

    /// The bounding box of the badge-colored pixels in window columns [minX, maxX), or nil when there are none.
    @MainActor
    private func badgeBox(_ strip: SegmentedStrip, columns: Range<Int>) throws -> (x: Int, y: Int, width: Int, height: Int)? {
        let image = try XCTUnwrap(user.pixels(strip.window, width: 400, height: 44))
        var xs = [Int](), ys = [Int]()
        for y in 0..<44 {
            for x in max(0, columns.lowerBound)..<min(400, columns.upperBound) where image[x, y] == Self.badgeColor {
                xs.append(x)
                ys.append(y)
            }
        }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return nil }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// Segment `index`'s frame in window columns.
    @MainActor
    private func columns(_ strip: SegmentedStrip, of index: Int) -> Range<Int> {
        let p = strip.snapshot.presentation
        let f = p.layout.frame(at: index)
        let x = strip.style.direction.windowPixelMinX(contentX: f.x, width: f.width, contentOffset: p.contentOffset, viewportWidth: 400)
        return x..<x + Int(f.width.rounded())
    }

    func testTheDefaultsAndTheSettings() throws {
        let style = StripStyle()
        XCTAssertEqual(style.badgeColor, 0xE53935)
        XCTAssertEqual(style.badgeTextColor, 0xFFFFFF)
        var changed = style
        let warnings = MainActor.assumeIsolated {
            StripXResources.apply("SegmentedStrip.badgeColor: #123456\nSegmentedStrip.badgeTextColor: #000\n", to: &changed,
                                  instance: "segmented-test", display: nil)
        }
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(changed.badgeColor, 0x123456)
        XCTAssertEqual(changed.badgeTextColor, 0x000000)
        let setting = try XCTUnwrap(StripSetting.all.first { $0.name == "badgeColor" })
        try setting.apply("#00ff00", to: &changed, display: nil)
        XCTAssertEqual(changed.badgeColor, 0x00FF00)
        XCTAssertEqual(setting.flag, "--badge-color")
    }

    func testPillsDotAndTextWhereTheFormulaPutsThem() throws {
        try MainActor.assumeIsolated {
            let strip = try shownStrip()
            let metrics = strip.snapshot.metrics
            let badgeFont = strip.planner.badgeFont
            let title = strip.planner.unselectedFont
            XCTAssertEqual(metrics.badgeHeight, 19, "the title font's 15 px + 2 px above and below")
            XCTAssertEqual(title.pixelSize, 15)
            XCTAssertTrue(badgeFont === title, "badges' text in the unselected title font: no font of their own")
            for index in 0..<4 {
                let expected = try expectedPill(strip, at: index)
                let drawn = try XCTUnwrap(try badgeBox(strip, columns: columns(strip, of: index)), "segment \(index)'s badge")
                XCTAssertEqual(drawn.x, expected.x, "segment \(index)")
                XCTAssertEqual(drawn.y, expected.y, "segment \(index)")
                XCTAssertEqual(drawn.width, expected.width, "segment \(index)")
                XCTAssertEqual(drawn.height, expected.height, "segment \(index)")
                // Inside its own segment: it ends before the next one begins.
                XCTAssertLessThanOrEqual(drawn.x + drawn.width, columns(strip, of: index).upperBound, "segment \(index)")
                XCTAssertLessThan(drawn.x + drawn.width, columns(strip, of: index + 1).lowerBound, "segment \(index)")
            }
            // 120 is drawn "99+": the pill is the measured "99+" + 2 × 4 px.
            let ninetyNine = try XCTUnwrap(try badgeBox(strip, columns: columns(strip, of: 1)))
            XCTAssertEqual(ninetyNine.width, max(Int(metrics.badgeHeight), badgeFont.advance(of: "99+") + 8))
            XCTAssertGreaterThan(ninetyNine.width, try XCTUnwrap(try badgeBox(strip, columns: columns(strip, of: 0))).width,
                                 "wider than one digit's circle")
            // Text pixels inside the count's pill; none inside the dot.
            let image = try XCTUnwrap(user.pixels(strip.window, width: 400, height: 44))
            XCTAssertGreaterThan(image.count(notMatching: Self.badgeColor, x: ninetyNine.x + 4, y: ninetyNine.y + 2,
                                             width: ninetyNine.width - 8, height: ninetyNine.height - 4), 10, "99+ is drawn in the pill")
            let dot = try XCTUnwrap(try badgeBox(strip, columns: columns(strip, of: 2)))
            XCTAssertEqual([dot.width, dot.height], [6, 6], "a 6 px dot")
            XCTAssertEqual(image.count(notMatching: Self.badgeColor, x: dot.x + 1, y: dot.y + 1, width: 4, height: 4), 0, "filled")
            XCTAssertNil(try badgeBox(strip, columns: columns(strip, of: 4)), "no badge, no pill")
        }
    }

    func testSetItemDrawsANewBadgeInTheWidenedSegment() throws {
        try MainActor.assumeIsolated {
            let strip = try shownStrip()
            let before = strip.snapshot.restingLayout.frame(at: 4).width
            let neighbour = strip.snapshot.restingLayout.frame(at: 3)
            try strip.setItem(SegmentItem(title: "小说", badge: .count(3)), at: 4, animated: false)
            let after = strip.snapshot.restingLayout.frame(at: 4).width
            let metrics = strip.snapshot.metrics
            XCTAssertEqual(after - before, metrics.badgeExtraWidth(pillWidth: strip.planner.badgePillWidth(.count(3), metrics: metrics)))
            XCTAssertEqual(strip.snapshot.restingLayout.frame(at: 3), neighbour, "the segment before it stays")
            let expected = try expectedPill(strip, at: 4)
            run(until: { (try? self.badgeBox(strip, columns: self.columns(strip, of: 4)))??.x == expected.x }, "the new pill drawn")
            let drawn = try XCTUnwrap(try badgeBox(strip, columns: columns(strip, of: 4)))
            XCTAssertEqual([drawn.x, drawn.y, drawn.width, drawn.height], [expected.x, expected.y, expected.width, expected.height])
        }
    }

    func testRightToLeftPutsThePillLeftOfTheTitle() throws {
        try MainActor.assumeIsolated {
            let strip = try shownStrip(direction: .rightToLeft)
            let segment = columns(strip, of: 1)
            let expected = try expectedPill(strip, at: 1)
            let drawn = try XCTUnwrap(try badgeBox(strip, columns: segment))
            XCTAssertEqual([drawn.x, drawn.y, drawn.width, drawn.height], [expected.x, expected.y, expected.width, expected.height])
            // Mirrored: the pill at the segment's left edge (the trailing end of right-to-left reading), the title right of it.
            XCTAssertEqual(drawn.x, segment.lowerBound)
            XCTAssertGreaterThan(segment.lowerBound, columns(strip, of: 2).upperBound, "segment 2 lies to its left")
        }
    }
}

extension BadgePixelTests {
    func testTheBadgeIsInThePageTabsDescription() throws {
        try MainActor.assumeIsolated {
            let strip = try shownStrip()
            XCTAssertEqual((0..<5).map { strip.drawnTabs.description(ofTab: $0) }, ["5", "120", "new", "New", nil],
                           "the whole count, not the pill's 99+; a dot is new")
            try strip.setItem(SegmentItem(title: "小说", badge: .count(3), tooltip: "连载"), at: 4)
            XCTAssertEqual(strip.drawnTabs.description(ofTab: 4), "连载, 3", "the tooltip, then the badge")
            XCTAssertNil(strip.drawnTabs.description(ofTab: 5))
        }
    }
}
