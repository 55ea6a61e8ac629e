import CX11
import Foundation
import SegmentedX11
import TestSupport
import XCTest

/// Servers that refuse what the strip asks for — memory for the back buffer,
/// the RENDER extension, a free color cell — still get a working strip, with
/// one warning; and a page title longer than the window stays inside it.
/// Each case runs on a private Xvfb set up for it; every expected pixel
/// comes from the trace or from colors, never from a font's widths.
final class ServerFailureTests: XCTestCase {
    /// `ulimit -v` for Xvfb, KiB: what this machine's Xvfb takes once started,
    /// plus 400 MiB, so that a 400x200 buffer fits and a 16384x16384 one
    /// (1 GiB at 32 bits a pixel) does not.
    static let starvedServerMemory = Result { () throws -> Int in
        let server = try PrivateXServer(arguments: ["-screen", "0", "640x480x24"])
        guard let size = server.virtualMemoryKilobytes else { throw PrivateXServer.Failed(description: "no VmSize for Xvfb") }
        return size + 400 * 1024
    }

    func testABackBufferTheServerHasNoMemoryForLeavesAWorkingStripThatRecovers() throws {
        let server = try PrivateXServer(arguments: ["-screen", "0", "640x480x24"], memoryLimitKilobytes: Self.starvedServerMemory.get())
        let display = try TestDisplay(name: server.name)
        let demo = try DemoProcess(arguments: ["--geometry", "16384x16384", "--frame-stats"], environment: server.environment)
        let ready = try demo.next("ready")
        let window = Window(try XCTUnwrap(traceNumber(ready["window"])))
        _ = try demo.next("firstFrame")

        // Drawn straight to the window: a click selects, the indicator is on
        // screen, and an Expose paints the frame again (there is no buffer to copy).
        var settled = try click(segment: 2, after: ready, on: display, window: window, demo: demo)
        try assertIndicator(display, window, settled, contentOffset: traceNumber(settled["contentOffset"]), viewportWidth: 640)
        demo.skipToEnd()
        uncover(display)
        XCTAssertNoThrow(try demo.next("pageFrame", timeout: 5), "an Expose without a back buffer repaints (the pages, which have none)")

        // Back to a normal size: a back buffer again (an Expose only copies it), and the same frame from it.
        display.resize(window, width: 400, height: 200)
        let resized = try demo.next("resize") { traceNumber($0["viewportWidth"]) == 400 }
        try assertIndicator(display, window, settled, contentOffset: traceNumber(resized["contentOffset"]), viewportWidth: 400)
        settled = try click(segment: 1, after: settled, contentOffset: traceNumber(resized["contentOffset"]),
                            on: display, window: window, demo: demo)
        try assertIndicator(display, window, settled, contentOffset: traceNumber(settled["contentOffset"]), viewportWidth: 400)
        demo.skipToEnd()
        uncover(display)
        XCTAssertThrowsError(try demo.next("frame", timeout: 0.5), "an Expose with a back buffer copies it: no frame is painted")
        try assertIndicator(display, window, settled, contentOffset: traceNumber(settled["contentOffset"]), viewportWidth: 400)

        XCTAssertEqual(demo.standardError.split(separator: "\n"), [Substring(Self.noMemoryWarning(ready))])
    }

    func testAResizeTooLargeForTheServerAndBackLeavesAWorkingStrip() throws {
        let server = try PrivateXServer(arguments: ["-screen", "0", "640x480x24"], memoryLimitKilobytes: Self.starvedServerMemory.get())
        let display = try TestDisplay(name: server.name)
        let demo = try DemoProcess(arguments: ["--geometry", "400x200"], environment: server.environment)
        let ready = try demo.next("ready")
        let window = Window(try XCTUnwrap(traceNumber(ready["window"])))
        _ = try demo.next("firstFrame")

        // Too large: the refusal comes after the resize, and the strip goes on without a buffer.
        display.resize(window, width: 16384, height: 16384)
        var resized = try demo.next("resize") { traceNumber($0["viewportWidth"]) == 16384 }
        try waitForStandardError(of: demo, toContain: Self.noMemoryWarning(ready))
        var settled = try click(segment: 1, after: ready, contentOffset: traceNumber(resized["contentOffset"]),
                                on: display, window: window, demo: demo)
        try assertIndicator(display, window, settled, contentOffset: traceNumber(settled["contentOffset"]), viewportWidth: 640)

        // And back: not taken for a vanished window, it still answers clicks.
        display.resize(window, width: 400, height: 200)
        resized = try demo.next("resize") { traceNumber($0["viewportWidth"]) == 400 }
        settled = try click(segment: 2, after: settled, contentOffset: traceNumber(resized["contentOffset"]),
                            on: display, window: window, demo: demo)
        try assertIndicator(display, window, settled, contentOffset: traceNumber(settled["contentOffset"]), viewportWidth: 400)
        XCTAssertEqual(demo.standardError.split(separator: "\n"), [Substring(Self.noMemoryWarning(ready))])
    }

