import Foundation
import TestSupport
import XCTest

// Badges in the page tabs' descriptions, as pyatspi reads them, on AccessibilityTests' session.
extension AccessibilityTests {
    func testABadgeIsInItsPageTabsDescription() throws {
        let session = try bus()
        let folder = try TemporaryFolder(prefix: "segmented-a11y-badges")
        let path = try folder.file("items.json", Array(#"[{"title": "一级建造师", "badge": 120}, {"title": "二级建造师", "badge": "dot"}, "造价工程师"]"#.utf8))
        let (demo, pid) = try startDemo(["--titles-file", path], session)
        defer { demo.process.process.terminate() }
        let tabs = try tabs(session, pid: pid)
        XCTAssertEqual(tabs.map { $0["name"] as? String }, ["一级建造师", "二级建造师", "造价工程师"])
        XCTAssertEqual(tabs.map { $0["description"] as? String }, ["120", "new", ""], "the whole count; no badge, no description")
    }
}
