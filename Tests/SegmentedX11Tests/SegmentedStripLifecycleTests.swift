import CX11
import Foundation
import SegmentedCore
import SegmentedX11
import TestSupport
import XCTest

/// The strip API when its window goes away, is resized or holds a long list (see `StripAPITestCase`).
final class SegmentedStripLifecycleTests: StripAPITestCase, @unchecked Sendable {
    func testAWindowDestroyedMidTweenStopsTheStripQuietly() throws {
        try MainActor.assumeIsolated {
            var slow = StripStyle()
            slow.tweenDuration = 5
            let strip = try shownStrip(style: slow)
            try strip.setSelectedIndex(9)
            run(until: { false }, timeout: 0.2, expectingTimeout: true)
            let errors = XDisplayConnection.errorCount
            // Another client destroys the window while the 60 Hz timer paints into it.
            XDestroyWindow(user.display, strip.window)
            XSync(user.display, 0)
            var frames = 0
            strip.frameObserver = { _ in frames += 1 }
            run(until: { destroyedCount == 1 }, "destroyed callback")
            frames = 0
            run(until: { false }, timeout: 0.2, expectingTimeout: true)
            XCTAssertEqual(destroyedCount, 1)
            XCTAssertEqual(frames, 0, "the frame timer stopped although the 5 s tween had not ended")
            XCTAssertEqual(XDisplayConnection.errorCount, errors, "the requests already sent for the dead window are not reported as errors")
        }
    }

    func testCallsRightAfterTheWindowVanishedStayQuiet() throws {
        try MainActor.assumeIsolated {
            let strip = try shownStrip()
            try strip.setSelectedIndex(5)
            let errors = XDisplayConnection.errorCount
            var hostGone = false
            host.destroyed = { hostGone = true }
            // The host's parent window goes, then, before any event is read, the host keeps calling the strip.
            XDestroyWindow(connection.display, host.window)
            try strip.setSelectedIndex(3)
            strip.setFrame(PixelRect(x: 0, y: 0, width: 200, height: 44))
            try strip.setTitles(["x", "y"])
            strip.handleKey(keysym: KeySym(XK_End), state: 0)
            run(until: { destroyedCount == 1 && hostGone }, "destroyed callbacks")
            run(until: { false }, timeout: 0.2, expectingTimeout: true)
            XCTAssertEqual(XDisplayConnection.errorCount, errors, "no error printed for the strip's window, back buffer or picture")
        }
    }

    func testEmptyTitlesGiveAnEmptyStripWithNoIndicator() throws {
        try MainActor.assumeIsolated {
            let strip = try makeStrip("a", titles: [], selectedIndex: 0)
            showHost()
            run(until: { log.contains("a firstFrame") }, "first frame")
            XCTAssertNil(strip.selectedIndex)
            XCTAssertNil(strip.presentation.indicator)
            XCTAssertEqual(strip.snapshot.restingLayout.contentWidth, 0, "no segments, no insets: nothing to scroll")
            let image = try XCTUnwrap(user.pixels(strip.window, width: 360, height: 44))
            XCTAssertEqual(image.count(notMatching: 0xFFFFFF, x: 0, y: 0, width: 360, height: 44), 0, "nothing drawn in an empty strip")
            XCTAssertThrowsError(try strip.setSelectedIndex(0)) { error in
                XCTAssertEqual(error as? StripModel.Failure, .indexOutOfRange(index: 0, count: 0))
            }
        }
    }

    func testSetFrameMovesAndResizesTheStripWindow() throws {
        try MainActor.assumeIsolated {
            let strip = try makeStrip("a", frame: PixelRect(x: 0, y: 0, width: 200, height: 44), selectedIndex: 9)
            var resized = 0
            strip.callbacks.resized = { _ in resized += 1 }
            showHost()
            run(until: { log.contains("a firstFrame") }, "first frame")
            let before = strip.snapshot.targetOffset
            strip.setFrame(PixelRect(x: 20, y: 50, width: 300, height: 44))
            run(until: { resized == 1 }, "resized callback")
            XCTAssertEqual(strip.snapshot.viewportWidth, 300)
            var root: Window = 0
            var x: Int32 = 0, y: Int32 = 0
            var w: UInt32 = 0, h: UInt32 = 0, border: UInt32 = 0, depth: UInt32 = 0
            XGetGeometry(user.display, strip.window, &root, &x, &y, &w, &h, &border, &depth)
            XCTAssertEqual([x, y, Int32(w), Int32(h)], [20, 50, 300, 44])
            XCTAssertLessThan(strip.snapshot.targetOffset, before, "a wider viewport needs less scroll to center segment 9")
        }
    }

    func testADestroyedStripIsInert() throws {
        try MainActor.assumeIsolated {
            let strip = try shownStrip()
            XDestroyWindow(user.display, strip.window)
            XSync(user.display, 0)
            run(until: { destroyedCount == 1 }, "destroyed callback")
            try strip.setSelectedIndex(3)
            strip.setFrame(PixelRect(x: 0, y: 0, width: 100, height: 44))
            XCTAssertEqual(strip.selectedIndex, 0, "no change after the window is gone")
            XCTAssertEqual(children(of: host.window), 0)
        }
    }

