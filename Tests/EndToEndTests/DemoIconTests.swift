import CX11
import Foundation
import SegmentedCore
import SegmentedX11
import TestSupport
import XCTest

/// Icons in the demo, through the X server: a PNG drawn in its widened
/// segment (read back from the server), bad icons (corrupt, a 10,000 ×
/// 10,000 header, missing, a name no theme has) each one warning line
/// naming the icon, its slot left empty, and the demo running on; and
/// a theme name found in the theme a real XSETTINGS manager (xsettingsd)
/// names. The themes are the test's own, first in the demo's
/// `XDG_DATA_DIRS`.
final class DemoIconTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder(prefix: "segmented-demo-icons")
    }

    /// This process's environment with the test's data folder before the system's (where GIO finds the MIME database).
    private var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        let system = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        environment["XDG_DATA_DIRS"] = folder.path + "/data:" + system
        environment["XDG_DATA_HOME"] = folder.path + "/home"
        return environment
    }

    func testIconsAndBadIconsInTheTitlesFile() throws {
        let green: UInt32 = 0x00C853
        // 16 × 16 opaque green but for a transparent 4 × 4 corner: 240 green pixels.
        let png = try folder.file("green.png", ImageFixtures.png(width: 16, height: 16) { x, y in x < 4 && y < 4 ? 0 : 0xFF00_0000 | green })
        let corrupt = try folder.file("corrupt.png", Array(ImageFixtures.png(width: 16, height: 16) { _, _ in 0 }.prefix(50)))
        let huge = try folder.file("huge.png", ImageFixtures.png(width: 10_000, height: 10_000, idat: [0x78, 0x01]))
        let missing = folder.path + "/missing.svg"
        let titles = ["一级", "二级", "三级", "四级", "五级"]
        let json = """
        [{"title": "一级", "icon": "\(png)"}, {"title": "二级", "icon": "\(corrupt)"}, {"title": "三级", "icon": "\(huge)"},
         {"title": "四级", "icon": "\(missing)"}, {"title": "五级", "icon": "segmented-test-missing"}]
        """
        let display = try Shared.display.get()
        display.parkPointer()
        let demo = try RunningDemo(["--titles-file", try folder.file("items.json", Array(json.utf8))], environment: environment)
        defer { demo.process.process.terminate() }
        try demo.process.waitForIcons(decoded: 1, failed: 4)
        for (path, reason) in [(corrupt, "cannot be decoded"), (huge, "10000 x 10000 px is larger than 1024 px a side"),
                               (missing, "no such file"), ("segmented-test-missing", "not found in the icon themes Adwaita and hicolor")] {
            let line = "segmented-demo: warning: icon '\(path)': \(reason)"
            XCTAssertTrue(demo.process.waitForStandardError(containing: line), "expected '\(line)' in '\(demo.process.standardError)'")
        }
        // One warning each, however many frames are drawn.
        XCTAssertEqual(demo.process.standardError.split(separator: "\n").filter { $0.contains("warning: icon") }.count, 4,
                       demo.process.standardError)
        let widths = try expectedWidths(titles: titles, selected: 0)
        let segments = RunningDemo.segments(demo.ready)
        // Every item that names an icon has its slot, drawn or not (it used to be only the drawn one's).
        XCTAssertEqual(segments.map(\.width), widths.map { $0.rounded(.up) + 22 }, "16 px + a 6 px gap each")
        let image = try XCTUnwrap(display.pixels(demo.window, width: 400, height: 44))
        let f = segments[0]
        let inFirst = (0..<38).reduce(0) { n, y in
            n + image.columns(inRow: y, matching: green).filter { Double($0) >= f.x && Double($0) < f.x + f.width }.count
        }
        XCTAssertEqual(inFirst, 240, "the whole icon, its corner transparent")
        XCTAssertNil(demo.process.process.isRunning ? nil : demo.process.process.terminationStatus, "still running")
    }

    /// "segmented-test-icon" is red in the theme "SegTheme" and green in
    /// hicolor: the demo draws it green with no settings manager, and red
    /// while xsettingsd says `Net/IconThemeName "SegTheme"`.
    func testTheIconThemeTheDesktopsSettingsManagerNames() throws {
        let red: UInt32 = 0xFF0000, green: UInt32 = 0x00C853
        for (theme, color) in [("SegTheme", red), ("hicolor", green)] {
            let index = "[Icon Theme]\nDirectories=16x16/apps\n[16x16/apps]\nSize=16\nType=Fixed\n"
            _ = try folder.file("data/icons/\(theme)/index.theme", Array(index.utf8))
            _ = try folder.file("data/icons/\(theme)/16x16/apps/segmented-test-icon.png",
                                ImageFixtures.png(width: 16, height: 16) { _, _ in 0xFF00_0000 | color })
        }
        let titles = try folder.file("items.json", Array(#"[{"title": "一级", "icon": "segmented-test-icon"}, "二级"]"#.utf8))
        let display = try Shared.display.get()
        display.parkPointer()
        /// The pixels of the first segment's icon box that are `color`, in a demo started now.
        func iconPixels(_ color: UInt32) throws -> Int {
            let demo = try RunningDemo(["--titles-file", titles], environment: environment)
            defer { demo.process.process.terminate() }
            try demo.process.waitForIcons(decoded: 1, failed: 0)
            let f = RunningDemo.segments(demo.ready)[0]
            let image = try XCTUnwrap(display.pixels(demo.window, width: 400, height: 44))
            XCTAssertFalse(demo.process.standardError.contains("warning"), demo.process.standardError)
            return (0..<38).reduce(0) { n, y in
                n + image.columns(inRow: y, matching: color).filter { Double($0) >= f.x && Double($0) < f.x + f.width }.count
            }
        }
        XCTAssertEqual(try iconPixels(green), 256, "no settings manager: Adwaita (which has no such icon), then hicolor")

        let selection = XInternAtom(display.display, "_XSETTINGS_S\(display.screen)", 0)
        XCTAssertEqual(XGetSelectionOwner(display.display, selection), 0, "another settings manager runs on the test display")
        let configuration = try folder.file("xsettingsd.conf", Array("Net/IconThemeName \"SegTheme\"\n".utf8))
        let manager = Process()
        manager.executableURL = URL(fileURLWithPath: "/usr/bin/xsettingsd")
        manager.arguments = ["-c", configuration]
        manager.standardError = FileHandle.nullDevice
        try manager.run()
        defer {
            manager.terminate()
            manager.waitUntilExit()
        }
        XCTAssertTrue(eventually { XGetSelectionOwner(display.display, selection) != 0 }, "xsettingsd took the selection")
        XCTAssertEqual(try iconPixels(red), 256, "the theme xsettingsd names")
    }

    /// Icon files a breaker pass found trouble with: a PNG whose file is far
    /// larger than its pixels (compressed data past the image, a "zip bomb"),
    /// an SVG over 1 MiB, malformed SVG markup and an SVG of zero size (whose
    /// gdk-pixbuf critical reached standard error raw): one warning line each,
    /// nothing else on standard error, and the demo answers a click.
    func testBombsAndMalformedSVGsAreRefusedInOneLineEach() throws {
        let png = ImageFixtures.png(width: 16, height: 16) { _, _ in 0xFF00_C853 }
        let bomb = try folder.file("bomb.png", png + [UInt8](repeating: 0, count: 80_000))
        let big = try folder.file("big.svg", Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"16\" height=\"16\"><!--".utf8)
                                  + [UInt8](repeating: 0x20, count: 1 << 20) + Array("--></svg>".utf8))
        let malformed = try folder.file("malformed.svg", Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect".utf8))
        let zero = try folder.file("zero.svg", Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"></svg>"#.utf8))
        let json = "[" + [bomb, big, malformed, zero].enumerated().map { #"{"title": "标题\#($0.offset)", "icon": "\#($0.element)"}"# }
            .joined(separator: ", ") + #", "最后"]"#
        let display = try Shared.display.get()
        display.parkPointer()
        let demo = try RunningDemo(["--titles-file", try folder.file("bombs.json", Array(json.utf8))], environment: environment)
        defer { demo.process.process.terminate() }
        try demo.process.waitForIcons(decoded: 0, failed: 4)
        let bombSize = png.count + 80_000
        for (path, reason) in [(bomb, "\(bombSize) bytes is far more than a 16 x 16 px image needs"), (big, "over 1 MiB, and not a PNG"),
                               (malformed, "not a PNG, and not an SVG that librsvg can read"),
                               (zero, "not a PNG, and not an SVG that librsvg can read")] {
            let line = "segmented-demo: warning: icon '\(path)': \(reason)"
            XCTAssertTrue(demo.process.waitForStandardError(containing: line), "expected '\(line)' in '\(demo.process.standardError)'")
        }
        let frames = RunningDemo.segments(demo.ready)
        display.click(demo.window, x: Int(frames[4].x + frames[4].width / 2), y: 22)
        XCTAssertEqual(try demo.process.next("select")["index"] as? Int, 4)
        let lines = demo.process.standardError.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        XCTAssertEqual(lines.count, 4, "one line each, no raw GLib message: \(demo.process.standardError)")
    }

    /// PNGs of 43 bytes, a valid 16 × 16 header and then a text or
    /// suggested-palette chunk whose length says about 2 GiB: libpng 1.6
    /// reserved and zeroed that much before reading it (2.1 GB resident for
    /// one). One warning line each, and the demo's peak resident memory stays
    /// within a few MB of a demo with one good icon.
    func testAChunkThatClaimsGigabytesTakesNoMemory() throws {
        let good = try folder.file("good.png", ImageFixtures.png(width: 16, height: 16) { _, _ in 0xFF00_C853 })
        let bombs = try ["tEXt", "zTXt", "iTXt", "sPLT"].map { type in
            try folder.file("\(type).png", ImageFixtures.pngHeader(width: 16, height: 16)
                            + ImageFixtures.chunkHeader(type, length: 0x7FFF_FFF0) + Array("ab".utf8))
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: bombs[0])).count, 43)
        /// The peak resident memory (kilobytes) of a demo with `icons`, once each of `warned` has its warning.
        func peakKilobytes(_ icons: [String], warned: [String]) throws -> Int {
            let json = "[" + icons.enumerated().map { #"{"title": "标题\#($0.offset)", "icon": "\#($0.element)"}"# }
                .joined(separator: ", ") + "]"
            let demo = try RunningDemo(["--titles-file", try folder.file("icons\(icons.count).json", Array(json.utf8))], environment: environment)
            defer { demo.process.process.terminate() }
            try demo.process.waitForIcons(decoded: icons.count - warned.count, failed: warned.count)
            for path in warned {
                let line = "segmented-demo: warning: icon '\(path)': cannot be decoded"
                XCTAssertTrue(demo.process.waitForStandardError(containing: line), "expected '\(line)' in '\(demo.process.standardError)'")
            }
            XCTAssertEqual(demo.process.standardError.split(separator: "\n").count, warned.count, demo.process.standardError)
            return try XCTUnwrap(demo.process.peakResidentKilobytes)
        }
        let baseline = try peakKilobytes([good], warned: [])
        let peak = try peakKilobytes(bombs, warned: bombs)
        XCTAssertLessThan(peak - baseline, 16 << 10, "peak \(peak) KB, with one good icon \(baseline) KB")
    }

    /// A FIFO at an icon's path is refused at once (`not a regular file`);
    /// and an SVG icon swapped for a FIFO (renamed over it) as soon as inotify
    /// says the demo closed it is drawn from what the demo read: gdk-pixbuf
    /// used to open the path again, twice, after the check, and the second
    /// open waited on the FIFO for good. Every wait here is bounded.
    func testAFIFOAtAnIconsPathNeverHoldsTheDemo() throws {
        let blue: UInt32 = 0x1E88E5
        let svg = try folder.file("blue.svg", ImageFixtures.svg(size: 16, color: "#1E88E5"))
        let fifo = folder.path + "/fifo.png", swapped = folder.path + "/swapped"
        for path in [fifo, swapped] { XCTAssertEqual(mkfifo(path, 0o600), 0, path) }
        let json = #"[{"title": "一级", "icon": "\#(svg)"}, {"title": "二级", "icon": "\#(fifo)"}, "三级"]"#
        let titles = try folder.file("fifo.json", Array(json.utf8))
        let watch = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        XCTAssertGreaterThanOrEqual(watch, 0)
        defer { close(watch) }
        XCTAssertGreaterThanOrEqual(inotify_add_watch(watch, svg, UInt32(IN_CLOSE_NOWRITE)), 0)
        let display = try Shared.display.get()
        display.parkPointer()
        let demo = try DemoProcess(arguments: ["--titles-file", titles], environment: environment)
        defer {
            kill(demo.process.processIdentifier, SIGKILL)
            // A reader stuck in open(2) on either FIFO is let go by a writer.
            for path in [svg, fifo] { let fd = open(path, O_WRONLY | O_NONBLOCK); if fd >= 0 { close(fd) } }
        }
        XCTAssertTrue(waitForInput(on: watch, milliseconds: 10_000), "the demo read the SVG")
        XCTAssertEqual(rename(swapped, svg), 0, "the SVG's path is a FIFO now")
        let ready = try demo.next("ready", timeout: 10)
        _ = try demo.next("startupFinished", timeout: 10)
        try demo.waitForIcons(decoded: 1, failed: 1, timeout: 10)
        let line = "segmented-demo: warning: icon '\(fifo)': not a regular file"
        XCTAssertTrue(demo.waitForStandardError(containing: line, timeout: 10), "expected '\(line)' in '\(demo.standardError)'")
        let f = RunningDemo.segments(ready)[0]
        let image = try XCTUnwrap(display.pixels(Window(try XCTUnwrap(traceNumber(ready["window"]))), width: 400, height: 44))
        let inFirst = (0..<38).reduce(0) { n, y in
            n + image.columns(inRow: y, matching: blue).filter { Double($0) >= f.x && Double($0) < f.x + f.width }.count
        }
        XCTAssertEqual(inFirst, 256, "the SVG as it was read, 16 x 16")
    }
}

extension DemoProcess {
    /// Waits for the `icons` trace line that says every icon asked for is
    /// done, `decoded` drawn and `failed` not (its frame is on the server then).
    func waitForIcons(decoded: Int, failed: Int, timeout: Double = 20) throws {
        _ = try next("icons", timeout: timeout) {
            $0["pending"] as? Int == 0 && $0["decoded"] as? Int == decoded && $0["failed"] as? Int == failed
        }
    }
}
