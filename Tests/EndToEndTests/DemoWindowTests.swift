import CX11
import Foundation
import SegmentedCore
import SegmentedX11
import TestSupport
import XCTest

/// The real binary under an X server, driven through XTest, checked through
/// its trace and the pixels read back from the server.
final class DemoWindowTests: XCTestCase {
    func testFirstFrameFollowsTheDesignAndShowsRealGlyphs() throws {
        let demo = try RunningDemo()
        defer { demo.process.process.terminate() }
        let titles = try bundledTitles()
        XCTAssertEqual(demo.ready["count"] as? Int, 10)
        XCTAssertEqual(traceNumber(demo.ready["viewportWidth"]), 400)
        XCTAssertEqual(traceNumber(demo.ready["viewportHeight"]), 200)
        try assertLayoutFollowsTheDesign(demo.ready, titles: titles, viewportWidth: 400)
        try assertIndicatorPixels(demo, event: demo.ready)

        let display = try Shared.display.get()
        let image = try XCTUnwrap(display.pixels(demo.window, width: 400, height: 200))
        XCTAssertEqual(image.columns(inRow: 44, matching: separatorColor).count, 400, "1 px separator under the strip")
        XCTAssertEqual(image.columns(inRow: 45, matching: white).count, 400)
        let frames = RunningDemo.segments(demo.ready)
        // The selected title is drawn in the accent color, the others in #555555; every
        // visible segment has ink, and none outside the band spills onto the separator.
        let first = frames[0]
        XCTAssertGreaterThan(image.count(notMatching: white, x: Int(first.x), y: 0, width: Int(first.width), height: 38), 150)
        XCTAssertGreaterThan((0..<38).reduce(0) { n, y in n + image.columns(inRow: y, matching: accent).filter { Double($0) < first.x + first.width }.count }, 20)
        for f in frames[1...3] {
            XCTAssertGreaterThan(image.count(notMatching: white, x: Int(f.x), y: 0, width: Int(f.width), height: 38), 150)
            let dark = (0..<38).reduce(0) { n, y in
                n + image.columns(inRow: y, matching: unselectedColor).filter { Double($0) >= f.x && Double($0) < f.x + f.width }.count
            }
            XCTAssertGreaterThan(dark, 10, "unselected title ink in #555555")
        }
        // The page shows the selected title, centered below the separator.
        XCTAssertGreaterThan(image.count(notMatching: white, x: 100, y: 46, width: 200, height: 154), 300)
        XCTAssertEqual(image.count(notMatching: white, x: 0, y: 46, width: 60, height: 154), 0)
    }

    func testWindowManagerProperties() throws {
        let demo = try RunningDemo()
        defer { demo.process.process.terminate() }
        let display = try Shared.display.get()
        XCTAssertEqual(display.stringProperty(demo.window, "WM_NAME"), "SegmentedStrip")
        XCTAssertEqual(display.stringProperty(demo.window, "_NET_WM_NAME"), "SegmentedStrip")
        let hint = try XCTUnwrap(display.classHint(demo.window))
        XCTAssertEqual(hint.0, "segmented-demo")
        XCTAssertEqual(hint.1, "SegmentedStrip")
        XCTAssertEqual(display.cardinalProperty(demo.window, "_NET_WM_PID"), Int(demo.process.process.processIdentifier))
    }

