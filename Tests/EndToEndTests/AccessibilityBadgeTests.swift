import Foundation
import TestSupport
import XCTest

// Tooltips and badges in the page tabs' descriptions, as pyatspi reads them, on AccessibilityTests' session.
extension AccessibilityTests {
    func testATooltipAndABadgeAreInTheirPageTabsDescription() throws {
        let session = try bus()
        let folder = try TemporaryFolder(prefix: "segmented-a11y-badges")
        let json = #"[{"title": "一级建造师", "badge": 120}, {"title": "二级建造师", "badge": "dot"}, "造价工程师", "#
            + #"{"title": "咨询工程师", "tooltip": "本年度报名已截止", "badge": 3}, {"title": "监理工程师", "tooltip": "监理"}]"#
        let path = try folder.file("items.json", Array(json.utf8))
        let (demo, pid) = try startDemo(["--titles-file", path], session)
        defer { demo.process.process.terminate() }
        let tabs = try tabs(session, pid: pid)
        XCTAssertEqual(tabs.map { $0["name"] as? String }, ["一级建造师", "二级建造师", "造价工程师", "咨询工程师", "监理工程师"])
        XCTAssertEqual(tabs.map { $0["description"] as? String }, ["120", "new", "", "本年度报名已截止, 3", "监理"],
                       "the whole count; no badge or tooltip, no description; the tooltip, then the badge")
    }
}
