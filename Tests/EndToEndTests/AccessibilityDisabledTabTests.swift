import Foundation
import TestSupport
import XCTest

// A disabled item's page tab, as pyatspi reads it, on AccessibilityTests' session.
extension AccessibilityTests {
    func testADisabledTabIsNeitherEnabledNorSensitiveAndItsActionRefuses() throws {
        let session = try bus()
        let folder = try TemporaryFolder(prefix: "segmented-a11y-items")
        let path = try folder.file("items.json", Array(#"["一级建造师", {"title": "二级建造师", "enabled": false}, "造价工程师"]"#.utf8))
        let (demo, pid) = try startDemo(["--titles-file", path], session)
        defer { demo.process.process.terminate() }
        let tabs = try tabs(session, pid: pid)
        XCTAssertEqual(tabs.map { $0["name"] as? String }, ["一级建造师", "二级建造师", "造价工程师"])
        let states = tabs.map { Set($0["states"] as? [String] ?? []) }
        XCTAssertEqual(states[1], ["focusable", "selectable", "showing", "visible"])
        XCTAssertTrue(states[0].isSuperset(of: ["enabled", "sensitive"]) && states[2].isSuperset(of: ["enabled", "sensitive"]))
        // Its action refuses: the bridge (at-spi2-core's action adaptor) answers DoAction with
        // true before it runs the action, so the refusal shows as no selection. The list's
        // selectChild answers after running, so it says false.
        let action = try session.ask(["cmd": "action", "pid": pid, "path": [0, 0, 1], "run": true])
        XCTAssertEqual(action["names"] as? [String], ["click"])
        XCTAssertEqual(action["ran"] as? Bool, true, "the bridge's early answer")
        XCTAssertEqual(try session.ask(["cmd": "select", "pid": pid, "path": [0, 0], "index": 1])["result"] as? Bool, false)
        // The next selection is tab 2's action: the refusals selected nothing.
        XCTAssertEqual(try session.ask(["cmd": "action", "pid": pid, "path": [0, 0, 2], "run": true])["ran"] as? Bool, true)
        let select = try demo.process.next("select")
        XCTAssertEqual(select["index"] as? Int, 2)
        XCTAssertEqual(select["cause"] as? String, "accessibility")
    }
}