    /// Waits up to 5 s for `text` on the demo's stderr (a back buffer's refusal is heard after the fact).
    private func waitForStandardError(of demo: DemoProcess, toContain text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertTrue(demo.waitForStandardError(containing: text, timeout: 5), "stderr: \(demo.standardError)", file: file, line: line)
    }

    /// The warning for a 16384 x 16384 window: the paged view under the strip (all of it but the page area's top) gets no buffer.
    static func noMemoryWarning(_ ready: [String: Any]) -> String {
        let top = Int(traceNumber(ready["pageAreaTop"]) ?? 0)
        return "segmented-demo: warning: no memory on the X server for a 16384x\(16384 - top) back buffer; drawing straight to the window"
    }

    func testWithoutRENDERTheIndicatorIsDrawnWithCoreRequests() throws {
        let server = try PrivateXServer(arguments: ["-screen", "0", "640x480x24", "-extension", "RENDER"])
        let display = try TestDisplay(name: server.name)
        let warning = "segmented-demo: warning: the X server has no RENDER extension; drawing the indicator with core X requests"

        let underline = try DemoProcess(arguments: ["--geometry", "400x200", "--select", "1"], environment: server.environment)
        var ready = try underline.next("ready")
        var window = Window(try XCTUnwrap(traceNumber(ready["window"])))
        _ = try underline.next("firstFrame")
        try assertIndicator(display, window, ready, contentOffset: traceNumber(ready["contentOffset"]), viewportWidth: 400)
        // stderr is its own pipe: the line may come after the trace's.
        XCTAssertTrue(underline.waitForStandardError(containing: warning), underline.standardError)
        XCTAssertEqual(underline.standardError.split(separator: "\n"), [Substring(warning)])
        underline.process.terminate()
        _ = underline.waitForExit()

        // A translucent box lies on the background only: the opaque core fill is
        // its color composited over the background, 0.25 x E53935 + 0.75 x FFFFFF.
        let box = try DemoProcess(arguments: ["--geometry", "400x200", "--select", "1", "--indicator-shape", "box",
                                              "--indicator-opacity", "0.25"], environment: server.environment)
        ready = try box.next("ready")
        window = Window(try XCTUnwrap(traceNumber(ready["window"])))
        _ = try box.next("firstFrame")
        let rect = try XCTUnwrap(traceRect(ready["indicator"]))
        let offset = try XCTUnwrap(traceNumber(ready["contentOffset"]))
        let image = try XCTUnwrap(display.pixels(window, width: 400, height: 46))
        func blended(_ shift: UInt32) -> Double { 0.25 * Double((accent >> shift) & 0xFF) + 0.75 * 255 }
        // The box's top row lies above the title's ink.
        let row = (0..<400).filter { x in
            let pixel = image[x, Int(rect.y.rounded())]
            return [16, 8, 0].allSatisfy { shift in abs(Double((pixel >> UInt32(shift)) & 0xFF) - blended(UInt32(shift))) <= 1 }
        }
        XCTAssertEqual(Double(row.count), rect.width.rounded(), accuracy: 1, "box pixels on its top row")
        XCTAssertEqual(Double(row.first ?? -99), rect.x - offset, accuracy: 1, "box left edge")
        // stderr is its own pipe: the line may come after the trace's.
        XCTAssertTrue(box.waitForStandardError(containing: warning), box.standardError)
        XCTAssertEqual(box.standardError.split(separator: "\n"), [Substring(warning)])
    }

