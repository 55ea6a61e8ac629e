import Foundation
import SegmentedCore
import SegmentedX11
import TestSupport
import XCTest

/// Colors and fonts from X resources (the RESOURCE_MANAGER property, as xrdb
/// sets it) and from flags, flags winning.
final class ThemeTests: XCTestCase {
    override func tearDownWithError() throws {
        try Shared.display.get().setResources(nil)
    }

    func testResourcesOverrideDefaultsAndFlagsOverrideResources() throws {
        let display = try Shared.display.get()
        display.setResources("SegmentedStrip.accentColor: #1E88E5\nSegmentedStrip.textColor: bogus\n*pageTextColor: #ff0000\n"
                             + "SegmentedStrip.selectedFont: sans:pixelsize=abc\n")
        let themed = try RunningDemo()
        try assertIndicatorPixels(themed, event: themed.ready, color: 0x1E88E5)
        let image = try XCTUnwrap(display.pixels(themed.window, width: 400, height: 200))
        XCTAssertGreaterThan(image.count(notMatching: 0xFFFFFF, x: 0, y: 46, width: 400, height: 154), 300)
        XCTAssertGreaterThan((46..<200).reduce(0) { $0 + image.columns(inRow: $1, matching: 0xFF0000).count }, 50,
                             "page title in the resource's red")
        XCTAssertTrue(themed.process.standardError.contains("X resource SegmentedStrip.textColor: bad color 'bogus'"),
                      themed.process.standardError)
        // A font only a resource names, which does not open: a warning and the default, not an exit.
        XCTAssertTrue(themed.process.standardError.contains("X resource SegmentedStrip.selectedFont: invalid font pattern 'sans:pixelsize=abc'"),
                      themed.process.standardError)
        try assertLayoutFollowsTheDesign(themed.ready, titles: try bundledTitles(), viewportWidth: 400)
        themed.process.process.terminate()

        let flagged = try RunningDemo(["--accent-color", "#00AA00"])
        try assertIndicatorPixels(flagged, event: flagged.ready, color: 0x00AA00)
        flagged.process.process.terminate()
    }

    /// A RESOURCE_MANAGER of 200,000 other lines (100,000 for other programs, 100,000 loose ones of other names;
    /// 6.5 MB) costs a linear scan: only the lines that can answer the strip or Xft reach Xlib's parser,
    /// whose time grew faster than the text (a first frame after 39 s with 200,000 lines).
    func testAHugeResourceDatabaseIsReadInLinearTime() throws {
        let display = try Shared.display.get()
        var lines = (0..<100_000).map { "app\($0).resource\($0): value\($0)\n" }
        lines += (0..<100_000).map { "*other\($0): value\($0)\n" }
        lines.insert("SegmentedStrip.accentColor: #1E88E5\n", at: 50_000)
        lines.insert("Xft.dpi: 192\n", at: 150_000)
        display.setResources(lines.joined())
        let demo = try RunningDemo([])
        defer { demo.process.process.terminate() }
        let first = try XCTUnwrap(demo.process.allEvents.first { $0["event"] as? String == "firstFrame" })
        // Xlib parsed all 200,000 lines twice before (39 s to the first frame in the release build, on a loaded
        // machine); what is left is a linear scan (0.13 s in the release build, 0.3 s in the debug one).
        XCTAssertLessThan(try XCTUnwrap(traceNumber(first["elapsedSeconds"])), 30, "the first frame without Xlib's parse of every line")
        XCTAssertEqual(traceNumber(demo.ready["stripHeight"]), 88, "Xft.dpi 192 read: scale 2")
        let image = try XCTUnwrap(display.pixels(demo.window, width: 800, height: 88))
        XCTAssertGreaterThan(image.count(notMatching: 0x1E88E5, x: 0, y: 0, width: 800, height: 88), 0)
        XCTAssertGreaterThan(800 * 88 - image.count(notMatching: 0x1E88E5, x: 0, y: 0, width: 800, height: 88), 100,
                             "the indicator and the selected title in the resource's accent")
        XCTAssertEqual((0..<88).reduce(0) { $0 + image.columns(inRow: $1, matching: accent).count }, 0, "not the default accent")
    }

