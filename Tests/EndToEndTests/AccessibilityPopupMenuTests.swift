import CX11
import Foundation
import TestSupport
import XCTest

// The popup list of every title as pyatspi (Orca's library) sees it: a menu
// of menu items under the application, the highlighted row focused.
extension AccessibilityTests {
    func testThePopupListIsAMenuWhoseFocusFollowsTheHighlight() throws {
        let session = try bus()
        let display = try Shared.display.get()
        let titles = try bundledTitles()
        let (demo, pid) = try startDemo(["--select", "2"], session)
        defer { demo.process.process.terminate() }
        _ = try session.ask(["cmd": "listen", "types": ["object:state-changed:focused", "object:children-changed"]])
        display.key(demo.window, keysym: XK_Menu)
        XCTAssertEqual(try demo.process.next("popup")["shown"] as? Bool, true)

        // The menu, the application's last child: one menu item per title, the selected title's focused.
        let app = try session.ask(["cmd": "tree", "pid": pid])
        let menuIndex = children(app).count - 1
        let menu = try XCTUnwrap(children(app).last)
        XCTAssertEqual(menu["role"] as? String, "menu")
        let items = children(menu)
        XCTAssertEqual(items.map { $0["role"] as? String }, Array(repeating: "menu item", count: titles.count))
        XCTAssertEqual(items.map { $0["name"] as? String }, titles)
        let focused = items.filter { ($0["states"] as? [String])?.contains("focused") == true }.map { $0["index"] as? Int }
        XCTAssertEqual(focused, [2])
        XCTAssertTrue((items[2]["states"] as? [String])?.contains("selected") == true)
        XCTAssertEqual((items[0]["extents"] as? [Int])?.count, 4)

        // Down moves the highlight, and the focus with it.
        display.key(demo.window, keysym: XK_Down)
        var heard = [[String: Any]]()
        for _ in 0..<20 where !heard.contains(where: { $0["name"] as? String == titles[3] && ($0["detail1"] as? Int) == 1 }) {
            heard += try session.ask(["cmd": "events", "count": 1, "timeout": 5, "pid": pid])["events"] as? [[String: Any]] ?? []
        }
        let gained = heard.first { ($0["type"] as? String)?.hasPrefix("object:state-changed:focused") == true && ($0["detail1"] as? Int) == 1
            && $0["name"] as? String == titles[3] }
        XCTAssertEqual(gained?["role"] as? String, "menu item", "\(heard)")

        // A screen reader's selection chooses the row: the title is selected (cause menu) and the menu leaves the bus.
        XCTAssertEqual(try session.ask(["cmd": "select", "pid": pid, "path": [menuIndex], "index": 5])["result"] as? Bool, true)
        XCTAssertEqual(try demo.process.next("popup")["shown"] as? Bool, false)
        let select = try demo.process.next("select")
        XCTAssertEqual(select["index"] as? Int, 5)
        XCTAssertEqual(select["cause"] as? String, "menu")
        let after = try session.ask(["cmd": "tree", "pid": pid])
        XCTAssertFalse(children(after).contains { $0["role"] as? String == "menu" }, "the menu is gone")
    }
}
