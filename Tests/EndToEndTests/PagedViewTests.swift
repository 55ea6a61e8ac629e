import CX11
import Foundation
import SegmentedCore
import TestSupport
import XCTest

/// The demo's page area is a paged view linked to the strip: drags, flicks,
/// wheel notches and taps through the X server (XTest), read back through the
/// trace and the pixels, left to right and mirrored.
final class PagedViewTests: XCTestCase {
    private let width = 400, height = 200

    /// Where the pages are (host-window y of a point in the page area).
    private func pageY(_ demo: RunningDemo) throws -> Int {
        try XCTUnwrap(traceNumber(demo.ready["pageAreaTop"])).asInt + 60
    }

    /// The indicator's columns on its middle row in the window's pixels.
    private func indicatorColumns(_ demo: RunningDemo, row: Int) throws -> [Int] {
        let image = try XCTUnwrap(try Shared.display.get().pixels(demo.window, width: width, height: 46))
        return image.columns(inRow: row, matching: accent)
    }

    /// The window's pixels with the pointer parked away from it, read after the trace lines that say the demo
    /// has drawn its last frame (`settled`, `pageSettled`, `startupFinished`): two reads in a row that agree, as
    /// the pages' frame is flushed, not synced, before `pageSettled`. The pointer was over the pages or the
    /// selected title, which hover does not change.
    private func windowPixels(_ demo: RunningDemo) throws -> [UInt32] {
        let display = try Shared.display.get()
        display.parkPointer()
        func read() throws -> [UInt32] { try XCTUnwrap(display.pixels(demo.window, width: width, height: height)).pixels }
        var last = try read()
        let steady = try eventually {
            let now = try read()
            defer { last = now }
            return now == last
        }
        XCTAssertTrue(steady, "the window's pixels stopped changing within 10 s")
        return last
    }

    /// Waits until the strip has drawn the pages held by a drag at `position` (pages): a `pageFrame` there
    /// (`--frame-stats`), then the strip's next `frame`, which the pages' move asked for (its own update, queued
    /// after theirs). The lines come after the frames are flushed to the server.
    private func waitForHeldFrame(_ demo: RunningDemo, after start: Int, position: Double) throws {
        func drawn(_ events: [[String: Any]]) -> Bool {
            let later = events.dropFirst(start)
            guard let page = later.firstIndex(where: {
                $0["event"] as? String == "pageFrame" && abs((traceNumber($0["position"]) ?? .infinity) - position) < 0.005
            }) else { return false }
            return later[page...].contains { $0["event"] as? String == "frame" }
        }
        if !demo.process.wait(until: drawn) {
            throw Missing(description: "no strip frame after the pages were drawn at \(position) within 20 s; stderr: \(demo.process.standardError)")
        }
    }

    /// The events named `names` that arrive from event number `start` on, in whatever order (waits up to 20 s for all).
    private func events(_ demo: RunningDemo, after start: Int, _ names: [String]) throws -> [String: [String: Any]] {
        func found(_ events: [[String: Any]]) -> [String: [String: Any]] {
            var found: [String: [String: Any]] = [:]
            for event in events.dropFirst(start) {
                if let name = event["event"] as? String, names.contains(name), found[name] == nil { found[name] = event }
            }
            return found
        }
        _ = demo.process.wait { found($0).count == names.count }
        let heard = found(demo.process.allEvents)
        if heard.count == names.count { return heard }
        throw Missing(description: "only \(heard.keys.sorted()) of \(names) within 20 s; stderr: \(demo.process.standardError)")
    }

    /// Moves the held pointer from `from` to `to` (window x) in 10 px steps 16 ms apart.
    private func drag(_ demo: RunningDemo, from: Int, to: Int, y: Int) throws {
        let display = try Shared.display.get()
        let step = to > from ? 10 : -10
        for x in stride(from: from + step, through: to, by: step) {
            display.move(demo.window, x: x, y: y)
            Hand.step()
        }
    }

