import XCTest
@testable import SegmentedX11
import SegmentedCore

/// The desktop's settings as values: which XSETTINGS are read and refused,
/// what they make of a style, and where they come between the resources.
final class DesktopSettingsValueTests: XCTestCase {
    func testTheFollowedSettingsAreReadAndOthersIgnored() {
        let (settings, warnings) = DesktopSettings.reading([
            "Xft/DPI": .integer(192 * 1024), "Gtk/EnableAnimations": .integer(0), "Net/DndDragThreshold": .integer(8),
            "Net/IconThemeName": .string("Papirus"), "Gtk/FontName": .string("Cantarell 11"), "Xft/Antialias": .integer(1),
        ])
        XCTAssertEqual(settings, DesktopSettings(dpi: 192, enablesAnimations: false, dragThreshold: 8, iconThemeName: "Papirus"))
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(DesktopSettings.reading([:]).settings, DesktopSettings())
    }

    func testValuesOutOfRangeOrOfAnotherTypeAreOneWarningEach() {
        let (settings, warnings) = DesktopSettings.reading([
            "Xft/DPI": .integer(1024), "Gtk/EnableAnimations": .color(0, 0, 0, 0), "Net/DndDragThreshold": .integer(0),
            "Net/IconThemeName": .string("../etc"),
        ])
        XCTAssertEqual(settings, DesktopSettings())
        XCTAssertEqual(warnings.sorted(), [
            "XSETTINGS Gtk/EnableAnimations: the color (0, 0, 0, 0) is not an integer; ignored",
            "XSETTINGS Net/DndDragThreshold: 0 is not a distance from 1 to 100 pixels; ignored",
            "XSETTINGS Net/IconThemeName: '../etc' is not a theme's name; ignored",
            "XSETTINGS Xft/DPI: 1024 is not a resolution from 48 to 384 dots per inch in 1024ths of one (196608 is 192 dpi); ignored",
        ])
    }

    func testARefusedValueKeepsThePreviousOne() {
        let previous = DesktopSettings(dpi: 144, enablesAnimations: false, dragThreshold: 8, iconThemeName: "Papirus")
        let (settings, warnings) = DesktopSettings.reading([
            "Xft/DPI": .integer(144), "Gtk/EnableAnimations": .string("no"), "Net/DndDragThreshold": .integer(0),
            "Net/IconThemeName": .string(""),
        ], previous: previous)
        XCTAssertEqual(settings, previous, "a refused value changes nothing")
        XCTAssertEqual(warnings.count, 4)
        XCTAssertEqual(DesktopSettings.reading([:], previous: previous).settings, DesktopSettings(), "a setting the manager dropped goes")
    }

    func testAppliedSetsTheScaleMotionSlopAndThemeAndLeavesTheRest() {
        var base = StripStyle()
        base.accentColor = 0x1E88E5
        base.scale = 1.25
        let style = DesktopSettings(dpi: 144, enablesAnimations: false, dragThreshold: 12, iconThemeName: "Papirus").applied(to: base)
        XCTAssertEqual(style.scale, 1.5)
        XCTAssertTrue(style.motion.reducesMotion)
        XCTAssertEqual(style.metrics.clickSlop, 12)
        XCTAssertEqual(style.layoutMetrics.clickSlop, 18, "times the scale, as every length")
        XCTAssertEqual(style.iconThemeName, "Papirus")
        XCTAssertEqual(style.accentColor, 0x1E88E5)
        XCTAssertEqual(DesktopSettings().applied(to: base), base, "nothing set: the style as it was")
        XCTAssertFalse(DesktopSettings(enablesAnimations: true).applied(to: style).motion.reducesMotion)
    }

