import CX11
import Foundation
import SegmentedCore
import SegmentedTitles
import SegmentedX11
import TestSupport
import XCTest

/// Shared by the end-to-end tests: one test connection (XTest + XGetImage)
/// and one font connection for measuring, each opened once per run.
enum Shared {
    // nonisolated(unsafe): a TestDisplay is an Xlib connection, not Sendable.
    // Safe because XCTest runs the tests one at a time on the main thread and
    // only they use it; nothing here starts a thread that could.
    nonisolated(unsafe) static let display = Result { try TestDisplay() }
    /// The library's connection, main-actor isolated as the library is.
    @MainActor static let fonts = Result { try XDisplayConnection() }
}

let accent: UInt32 = 0xE53935
let unselectedColor: UInt32 = 0x555555
let separatorColor: UInt32 = 0xE5E5E5
let white: UInt32 = 0xFFFFFF

/// A running demo whose first frame is on screen.
struct RunningDemo {
    let process: DemoProcess
    let ready: [String: Any]
    let window: Window

    /// Starts the demo and waits up to `timeout` seconds for its first frame
    /// (generous: under a sanitizer a debug build of 100,000 titles is slow).
    init(_ arguments: [String] = [], timeout: Double = 60, environment: [String: String]? = nil) throws {
        process = try DemoProcess(arguments: arguments, environment: environment)
        ready = try process.next("ready", timeout: timeout)
        window = Window(try XCTUnwrap(traceNumber(ready["window"])))
        _ = try process.next("firstFrame", timeout: timeout)
        // The page title is drawn in the frame after the first, on the server by then.
        _ = try process.next("startupFinished", timeout: timeout)
    }

    /// Segment frames of a trace event.
    static func segments(_ event: [String: Any]) -> [(x: Double, y: Double, width: Double, height: Double)] {
        ((event["segments"] as? [Any]) ?? []).compactMap(traceRect)
    }
}

/// The widths the design asks for: each title's advance in the selected font
/// for the selected segment and the unselected font for the others, measured
/// in this process through the library's font chain (on the main actor,
/// which the tests run on).
func expectedWidths(titles: [String], selected: Int) throws -> [Double] {
    try MainActor.assumeIsolated {
        let connection = try Shared.fonts.get()
        let style = StripStyle()
        let regular = try FontChain(display: connection.display, screen: connection.screen, pattern: style.font)
        let bold = try FontChain(display: connection.display, screen: connection.screen, pattern: style.selectedFont)
        return titles.enumerated().map { i, title in Double((i == selected ? bold : regular).advance(of: title)) }
    }
}

func bundledTitles() throws -> [String] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return try TitlesFile.load(path: root.appendingPathComponent("Resources/titles.json").path)
}

/// Checks a layout event against the formula: frames from the insets,
/// spacing and measured widths (each with `closeButtonRoom` more: 20 px with
/// `--closable on`); content width; the centering offset; the indicator
/// (under the title, clear of the close button's room).
func assertLayoutFollowsTheDesign(_ event: [String: Any], titles: [String], viewportWidth: Double,
                                  checkCentered: Bool = true, closeButtonRoom: Double = 0,
                                  file: StaticString = #filePath, line: UInt = #line) throws {
    let selected = try XCTUnwrap(event["selectedIndex"] as? Int, file: file, line: line)
    let frames = RunningDemo.segments(event)
    let widths = try expectedWidths(titles: titles, selected: selected).map { $0 + closeButtonRoom }
    XCTAssertEqual(frames.count, titles.count, file: file, line: line)
    var x = 5.0
    for (i, f) in frames.enumerated() {
        XCTAssertEqual(f.x, x, "x of segment \(i)", file: file, line: line)
        XCTAssertEqual(f.width, widths[i], "width of segment \(i)", file: file, line: line)
        XCTAssertEqual(f.y, 0, file: file, line: line)
        XCTAssertEqual(f.height, 42, file: file, line: line)
        x += widths[i] + 15
    }
    let contentWidth = 5 + widths.reduce(0, +) + 15 * Double(widths.count - 1) + 5
    XCTAssertEqual(traceNumber(event["contentWidth"]), contentWidth, file: file, line: line)
    let mid = frames[selected].x + frames[selected].width / 2
    if checkCentered {
        let expected = min(max(mid - viewportWidth / 2, 0), max(0, contentWidth - viewportWidth))
        XCTAssertEqual(traceNumber(event["contentOffset"]), expected, "centering offset", file: file, line: line)
    }
    let indicator = try XCTUnwrap(traceRect(event["indicator"]), file: file, line: line)
    XCTAssertEqual(indicator.x, mid - closeButtonRoom / 2 - 15, file: file, line: line)
    XCTAssertEqual(indicator.y, 39, file: file, line: line)
    XCTAssertEqual(indicator.width, 30, file: file, line: line)
    XCTAssertEqual(indicator.height, 3, file: file, line: line)
}

/// Reads the strip's pixels and checks that the indicator is drawn where the
/// trace says: a 30 x 3 accent run on rows 39-41 at (rect.x - offset), +-1 px,
/// (mirrored in a right-to-left strip) and no accent on rows 38 and 42 above and below it.
func assertIndicatorPixels(_ demo: RunningDemo, event: [String: Any], viewportWidth: Int = 400, color accent: UInt32 = accent,
                           direction: LayoutDirection = .leftToRight,
                           file: StaticString = #filePath, line: UInt = #line) throws {
    let display = try Shared.display.get()
    let image = try XCTUnwrap(display.pixels(demo.window, width: viewportWidth, height: 46), file: file, line: line)
    let rect = try XCTUnwrap(traceRect(event["indicator"]), file: file, line: line)
    let offset = try XCTUnwrap(traceNumber(event["contentOffset"]), file: file, line: line)
    // The column the renderer draws the left edge at: its own rounding, mirrored right to left.
    let left = Double(direction.windowPixelMinX(contentX: rect.x, width: rect.width.rounded(), contentOffset: offset,
                                                viewportWidth: viewportWidth))
    for row in 39...41 {
        let columns = image.columns(inRow: row, matching: accent)
        XCTAssertEqual(Double(columns.count), 30, accuracy: 1, "accent pixels on row \(row)", file: file, line: line)
        XCTAssertEqual(Double(columns.first ?? -99), left, "indicator left edge on row \(row)", file: file, line: line)
        if let first = columns.first, let last = columns.last {
            XCTAssertEqual(last - first + 1, columns.count, "one contiguous run on row \(row)", file: file, line: line)
        }
    }
    for row in [38, 42] {
        let stray = image.columns(inRow: row, matching: accent).filter { Double($0) >= left - 1 && Double($0) <= left + 31 }
        XCTAssertEqual(stray, [], "no indicator pixels on row \(row)", file: file, line: line)
    }
}

/// Checks that `rect` (content coordinates, from the trace) is drawn in `color`
/// at `offset`: on each of its rows, one run of its width starting at its x, +-1 px.
func assertRectPixels(_ image: PixelImage, _ rect: (x: Double, y: Double, width: Double, height: Double), offset: Double,
                      color: UInt32, file: StaticString = #filePath, line: UInt = #line) {
    for row in Int(rect.y)..<Int(rect.y + rect.height) {
        let columns = image.columns(inRow: row, matching: color)
        XCTAssertEqual(Double(columns.count), rect.width, accuracy: 1, "row \(row)", file: file, line: line)
        XCTAssertEqual(Double(columns.first ?? -99), rect.x - offset, accuracy: 1, "row \(row)", file: file, line: line)
    }
}
