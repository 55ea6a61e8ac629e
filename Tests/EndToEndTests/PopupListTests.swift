import CX11
import Foundation
import SegmentedCore
import SegmentedX11
import TestSupport
import XCTest

/// The popup list of every title through the X server: a right-click, the
/// Menu key and Shift+F10 open it; it is an override-redirect window of type
/// `_NET_WM_WINDOW_TYPE_POPUP_MENU` holding the pointer grab; Down and
/// Return select (trace `select`, cause `menu`) and close it, releasing the
/// grab; Escape and a press outside close it with nothing selected;
/// type-ahead jumps; at the screen's bottom it opens above the strip.
final class PopupListTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder(prefix: "segmented-popup")
    }

    /// Whether this test's client can grab the pointer now (it ungrabs at once).
    private func canGrabPointer(_ display: TestDisplay) -> Bool {
        let root = XRootWindow(display.display, display.screen)
        let status = XGrabPointer(display.display, root, 0, UInt32(ButtonPressMask), GrabModeAsync, GrabModeAsync, 0, 0, UInt(CurrentTime))
        if status == GrabSuccess { XUngrabPointer(display.display, UInt(CurrentTime)) }
        XSync(display.display, 0)
        return status == GrabSuccess
    }

    func testARightClickOpensItAndKeysChooseOrDismiss() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let items = #"["一级建造师", "二级建造师", "造价工程师", {"title": "咨询工程师", "enabled": false}, "注册安全工程师"]"#
        let demo = try RunningDemo(["--titles-file", try folder.file("items.json", Array(items.utf8))])
        defer { demo.process.process.terminate() }
        let strip = Window(try XCTUnwrap(traceNumber(demo.ready["stripWindow"])))
        let stripHeight = try XCTUnwrap(traceNumber(demo.ready["stripHeight"]))
        XCTAssertTrue(canGrabPointer(display), "nothing holds the pointer before")

        display.move(strip, x: 120, y: 20)
        display.handClick(3)
        let shown = try demo.process.next("popup")
        XCTAssertEqual(shown["shown"] as? Bool, true)
        XCTAssertEqual(shown["rows"] as? Int, 5)
        XCTAssertEqual(shown["highlighted"] as? Int, 0, "the selected title")
        let popup = Window(try XCTUnwrap(traceNumber(shown["window"])))
        var attributes = XWindowAttributes()
        XCTAssertNotEqual(XGetWindowAttributes(display.display, popup, &attributes), 0)
        XCTAssertEqual(attributes.override_redirect, 1)
        XCTAssertEqual(attributes.map_state, IsViewable)
        XCTAssertEqual(display.cardinalProperty(popup, "_NET_WM_WINDOW_TYPE"),
                       Int(XInternAtom(display.display, "_NET_WM_WINDOW_TYPE_POPUP_MENU", 0)))
        let origin = display.origin(of: strip)
        let frame = try XCTUnwrap(shown["frame"] as? [String: Any])
        XCTAssertEqual(traceNumber(frame["x"]), Double(Int(origin.x) + 120), "at the pointer")
        XCTAssertEqual(traceNumber(frame["y"]), Double(origin.y) + stripHeight, "from the strip's foot")
        XCTAssertFalse(canGrabPointer(display), "the list holds the pointer")
        // The highlighted row is on a tint of the accent, not the background.
        let width = Int(try XCTUnwrap(traceNumber(frame["width"]))), height = Int(try XCTUnwrap(traceNumber(frame["height"])))
        let image = try XCTUnwrap(display.pixels(popup, width: width, height: height))
        let tint = ColorBlend.over(StripStyle().accentColor, 0.12, on: 0xFFFFFF)
        XCTAssertGreaterThan(image.columns(inRow: 3, matching: tint).count, width / 2, "the first row highlighted")

        // Down twice passes over nothing disabled yet (rows 1, 2); Down again skips the disabled row 3.
        for _ in 0..<3 { display.key(popup, keysym: XK_Down) }
        display.key(popup, keysym: XK_Return)
        XCTAssertEqual(try demo.process.next("popup")["shown"] as? Bool, false, "closed, then the selection")
        let select = try demo.process.next("select")
        XCTAssertEqual(select["index"] as? Int, 4, "row 3 is disabled: Down went on to 4")
        XCTAssertEqual(select["cause"] as? String, "menu")
        XCTAssertTrue(canGrabPointer(display), "the grab is released")

        // The Menu key opens it under the selected title; Escape closes it with nothing selected.
        display.key(demo.window, keysym: XK_Menu)
        XCTAssertEqual(try demo.process.next("popup")["highlighted"] as? Int, 4)
        display.key(demo.window, keysym: XK_Escape)
        XCTAssertEqual(try demo.process.next("popup")["shown"] as? Bool, false)
        // Shift+F10 opens it too; a press outside closes it, nothing selected.
        display.key(demo.window, keysym: XK_F10, holding: XK_Shift_L)
        XCTAssertEqual(try demo.process.next("popup")["shown"] as? Bool, true)
        display.move(XRootWindow(display.display, display.screen), x: 5, y: 700)
        display.handClick()
        XCTAssertEqual(try demo.process.next("popup")["shown"] as? Bool, false)
        XCTAssertTrue(canGrabPointer(display))
        XCTAssertEqual(demo.process.allEvents.filter { $0["event"] as? String == "select" }.count, 1, "only Return selected")
    }

    /// A right-click held 80 ms, as a hand holds it, opens the list every time:
    /// the press holds XInput 2's implicit grab, which a core grab could not take over.
    func testAHandsRightClickOpensItEveryTime() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let demo = try RunningDemo([])
        defer { demo.process.process.terminate() }
        let strip = Window(try XCTUnwrap(traceNumber(demo.ready["stripWindow"])))
        for attempt in 0..<5 {
            display.move(strip, x: 120 + attempt * 10, y: 20)
            display.handClick(3)
            let shown = try demo.process.next("popup")
            XCTAssertEqual(shown["shown"] as? Bool, true, "attempt \(attempt)")
            // The release went to the open list, over no row: the list stays open and holds the pointer.
            XCTAssertFalse(canGrabPointer(display), "attempt \(attempt): the list holds the pointer")
            display.key(Window(try XCTUnwrap(traceNumber(shown["window"]))), keysym: XK_Escape)
            XCTAssertEqual(try demo.process.next("popup")["shown"] as? Bool, false)
        }
        XCTAssertTrue(canGrabPointer(display), "the grab is released")
        XCTAssertFalse(demo.process.allEvents.contains { $0["event"] as? String == "select" }, "a click chooses nothing")
    }

    /// A right-click held down, dragged onto a row and released there chooses that row, as a context menu does.
    func testAHeldRightClickReleasedOnARowChoosesIt() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let demo = try RunningDemo([])
        defer { demo.process.process.terminate() }
        let strip = Window(try XCTUnwrap(traceNumber(demo.ready["stripWindow"])))
        display.move(strip, x: 120, y: 20)
        display.button(3, down: true)
        let shown = try demo.process.next("popup")
        let frame = try XCTUnwrap(shown["frame"] as? [String: Any])
        let rows = try XCTUnwrap(shown["rows"] as? Int)
        let x = Int(try XCTUnwrap(traceNumber(frame["x"]))), y = Int(try XCTUnwrap(traceNumber(frame["y"])))
        let rowHeight = (Int(try XCTUnwrap(traceNumber(frame["height"]))) - 2) / rows   // a 1 px border at scale 1
        let root = XRootWindow(display.display, display.screen)
        // Down onto row 2 in a few steps, as a hand moves, then let go there.
        for step in 1...4 {
            display.move(root, x: x + 20, y: y - 20 + step * (20 + 2 * rowHeight + rowHeight / 2) / 4)
            Hand.step(0.015)
        }
        display.button(3, down: false)
        XCTAssertEqual(try demo.process.next("popup")["shown"] as? Bool, false)
        let select = try demo.process.next("select")
        XCTAssertEqual(select["index"] as? Int, 2)
        XCTAssertEqual(select["cause"] as? String, "menu")
        XCTAssertTrue(canGrabPointer(display), "the grab is released")
        // Let go below the strip: the title the right-click went down on is hovered no longer.
        XCTAssertNil(try demo.process.next("hover")["index"] as? Int, "the pointer is off the strip")
    }

    func testTypeAheadAndOpeningAboveAtTheScreensFoot() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let titles = #"["Inbox", "Drafts", "Sent", "Spam", "Archive"]"#
        let demo = try RunningDemo(["--titles-file", try folder.file("titles.json", Array(titles.utf8))])
        defer { demo.process.process.terminate() }
        let strip = Window(try XCTUnwrap(traceNumber(demo.ready["stripWindow"])))
        let screenHeight = Int(XDisplayHeight(display.display, display.screen))
        XMoveWindow(display.display, demo.window, 100, Int32(screenHeight - 60))
        XSync(display.display, 0)
        XCTAssertTrue(eventually { Int(display.origin(of: strip).y) == screenHeight - 60 }, "moved")
        display.key(demo.window, keysym: XK_Menu)
        let shown = try demo.process.next("popup")
        let popup = Window(try XCTUnwrap(traceNumber(shown["window"])))
        let frame = try XCTUnwrap(shown["frame"] as? [String: Any])
        let origin = display.origin(of: strip)
        XCTAssertEqual(traceNumber(frame["y"]).map { $0 + (traceNumber(frame["height"]) ?? 0) }, Double(origin.y),
                       "no room below: above the strip")
        // "a": the next title after "Inbox" holding an a, case folded: "Drafts"; then "r" makes "ar": "Archive".
        display.key(popup, keysym: XK_a)
        display.key(popup, keysym: XK_r)
        display.key(popup, keysym: XK_Return)
        XCTAssertEqual(try demo.process.next("select")["index"] as? Int, 4)
    }
}