    func testAFullColormapDrawsWithItsNearestColorsAndWarnsOnce() throws {
        // Core drawing (no RENDER) paints with the pixel the renderer chose: exactly the nearest cell.
        let core = try runOnAFullColormap(serverArguments: ["-extension", "RENDER"])
        let accentCell = core.palette.nearest(accent)
        XCTAssertNotEqual(accentCell, white)
        XCTAssertGreaterThan(core.count(accentCell, in: core.selectedTitle), 20, "selected-title pixels in \(Palette.hex(accentCell))")
        let separatorCell = core.palette.nearest(separatorColor)
        XCTAssertEqual(core.count(separatorCell, in: core.separator), 400, "separator row in \(Palette.hex(separatorCell))")
        XCTAssertGreaterThan(core.count(core.palette.nearest(0x333333), in: core.page), 50, "page-title pixels")

        // With RENDER, text and fills go through RENDER's own color lookup:
        // the titles are visible in the hues asked for, the separator is light.
        let render = try runOnAFullColormap(serverArguments: [])
        let reddish = render.image.count(in: render.selectedTitle) { rgb in
            let r = Int(rgb >> 16), g = Int((rgb >> 8) & 0xFF), b = Int(rgb & 0xFF)
            return r >= g + 0x30 && r >= b + 0x30
        }
        XCTAssertGreaterThan(reddish, 20, "selected-title pixels in a red")
        let light = render.image.count(in: render.separator) { rgb in
            [16, 8, 0].allSatisfy { abs(Int((rgb >> UInt32($0)) & 0xFF) - 0xE5) <= 0x20 }
        }
        XCTAssertEqual(light, 400, "separator row near #E5E5E5")
        XCTAssertGreaterThan(render.image.count(in: render.page) { $0 & 0xFF < 0x60 }, 50, "dark page-title pixels")
    }

    /// What the demo draws on an 8-bit PseudoColor server whose default colormap
    /// this test filled (a 6x6x6 cube, then grays), with the rectangles of the
    /// selected title, the separator row and the page in window pixels.
    private struct FullColormapRun {
        let palette: Palette
        let image: Palette.Image
        let selectedTitle: (x: Int, y: Int, width: Int, height: Int)
        let separator: (x: Int, y: Int, width: Int, height: Int)
        let page: (x: Int, y: Int, width: Int, height: Int)

        func count(_ color: UInt32, in r: (x: Int, y: Int, width: Int, height: Int)) -> Int {
            image.count(in: r) { $0 == color }
        }
    }

