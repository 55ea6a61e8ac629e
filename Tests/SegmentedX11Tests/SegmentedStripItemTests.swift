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

    func testItemsThroughTheStrip() throws {
        try MainActor.assumeIsolated {
            let connection = try Self.sharedConnection.get()
            let host = HostWindow(connection: connection, width: 360, height: 60, background: 0xFFFFFF,
                                  title: "items", instanceName: "SegmentedX11Tests")
            defer { host.close() }
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
            XCTAssertEqual(strip.accessibleState(ofTab: 1) & Int32(STRIP_ACC_DISABLED), Int32(STRIP_ACC_DISABLED))
            XCTAssertEqual(strip.accessibleState(ofTab: 2) & Int32(STRIP_ACC_DISABLED), 0)
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
}
