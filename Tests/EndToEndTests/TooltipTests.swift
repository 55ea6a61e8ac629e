import CX11
import Foundation
import SegmentedCore
import SegmentedX11
import TestSupport
import XCTest

/// The tooltip window through the X server: shown 0.5 s after the pointer
/// came over a segment (waited for as the demo's `tooltip` trace event),
/// override-redirect and of type `_NET_WM_WINDOW_TYPE_TOOLTIP`, under its
/// segment or above it at the screen's bottom, clamped at its right edge
/// (Xvfb's RandR reports the screen as its one monitor), its text's ink
/// inside it, and gone on another segment, on leaving and on a press.
final class TooltipTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder(prefix: "segmented-tooltips")
    }

    /// The tooltip's size by `TooltipLayout`'s formula in the unselected
    /// title font: widest line + 2 × 6 px, lines × (ascent + descent) + 2 × 4 px.
    private func expectedSize(_ lines: [String]) throws -> (width: Int, height: Int) {
        try MainActor.assumeIsolated {
            let connection = try Shared.fonts.get()
            let font = try FontChain(display: connection.display, screen: connection.screen, pattern: StripStyle().font)
            return ((lines.map(font.advance(of:)).max() ?? 0) + 12, lines.count * (font.ascent + font.descent) + 8)
        }
    }

    /// Whether `window` is a child of the root window now.
    private func isOnRoot(_ display: TestDisplay, _ window: Window) -> Bool {
        var root: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display.display, XRootWindow(display.display, display.screen), &root, &parent, &children, &count) != 0,
              let children else { return false }
        defer { XFree(children) }
        return UnsafeBufferPointer(start: children, count: Int(count)).contains(window)
    }

    /// Checks the shown tooltip's window: override-redirect, mapped, of the tooltip type, `lines` in it, at `origin`.
    private func assertTooltip(_ event: [String: Any], lines: [String], origin: (x: Int, y: Int), display: TestDisplay,
                               file: StaticString = #filePath, line: UInt = #line) throws -> Window {
        XCTAssertEqual(event["shown"] as? Bool, true, file: file, line: line)
        XCTAssertEqual(event["lines"] as? [String], lines, file: file, line: line)
        let tooltip = Window(try XCTUnwrap(traceNumber(event["window"]), file: file, line: line))
        var attributes = XWindowAttributes()
        XCTAssertNotEqual(XGetWindowAttributes(display.display, tooltip, &attributes), 0, file: file, line: line)
        XCTAssertEqual(attributes.override_redirect, 1, file: file, line: line)
        XCTAssertEqual(attributes.map_state, IsViewable, file: file, line: line)
        let size = try expectedSize(lines)
        XCTAssertEqual([Int(attributes.x), Int(attributes.y), Int(attributes.width), Int(attributes.height)],
                       [origin.x, origin.y, size.width, size.height], file: file, line: line)
        XCTAssertEqual(display.cardinalProperty(tooltip, "_NET_WM_WINDOW_TYPE"),
                       Int(XInternAtom(display.display, "_NET_WM_WINDOW_TYPE_TOOLTIP", 0)), file: file, line: line)
        // The strip's colors: a 1 px #555555 border around white, the text's ink (not white) inside the 6 / 4 px padding.
        let image = try XCTUnwrap(display.pixels(tooltip, width: size.width, height: size.height), file: file, line: line)
        XCTAssertEqual(image.columns(inRow: 0, matching: unselectedColor).count, size.width, "top border", file: file, line: line)
        XCTAssertEqual(image.columns(inRow: size.height - 1, matching: unselectedColor).count, size.width, file: file, line: line)
        XCTAssertEqual(image.columns(inRow: 1, matching: white).count, size.width - 2, "white inside the border", file: file, line: line)
        XCTAssertGreaterThan(image.count(notMatching: white, x: 6, y: 4, width: size.width - 12, height: size.height - 8), 20,
                             "ink in the text box", file: file, line: line)
        XCTAssertEqual(image.count(notMatching: white, x: 1, y: 1, width: 4, height: size.height - 2), 0, "no ink left of it",
                       file: file, line: line)
        XCTAssertEqual(image.count(notMatching: white, x: size.width - 5, y: 1, width: 4, height: size.height - 2), 0,
                       "no ink right of it", file: file, line: line)
        return tooltip
    }

    func testTheTooltipWindowUnderAboveAndClampedAndItsRemoval() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let json = #"[{"title": "Alpha", "tooltip": "Unread mail"}, "Beta", {"title": "Gamma", "tooltip": "Gamma tab"}]"#
        let demo = try RunningDemo(["--titles-file", try folder.file("items.json", Array(json.utf8))])
        defer { demo.process.process.terminate() }
        let strip = Window(try XCTUnwrap(traceNumber(demo.ready["stripWindow"])))
        let stripHeight = try XCTUnwrap(traceNumber(demo.ready["stripHeight"]))
        let frames = RunningDemo.segments(demo.ready)
        let root = XRootWindow(display.display, display.screen)

        // Under segment 0: x = the strip's root x + the segment's x, y = the strip's root y + its height + 4.
        display.move(strip, x: Int(frames[0].x + frames[0].width / 2), y: 22)
        let shown = try demo.process.next("tooltip")
        XCTAssertEqual(shown["index"] as? Int, 0)
        var o = display.origin(of: strip)
        let under = try assertTooltip(shown, lines: ["Unread mail"], origin: (Int(o.x) + Int(frames[0].x), Int(o.y) + Int(stripHeight) + 4),
                                      display: display)
        // Another segment, with no tooltip, hides it: the window is destroyed.
        display.move(strip, x: Int(frames[1].x + frames[1].width / 2), y: 22)
        let hidden = try demo.process.next("tooltip")
        XCTAssertEqual(hidden["shown"] as? Bool, false)
        XCTAssertTrue(hidden["index"] is NSNull)
        XCTAssertFalse(isOnRoot(display, under))

        // Leaving the strip hides a shown tooltip.
        display.move(strip, x: Int(frames[2].x + frames[2].width / 2), y: 22)
        XCTAssertEqual(try demo.process.next("tooltip")["index"] as? Int, 2)
        display.move(root, x: 5, y: 700)
        XCTAssertEqual(try demo.process.next("tooltip")["shown"] as? Bool, false)

        // The strip at the screen's bottom right: the tooltip goes above and stays inside the screen (Xvfb's one monitor).
        let screen = (width: Int(XDisplayWidth(display.display, display.screen)), height: Int(XDisplayHeight(display.display, display.screen)))
        XMoveWindow(display.display, demo.window, Int32(screen.width - 60), Int32(screen.height - Int(stripHeight)))
        XSync(display.display, 0)
        display.move(strip, x: Int(frames[0].x + 20), y: 22)
        let corner = try demo.process.next("tooltip")
        let size = try expectedSize(["Unread mail"])
        XCTAssertGreaterThan(size.width, 60 - Int(frames[0].x), "wider than the room left of the screen's edge")
        o = display.origin(of: strip)
        let above = try assertTooltip(corner, lines: ["Unread mail"],
                                      origin: (screen.width - size.width, Int(o.y) - 4 - size.height), display: display)
        // A press hides it.
        display.click(strip, x: Int(frames[0].x + 20), y: 22)
        XCTAssertEqual(try demo.process.next("tooltip")["shown"] as? Bool, false)
        XCTAssertFalse(isOnRoot(display, above))
    }

    /// With no tooltip of its own, an elided title shows its whole text, a
    /// title drawn whole shows none, and a key or a wheel notch hides it.
    func testAnElidedTitleShowsItsWholeTextAndAKeyOrTheWheelHidesIt() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let long = "A title much too long for its segment"
        let json = "[\"\(long)\", \"Short\"]"
        let demo = try RunningDemo(["--titles-file", try folder.file("titles.json", Array(json.utf8)), "--max-segment-width", "80"])
        defer { demo.process.process.terminate() }
        let strip = Window(try XCTUnwrap(traceNumber(demo.ready["stripWindow"])))
        let frames = RunningDemo.segments(demo.ready)
        display.move(strip, x: Int(frames[0].x + frames[0].width / 2), y: 22)
        let shown = try demo.process.next("tooltip")
        XCTAssertEqual(shown["index"] as? Int, 0)
        XCTAssertEqual(shown["lines"] as? [String], [long])
        // Over "Short" and back: the next tooltip shown is segment 0's again, so "Short" showed none.
        display.move(strip, x: Int(frames[1].x + frames[1].width / 2), y: 22)
        XCTAssertEqual(try demo.process.next("tooltip")["shown"] as? Bool, false)
        display.move(strip, x: Int(frames[0].x + frames[0].width / 2), y: 22)
        XCTAssertEqual(try demo.process.next("tooltip")["index"] as? Int, 0)
        display.key(demo.window, keysym: XK_Right)
        XCTAssertEqual(try demo.process.next("tooltip")["shown"] as? Bool, false)
        XCTAssertEqual(try demo.process.next("select")["index"] as? Int, 1)
        // Hovered anew (out of the window and back: crossings, which motion compression keeps) it shows
        // again, and a wheel notch hides it.
        display.move(XRootWindow(display.display, display.screen), x: 5, y: 700)
        display.move(strip, x: Int(frames[0].x + frames[0].width / 2), y: 22)
        XCTAssertEqual(try demo.process.next("tooltip")["index"] as? Int, 0)
        display.button(5, down: true)
        display.button(5, down: false)
        XCTAssertEqual(try demo.process.next("tooltip")["shown"] as? Bool, false)
    }
}
