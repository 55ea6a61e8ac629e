import CXft
import Foundation
import SegmentedCore
import SegmentedX11
import TestSupport
import XCTest

/// Icons in the demo, through the X server: a PNG drawn in its widened
/// segment (read back from the server), and bad icons (corrupt, a 10,000 ×
/// 10,000 header, missing, a theme name) each one warning line naming the
/// icon, the item drawn without it, and the demo running on.
final class DemoIconTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder(prefix: "segmented-demo-icons")
    }

    func testIconsAndBadIconsInTheTitlesFile() throws {
        let green: UInt32 = 0x00C853
        // 16 × 16 opaque green but for a transparent 4 × 4 corner: 240 green pixels.
        let png = try folder.file("green.png", ImageFixtures.png(width: 16, height: 16) { x, y in x < 4 && y < 4 ? 0 : 0xFF00_0000 | green })
        let corrupt = try folder.file("corrupt.png", Array(ImageFixtures.png(width: 16, height: 16) { _, _ in 0 }.prefix(50)))
        let huge = try folder.file("huge.png", ImageFixtures.png(width: 10_000, height: 10_000, idat: [0x78, 0x01]))
        let missing = folder.path + "/missing.svg"
        let titles = ["一级", "二级", "三级", "四级", "五级"]
        let json = """
        [{"title": "一级", "icon": "\(png)"}, {"title": "二级", "icon": "\(corrupt)"}, {"title": "三级", "icon": "\(huge)"},
         {"title": "四级", "icon": "\(missing)"}, {"title": "五级", "icon": "mail-unread"}]
        """
        let display = try Shared.display.get()
        display.parkPointer()
        let demo = try RunningDemo(["--titles-file", try folder.file("items.json", Array(json.utf8))])
        defer { demo.process.process.terminate() }
        for (path, reason) in [(corrupt, "cannot be decoded"), (huge, "10000 x 10000 px is larger than 1024 px a side"),
                               (missing, "no such file"), ("mail-unread", "icon names are not looked up yet")] {
            let line = "segmented-demo: warning: icon '\(path)': \(reason)"
            XCTAssertTrue(demo.process.waitForStandardError(containing: line), "expected '\(line)' in '\(demo.process.standardError)'")
        }
        // One warning each, however many frames are drawn.
        XCTAssertEqual(demo.process.standardError.split(separator: "\n").filter { $0.contains("warning: icon") }.count, 4,
                       demo.process.standardError)
        let widths = try expectedWidths(titles: titles, selected: 0)
        let segments = RunningDemo.segments(demo.ready)
        XCTAssertEqual(segments.map(\.width), [widths[0].rounded(.up) + 22] + widths.dropFirst().map { $0.rounded(.up) },
                       "only the drawn icon widens its segment: 16 px + a 6 px gap")
        let image = try XCTUnwrap(display.pixels(demo.window, width: 400, height: 44))
        let f = segments[0]
        let inFirst = (0..<38).reduce(0) { n, y in
            n + image.columns(inRow: y, matching: green).filter { Double($0) >= f.x && Double($0) < f.x + f.width }.count
        }
        XCTAssertEqual(inFirst, 240, "the whole icon, its corner transparent")
        XCTAssertNil(demo.process.process.isRunning ? nil : demo.process.process.terminationStatus, "still running")
    }
}