    func testIndicatorAsWideAsTheTitleAtTheTop() throws {
        let demo = try RunningDemo(["--indicator-width", "title+6", "--indicator-location", "top", "--indicator-height", "4"])
        defer { demo.process.process.terminate() }
        let rect = try XCTUnwrap(traceRect(demo.ready["indicator"]))
        let frame = RunningDemo.segments(demo.ready)[0]
        XCTAssertEqual(rect.width, frame.width + 6)
        XCTAssertEqual(rect.y, 0)
        XCTAssertEqual(rect.height, 4)
        let image = try XCTUnwrap(try Shared.display.get().pixels(demo.window, width: 400, height: 44))
        assertRectPixels(image, rect, offset: 0, color: accent)
        XCTAssertEqual(image.columns(inRow: 40, matching: accent), [], "nothing at the bottom")
        for bad in ["title*2", "0", "segment+1", "title+1e20", "title+inf", "title+nan", "title-1001"] {
            XCTAssertEqual(try DemoProcess.runToEnd(["--indicator-width", bad]).status, 2, bad)
        }
        XCTAssertEqual(try DemoProcess.runToEnd(["--indicator-location", "left"]).status, 2)
    }

    func testCenteredTitlesAndTheirIndicator() throws {
        let folder = try TemporaryFolder(prefix: "segmented-fill")
        let file = try folder.file("three.json", Array(#"["One", "Two", "Three"]"#.utf8))
        let demo = try RunningDemo(["--titles-file", file, "--fill", "center"])
        defer { demo.process.process.terminate() }
        let frames = RunningDemo.segments(demo.ready)
        let left = frames[0].x - 5, right = 400 - (frames[2].x + frames[2].width) - 5
        XCTAssertEqual(left, right, accuracy: 0.5, "centered")
        XCTAssertGreaterThan(left, 50)
        XCTAssertEqual(traceNumber(demo.ready["contentWidth"]), 400)
        try assertIndicatorPixels(demo, event: demo.ready)
        let display = try Shared.display.get()
        display.click(demo.window, x: Int(frames[2].x + frames[2].width / 2), y: 22)
        let settled = try demo.process.next("settled")
        XCTAssertEqual(settled["selectedIndex"] as? Int, 2)
        try assertIndicatorPixels(demo, event: settled)
        XCTAssertEqual(try DemoProcess.runToEnd(["--fill", "justify"]).status, 2)
    }

    func testScaleTwoDoublesEveryMetric() throws {
        // The default fonts (pixel sizes) at --scale 2 and under Xft.dpi 192; and the same sizes given in
        // points under Xft.dpi 192 (11.25 pt = 15 px and 12.75 pt = 17 px at 96 dpi): converted once, not twice (issue 10).
        let pointFonts = ["--font", "sans-serif:size=11.25", "--selected-font", "sans-serif:size=12.75:weight=bold",
                          "--page-font", "sans-serif:size=21:weight=bold"]
        for arguments in [["--scale", "2"], [], pointFonts] {
            let display = try Shared.display.get()
            if !arguments.starts(with: ["--scale"]) { display.setResources("Xft.dpi: 192\n") }   // the HiDPI desktop setting
            let demo = try RunningDemo(arguments)
            defer { demo.process.process.terminate() }
            XCTAssertEqual(traceNumber(demo.ready["stripHeight"]), 88, "\(arguments)")
            XCTAssertEqual(traceNumber(demo.ready["viewportWidth"]), 800)
            XCTAssertEqual(traceNumber(demo.ready["viewportHeight"]), 400)
            let frames = RunningDemo.segments(demo.ready)
            XCTAssertEqual(frames[0].x, 10)
            XCTAssertEqual(frames[0].height, 84)
            XCTAssertEqual(frames[1].x, frames[0].x + frames[0].width + 30, "spacing 30")
            let widths = try expectedWidths(titles: try bundledTitles(), selected: 0)
            XCTAssertEqual(frames[1].width, widths[1] * 2, accuracy: 2, "fonts at twice the pixel size")
            let rect = try XCTUnwrap(traceRect(demo.ready["indicator"]))
            XCTAssertEqual(rect.width, 60)
            XCTAssertEqual(rect.height, 6)
            XCTAssertEqual(rect.y, 78)
            let image = try XCTUnwrap(display.pixels(demo.window, width: 800, height: 92))
            assertRectPixels(image, rect, offset: 0, color: accent)
            XCTAssertEqual(image.columns(inRow: 88, matching: separatorColor).count, 800)
            XCTAssertEqual(image.columns(inRow: 89, matching: separatorColor).count, 800, "a 2 px separator")
            display.setResources(nil)
        }
        XCTAssertEqual(try DemoProcess.runToEnd(["--scale", "9"]).status, 2)
    }

    /// The Xft.scale resource multiplies every size in points (XftDefaultSubstitute):
    /// a page font it makes absurd is refused before any window, as the strip's
    /// fonts are, rather than opened after the first frame, failing there and
    /// silently replaced by the selected font.
    func testAnXftScaleThatMakesThePageFontAbsurdIsRefusedBeforeAnyWindow() throws {
        try Shared.display.get().setResources("Xft.scale: 1000\n")
        let result = try DemoProcess.runToEnd(["--page-font", "sans-serif:size=21:weight=bold", "--exit-after-first-frame"])
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertEqual(result.stderr, "segmented-demo: invalid font pattern 'sans-serif:size=21:weight=bold': "
                       + "the pixel size must be a number from 1 to 1000 (fontconfig read 28000.0)\n")
    }

    func testAnAbsurdXftDPIIsRefusedForPointSizesToo() throws {
        let display = try Shared.display.get()
        for dpi in ["0", "10000"] {
            display.setResources("Xft.dpi: \(dpi)\n")
            // Sized in points: Xft would have converted 12 pt at 0 or 10000 dpi.
            let demo = try RunningDemo(["--font", "sans:size=12", "--selected-font", "sans:size=13:weight=bold"])
            defer { demo.process.process.terminate() }
            XCTAssertEqual(traceNumber(demo.ready["stripHeight"]), 44, "the scale stays 1")
            // 12 pt at 96 dpi is 16 px: the second title's width is its advance at 16 px (not at 0 or 1667 px).
            let frames = RunningDemo.segments(demo.ready)
            let title = try bundledTitles()[1]
            // Measured on the main actor, as the library's font chains are (the tests run on the main thread).
            let advance = try MainActor.assumeIsolated {
                let fonts = try Shared.fonts.get()
                let sixteen = try FontChain(display: fonts.display, screen: fonts.screen, pattern: "sans:pixelsize=16")
                return sixteen.advance(of: title)
            }
            XCTAssertEqual(frames[1].width, StripModel.segmentWidth(Double(advance), metrics: LayoutMetrics()))
            XCTAssertTrue(demo.process.standardError.contains("X resource Xft.dpi: '\(dpi)' is not a resolution from 48 to 384"),
                          demo.process.standardError)
            XCTAssertFalse(demo.process.standardError.contains("invalid font pattern"), demo.process.standardError)
        }
    }

    func testIndicatorAnimationsAtTheStartMiddleAndEndOfASlowTween() throws {
        // Each animation with another shape or location, so each of those is also seen moving.
        let runs: [(mode: String, flags: [String], row: Int)] = [
            ("slide", [], 40),
            ("elastic", ["--indicator-location", "top"], 1),
            ("lengthen", ["--indicator-shape", "box", "--indicator-opacity", "1"], 7),   // an opaque box: its top rows are pure accent
        ]
        for (mode, flags, row) in runs {
            // No edge fade: the indicator's columns are found by their exact accent color, and one near an edge would be faded.
            let demo = try RunningDemo(["--indicator-animation", mode, "--duration", "6", "--easing", "linear", "--frame-stats",
                                        "--overflow-fade", "off"] + flags)
            defer { demo.process.process.terminate() }
            let display = try Shared.display.get()
            let frames = RunningDemo.segments(demo.ready)
            display.click(demo.window, x: Int(frames[3].x + frames[3].width / 2), y: 22)
            display.parkPointer()
            // What is on screen is one of the frames the demo reported painting around the moment the
            // pixels were read: the trace line of a frame is written (by the trace thread) once its
            // requests are queued, so the server can still be showing the one before, and a frame
            // painted during the read has its line arrive a little after. Under load (sanitizers, a
            // busy machine) that is a frame or two either way; the indicator moves ~1 px a frame.
            func checkDrawn(_ moment: String) throws -> (x: Double, y: Double, width: Double, height: Double) {
                func frames(_ events: [[String: Any]]) -> [[String: Any]] { events.filter { $0["event"] as? String == "frame" } }
                func frames() -> [[String: Any]] { frames(demo.process.allEvents) }
                let before = frames().count
                let image = try XCTUnwrap(display.pixels(demo.window, width: 400, height: 44))
                // Three frames reported after the read, so that the one on screen during it is among them;
                // once the tween has settled no frame follows.
                _ = demo.process.wait(timeout: 5) { events in
                    frames(events).count >= before + 3 || events.contains { $0["event"] as? String == "settled" }
                }
                let candidates = Array(frames().dropFirst(max(0, before - 3)))
                let columns = image.columns(inRow: row, matching: accent)
                var best: (error: Double, rect: (x: Double, y: Double, width: Double, height: Double), left: Double, width: Double)?
                for frame in candidates {
                    let rect = try XCTUnwrap(traceRect(frame["indicator"]))
                    let offset = try XCTUnwrap(traceNumber(frame["contentOffset"]))
                    let visibleLeft = max(0, rect.x - offset), visibleRight = min(400, rect.x + rect.width - offset)
                    let error = max(abs(Double(columns.first ?? -99) - visibleLeft), abs(Double(columns.count) - (visibleRight - visibleLeft)))
                    if best == nil || error < best!.error { best = (error, rect, visibleLeft, visibleRight - visibleLeft) }
                }
                let match = try XCTUnwrap(best, "\(mode) at the \(moment): no frame reported")
                XCTAssertEqual(Double(columns.first ?? -99), match.left, accuracy: 3, "\(mode) at the \(moment)")
                XCTAssertEqual(Double(columns.count), match.width, accuracy: 3, "\(mode) at the \(moment)")
                return match.rect
            }
            let first = try demo.process.next("frame") { $0["animating"] as? Bool == true }
            let start = try checkDrawn("start")
            XCTAssertLessThan(abs(start.x - traceRect(demo.ready["indicator"])!.x), 6, "\(mode) starts where the indicator was")
            // The middle of the 6 s tween.
            let middleTime = (traceNumber(first["time"]) ?? 0) + 3
            _ = try demo.process.next("frame") { (traceNumber($0["time"]) ?? 0) >= middleTime }
            let middle = try checkDrawn("middle")
            if mode != "slide" { XCTAssertGreaterThan(middle.width, 60, "\(mode) stretches mid-way") }
            let settled = try demo.process.next("settled", timeout: 20)
            if flags.isEmpty { try assertIndicatorPixels(demo, event: settled) }
            let end = try checkDrawn("end")
            XCTAssertEqual(end.x, traceRect(settled["indicator"])!.x, "\(mode) ends under the selection")
        }
        XCTAssertEqual(try DemoProcess.runToEnd(["--indicator-animation", "bounce"]).status, 2)
        XCTAssertEqual(try DemoProcess.runToEnd(["--easing", "2,0,0.5,1"]).status, 2)
        // y overshoot is allowed (-1...2) but not without bound: retargeting from an overshot rect would compound it.
        for bad in ["0,1e6,1,1", "0,3,1,1", "0,-2,1,1", "0,nan,1,1"] {
            let run = try DemoProcess.runToEnd(["--easing", bad])
            XCTAssertEqual(run.status, 2, bad)
            XCTAssertTrue(run.stderr.contains("y in -1...2"), run.stderr)
        }
        XCTAssertEqual(try DemoProcess.runToEnd(["--duration", "0"]).status, 2)
    }

    func testATranslucentRoundedBoxBehindTheTitle() throws {
        let demo = try RunningDemo(["--indicator-shape", "box", "--indicator-width", "title+16", "--indicator-opacity", "0.2",
                                    "--indicator-radius", "8"])
        defer { demo.process.process.terminate() }
        let rect = try XCTUnwrap(traceRect(demo.ready["indicator"]))
        let frame = RunningDemo.segments(demo.ready)[0]
        XCTAssertEqual(rect.width, frame.width + 16)
        XCTAssertEqual([rect.y, rect.height], [6, 30])
        let image = try XCTUnwrap(try Shared.display.get().pixels(demo.window, width: 400, height: 44))
        // Inside the box, away from the glyphs (the band's top rows): white + 20 % of #E53935.
        let inside = image[Int(rect.x + rect.width / 2), Int(rect.y) + 1]
        func near(_ pixel: UInt32, _ r: Double, _ g: Double, _ b: Double) -> Bool {
            abs(Double(pixel >> 16 & 0xFF) - r) <= 2 && abs(Double(pixel >> 8 & 0xFF) - g) <= 2 && abs(Double(pixel & 0xFF) - b) <= 2
        }
        XCTAssertTrue(near(inside, 255 * 0.8 + 229 * 0.2, 255 * 0.8 + 57 * 0.2, 255 * 0.8 + 53 * 0.2), String(inside, radix: 16))
        XCTAssertEqual(image[Int(rect.x), Int(rect.y)], white, "a rounded corner leaves the corner pixel")
        XCTAssertFalse(image[Int(rect.x) + 8, Int(rect.y)] == white, "the top edge past the corner is filled")
        XCTAssertEqual(image.columns(inRow: 40, matching: accent), [], "no underline")
    }

    func testNamedAndShortColorsAndBadOnes() throws {
        let named = try RunningDemo(["--accent-color", "DodgerBlue", "--separator-color", "#000"])
        try assertIndicatorPixels(named, event: named.ready, color: 0x1E90FF)
        let image = try XCTUnwrap(try Shared.display.get().pixels(named.window, width: 400, height: 46))
        XCTAssertEqual(image.columns(inRow: 44, matching: 0x000000).count, 400, "#000 is black")
        named.process.process.terminate()
        for (flag, value) in [("--accent-color", "#12"), ("--text-color", "notacolor"), ("--page-font", "")] {
            let result = try DemoProcess.runToEnd([flag, value])
            XCTAssertEqual(result.status, 2, "\(flag) \(value): \(result.stderr)")
        }
    }
}
