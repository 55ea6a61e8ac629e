import CX11
import Foundation
import TestSupport
import XCTest

/// Wheel, kinetic drag, keys and hover through the X server (XTest), read
/// back through the trace and the pixels.
final class InputEndToEndTests: XCTestCase {
    private func wheel(_ demo: RunningDemo, button: UInt32, x: Int = 200) {
        let display = try! Shared.display.get()
        display.move(demo.window, x: x, y: 22)
        display.button(button, down: true)
        display.button(button, down: false)
    }

    func testWheelNotchesScrollByTheDocumentedStepAndKeepTheSelection() throws {
        let demo = try RunningDemo()
        defer { demo.process.process.terminate() }
        let step = try XCTUnwrap(traceNumber(demo.ready["wheelStep"]))
        let maximum = try XCTUnwrap(traceNumber(demo.ready["contentWidth"])) - 400
        XCTAssertEqual(step, 320, "three segments' worth, capped at 80 % of the 400 px viewport")
        var expected = 0.0
        for (button, direction) in [(UInt32(5), 1.0), (5, 1), (5, 1), (4, -1), (7, 1), (6, -1), (6, -1)] {
            wheel(demo, button: button)
            expected = min(max(expected + direction * step, 0), maximum)
            let scroll = try demo.process.next("scroll")
            XCTAssertEqual(scroll["cause"] as? String, "wheel")
            XCTAssertEqual(traceNumber(scroll["contentOffset"]), expected, "after button \(button)")
        }
        // Shift+wheel scrolls horizontally the same way.
        let display = try Shared.display.get()
        display.modifier(XK_Shift_L, down: true)
        wheel(demo, button: 5)
        display.modifier(XK_Shift_L, down: false)
        XCTAssertEqual(traceNumber(try demo.process.next("scroll")["contentOffset"]), min(expected + step, maximum))
        display.key(demo.window, keysym: XK_Escape)
        XCTAssertEqual(demo.process.waitForExit(), 0)
        XCTAssertFalse(demo.process.allEvents.contains { $0["event"] as? String == "select" }, "the wheel never selects")
    }

    /// Drags from `from` to `to` in `steps` motions `pause` seconds apart and releases at once.
    private func flick(_ demo: RunningDemo, from: Int, to: Int, steps: Int = 8, pause: Double = 0.008) {
        let display = try! Shared.display.get()
        display.move(demo.window, x: from, y: 22)
        display.button(down: true)
        for i in 1...steps {
            display.move(demo.window, x: from + (to - from) * i / steps, y: 22)
            Hand.step(pause)
        }
        display.button(down: false)
    }

    func testAFastDragKeepsGlidingAfterTheReleaseAndSettlesInRange() throws {
        let demo = try RunningDemo()
        defer { demo.process.process.terminate() }
        flick(demo, from: 300, to: 220)
        let release = try demo.process.next("release")
        XCTAssertEqual(release["gliding"] as? Bool, true)
        XCTAssertGreaterThan(traceNumber(release["velocity"]) ?? 0, 100, "content moving toward the end")
        let released = try XCTUnwrap(traceNumber(release["contentOffset"]))
        let rest = try demo.process.next("scroll")
        XCTAssertTrue(["glide", "spring"].contains(rest["cause"] as? String ?? ""), "\(rest)")
        let offset = try XCTUnwrap(traceNumber(rest["contentOffset"]))
        XCTAssertGreaterThan(offset, released + 20, "kept moving after the release")
        XCTAssertGreaterThanOrEqual(offset, 0)
        XCTAssertLessThanOrEqual(offset, try XCTUnwrap(traceNumber(rest["maximumOffset"])))
    }

    func testAClickDuringAGlideSelects() throws {
        let demo = try RunningDemo()
        defer { demo.process.process.terminate() }
        flick(demo, from: 300, to: 260)
        XCTAssertEqual(try demo.process.next("release")["gliding"] as? Bool, true)
        // Still gliding: a click stops it and selects what is under the pointer.
        let display = try Shared.display.get()
        display.click(demo.window, x: 200, y: 22)
        let select = try demo.process.next("select")
        XCTAssertEqual(select["cause"] as? String, "click")
        let settled = try demo.process.next("settled")
        XCTAssertEqual(settled["selectedIndex"] as? Int, select["index"] as? Int)
        try assertLayoutFollowsTheDesign(settled, titles: try bundledTitles(), viewportWidth: 400)
        try assertIndicatorPixels(demo, event: settled)
        XCTAssertFalse(demo.process.allEvents.contains { $0["event"] as? String == "scroll" },
                       "the interrupted glide never came to rest: only the selection reports")
    }

    func testNothingSettlesWhileTheButtonIsHeld() throws {
        let demo = try RunningDemo()
        defer { demo.process.process.terminate() }
        let display = try Shared.display.get()
        // Select, then at once press and pull past the start edge, and hold.
        display.click(demo.window, x: 320, y: 22)
        display.button(down: true)
        for x in [330, 360, 395] { display.move(demo.window, x: x, y: 22) }
        Hand.hold(0.7)    // the selection's tween ends while the button is held
        XCTAssertFalse(demo.process.allEvents.contains { $0["event"] as? String == "settled" }, "settled while pressed")
        display.button(down: false)
        let settled = try demo.process.next("settled")
        let offset = try XCTUnwrap(traceNumber(settled["contentOffset"]))
        let content = try XCTUnwrap(traceNumber(settled["contentWidth"]))
        XCTAssertGreaterThanOrEqual(offset, 0)
        XCTAssertLessThanOrEqual(offset, content - 400)
        try assertIndicatorPixels(demo, event: settled)
    }

