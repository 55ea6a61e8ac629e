import SegmentedCore
@testable import SegmentedX11
import XCTest

/// A box indicator's opacity and the color of the titles on it (issue 23):
/// the default box is translucent, and a box the accent would not read on
/// draws the titles it covers in a contrasting color.
final class BoxReadabilityTests: XCTestCase {
    func testTheOpacityIsAutomaticUntilSet() {
        var style = StripStyle()
        XCTAssertNil(style.indicatorOpacity)
        XCTAssertEqual(style.effectiveIndicatorOpacity, 1, "an underline is opaque")
        style.indicatorShape = .box
        XCTAssertEqual(style.effectiveIndicatorOpacity, 0.2, "a box is translucent")
        style.indicatorOpacity = 1
        XCTAssertEqual(style.effectiveIndicatorOpacity, 1, "an opacity set is kept")
        style.indicatorShape = .underline
        style.indicatorOpacity = 0.5
        XCTAssertEqual(style.effectiveIndicatorOpacity, 0.5)
    }

    func testTheFlagAndResourceTakeAutoAndANumber() throws {
        let setting = try XCTUnwrap(StripSetting.all.first { $0.name == "indicatorOpacity" })
        var style = StripStyle()
        try setting.apply("0.35", to: &style, display: nil)
        XCTAssertEqual(style.indicatorOpacity, 0.35)
        XCTAssertEqual(setting.value(in: style), "0.35")
        try setting.apply("auto", to: &style, display: nil)
        XCTAssertNil(style.indicatorOpacity)
        XCTAssertThrowsError(try setting.apply("1.5", to: &style, display: nil)) { error in
            XCTAssertEqual("\(error)", "bad value '1.5' for --indicator-opacity (opacity, 0 to 1)")
        }
        let warnings = MainActor.assumeIsolated {
            StripXResources.apply("SegmentedStrip.indicatorOpacity: 0.6\nSegmentedStrip.indicatorTitleColor: #fff\n",
                                      to: &style, instance: "segmented-test", display: nil)
        }
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(style.indicatorOpacity, 0.6)
        XCTAssertEqual(style.indicatorTitleColor, 0xFFFFFF)
        let color = try XCTUnwrap(StripSetting.all.first { $0.name == "indicatorTitleColor" })
        XCTAssertEqual(color.value(in: style), "#FFFFFF")
        try color.apply("auto", to: &style, display: nil)
        XCTAssertNil(style.indicatorTitleColor)
    }

    func testTheTitlesOnABoxChangeColorOnlyWhereTheAccentWouldNotRead() {
        var style = StripStyle()
        XCTAssertNil(style.boxTitleColor, "an underline covers no title")
        style.indicatorShape = .box
        // 20 % of #E53935 over white: (250, 215, 215); the accent on it 3.2:1, at least 3:1.
        XCTAssertEqual(style.boxColor, 0xFAD7D7)
        XCTAssertEqual((ColorBlend.contrast(style.accentColor, style.boxColor) * 10).rounded() / 10, 3.2)
        XCTAssertNil(style.boxTitleColor, "the default box keeps the accent title")
        // Opaque: the accent on itself is 1:1; black reads at 5.0:1, white at 4.2:1.
        style.indicatorOpacity = 1
        XCTAssertEqual(style.boxColor, 0xE53935)
        XCTAssertEqual((ColorBlend.contrast(0x000000, style.boxColor) * 10).rounded() / 10, 5.0)
        XCTAssertEqual((ColorBlend.contrast(0xFFFFFF, style.boxColor) * 10).rounded() / 10, 4.2)
        XCTAssertEqual(style.boxTitleColor, 0x000000)
        // A dark accent box: white.
        style.accentColor = 0x1A237E
        XCTAssertEqual(style.boxTitleColor, 0xFFFFFF)
        // One set is used as it is.
        style.indicatorTitleColor = 0x00FF00
        XCTAssertEqual(style.boxTitleColor, 0x00FF00)
        style.indicatorShape = .underline
        XCTAssertNil(style.boxTitleColor)
    }

    func testContrastIsWCAGs() {
        XCTAssertEqual(ColorBlend.contrast(0xFFFFFF, 0x000000), 21, accuracy: 1e-9)
        XCTAssertEqual(ColorBlend.contrast(0x777777, 0x777777), 1)
        XCTAssertEqual(ColorBlend.contrast(0x767676, 0xFFFFFF), 4.54, accuracy: 0.01)   // WCAG's own example of a 4.5:1 grey
        XCTAssertEqual(ColorBlend.over(0xE53935, 1, on: 0xFFFFFF), 0xE53935)
        XCTAssertEqual(ColorBlend.over(0xE53935, 0, on: 0x123456), 0x123456)
    }
}