    /// `Xft.dpi` < XSETTINGS' `Xft/DPI` < `SegmentedStrip.scale`, and a
    /// refused value keeps the previous style's (a live change) or the default.
    @MainActor
    func testTheDesktopComesBetweenXftDPIAndTheStripsResources() {
        var style = StripStyle()
        XCTAssertEqual(StripXResources.apply("Xft.dpi: 120\n", to: &style, instance: "demo", display: nil, desktop: DesktopSettings(dpi: 192)), [])
        XCTAssertEqual(style.scale, 2, "XSETTINGS wins over Xft.dpi, as in GTK")
        style = StripStyle()
        _ = StripXResources.apply("Xft.dpi: 120\nSegmentedStrip.scale: 3\n", to: &style, instance: "demo", display: nil,
                                  desktop: DesktopSettings(dpi: 192))
        XCTAssertEqual(style.scale, 3, "the strip's own resource wins over the desktop")
        style = StripStyle()
        _ = StripXResources.apply("Xft.dpi: 120\n", to: &style, instance: "demo", display: nil)
        XCTAssertEqual(style.scale, 1.25)

        var previous = StripStyle()
        previous.accentColor = 0x1E88E5
        style = StripStyle()
        let warnings = StripXResources.apply("SegmentedStrip.accentColor: nonsense\n", to: &style, instance: "demo", display: nil,
                                             previous: previous)
        XCTAssertEqual(style.accentColor, 0x1E88E5, "the value it replaced stays")
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings[0].hasSuffix("keeping the previous value"), warnings[0])
        style = StripStyle()
        _ = StripXResources.apply("SegmentedStrip.accentColor: nonsense\n", to: &style, instance: "demo", display: nil)
        XCTAssertEqual(style.accentColor, StripStyle().accentColor, "at start: the default")
        // A refused value the previous resources did not set is as if absent: the desktop's stands.
        style = StripStyle()
        let ignored = StripXResources.apply("SegmentedStrip.reducedMotion: maybe\nSegmentedStrip.scale: bogus\n", to: &style, instance: "demo",
                                            display: nil, desktop: DesktopSettings(dpi: 192, enablesAnimations: false), previous: StripStyle())
        XCTAssertTrue(style.motion.reducesMotion)
        XCTAssertEqual(style.scale, 2)
        XCTAssertEqual(ignored.count, 2)
        XCTAssertTrue(ignored.allSatisfy { $0.hasSuffix("; ignored") }, "\(ignored)")
    }

    /// A desktop whose scale moves through many values (a DPI slider) keeps
    /// no font chain for each: the connection keeps the last twelve asked for.
    func testTheConnectionKeepsABoundedNumberOfFontChains() throws {
        try MainActor.assumeIsolated {
            let connection = try XDisplayConnection()
            for step in 0..<30 { _ = try connection.fontChain(pattern: "sans:pixelsize=15", scale: 1 + Double(step) / 16) }
            XCTAssertEqual(connection.fontChains.count, XDisplayConnection.fontChainCapacity)
            XCTAssertEqual(connection.fontChainOrder.count, XDisplayConnection.fontChainCapacity)
            let last = try connection.fontChain(pattern: "sans:pixelsize=15", scale: 1 + 29.0 / 16)
            XCTAssertTrue(last === connection.fontChains["\(1 + 29.0 / 16) sans:pixelsize=15"], "the newest is shared")
            XCTAssertNil(connection.fontChains["1.0 sans:pixelsize=15"], "the oldest went")
        }
    }

    /// What `HostWindow.run(strips:)` does with each change: the strip
    /// takes the settings over its base style and, as tall as it fits, its new height.
    func testRunStripsFollowsTheDesktopOverEachStripsBase() throws {
        try MainActor.assumeIsolated {
            // The tests' shared connection: the strips' scheduled updates may run after the test.
            let connection = try StripAPITestCase.sharedConnection.get()
            let host = HostWindow(connection: connection, width: 400, height: 200, background: 0xFFFFFF, title: "follow", instanceName: "follow")
            defer { host.close() }
            var base = StripStyle()
            base.accentColor = 0x1E88E5
            let height = try SegmentedStrip.preferredHeight(for: base, connection: connection)
            let fitted = try SegmentedStrip(connection: connection, parent: host.window, frame: PixelRect(x: 0, y: 8, width: 400, height: height),
                                            titles: ["一级", "二级"], selectedIndex: 0, style: base)
            let tall = try SegmentedStrip(connection: connection, parent: host.window, frame: PixelRect(x: 0, y: 100, width: 400, height: 90),
                                          titles: ["一级", "二级"], selectedIndex: 0, style: base)
            defer { fitted.destroy(); tall.destroy() }
            let settings = DesktopSettings(dpi: 192, enablesAnimations: false, dragThreshold: 9)
            for strip in [fitted, tall] { HostWindow.follow(settings, strip: strip, base: base) }
            XCTAssertEqual(fitted.style.scale, 2)
            XCTAssertEqual(fitted.style.accentColor, 0x1E88E5, "the base stays under the desktop's settings")
            XCTAssertTrue(fitted.style.motion.reducesMotion)
            XCTAssertEqual(fitted.style.layoutMetrics.clickSlop, 18)
            XCTAssertEqual(fitted.frame, PixelRect(x: 0, y: 8, width: 400, height: 88), "as tall as it fits: 44 -> 88")
            XCTAssertEqual(tall.frame, PixelRect(x: 0, y: 100, width: 400, height: 90), "a frame the host chose stays")
            // The manager exits: the base comes back.
            HostWindow.follow(DesktopSettings(), strip: fitted, base: base)
            XCTAssertEqual(fitted.style, base)
            XCTAssertEqual(fitted.frame.height, 44)
        }
    }
}