    /// A long list (20,000 titles, measured lazily) draws its first frame
    /// before most of its titles are measured, and that frame equals, pixel
    /// for pixel, the first frame of the same strip measured in full before
    /// it: selection at the start and near the end, left to right and right to
    /// left. Then End pressed and a click made right after the first frame end
    /// where they end in the fully measured strip, and the rest of the list is
    /// measured in slices until `measuringFinished`.
    func testALongListsFirstFrameEqualsTheFullyMeasuredOne() throws {
        try MainActor.assumeIsolated {
            let many = (0..<20_000).map { titles[$0 % titles.count] + ($0 % 3 == 0 ? " \($0)" : "") }
            showHost()
            let cases: [(Int, LayoutDirection)] = [(0, .leftToRight), (19_990, .leftToRight), (4, .rightToLeft), (19_999, .rightToLeft)]
            for (selected, direction) in cases {
                var style = StripStyle()
                style.direction = direction
                var firstFrames = [[UInt32]](), afterEnd = [[UInt32]](), afterClick = [[UInt32]]()
                var partial = [Bool](), ends = [StripSnapshot](), clicked = [Int?]()
                for forced in [false, true] {
                    let what = "selected \(selected), \(direction), \(forced ? "measured in full first" : "lazily")"
                    let strip = try makeStrip("long", titles: many, selectedIndex: selected, style: style)
                    if forced { _ = strip.snapshot.maximumOffset }   // measures every title
                    var first: [UInt32]?
                    strip.callbacks.firstFrame = { [unowned self] s in
                        first = user.pixels(s.window, width: 360, height: 44)?.pixels
                        partial.append(!s.isMeasuringComplete)
                    }
                    var finished = false
                    strip.callbacks.measuringFinished = { _ in finished = true }
                    run(until: { first != nil }, what)
                    firstFrames.append(first ?? [])
                    if !forced, partial.last == true {
                        run(until: { finished }, "\(what): measuring finished")
                        XCTAssertTrue(strip.isMeasuringComplete, what)
                        XCTAssertEqual(user.pixels(strip.window, width: 360, height: 44)?.pixels, first, "\(what): nothing moved once measured")
                    }
                    loop.remove(strip)
                    strip.destroy()
                    strips.removeAll { $0 === strip }

                    // End right after the first frame, then a click on the strip's middle.
                    let again = try makeStrip("again", titles: many, selectedIndex: selected, style: style)
                    if forced { _ = again.snapshot.maximumOffset }
                    var shown = false
                    again.callbacks.firstFrame = { s in
                        shown = true
                        s.handleKey(keysym: KeySym(XK_End), state: 0)
                    }
                    // At rest on the last title (a settle is reported from the first frame too, before the tween's timer runs).
                    @MainActor func atRest() -> Bool { !again.snapshot.isAnimating && log.last?.hasPrefix("again settled") == true }
                    run(until: { shown && again.selectedIndex == 19_999 && atRest() }, "\(what): End")
                    run(until: { false }, timeout: 0.1, expectingTimeout: true)
                    ends.append(again.snapshot)
                    afterEnd.append(user.pixels(again.window, width: 360, height: 44)?.pixels ?? [])
                    let settles = log.count
                    // At the side away from the last title (right to left puts it at the left).
                    user.click(again.window, x: direction == .leftToRight ? 40 : 320, y: 22)
                    run(until: { log.count > settles && again.selectedIndex != 19_999 && atRest() }, "\(what): click")
                    run(until: { false }, timeout: 0.1, expectingTimeout: true)
                    clicked.append(again.selectedIndex)
                    user.parkPointer()   // no hover in the next strip's first frame
                    run(until: { again.hoveredIndex == nil }, "\(what): pointer parked")
                    afterClick.append(user.pixels(again.window, width: 360, height: 44)?.pixels ?? [])
                    loop.remove(again)
                    again.destroy()
                    strips.removeAll { $0 === again }
                }
                let what = "selected \(selected), \(direction)"
                // A selection needs the titles up to it; the last one, all of them (its centering is clamped to the end).
                XCTAssertEqual(partial, [selected < 19_999, false], "\(what): whether the lazy strip's first frame came before its titles were measured")
                XCTAssertEqual(firstFrames[0].count, 360 * 44, what)
                XCTAssertTrue(firstFrames[0] == firstFrames[1], "\(what): first frames differ")
                XCTAssertTrue(afterEnd[0] == afterEnd[1], "\(what): frames after End differ")
                XCTAssertEqual(ends[0].presentation.contentOffset, ends[1].presentation.contentOffset, what)
                XCTAssertEqual(ends[0].presentation.indicator, ends[1].presentation.indicator, what)
                XCTAssertEqual(ends[0].maximumOffset, ends[1].maximumOffset, what)
                XCTAssertEqual(ends[0].presentation.contentOffset, ends[0].maximumOffset, "\(what): End rests at the end of the content")
                XCTAssertEqual(clicked[0], clicked[1], what)
                XCTAssertNotEqual(clicked[0], 19_999, "\(what): the click selected another title")
                XCTAssertTrue(afterClick[0] == afterClick[1], "\(what): frames after the click differ")
            }
        }
    }
}