    func testClickingThreeTitlesSelectsCentersAndMovesTheIndicator() throws {
        let demo = try RunningDemo()
        defer { demo.process.process.terminate() }
        let display = try Shared.display.get()
        let titles = try bundledTitles()
        var state = demo.ready
        var chosen = [Int]()
        var offsets = [Double]()
        for pick in ["rightmost", "rightmost", "leftmost"] {
            let frames = RunningDemo.segments(state)
            let offset = try XCTUnwrap(traceNumber(state["contentOffset"]))
            let current = try XCTUnwrap(state["selectedIndex"] as? Int)
            let visible = frames.indices.filter { i in
                let mid = frames[i].x + frames[i].width / 2 - offset
                return mid > 10 && mid < 390 && i != current && !chosen.contains(i)
            }
            let target = try XCTUnwrap(pick == "rightmost" ? visible.last : visible.first)
            chosen.append(target)
            let x = Int((frames[target].x + frames[target].width / 2 - offset).rounded())
            display.click(demo.window, x: x, y: 22)
            let select = try demo.process.next("select")
            XCTAssertEqual(select["index"] as? Int, target)
            XCTAssertEqual(select["previousIndex"] as? Int, current)
            XCTAssertEqual(select["title"] as? String, titles[target])
            state = try demo.process.next("settled")
            offsets.append(try XCTUnwrap(traceNumber(state["contentOffset"])))
            XCTAssertEqual(state["selectedIndex"] as? Int, target)
            try assertLayoutFollowsTheDesign(state, titles: titles, viewportWidth: 400)
            try assertIndicatorPixels(demo, event: state)
        }
        XCTAssertEqual(Set(chosen).count, 3, "three different titles: \(chosen)")
        XCTAssertGreaterThan(offsets.max() ?? 0, 0, "centering a title on the right scrolled the strip: \(offsets)")
    }

    func testDragScrollsByThePointerDistanceAndSelectsNothing() throws {
        let demo = try RunningDemo()
        let display = try Shared.display.get()
        display.move(demo.window, x: 300, y: 22)
        display.button(down: true)
        for x in stride(from: 290, through: 150, by: -10) {
            display.move(demo.window, x: x, y: 22)
            Hand.step(0.005)
        }
        Hand.rest(0.15)   // rest before releasing: no glide
        display.button(down: false)
        let release = try demo.process.next("release")
        XCTAssertEqual(release["gliding"] as? Bool, false)
        let scroll = try demo.process.next("scroll")
        XCTAssertEqual(traceNumber(scroll["contentOffset"]), 150)
        XCTAssertEqual(scroll["cause"] as? String, "drag")
        // The first title's ink moved 150 px left with the content.
        let image = try XCTUnwrap(display.pixels(demo.window, width: 400, height: 44))
        XCTAssertEqual(image.columns(inRow: 40, matching: accent), [], "the indicator under segment 0 scrolled out of view")

        // Dragging right past the start pulls the content with resistance and springs back to 0.
        display.move(demo.window, x: 100, y: 22)
        display.button(down: true)
        for x in stride(from: 120, through: 390, by: 30) {
            display.move(demo.window, x: x, y: 22)
            Hand.step(0.005)
        }
        Hand.rest(0.1)
        display.button(down: false)
        let pulled = try demo.process.next("release")
        let shown = try XCTUnwrap(traceNumber(pulled["contentOffset"]))
        XCTAssertLessThan(shown, 0, "past the start edge")
        XCTAssertGreaterThan(shown, -140, "rubber band: less than the 140 px pulled past the edge")
        XCTAssertEqual(pulled["gliding"] as? Bool, true)
        let back = try demo.process.next("scroll")
        XCTAssertEqual(back["cause"] as? String, "spring")
        XCTAssertEqual(traceNumber(back["contentOffset"]), 0)
        try assertIndicatorPixels(demo, event: demo.ready)

        display.key(demo.window, keysym: XK_Escape)
        XCTAssertEqual(demo.process.waitForExit(), 0)
        let names = demo.process.allEvents.compactMap { $0["event"] as? String }
        XCTAssertFalse(names.contains("select"), "\(names)")
        XCTAssertFalse(names.contains("settled"), "\(names)")
    }

    func testBurstsOfMotionAreCompressed() throws {
        let demo = try RunningDemo()
        defer { demo.process.process.terminate() }
        let display = try Shared.display.get()
        display.move(demo.window, x: 300, y: 22)
        display.button(down: true)
        // 150 motion events sent as fast as the server takes them.
        for x in stride(from: 299, through: 150, by: -1) { display.move(demo.window, x: x, y: 22) }
        Hand.rest(0.1)
        display.button(down: false)
        let release = try demo.process.next("release")
        XCTAssertEqual(traceNumber(release["contentOffset"]), 150, "the last position wins")
        let updates = try XCTUnwrap(release["motionUpdates"] as? Int)
        XCTAssertGreaterThanOrEqual(updates, 1)
        XCTAssertLessThan(updates, 150, "motion is applied per batch, not per event")
    }