    private func runOnAFullColormap(serverArguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> FullColormapRun {
        let server = try PrivateXServer(arguments: ["-screen", "0", "640x480x8"] + serverArguments)
        let display = try TestDisplay(name: server.name)
        let dpy = display.display
        let visual = try XCTUnwrap(XDefaultVisual(dpy, display.screen), file: file, line: line)
        guard visual.pointee.`class` == PseudoColor else { throw XCTSkip("Xvfb's 8-bit visual is not PseudoColor here") }
        // Every free cell, kept by this connection until the demo has drawn.
        let colormap = XDefaultColormap(dpy, display.screen)
        var cells: [XColor] = []
        var pixel: UInt = 0
        while XAllocColorCells(dpy, colormap, 0, nil, 0, &pixel, 1) != 0 {
            let i = cells.count
            let cube = { (n: Int) in UInt16(n * 51 * 0x101) }
            let gray = UInt16(truncatingIfNeeded: i * 0x101)
            let (r, g, b) = i < 216 ? (cube(i / 36), cube(i / 6 % 6), cube(i % 6)) : (gray, gray, gray)
            cells.append(XColor(pixel: pixel, red: r, green: g, blue: b, flags: CChar(DoRed | DoGreen | DoBlue), pad: 0))
        }
        XCTAssertGreaterThan(cells.count, 100, "free cells taken", file: file, line: line)
        XStoreColors(dpy, colormap, &cells, Int32(cells.count))
        XSync(dpy, 0)
        let palette = Palette(display: dpy, colormap: colormap, entries: Int(visual.pointee.map_entries))

        let demo = try DemoProcess(arguments: ["--geometry", "400x200"], environment: server.environment)
        let ready = try demo.next("ready")
        let window = Window(try XCTUnwrap(traceNumber(ready["window"]), file: file, line: line))
        _ = try demo.next("firstFrame")
        _ = try demo.next("startupFinished")   // the page title
        let stripHeight = Int(try XCTUnwrap(traceNumber(ready["stripHeight"]), file: file, line: line))
        let selected = try XCTUnwrap(RunningDemo.segments(ready).first, file: file, line: line)
        let offset = try XCTUnwrap(traceNumber(ready["contentOffset"]), file: file, line: line)
        let image = try XCTUnwrap(palette.pixels(dpy, window, width: 400, height: 200), file: file, line: line)
        let warnings = demo.standardError.split(separator: "\n").filter { $0.contains("colormap") }
        XCTAssertEqual(warnings.count, 1, demo.standardError, file: file, line: line)
        XCTAssertTrue(warnings.first?.hasPrefix("segmented-demo: warning: the X server's colormap is full; drawing with the nearest colors it has")
                      ?? false, demo.standardError, file: file, line: line)
        // Above the indicator (the bottom 4 rows): only the title's ink.
        return FullColormapRun(palette: palette, image: image,
                               selectedTitle: (Int(selected.x - offset), 0, Int(selected.width), stripHeight - 4),
                               separator: (0, stripHeight, 400, 1),
                               page: (0, stripHeight + 1, 400, 200 - stripHeight - 1))
    }

    /// A host window's background goes through the colormap: on an 8-bit
    /// PseudoColor display, 0xRRGGBB taken as a pixel would be cell 0xBB.
    @MainActor func testAHostWindowsBackgroundIsItsColorOnAnEightBitDisplay() throws {
        let server = try PrivateXServer(arguments: ["-screen", "0", "640x480x8"])
        let display = try TestDisplay(name: server.name)
        let dpy = display.display
        let visual = try XCTUnwrap(XDefaultVisual(dpy, display.screen))
        guard visual.pointee.`class` == PseudoColor else { throw XCTSkip("Xvfb's 8-bit visual is not PseudoColor here") }
        let connection = try XDisplayConnection(name: server.name)
        for background: UInt32 in [0x336699, 0xE53935] {
            let host = HostWindow(connection: connection, width: 60, height: 40, background: background, title: "background",
                                  instanceName: "background-test")
            host.map()
            XClearWindow(connection.display, host.window)
            XSync(connection.display, 0)
            let palette = Palette(display: dpy, colormap: XDefaultColormap(dpy, display.screen), entries: Int(visual.pointee.map_entries))
            let image = try XCTUnwrap(palette.pixels(dpy, host.window, width: 60, height: 40))
            XCTAssertEqual(image.count(in: (0, 0, 60, 40)) { $0 == background }, 60 * 40, Palette.hex(background))
            host.close()
        }
    }

    func testAPageTitleWiderThanTheWindowIsElidedInsideItsMargins() throws {
        let folder = try TemporaryFolder(prefix: "segmented-long-page-title")
        // Short words: elided at a word's end, the title leaves at most a word and the ellipsis of the room unfilled.
        let long = "And on " + String(repeating: "and on ", count: 80) + "to the end"
        let titles = try folder.file("titles.json", Array(try JSONSerialization.data(withJSONObject: ["Short", long])))
        let demo = try RunningDemo(["--titles-file", titles, "--select", "1", "--geometry", "400x200"])
        let display = try Shared.display.get()
        let stripHeight = Int(try XCTUnwrap(traceNumber(demo.ready["stripHeight"])))
        let top = stripHeight + 1
        let image = try XCTUnwrap(display.pixels(demo.window, y: top, width: 400, height: 200 - top))
        let inkColumns = (0..<400).filter { image.count(notMatching: white, x: $0, y: 0, width: 1, height: image.height) > 0 }
        let first = try XCTUnwrap(inkColumns.first), last = try XCTUnwrap(inkColumns.last)
        // 16 px: StripRenderer.pageMargin at scale 1.
        XCTAssertGreaterThanOrEqual(first, 16, "ink starts inside the left margin")
        XCTAssertLessThan(last, 400 - 16, "ink ends inside the right margin")
        // Elided, not dropped: the title fills the 368 px of room but for a word ("and ", about 60 px at 28 px bold).
        XCTAssertGreaterThan(last - first, 290)
        XCTAssertLessThanOrEqual(abs(first - (399 - last)), 8, "centered")
    }

    // MARK: - Helpers

    /// Maps a window over the page area (away from the pointer, which stays
    /// on the strip) and destroys it: the demo's window gets an Expose.
    private func uncover(_ display: TestDisplay) {
        let dpy = display.display
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        let cover = XCreateWindow(dpy, XRootWindow(dpy, display.screen), 0, 120, 300, 60, 0, 0, UInt32(InputOutput), nil,
                                  UInt(CWOverrideRedirect), &attributes)
        XMapRaised(dpy, cover)
        XSync(dpy, 0)
        XDestroyWindow(dpy, cover)
        XSync(dpy, 0)
    }

    /// Clicks segment `index` (its frame from `event`'s segments, moved by
    /// `contentOffset` or the event's own) and returns the `settled` event once
    /// the `select` event names it.
    private func click(segment index: Int, after event: [String: Any], contentOffset: Double? = nil,
                       on display: TestDisplay, window: Window, demo: DemoProcess,
                       file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let frame = try XCTUnwrap(RunningDemo.segments(event)[safe: index], file: file, line: line)
        let offset = try XCTUnwrap(contentOffset ?? traceNumber(event["contentOffset"]), file: file, line: line)
        display.click(window, x: Int(frame.x - offset + frame.width / 2), y: Int(frame.y + frame.height / 2))
        let select = try demo.next("select")
        XCTAssertEqual(select["index"] as? Int, index, "clicked segment selected", file: file, line: line)
        return try demo.next("settled")
    }

    /// Checks the underline indicator on screen: on each of its rows, one
    /// accent run of its width at its x less `contentOffset` (+-1 px).
    private func assertIndicator(_ display: TestDisplay, _ window: Window, _ event: [String: Any], contentOffset: Double?,
                                 viewportWidth: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        let rect = try XCTUnwrap(traceRect(event["indicator"]), file: file, line: line)
        let offset = try XCTUnwrap(contentOffset, file: file, line: line)
        let top = Int(rect.y.rounded()), bottom = Int((rect.y + rect.height).rounded())
        let image = try XCTUnwrap(display.pixels(window, width: viewportWidth, height: bottom + 1), file: file, line: line)
        for row in top..<bottom {
            let columns = image.columns(inRow: row, matching: accent)
            XCTAssertEqual(Double(columns.count), rect.width.rounded(), accuracy: 1, "accent pixels on row \(row)", file: file, line: line)
            XCTAssertEqual(Double(columns.first ?? -99), rect.x - offset, accuracy: 1, "indicator left edge on row \(row)", file: file, line: line)
        }
    }
}

/// The colors of a colormap's cells, for reading back a PseudoColor window
/// (whose pixels are cell numbers, with no channel masks).
private struct Palette {
    /// 0xRRGGBB (the top 8 bits of each channel) by pixel.
    let colors: [UInt32]
    /// The cells' 16-bit channels, for nearest-color distances as the renderer measures them.
    let cells: [XColor]