    func testKeysSelectAndCenterLikeAClick() throws {
        let demo = try RunningDemo()
        defer { demo.process.process.terminate() }
        let display = try Shared.display.get()
        let titles = try bundledTitles()
        let steps: [(String, Int32, Int32?, Int)] = [
            ("Right", XK_Right, nil, 1), ("Right", XK_Right, nil, 2), ("End", XK_End, nil, 9),
            ("Left", XK_Left, nil, 8), ("Ctrl+PageUp", XK_Page_Up, XK_Control_L, 7),
            ("Ctrl+PageDown", XK_Page_Down, XK_Control_L, 8), ("Home", XK_Home, nil, 0),
        ]
        for (name, keysym, modifier, index) in steps {
            if let modifier { display.key(demo.window, keysym: keysym, holding: modifier) } else { display.key(demo.window, keysym: keysym) }
            let select = try demo.process.next("select")
            XCTAssertEqual(select["index"] as? Int, index, name)
            XCTAssertEqual(select["cause"] as? String, "key", name)
            let settled = try demo.process.next("settled")
            try assertLayoutFollowsTheDesign(settled, titles: titles, viewportWidth: 400)
            try assertIndicatorPixels(demo, event: settled)
        }
        // Left at the first segment does nothing (no wrap); q still quits.
        display.key(demo.window, keysym: XK_Left)
        display.key(demo.window, keysym: XK_q)
        XCTAssertEqual(demo.process.waitForExit(), 0)
        XCTAssertEqual(demo.process.allEvents.filter { $0["event"] as? String == "select" }.count, steps.count)
    }

    /// Alt+digit and Ctrl+Tab, the desktop tab bars' keys, through the demo's
    /// host: Alt+3 the third title, Alt+9 the last, Alt+1 the first,
    /// Ctrl+Shift+Tab from the first wraps to the last, Ctrl+Tab from the last
    /// to the first, and Alt+2 with Caps Lock on still selects the second.
    func testAltDigitsAndCtrlTabSelectAndWrap() throws {
        let demo = try RunningDemo()
        defer { demo.process.process.terminate() }
        let display = try Shared.display.get()
        let titles = try bundledTitles()
        func expect(_ index: Int, _ name: String) throws {
            let select = try demo.process.next("select")
            XCTAssertEqual(select["index"] as? Int, index, name)
            XCTAssertEqual(select["cause"] as? String, "key", name)
        }
        display.key(demo.window, keysym: XK_3, holding: XK_Alt_L)
        try expect(2, "Alt+3")
        display.key(demo.window, keysym: XK_9, holding: XK_Alt_L)
        try expect(titles.count - 1, "Alt+9")
        display.key(demo.window, keysym: XK_1, holding: XK_Alt_L)
        try expect(0, "Alt+1")
        display.modifier(XK_Control_L, down: true)
        display.key(demo.window, keysym: XK_Tab, holding: XK_Shift_L)
        display.modifier(XK_Control_L, down: false)
        try expect(titles.count - 1, "Ctrl+Shift+Tab from the first")
        display.key(demo.window, keysym: XK_Tab, holding: XK_Control_L)
        try expect(0, "Ctrl+Tab from the last")
        display.key(demo.window, keysym: XK_Caps_Lock)
        display.key(demo.window, keysym: XK_2, holding: XK_Alt_L)
        display.key(demo.window, keysym: XK_Caps_Lock)
        try expect(1, "Alt+2 with Caps Lock")
        let settled = try demo.process.next("settled")
        try assertLayoutFollowsTheDesign(settled, titles: titles, viewportWidth: 400)
        try assertIndicatorPixels(demo, event: settled)
        // A digit without Alt, and Tab without Ctrl, select nothing; q still quits.
        display.key(demo.window, keysym: XK_5)
        display.key(demo.window, keysym: XK_Tab)
        display.key(demo.window, keysym: XK_q)
        XCTAssertEqual(demo.process.waitForExit(), 0)
        XCTAssertEqual(demo.process.allEvents.filter { $0["event"] as? String == "select" }.count, 6)
    }

    func testHoverDarkensTheTitleAndLeavingClearsIt() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let demo = try RunningDemo()
        defer { demo.process.process.terminate() }
        let frames = RunningDemo.segments(demo.ready)
        let f = frames[2]
        func darkPixels(_ color: UInt32) throws -> Int {
            let image = try XCTUnwrap(display.pixels(demo.window, width: 400, height: 44))
            return (0..<38).reduce(0) { n, y in n + image.columns(inRow: y, matching: color).filter { Double($0) >= f.x && Double($0) < f.x + f.width }.count }
        }
        XCTAssertEqual(try darkPixels(0x333333), 0)
        display.move(demo.window, x: Int(f.x + f.width / 2), y: 22)
        let hover = try demo.process.next("hover")
        XCTAssertEqual(hover["index"] as? Int, 2)
        XCTAssertEqual(hover["cursor"] as? String, "hand")
        XCTAssertGreaterThan(try darkPixels(0x333333), 10, "hovered title drawn in #333333")
        display.move(demo.window, x: Int(f.x + f.width / 2), y: 120)
        let below = try demo.process.next("hover")
        XCTAssertTrue(below["index"] is NSNull)
        XCTAssertEqual(below["cursor"] as? String, "arrow")
        display.move(demo.window, x: Int(f.x + f.width / 2), y: 22)
        XCTAssertEqual(try demo.process.next("hover")["index"] as? Int, 2)
        display.parkPointer()   // outside the window
        XCTAssertTrue(try demo.process.next("hover")["index"] is NSNull)
        XCTAssertEqual(try darkPixels(0x333333), 0)
    }
}
