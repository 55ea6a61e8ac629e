import CX11
import Foundation
import SegmentedCore
import SegmentedX11
import TestSupport
import XCTest

/// A disabled item in the demo, through the X server: drawn in the disabled
/// color (read back from the server), a click (XTest) selects nothing and
/// gets no hover or hand cursor, the keys pass over it; a click on the
/// selected title is a `reselected` event.
final class DisabledItemTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder(prefix: "segmented-items")
    }

    /// Segment 1 disabled, the others plain titles.
    private func startDemo() throws -> RunningDemo {
        let json = #"["一级建造师", {"title": "二级建造师", "enabled": false, "tooltip": "已截止"}, "造价工程师", {"title": "咨询工程师", "badge": 2}]"#
        return try RunningDemo(["--titles-file", try folder.file("items.json", Array(json.utf8))])
    }

    /// Pixels of segment `index`'s frame (title band rows 0..<38) that are exactly `color`.
    private func pixels(_ demo: RunningDemo, segment index: Int, matching color: UInt32) throws -> Int {
        let display = try Shared.display.get()
        let f = RunningDemo.segments(demo.ready)[index]
        let image = try XCTUnwrap(display.pixels(demo.window, width: 400, height: 44))
        return (0..<38).reduce(0) { n, y in n + image.columns(inRow: y, matching: color).filter { Double($0) >= f.x && Double($0) < f.x + f.width }.count }
    }

    func testADisabledTitleIsDrawnInTheDisabledColorAndAClickSelectsNothing() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let demo = try startDemo()
        defer { demo.process.process.terminate() }
        // #555555 at 38 % over white: round(85 x 0.38 + 255 x 0.62) = 190 = #BEBEBE.
        XCTAssertEqual(StripStyle().effectiveDisabledTextColor, 0xBEBEBE)
        XCTAssertGreaterThan(try pixels(demo, segment: 1, matching: 0xBEBEBE), 10, "the disabled title in #BEBEBE")
        XCTAssertEqual(try pixels(demo, segment: 1, matching: 0x555555), 0, "and nowhere in the text color")
        XCTAssertGreaterThan(try pixels(demo, segment: 2, matching: 0x555555), 10, "an enabled title in the text color")

        let frames = RunningDemo.segments(demo.ready)
        // Over an enabled title first: hover and the hand; then over the disabled one: no hover, the arrow.
        display.move(demo.window, x: Int(frames[2].x + frames[2].width / 2), y: 22)
        let hover = try demo.process.next("hover")
        XCTAssertEqual(hover["index"] as? Int, 2)
        XCTAssertEqual(hover["cursor"] as? String, "hand")
        display.click(demo.window, x: Int(frames[1].x + frames[1].width / 2), y: 22)
        let over = try demo.process.next("hover")
        XCTAssertTrue(over["index"] is NSNull, "\(over)")
        XCTAssertEqual(over["cursor"] as? String, "arrow")
        // The next selection is the click on segment 3: the click on 1 selected nothing.
        display.click(demo.window, x: Int(frames[3].x + frames[3].width / 2), y: 22)
        let select = try demo.process.next("select")
        XCTAssertEqual(select["index"] as? Int, 3)
        XCTAssertEqual(select["previousIndex"] as? Int, 0)
        XCTAssertEqual(select["cause"] as? String, "click")
    }

    func testKeysPassOverTheDisabledItemAndAClickOnTheSelectedOneReselects() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let demo = try startDemo()
        defer { demo.process.process.terminate() }
        for (keysym, index) in [(XK_Right, 2), (XK_Left, 0), (XK_End, 3), (XK_Home, 0)] {
            display.key(demo.window, keysym: keysym)
            let select = try demo.process.next("select")
            XCTAssertEqual(select["index"] as? Int, index, "keysym \(keysym)")
            XCTAssertEqual(select["cause"] as? String, "key")
            _ = try demo.process.next("settled")
        }
        let frames = RunningDemo.segments(demo.ready)
        display.click(demo.window, x: Int(frames[0].x + frames[0].width / 2), y: 22)
        let reselected = try demo.process.next("reselected")
        XCTAssertEqual(reselected["index"] as? Int, 0)
        XCTAssertEqual(reselected["title"] as? String, "一级建造师")
        display.key(demo.window, keysym: XK_q)
        XCTAssertEqual(demo.process.waitForExit(), 0)
        XCTAssertEqual(demo.process.allEvents.filter { $0["event"] as? String == "select" }.count, 4, "the reselection selected nothing")
    }
}