    /// Starting at page 0: a held 40 % drag, a release past half, a 60 px flick, a wheel notch, Shift+wheel and the
    /// vertical wheel; in `direction` (right to left the pages and the drags are mirrored).
    private func swipeScenario(_ direction: LayoutDirection) throws {
        let rtl = direction == .rightToLeft
        let flags = rtl ? ["--rtl"] : []
        let display = try Shared.display.get()
        display.parkPointer()
        let demo = try RunningDemo(flags + ["--frame-stats"])
        defer { demo.process.process.terminate() }
        XCTAssertEqual(demo.ready["pageCount"] as? Int, 10)
        let y = try pageY(demo)
        let rest0 = demo.ready
        let indicator0 = try XCTUnwrap(traceRect(rest0["indicator"]))
        let row = Int(indicator0.y) + 1
        // Toward the next page is leftward left to right, rightward right to left.
        let forward = rtl ? 1 : -1
        let start = rtl ? 100 : 300

        // Held at 40 % of a page (160 px): the indicator 40 % of the way from title 0 to title 1.
        var mark = demo.process.allEvents.count
        display.move(demo.window, x: start, y: y)
        display.button(down: true)
        try drag(demo, from: start, to: start + forward * 160, y: y)
        try waitForHeldFrame(demo, after: mark, position: 0.4)
        let held = try indicatorColumns(demo, row: row)
        XCTAssertNil(demo.process.allEvents.first { $0["event"] as? String == "select" }, "nothing is selected while dragging")

        // On past half (240 px) and let go after a pause (no fling): title 1 is selected by the swipe, page 1 shows.
        try drag(demo, from: start + forward * 160, to: start + forward * 240, y: y)
        Hand.rest(0.2)
        mark = demo.process.allEvents.count
        display.button(down: false)
        var heard = try events(demo, after: mark, ["select", "settled", "pageSettled"])
        XCTAssertEqual(heard["select"]?["index"] as? Int, 1)
        XCTAssertEqual(heard["select"]?["cause"] as? String, "swipe")
        let rest1 = try XCTUnwrap(heard["settled"])
        XCTAssertEqual(heard["pageSettled"]?["page"] as? Int, 1)
        XCTAssertEqual(demo.process.allEvents.filter { $0["event"] as? String == "select" }.count, 1, "one selection per swipe")

        // The held frame against the formula: p = 0.4 between the two resting states (slide).
        let indicator1 = try XCTUnwrap(traceRect(rest1["indicator"]))
        let offset0 = try XCTUnwrap(traceNumber(rest0["contentOffset"])), offset1 = try XCTUnwrap(traceNumber(rest1["contentOffset"]))
        let x = indicator0.x + (indicator1.x - indicator0.x) * 0.4, w = indicator0.width + (indicator1.width - indicator0.width) * 0.4
        let offset = offset0 + (offset1 - offset0) * 0.4
        let expected = direction.windowPixelMinX(contentX: x, width: w.rounded(), contentOffset: offset, viewportWidth: width)
        let first = try XCTUnwrap(held.first), last = try XCTUnwrap(held.last)
        XCTAssertEqual(Double(first), Double(expected), accuracy: 2, "indicator 40 % of the way (\(direction))")
        XCTAssertEqual(Double(last + 1 - first), w, accuracy: 2)
        // And 40 % of the way in pixels between where it rests under titles 0 and 1.
        let left0 = direction.windowPixelMinX(contentX: indicator0.x, width: indicator0.width, contentOffset: offset0, viewportWidth: width)
        let left1 = direction.windowPixelMinX(contentX: indicator1.x, width: indicator1.width, contentOffset: offset1, viewportWidth: width)
        XCTAssertEqual(Double(first - left0) / Double(left1 - left0), 0.4, accuracy: 2 / Double(abs(left1 - left0)))

        // Page 1 is drawn as a demo started on it draws it, strip and page alike.
        let swiped = try windowPixels(demo)
        let reference = try RunningDemo(flags + ["--select", "1"])
        let started = try windowPixels(reference)
        // Gone before the flick: a window still there (its demo slow to end under load) took the press before.
        reference.process.process.terminate()
        XCTAssertTrue(display.waitUntilGone(reference.window))
        XCTAssertEqual(swiped.count, started.count)
        XCTAssertEqual(zip(swiped, started).filter { $0 != $1 }.count, 0, "page 1 after a swipe = page 1 at start (\(direction))")

        // A 60 px flick (about 2000 px/s) turns a page.
        mark = demo.process.allEvents.count
        display.move(demo.window, x: start, y: y)
        display.button(down: true)
        for k in 1...6 {
            display.move(demo.window, x: start + forward * 10 * k, y: y)
            Hand.step(0.005)
        }
        display.button(down: false)
        heard = try events(demo, after: mark, ["select", "pageSettled"])
        XCTAssertEqual(heard["select"]?["index"] as? Int, 2)
        XCTAssertEqual(heard["select"]?["cause"] as? String, "swipe")
        XCTAssertEqual(heard["pageSettled"]?["page"] as? Int, 2)

        // A horizontal wheel notch turns one page: button 7 is rightward, the next page left to right, the previous right to left.
        display.move(demo.window, x: 200, y: y)
        mark = demo.process.allEvents.count
        display.button(rtl ? 6 : 7, down: true)
        display.button(rtl ? 6 : 7, down: false)
        heard = try events(demo, after: mark, ["select", "pageSettled"])
        XCTAssertEqual(heard["select"]?["index"] as? Int, 3)
        XCTAssertEqual(heard["select"]?["cause"] as? String, "swipe")
        XCTAssertEqual(heard["pageSettled"]?["page"] as? Int, 3)
        // Shift turns the vertical wheel horizontal: down is toward the end.
        mark = demo.process.allEvents.count
        display.modifier(XK_Shift_L, down: true)
        display.button(5, down: true)
        display.button(5, down: false)
        display.modifier(XK_Shift_L, down: false)
        heard = try events(demo, after: mark, ["select", "pageSettled"])
        XCTAssertEqual(heard["select"]?["index"] as? Int, 4)
        XCTAssertEqual(heard["pageSettled"]?["page"] as? Int, 4)
        demo.process.skipToEnd()
        // The vertical wheel over the pages is the page content's: nothing turns.
        display.button(5, down: true)
        display.button(5, down: false)
        XCTAssertThrowsError(try demo.process.next("select", timeout: 0.6), "the vertical wheel does not turn pages")
    }

