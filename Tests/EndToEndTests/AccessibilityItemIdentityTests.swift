import CX11
import Foundation
import TestSupport
import XCTest

// The page tab objects follow their items, as pyatspi (Orca's library) sees
// them, on AccessibilityTests' session: a reload that puts another item at the
// selected index selects that item's tab, and an insert before the selected
// item moves its tab without telling anyone it was deselected.
extension AccessibilityTests {
    /// The events heard from `pid` up to and with the first of type `until`.
    private func events(_ session: AccessibilitySession, pid: Int, until type: String) throws -> [[String: Any]] {
        let heard = try session.ask(["cmd": "events", "count": 0, "until": type, "timeout": 20, "pid": pid])["events"] as? [[String: Any]] ?? []
        XCTAssertTrue(heard.contains { $0["type"] as? String == type }, "no \(type) in \(heard)")
        return heard
    }

    /// "name on|off" for each state-changed:selected.
    private func selections(_ events: [[String: Any]]) -> [String] {
        events.filter { $0["type"] as? String == "object:state-changed:selected" }
            .map { "\($0["name"] as? String ?? "?") \(($0["detail1"] as? Int) == 1 ? "on" : "off")" }
    }

    func testTheTabsFollowTheirItemsAcrossReloads() throws {
        let session = try bus()
        let folder = try TemporaryFolder(prefix: "a11y-items")
        let file = try folder.file("titles.txt", Array("A\nB\nC\nD\nE\nF\n".utf8))
        let (demo, pid) = try startDemo(["--titles-file", file, "--select", "3"], session)
        defer { demo.process.process.terminate() }
        try session.ask(["cmd": "listen", "types": ["object:state-changed:selected", "object:selection-changed",
                                                      "object:children-changed"]])
        // A screen reader that has read every tab: each has its object.
        XCTAssertEqual(try tabs(session, pid: pid).map { $0["name"] as? String }, ["A", "B", "C", "D", "E", "F"])

        // D, selected at 3, goes: E takes index 3 and the selection. The trace tells a new item from the same one.
        try Data("A\nB\nC\nE\nF\n".utf8).write(to: URL(fileURLWithPath: file))
        kill(Int32(pid), SIGHUP)
        let select = try demo.process.next("select")
        XCTAssertEqual(select["index"] as? Int, 3)
        XCTAssertEqual(select["previousIndex"] as? Int, 3)
        XCTAssertEqual(select["sameItem"] as? Bool, false, "E is another item than D")
        let reload = try events(session, pid: pid, until: "object:selection-changed")
        XCTAssertEqual(selections(reload).filter { $0.hasSuffix(" on") }, ["E on"], "\(reload)")
        XCTAssertFalse(selections(reload).contains { ["A", "B", "C", "E", "F"].contains($0.split(separator: " ")[0]) && $0.hasSuffix(" off") },
                       "no kept item lost a selection it never had: \(reload)")
        var now = try tabs(session, pid: pid)
        XCTAssertEqual(now.map { $0["name"] as? String }, ["A", "B", "C", "E", "F"])
        XCTAssertEqual(now.filter { ($0["states"] as? [String])?.contains("selected") == true }.map { $0["name"] as? String }, ["E"])

        // X before everything: E moves to 4 and stays selected. Nothing says it was selected or deselected.
        try Data("X\nA\nB\nC\nE\nF\n".utf8).write(to: URL(fileURLWithPath: file))
        kill(Int32(pid), SIGHUP)
        let moved = try demo.process.next("select")
        XCTAssertEqual(moved["index"] as? Int, 4)
        XCTAssertEqual(moved["previousIndex"] as? Int, 3)
        XCTAssertEqual(moved["sameItem"] as? Bool, true)
        now = try tabs(session, pid: pid)
        XCTAssertEqual(now.map { $0["name"] as? String }, ["X", "A", "B", "C", "E", "F"])
        XCTAssertEqual(now.filter { ($0["states"] as? [String])?.contains("selected") == true }.map { $0["index"] as? Int }, [4])
        // Right then selects F: its selection-changed ends what the insert said.
        let display = try Shared.display.get()
        display.key(demo.window, keysym: XK_Right)
        XCTAssertEqual(try demo.process.next("select")["index"] as? Int, 5)
        let insert = try events(session, pid: pid, until: "object:selection-changed")
        XCTAssertEqual(selections(insert), ["E off", "F on"], "only the key's change: \(insert)")
        XCTAssertTrue(insert.contains { $0["type"] as? String == "object:children-changed:add" && $0["role"] as? String == "page tab list" },
                      "X was added: \(insert)")
    }

    /// A screen reader that has read 2,000 tabs (each has its object), then a close: one children-changed::remove
    /// for the closed tab and nothing else. Every tab was dropped and announced again before (2,000 removals and
    /// 256 additions; 5.9 s for a close at 100,000 tabs).
    func testACloseAfterEveryTabWasReadTellsOneRemoval() throws {
        let session = try bus()
        let folder = try TemporaryFolder(prefix: "a11y-close")
        let file = try folder.file("titles.txt", Array((0..<2_000).map { "T\($0)\n" }.joined().utf8))
        let (demo, pid) = try startDemo(["--titles-file", file, "--closable", "on"], session)
        defer { demo.process.process.terminate() }
        XCTAssertEqual(try tabs(session, pid: pid).count, 2_000)
        try session.ask(["cmd": "listen", "types": ["object:children-changed", "object:selection-changed"]])
        let action = try session.ask(["cmd": "action", "pid": pid, "path": [0, 0, 5], "run": true, "index": 1])
        XCTAssertEqual(action["ran"] as? Bool, true)
        XCTAssertEqual(try demo.process.next("closed")["index"] as? Int, 5)
        // Right then selects T1: its selection-changed ends what the close said.
        let display = try Shared.display.get()
        display.key(demo.window, keysym: XK_Right)
        XCTAssertEqual(try demo.process.next("select")["index"] as? Int, 1)
        let heard = try events(session, pid: pid, until: "object:selection-changed")
        let changes = heard.filter { ($0["type"] as? String)?.hasPrefix("object:children-changed") == true }
        XCTAssertEqual(changes.map { "\($0["type"] ?? "") \($0["detail1"] ?? "")" }, ["object:children-changed:remove 5"], "\(changes.prefix(5))")
        XCTAssertEqual(try tabs(session, pid: pid).prefix(7).map { $0["name"] as? String }, ["T0", "T1", "T2", "T3", "T4", "T6", "T7"])
    }
}
