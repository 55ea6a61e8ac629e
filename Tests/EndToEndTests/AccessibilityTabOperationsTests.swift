import CX11
import Foundation
import TestSupport
import XCTest

// Tabs that close and move, as pyatspi (Orca's library) sees them, on AccessibilityTests' session.
extension AccessibilityTests {
    func testAClosableTabHasACloseActionAndTheTabsFollowACloseAndAMove() throws {
        let session = try bus()
        let display = try Shared.display.get()
        let (demo, pid) = try startDemo(["--closable", "on", "--reorderable", "on"], session)
        defer { demo.process.process.terminate() }
        let titles = try bundledTitles()
        _ = try session.ask(["cmd": "listen", "types": ["object:children-changed"]])

        // "close" beside "click": the demo closes the tab, and the list has one tab fewer, in order.
        let action = try session.ask(["cmd": "action", "pid": pid, "path": [0, 0, 2], "run": true, "index": 1])
        XCTAssertEqual(action["names"] as? [String], ["click", "close"])
        XCTAssertEqual(action["ran"] as? Bool, true)
        let closed = try demo.process.next("closed")
        XCTAssertEqual(closed["index"] as? Int, 2)
        XCTAssertEqual(closed["title"] as? String, titles[2])
        var order = titles
        order.remove(at: 2)
        let heard = try session.ask(["cmd": "events", "count": 1, "timeout": 10, "pid": pid])["events"] as? [[String: Any]] ?? []
        XCTAssertTrue(heard.contains { ($0["type"] as? String)?.hasPrefix("object:children-changed") == true }, "\(heard)")
        XCTAssertEqual(try tabs(session, pid: pid).map { $0["name"] as? String }, order)

        // The selected tab moved to the end keeps its selection, and the list reads in the new order.
        display.modifier(XK_Control_L, down: true)
        display.key(demo.window, keysym: XK_End, holding: XK_Shift_L)
        display.modifier(XK_Control_L, down: false)
        _ = try demo.process.next("moved")
        order.append(order.removeFirst())
        let tabs = try tabs(session, pid: pid)
        XCTAssertEqual(tabs.map { $0["name"] as? String }, order)
        XCTAssertEqual(tabs.filter { ($0["states"] as? [String])?.contains("selected") == true }.map { $0["index"] as? Int }, [8])

        // Without closable a tab has its one action only.
        let (plain, plainPid) = try startDemo([], session)
        defer { plain.process.process.terminate() }
        XCTAssertEqual(try session.ask(["cmd": "action", "pid": plainPid, "path": [0, 0, 2]])["names"] as? [String], ["click"])
    }
}