    func testTwoQuickClicksEndInTheSecond() throws {
        let demo = try RunningDemo()
        defer { demo.process.process.terminate() }
        let display = try Shared.display.get()
        let frames = RunningDemo.segments(demo.ready)
        // Segments 3 then 1, 30 ms apart: the second click lands mid-tween.
        display.click(demo.window, x: Int(frames[3].x + frames[3].width / 2), y: 22)
        Hand.pause(0.03)
        // Segment 1 has moved only a few pixels after 30 ms of an ease-in curve.
        display.click(demo.window, x: Int(frames[1].x + frames[1].width / 2), y: 22)
        XCTAssertEqual(try demo.process.next("select")["index"] as? Int, 3)
        XCTAssertEqual(try demo.process.next("select")["index"] as? Int, 1)
        let settled = try demo.process.next("settled") { $0["selectedIndex"] as? Int == 1 }
        try assertLayoutFollowsTheDesign(settled, titles: try bundledTitles(), viewportWidth: 400)
        try assertIndicatorPixels(demo, event: settled)
    }

    func testResizeKeepsTheOffsetInRangeAndTheSelectionVisible() throws {
        let demo = try RunningDemo(["--select", "9"])
        defer { demo.process.process.terminate() }
        let display = try Shared.display.get()
        let titles = try bundledTitles()
        try assertLayoutFollowsTheDesign(demo.ready, titles: titles, viewportWidth: 400)
        let contentWidth = try XCTUnwrap(traceNumber(demo.ready["contentWidth"]))
        XCTAssertEqual(traceNumber(demo.ready["contentOffset"]), contentWidth - 400)

        display.resize(demo.window, width: 1000, height: 200)
        let wide = try demo.process.next("resize")
        XCTAssertEqual(traceNumber(wide["viewportWidth"]), 1000)
        XCTAssertEqual(traceNumber(wide["contentOffset"]), contentWidth - 1000)

        display.resize(demo.window, width: 150, height: 120)
        let narrow = try demo.process.next("resize")
        let offset = try XCTUnwrap(traceNumber(narrow["contentOffset"]))
        XCTAssertGreaterThanOrEqual(offset, 0)
        XCTAssertLessThanOrEqual(offset, contentWidth - 150)
        let last = RunningDemo.segments(demo.ready)[9]
        XCTAssertGreaterThanOrEqual(last.x, offset, "selected segment visible")
        XCTAssertLessThanOrEqual(last.x + last.width, offset + 150, "selected segment visible")
        let image = try XCTUnwrap(display.pixels(demo.window, width: 150, height: 120))
        XCTAssertEqual(image.columns(inRow: 44, matching: separatorColor).count, 150)
        let indicator = image.columns(inRow: 40, matching: accent)
        XCTAssertEqual(indicator.count, 30, "indicator visible after the resize")
    }

    func testEscapeQAndTheCloseButtonExitZero() throws {
        let display = try Shared.display.get()
        for how in ["Escape", "q", "WM_DELETE_WINDOW"] {
            let demo = try RunningDemo()
            switch how {
            case "Escape": display.key(demo.window, keysym: XK_Escape)
            case "q": display.key(demo.window, keysym: XK_q)
            default: display.sendDeleteWindow(demo.window)
            }
            XCTAssertEqual(demo.process.waitForExit(), 0, how)
            XCTAssertEqual(demo.process.allEvents.last?["event"] as? String, "exit", how)
        }
    }

    func testExitAfterFirstFrame() throws {
        let demo = try DemoProcess(arguments: ["--exit-after-first-frame"])
        let frame = try demo.next("firstFrame")
        XCTAssertGreaterThan(traceNumber(frame["elapsedSeconds"]) ?? 0, 0)
        XCTAssertEqual(demo.waitForExit(), 0)
    }
}