    init(display: OpaquePointer, colormap: Colormap, entries: Int) {
        var cells = (0..<entries).map { XColor(pixel: UInt($0), red: 0, green: 0, blue: 0, flags: 0, pad: 0) }
        XQueryColors(display, colormap, &cells, Int32(entries))
        self.cells = cells
        colors = cells.map { UInt32($0.red >> 8) << 16 | UInt32($0.green >> 8) << 8 | UInt32($0.blue >> 8) }
    }

    /// The cell color nearest `rgb` by squared distance of 16-bit channels.
    func nearest(_ rgb: UInt32) -> UInt32 {
        func distance(_ c: XColor) -> Int {
            let r = Int(c.red) - Int((rgb >> 16) & 0xFF) * 0x101
            let g = Int(c.green) - Int((rgb >> 8) & 0xFF) * 0x101
            let b = Int(c.blue) - Int(rgb & 0xFF) * 0x101
            return r * r + g * g + b * b
        }
        let best = cells.indices.min { distance(cells[$0]) < distance(cells[$1]) }!
        return colors[best]
    }

    /// A window's pixels as 0xRRGGBB through the palette, row-major.
    func pixels(_ display: OpaquePointer, _ window: Window, width: Int, height: Int) -> Image? {
        guard let image = XGetImage(display, window, 0, 0, UInt32(width), UInt32(height), UInt.max, ZPixmap) else { return nil }
        defer { cxft_destroy_image(image) }
        var rgb = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let pixel = Int(cxft_get_pixel(image, Int32(x), Int32(y)))
                rgb[y * width + x] = pixel < colors.count ? colors[pixel] : 0xFF00FF
            }
        }
        return Image(width: width, pixels: rgb)
    }

    struct Image {
        let width: Int
        let pixels: [UInt32]

        /// How many pixels (0xRRGGBB) in a rectangle satisfy `test`.
        func count(in r: (x: Int, y: Int, width: Int, height: Int), where test: (UInt32) -> Bool) -> Int {
            let height = pixels.count / width
            var n = 0
            for row in max(0, r.y)..<min(height, r.y + r.height) {
                for column in max(0, r.x)..<min(width, r.x + r.width) where test(pixels[row * width + column]) { n += 1 }
            }
            return n
        }
    }

    static func hex(_ rgb: UInt32) -> String { "#" + String(format: "%06X", rgb) }
}

private extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