    func testSwipingDrivesTheIndicatorAndSelectsOnceAtTheRelease() throws {
        try swipeScenario(.leftToRight)
    }

    func testRightToLeftMirrorsTheSwipe() throws {
        try swipeScenario(.rightToLeft)
    }

    func testADragPastTheFirstPageRubberBandsAndSettlesBack() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let demo = try RunningDemo()
        defer { demo.process.process.terminate() }
        let top = try XCTUnwrap(traceNumber(demo.ready["pageAreaTop"])).asInt, y = top + 60
        func firstInkColumn() throws -> Int {
            let image = try XCTUnwrap(display.pixels(demo.window, y: top, width: width, height: height - top))
            return try XCTUnwrap((0..<width).first { image.count(notMatching: white, x: $0, y: 0, width: 1, height: image.height) > 0 })
        }
        let resting = try firstInkColumn()
        // 100 px pulled past page 0 shows UIScrollView's (1 - 1 / (100 x 0.55 / 400 + 1)) x 400 = 48.4 px.
        display.move(demo.window, x: 100, y: y)
        display.button(down: true)
        try drag(demo, from: 100, to: 200, y: y)
        let band: Double = (1 - 1 / (100 * 0.55 / 400 + 1)) * 400
        // Drawn where the whole drag puts it (the step before is 4 px short).
        _ = try eventually { abs(Double(try firstInkColumn() - resting) - band) <= 1 }
        let pulled = try firstInkColumn()
        XCTAssertEqual(Double(pulled - resting), band, accuracy: 1, "page 0 follows with resistance, not 1:1")
        let mark = demo.process.allEvents.count
        display.button(down: false)
        XCTAssertEqual(try events(demo, after: mark, ["pageSettled"])["pageSettled"]?["page"] as? Int, 0)
        _ = try eventually(timeout: 5) { try firstInkColumn() == resting }
        XCTAssertEqual(try firstInkColumn(), resting, "back in place")
        XCTAssertFalse(demo.process.allEvents.contains { $0["event"] as? String == "select" }, "nothing selected")
    }

    /// The window unmapped mid-drag ends the pointer grab, so the button goes up
    /// over another window and no release reaches the pages: when the pointer
    /// comes back with no button down, the pages settle on the nearest page
    /// (selected once, cause swipe) and no longer follow it.
    func testAPressLostMidDragSettlesAndTheBarePointerMovesNothing() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let demo = try RunningDemo()
        defer { demo.process.process.terminate() }
        let top = try XCTUnwrap(traceNumber(demo.ready["pageAreaTop"])).asInt, y = top + 60
        func pagePixels() throws -> [UInt32] {
            try XCTUnwrap(display.pixels(demo.window, y: top, width: width, height: height - top)).pixels
        }
        display.move(demo.window, x: 350, y: y)
        display.button(down: true)
        try drag(demo, from: 350, to: 110, y: y)   // 240 px: 0.6 of a page
        Hand.rest(0.2)
        let mark = demo.process.allEvents.count
        display.remap(demo.window)
        display.move(demo.window, x: width + 100, y: height + 100)   // off the window: the release goes elsewhere
        display.button(down: false)
        display.move(demo.window, x: 200, y: y)
        // The strip's settled too: its tween to the swiped title is over, so what is drawn now stays.
        let settled = try events(demo, after: mark, ["pageSettled", "select", "settled"])
        XCTAssertEqual(settled["pageSettled"]?["page"] as? Int, 1)
        XCTAssertEqual(settled["select"]?["index"] as? Int, 1)
        XCTAssertEqual(settled["select"]?["cause"] as? String, "swipe")
        let resting = try pagePixels()
        // The bare pointer across the pages: nothing moves. Then onto the strip, at rest: the title it tells
        // under the pointer comes after every motion across the pages was handled.
        try drag(demo, from: 200, to: 20, y: y)
        let crossed = demo.process.allEvents.count
        display.move(demo.window, x: 20, y: 20)
        _ = try events(demo, after: crossed, ["hover"])
        XCTAssertEqual(try pagePixels(), resting, "the pages do not follow a pointer with no button down")
        XCTAssertEqual(demo.process.allEvents.filter { $0["event"] as? String == "select" }.count, 1)
    }

    /// A wheel notch toward the first page while on it changes nothing and
    /// reports nothing (as the strip's wheel at an edge); the next notch that
    /// turns a page reports its page once.
    func testAWheelNotchAtTheFirstPageReportsNoSettle() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let demo = try RunningDemo()
        defer { demo.process.process.terminate() }
        let y = try pageY(demo)
        display.move(demo.window, x: 200, y: y)
        Hand.pause(0.1)
        let mark = demo.process.allEvents.count
        display.button(6, down: true)
        display.button(6, down: false)
        Hand.pause(0.5)
        display.button(7, down: true)
        display.button(7, down: false)
        // What the first notch reported would come before these: the page the second turns to and the selection it
        // makes, both settled.
        XCTAssertEqual(try events(demo, after: mark, ["pageSettled", "settled"])["pageSettled"]?["page"] as? Int, 1)
        let settles = demo.process.allEvents.dropFirst(mark).filter { $0["event"] as? String == "pageSettled" }
        XCTAssertEqual(settles.map { $0["page"] as? Int }, [1], "the notch at page 0 reported nothing")
    }

    func testAClickOnAFarTitleShowsItsPageAsStartingThereDoes() throws {
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let flags = direction == .rightToLeft ? ["--rtl"] : []
            let display = try Shared.display.get()
            display.parkPointer()
            let demo = try RunningDemo(flags + ["--frame-stats"])
            defer { demo.process.process.terminate() }
            let frames = RunningDemo.segments(demo.ready)
            // Where title i's middle is drawn (mirrored right to left; nothing is scrolled yet).
            func middle(_ i: Int) -> Int {
                direction.windowPixelMinX(contentX: frames[i].x, width: frames[i].width, contentOffset: 0, viewportWidth: width)
                    + Int(frames[i].width / 2)
            }
            // The farthest title in view (3 or more pages away): the pages slide in from its neighbour (the long jump).
            let far = try XCTUnwrap(frames.indices.last { middle($0) > 10 && middle($0) < 390 })
            XCTAssertGreaterThanOrEqual(far, 3)
            var passed = Set<Int>()
            let mark = demo.process.allEvents.count
            display.click(demo.window, x: middle(far), y: 22)
            let heard = try events(demo, after: mark, ["select", "settled", "pageSettled"])
            XCTAssertEqual(heard["select"]?["index"] as? Int, far)
            XCTAssertEqual(heard["pageSettled"]?["page"] as? Int, far)
            for event in demo.process.allEvents.dropFirst(mark) where event["event"] as? String == "pageFrame" {
                if let p = traceNumber(event["position"]) { passed.insert(Int(p.rounded(.down))) }
            }
            let clicked = try windowPixels(demo)
            let reference = try RunningDemo(flags + ["--select", String(far)])
            let started = try windowPixels(reference)
            reference.process.process.terminate()
            XCTAssertTrue(display.waitUntilGone(reference.window))
            XCTAssertEqual(zip(clicked, started).filter { $0 != $1 }.count, 0, "identical to starting with --select \(far) (\(direction))")
            XCTAssertEqual(passed, [far - 1, far], "pages drawn on the way (\(direction)): \(passed.sorted())")
        }
    }
}

private struct Missing: Error, CustomStringConvertible {
    let description: String
}

private extension Double {
    var asInt: Int { Int(self) }
}
