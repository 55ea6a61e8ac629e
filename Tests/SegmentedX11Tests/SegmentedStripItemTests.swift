import CStripAccessibility
import CX11
import Foundation
import SegmentedCore
@testable import SegmentedX11
import XCTest

/// Items through the strip's API in-process: they survive a new style, go
/// with new titles, and `setItem` changes one; an assistive technology cannot
/// select a disabled one, the host can.
final class SegmentedStripItemTests: XCTestCase {
    @MainActor private static let sharedConnection = Result { try XDisplayConnection() }

    /// Runs `body` on the main actor with the shared connection and a host window `width` pixels wide, closed after.
    private func withHost(width: Int, title: String, _ body: @MainActor (XDisplayConnection, HostWindow) throws -> Void) throws {
        try MainActor.assumeIsolated {
            let connection = try Self.sharedConnection.get()
            let host = HostWindow(connection: connection, width: width, height: 60, background: 0xFFFFFF,
                                  title: title, instanceName: "SegmentedX11Tests")
            defer { host.close() }
            try body(connection, host)
        }
    }

    func testItemsThroughTheStrip() throws {
        try withHost(width: 360, title: "items") { connection, host in
            let items = [SegmentItem("推荐"), SegmentItem(title: "关注", badge: .count(120), isEnabled: false, id: "follow"),
                         SegmentItem(title: "热榜", tooltip: "今日热榜")]
            let strip = try SegmentedStrip(connection: connection, parent: host.window, frame: PixelRect(x: 0, y: 0, width: 360, height: 44),
                                           items: items)
            defer { strip.destroy() }
            XCTAssertEqual(strip.items, items)
            XCTAssertEqual(strip.titles, ["推荐", "关注", "热榜"], "titles stay the shortcut")
            var reselections = 0
            strip.callbacks.reselected = { _, _ in reselections += 1 }

            try strip.setStyle(StripStyle())
            XCTAssertEqual(strip.items, items, "a new style keeps the items")
            XCTAssertFalse(strip.selectForAccessibility(1), "a disabled tab's action refuses")
            XCTAssertEqual(strip.selectedIndex, 0)
            XCTAssertEqual(strip.accessible!.state(1) & Int32(STRIP_ACC_DISABLED), Int32(STRIP_ACC_DISABLED))
            XCTAssertEqual(strip.accessible!.state(2) & Int32(STRIP_ACC_DISABLED), 0)
            try strip.setSelectedIndex(1, animated: false)
            XCTAssertEqual(strip.selectedIndex, 1, "the host can select a disabled item")

            let before = strip.snapshot.restingLayout.frame(at: 2).width
            try strip.setItem(SegmentItem(title: "热榜热榜", tooltip: "今日热榜"), at: 2, animated: false)
            XCTAssertGreaterThan(strip.snapshot.restingLayout.frame(at: 2).width, before, "a longer title, a wider segment")
            XCTAssertEqual(strip.item(at: 2).tooltip, "今日热榜")
            XCTAssertThrowsError(try strip.setItem(SegmentItem("x"), at: 3)) {
                XCTAssertEqual($0 as? StripModel.Failure, .indexOutOfRange(index: 3, count: 3))
            }
            try strip.setTitles(["a", "b"])
            XCTAssertEqual(strip.items, [SegmentItem("a"), SegmentItem("b")], "new titles are plain items")
            XCTAssertTrue(strip.selectForAccessibility(0))
            XCTAssertEqual(reselections, 0)
        }
    }

    func testTheDisabledColorIsTheTextColorAt38PercentOverTheBackground() {
        var style = StripStyle()
        XCTAssertEqual(style.effectiveDisabledTextColor, 0xBEBEBE, "round(0x55 x 0.38 + 0xFF x 0.62) = 0xBE")
        style.textColor = 0xFFFFFF
        style.backgroundColor = 0x202020
        // 255 x 0.38 + 32 x 0.62 = 116.74.
        XCTAssertEqual(style.effectiveDisabledTextColor, 0x757575)
        style.disabledTextColor = 0x123456
        XCTAssertEqual(style.effectiveDisabledTextColor, 0x123456)
    }

    /// The tooltip says a title is elided exactly when the frame draws it
    /// elided, whatever the cap, with a close button's room and without:
    /// both ask the planner's rule (`StripFramePlanner.titleRoom`). The
    /// tooltip's own rule left out the close button, so a title elided
    /// beside it had no tooltip.
    func testATitleIsElidedForItsTooltipExactlyWhenItIsDrawnElided() throws {
        try withHost(width: 600, title: "room") { connection, host in
            let title = "elided beside its button"
            var style = StripStyle()
            let advance = Double(try connection.fontChain(pattern: style.font, scale: style.scale).advance(of: title))
            let strip = try SegmentedStrip(connection: connection, parent: host.window, frame: PixelRect(x: 0, y: 0, width: 600, height: 44),
                                           titles: ["a", title], style: style)
            defer { strip.destroy() }
            var elidedBesideButton = 0
            for closable in [StripStyle.Switch.on, .off] {
                for cap in stride(from: advance - 30, through: advance + 40, by: 2) {
                    style.behavior.closable = closable
                    style.metrics.maximumSegmentWidth = cap
                    try strip.setStyle(style)
                    let now = SegmentedStrip.now()
                    let drawn = strip.planner.plan(strip.controller.snapshot(at: now + 1), width: 600).segments[1]?.title
                    XCTAssertEqual(strip.planner.titleIsElided(at: 1, of: strip.model), drawn != title, "cap \(cap), closable \(closable): drawn '\(drawn ?? "")'")
                    let frame = strip.snapshot.restingLayout.frame(at: 1).width
                    if closable == .on, (drawn != title) != (advance > frame.rounded(.down)) { elidedBesideButton += 1 }
                }
            }
            XCTAssertGreaterThan(elidedBesideButton, 0, "some caps: a rule without the button's room says otherwise")
        }
    }
}
