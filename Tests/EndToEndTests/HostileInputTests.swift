import CX11
import Foundation
import SegmentedCore
import SegmentedX11
import TestSupport
import XCTest

/// Titles, fonts and window sizes that must neither crash nor hang, with the
/// trace staying consistent and the pixels sensible.
final class HostileInputTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder(prefix: "segmented-hostile")
    }

    override func tearDown() {
        folder = nil
    }

    private func titlesFile(_ titles: [String]) throws -> String {
        try folder.file("titles-\(UUID().uuidString).json", [UInt8](try JSONSerialization.data(withJSONObject: titles)))
    }

    /// The environment with a fontconfig world of only DejaVu: no Han character has a font.
    private func dejaVuOnlyEnvironment() throws -> [String: String] {
        let conf = folder.url.appendingPathComponent("fonts.conf")
        try """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
        <fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>\(folder.path)/cache</cachedir></fontconfig>
        """.write(to: conf, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = conf.path
        return environment
    }

    /// Checks a layout event's frames against the formula with whatever widths it reports.
    private func assertConsistent(_ event: [String: Any], count: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let frames = RunningDemo.segments(event)
        XCTAssertEqual(frames.count, count, file: file, line: line)
        var x = 5.0
        for (i, f) in frames.enumerated() {
            XCTAssertEqual(f.x, x, "x of \(i)", file: file, line: line)
            XCTAssertGreaterThanOrEqual(f.width, 24, "minimum width of \(i)", file: file, line: line)
            x = f.x + f.width + 15
        }
        let offset = try XCTUnwrap(traceNumber(event["contentOffset"]), file: file, line: line)
        let content = try XCTUnwrap(traceNumber(event["contentWidth"]), file: file, line: line)
        let viewport = try XCTUnwrap(traceNumber(event["viewportWidth"]), file: file, line: line)
        XCTAssertEqual(content, count == 0 ? 0 : x - 15 + 5, file: file, line: line)
        XCTAssertGreaterThanOrEqual(offset, 0, file: file, line: line)
        XCTAssertLessThanOrEqual(offset, max(0, content - viewport), file: file, line: line)
    }

    func testAnEmptyTitleListIsAnEmptyStripThatIgnoresInput() throws {
        let demo = try RunningDemo(["--titles-file", try titlesFile([])])
        let display = try Shared.display.get()
        XCTAssertEqual(demo.ready["count"] as? Int, 0)
        XCTAssertTrue(demo.ready["selectedIndex"] is NSNull)
        XCTAssertTrue(demo.ready["indicator"] is NSNull)
        XCTAssertEqual(traceNumber(demo.ready["contentWidth"]), 0)
        display.click(demo.window, x: 20, y: 22)
        display.key(demo.window, keysym: XK_Right)
        display.key(demo.window, keysym: XK_End)
        display.button(5, down: true)
        display.button(5, down: false)
        let image = try XCTUnwrap(display.pixels(demo.window, width: 400, height: 200))
        XCTAssertEqual(image.count(notMatching: white, x: 0, y: 0, width: 400, height: 44), 0, "nothing drawn in the strip")
        XCTAssertEqual(image.columns(inRow: 44, matching: separatorColor).count, 400)
        display.key(demo.window, keysym: XK_Escape)
        XCTAssertEqual(demo.process.waitForExit(), 0)
        XCTAssertFalse(demo.process.allEvents.contains { $0["event"] as? String == "select" })
    }

    func testSingleDuplicateEmptyAndWhitespaceTitlesCanAllBeClicked() throws {
        let titles = ["dup", "dup", "", "   ", "\u{3000}", "solo"]
        let demo = try RunningDemo(["--titles-file", try titlesFile(titles)])
        defer { demo.process.process.terminate() }
        try assertConsistent(demo.ready, count: titles.count)
        let frames = RunningDemo.segments(demo.ready)
        XCTAssertEqual(frames[2].width, 24, "an empty title gets the minimum width")
        let display = try Shared.display.get()
        for index in [2, 3, 1, 4] {
            let offset = traceNumber(demo.process.allEvents.last { $0["contentOffset"] != nil }?["contentOffset"]) ?? 0
            let f = RunningDemo.segments(demo.process.allEvents.last { $0["segments"] != nil } ?? demo.ready)[index]
            display.click(demo.window, x: Int(f.x + f.width / 2 - offset), y: 22)
            XCTAssertEqual(try demo.process.next("select")["index"] as? Int, index)
            let settled = try demo.process.next("settled")
            try assertConsistent(settled, count: titles.count)
            try assertIndicatorPixels(demo, event: settled)
        }
        let single = try RunningDemo(["--titles-file", try titlesFile(["only"])])
        try assertConsistent(single.ready, count: 1)
        try assertIndicatorPixels(single, event: single.ready)
        display.click(single.window, x: 300, y: 22)   // past the end of the content: nothing
        display.key(single.window, keysym: XK_Escape)
        XCTAssertEqual(single.process.waitForExit(), 0)
        XCTAssertFalse(single.process.allEvents.contains { $0["event"] as? String == "select" })
    }

    func testLongMixedAndHostileScriptsRenderAndStayConsistent() throws {
        let titles = [String(repeating: "长", count: 10_000), "e\u{301}\u{301}\u{308} combining", "👨‍👩‍👧 family", "😀🎉 emoji",
                      "שלום עולם", "مرحبا", "tab\there", "bell\u{7}del\u{7F}c1\u{85}", "Mixed 一级 title", "x"]
        let demo = try RunningDemo(["--titles-file", try titlesFile(titles), "--select", "1"])
        defer { demo.process.process.terminate() }
        try assertConsistent(demo.ready, count: titles.count)
        let frames = RunningDemo.segments(demo.ready)
        XCTAssertEqual(frames[0].width, 150_000, "10,000 CJK glyphs of 15 px: past any 16-bit limit")
        let display = try Shared.display.get()
        // Select the 10,000-character title: its middle is centered, the strip still draws.
        display.key(demo.window, keysym: XK_Home)
        let settled = try demo.process.next("settled")
        try assertConsistent(settled, count: titles.count)
        try assertIndicatorPixels(demo, event: settled)
        let image = try XCTUnwrap(display.pixels(demo.window, width: 400, height: 44))
        XCTAssertGreaterThan(image.count(notMatching: white, x: 0, y: 0, width: 400, height: 38), 1000, "glyphs across the viewport")
        display.key(demo.window, keysym: XK_End)
        try assertConsistent(try demo.process.next("settled"), count: titles.count)
        // Color emoji are drawn from the fallback chain by a libXft that draws color glyphs (2.3.5 on);
        // an older one would fail with BadLength on them, so there a warning names them instead.
        XCTAssertEqual(demo.process.standardError.contains("U+1F389"), !FontChain.drawsColorGlyphs, demo.process.standardError)
        XCTAssertFalse(demo.process.standardError.contains("U+0007"), "controls are drawn in caret notation")
        XCTAssertFalse(demo.process.standardError.contains("X error"), demo.process.standardError)
    }

    func testLongTitlesAreElidedInsideACappedSegment() throws {
        let long = String(repeating: "长标题", count: 67)   // 201 characters
        let titles = ["短", long, String(repeating: "x", count: 200), "last"]
        let demo = try RunningDemo(["--titles-file", try titlesFile(titles), "--max-segment-width", "120", "--geometry", "600x100"])
        defer { demo.process.process.terminate() }
        let frames = RunningDemo.segments(demo.ready)
        XCTAssertEqual(frames.map(\.width)[1...2], [120, 120])
        let image = try XCTUnwrap(try Shared.display.get().pixels(demo.window, width: 600, height: 44))
        // Each elided title keeps to its frame: the gaps between frames stay empty.
        for i in 0..<3 {
            let gapStart = Int(frames[i].x + frames[i].width) + 1, gapEnd = Int(frames[i + 1].x) - 1
            XCTAssertEqual(image.count(notMatching: white, x: gapStart, y: 0, width: gapEnd - gapStart, height: 38), 0, "gap after \(i)")
            XCTAssertGreaterThan(image.count(notMatching: white, x: Int(frames[i].x), y: 0, width: Int(frames[i].width), height: 38), 20)
        }
        // Selecting it keeps the full title for the trace.
        try Shared.display.get().key(demo.window, keysym: XK_Right)
        XCTAssertEqual(try demo.process.next("select")["title"] as? String, long)
        _ = try demo.process.next("settled")
        XCTAssertEqual(try DemoProcess.runToEnd(["--max-segment-width", "10"]).status, 2)
    }

    /// Issue 10: right-to-left titles, elided or not, in a right-to-left strip: each segment's width
    /// is its shaped title's advance (capped), the ink stays inside it, and a click on it selects it.
    func testClicksOnRightToLeftAndElidedTitlesSelectThemAndWidthsAreTheDrawnOnes() throws {
        let titles = ["مهندس مدني في القاهرة", "עברית 2024", "C++ مطور", "AVATAR Wolf To and more", "हिन्दी परीक्षा"]
        let demo = try RunningDemo(["--titles-file", try titlesFile(titles), "--max-segment-width", "90", "--direction", "rtl",
                                    "--geometry", "600x100"])
        defer { demo.process.process.terminate() }
        let frames = RunningDemo.segments(demo.ready)
        // The widths the trace reports are the shaped advances, measured here through the library's chain.
        let advances = try MainActor.assumeIsolated {
            let fonts = try Shared.fonts.get()
            let style = StripStyle()
            let regular = try FontChain(display: fonts.display, screen: fonts.screen, pattern: style.font)
            let bold = try FontChain(display: fonts.display, screen: fonts.screen, pattern: style.selectedFont)
            return titles.indices.map { Double(($0 == 0 ? bold : regular).advance(of: titles[$0])) }
        }
        var metrics = LayoutMetrics()
        metrics.maximumSegmentWidth = 90
        XCTAssertEqual(frames.map(\.width), advances.map { StripModel.segmentWidth($0, metrics: metrics) })
        XCTAssertEqual(frames.map(\.width)[0], 90, "the long Arabic title is elided")
        let display = try Shared.display.get()
        let image = try XCTUnwrap(display.pixels(demo.window, width: 600, height: 44))
        for (i, f) in frames.enumerated() {
            // Mirrored: the window x of a content frame is 600 - (x + width) (nothing is scrolled).
            let left = 600 - Int(f.x + f.width)
            XCTAssertGreaterThan(image.count(notMatching: white, x: left, y: 0, width: Int(f.width), height: 38), 20, "ink of \(titles[i])")
            // Nothing drawn in the spacing before the next frame to the left.
            if i + 1 < frames.count {
                let gapRight = left - 1, gapLeft = 600 - Int(frames[i + 1].x) + 1
                XCTAssertEqual(image.count(notMatching: white, x: gapLeft, y: 0, width: max(0, gapRight - gapLeft), height: 38), 0,
                               "the gap left of \(titles[i])")
            }
        }
        var current = frames
        for i in [3, 1, 4, 0] {
            // The selected title is bold, so frames move after each selection: click where the last event put them.
            let f = current[i]
            display.click(demo.window, x: 600 - Int(f.x + f.width / 2), y: 20)
            let select = try demo.process.next("select")
            XCTAssertEqual(select["index"] as? Int, i)
            XCTAssertEqual(select["title"] as? String, titles[i], "the full title, not the elided one")
            current = RunningDemo.segments(try demo.process.next("settled"))
        }
    }

    /// A long list (no --trace, whose ready report would measure it all
    /// first) is measured after the first frame, in slices: the warning about
    /// a character no font has, which needs every title measured, comes then;
    /// and once it has come the demo is idle, with no wakeups at all.
    func testALongListIsMeasuredAfterTheFirstFrameThenTheDemoIsIdle() throws {
        // Only DejaVu: no Han character has a font. Title 19,000 has the third one.
        // Over 1 MiB: a large file; nothing it starts may use Dispatch's pool,
        // whose monitor woke the demo once a second for good.
        let environment = try dejaVuOnlyEnvironment()
        var titles = [String](repeating: String(repeating: "一级", count: 9), count: 20_000)
        titles[19_000] = "龘"
        let path = try titlesFile(titles)
        XCTAssertGreaterThan(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0, 1 << 20)
        let demo = try DemoProcess(arguments: ["--titles-file", path], trace: false, environment: environment)
        _ = demo.waitForStandardError(containing: "no installed font has", timeout: 30)
        XCTAssertTrue(demo.standardError.contains("no installed font has 3 character(s) used in the titles for --font"), demo.standardError)
        XCTAssertTrue(demo.standardError.contains("U+9F98"), demo.standardError)
        // Under ThreadSanitizer its own background thread wakes every 100 ms (10 a second):
        // there only the main thread, where the measuring slices run, is counted.
        let sanitized = ProcessInfo.processInfo.environment["SEGMENTED_SANITIZED"] != nil
        let pid = demo.process.processIdentifier
        // What follows the warning (the last slice's frame) ends first: 300 ms without a wakeup.
        XCTAssertTrue(Wakeups.waitForRest(pid, quiet: 0.3, mainThreadOnly: sanitized), "the demo came to rest within 10 s")
        let watch = Wakeups.watch(pid, seconds: 1, mainThreadOnly: sanitized)
        XCTAssertGreaterThan(watch.switchesRead, 0, "the threads' switches were read")
        XCTAssertEqual(watch.wakeups, 0, "wakeups in a second at rest after measuring")
        XCTAssertTrue(demo.process.isRunning)
    }

    /// HarfBuzz and FriBidi (and the GLib that libharfbuzz brings) are loaded with the first title:
    /// every title is shaped, the default CJK ones too (one source of advances); an empty strip
    /// never maps them. Seen through the dynamic loader's own log (LD_DEBUG=files).
    func testHarfBuzzIsLoadedWithTheFirstTitle() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        for (titles, loaded) in [([], false), (try bundledTitles(), true), (["一级建造师", "مهندس مدني"], true)] {
            let run = try DemoProcess.runToEnd(["--titles-file", try titlesFile(titles), "--exit-after-first-frame"], environment: environment)
            XCTAssertEqual(run.status, 0)
            XCTAssertTrue(run.stderr.contains("file=libXft"), "the loader's log was read")
            for library in ["libharfbuzz", "libfribidi", "libglib-2.0"] {
                XCTAssertEqual(run.stderr.contains("file=\(library)"), loaded, "\(library) loaded for \(titles)")
            }
        }
    }

    func testAColorEmojiFontAsThePrimaryFontSurvives() throws {
        let titles = ["😀 smile", "🎉 party", "plain"]
        let demo = try RunningDemo(["--titles-file", try titlesFile(titles), "--font", "Noto Color Emoji:pixelsize=15",
                                    "--selected-font", "Noto Color Emoji:pixelsize=17"])
        try assertConsistent(demo.ready, count: 3)
        let display = try Shared.display.get()
        display.key(demo.window, keysym: XK_Right)
        try assertConsistent(try demo.process.next("settled"), count: 3)
        display.key(demo.window, keysym: XK_Escape)
        XCTAssertEqual(demo.process.waitForExit(), 0)
        XCTAssertFalse(demo.process.standardError.contains("X error"), demo.process.standardError)
    }

    func testAHundredThousandTitles() throws {
        let titles = (0..<100_000).map { $0 % 3 == 0 ? "一级建造师 \($0)" : "Title \($0)" }
        let demo = try RunningDemo(["--titles-file", try titlesFile(titles), "--select", "50000"])
        defer { demo.process.process.terminate() }
        XCTAssertEqual(demo.ready["count"] as? Int, 100_000)
        let visible = try XCTUnwrap(demo.ready["visibleSegments"] as? [String: Any])
        let first = try XCTUnwrap(visible["first"] as? Int)
        XCTAssertTrue((49_990...50_000).contains(first), "the selection is centered: \(first)")
        try assertIndicatorPixels(demo, event: demo.ready)
        let display = try Shared.display.get()
        display.key(demo.window, keysym: XK_Right)
        let settled = try demo.process.next("settled")
        XCTAssertEqual(settled["selectedIndex"] as? Int, 50_001)
        try assertIndicatorPixels(demo, event: settled)
    }

    func testAFontWithoutCJKAndNoFallbackWarnsAndDraws() throws {
        // A fontconfig world with only DejaVu: the Chinese titles have no font at all.
        let environment = try dejaVuOnlyEnvironment()
        let demo = try DemoProcess(arguments: ["--exit-after-first-frame"], environment: environment)
        let ready = try demo.next("ready")
        XCTAssertEqual(demo.waitForExit(), 0)
        let stderr = demo.standardError
        XCTAssertTrue(stderr.contains("warning: no installed font has"), stderr)
        XCTAssertTrue(stderr.contains("U+4E00"), "names the missing code points: \(stderr)")
        let families = try XCTUnwrap((ready["fonts"] as? [String: Any])?["unselected"] as? [String])
        XCTAssertEqual(families.count, 1, "no fallback font exists: \(families)")
        XCTAssertTrue(families[0].hasPrefix("DejaVu"), "\(families)")
        XCTAssertGreaterThan(traceNumber(ready["contentWidth"]) ?? 0, 0)
    }

    /// A shaped title (Arabic) chooses its fonts per cluster, not through the
    /// per-code-point glyph table: a Han character in it that no font has is
    /// still named, for both fonts, in a short list (at start) and in a long
    /// one (once it is measured, after the first frame).
    func testAMissingCharacterInAShapedTitleWarns() throws {
        let environment = try dejaVuOnlyEnvironment()
        for count in [2, 20_000] {
            var titles = [String](repeating: "plain", count: count)
            titles[count - 1] = "مهندس 龘"
            let demo = try DemoProcess(arguments: ["--titles-file", try titlesFile(titles)], trace: false, environment: environment)
            defer { demo.process.terminate() }
            _ = demo.waitForStandardError(containing: "--selected-font", timeout: 30)
            let stderr = demo.standardError
            XCTAssertTrue(stderr.contains("no installed font has 1 character(s) used in the titles for --font 'sans-serif:pixelsize=15': U+9F98\n"), "\(count) titles: \(stderr)")
            XCTAssertTrue(stderr.contains("no installed font has 1 character(s) used in the titles for --selected-font 'sans-serif:pixelsize=17:weight=bold': U+9F98\n"), "\(count) titles: \(stderr)")
        }
    }

    func testWindowSizesFromOnePixelToTenThousand() throws {
        let display = try Shared.display.get()
        for geometry in ["1x1", "10000x44", "3x200"] {
            let demo = try RunningDemo(["--geometry", geometry])
            try assertConsistent(demo.ready, count: 10)
            display.sendDeleteWindow(demo.window)
            XCTAssertEqual(demo.process.waitForExit(), 0, geometry)
        }
    }

    func testResizingDuringAnAnimationAndADrag() throws {
        let demo = try RunningDemo()
        defer { demo.process.process.terminate() }
        let display = try Shared.display.get()
        display.key(demo.window, keysym: XK_End)
        display.resize(demo.window, width: 1, height: 200)      // mid-tween
        display.resize(demo.window, width: 400, height: 200)
        let settled = try demo.process.next("settled")
        try assertConsistent(settled, count: 10)
        XCTAssertEqual(settled["selectedIndex"] as? Int, 9)
        try assertIndicatorPixels(demo, event: settled)
        // During a drag: shrink to 1 px wide and back while the button is held.
        display.move(demo.window, x: 100, y: 22)
        display.button(down: true)
        display.move(demo.window, x: 200, y: 22)
        display.resize(demo.window, width: 1, height: 200)
        display.resize(demo.window, width: 250, height: 200)
        display.move(demo.window, x: 150, y: 22)
        Hand.rest(0.1)
        display.button(down: false)
        let rest = try demo.process.next("scroll")
        let offset = try XCTUnwrap(traceNumber(rest["contentOffset"]))
        XCTAssertGreaterThanOrEqual(offset, 0)
        XCTAssertLessThanOrEqual(offset, try XCTUnwrap(traceNumber(rest["maximumOffset"])))
        display.key(demo.window, keysym: XK_Escape)
        XCTAssertEqual(demo.process.waitForExit(), 0)
    }
}
