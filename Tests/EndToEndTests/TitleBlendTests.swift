import CX11
import Foundation
import SegmentedCore
import TestSupport
import XCTest

/// The title transition read back from the server at the start, middle and
/// end of a slowed (6 s, linear) selection tween from segment 0 to segment 1.
final class TitleBlendTests: XCTestCase {
    /// Ink runs of a strip image: [first, last] columns with a pixel that is
    /// not background in the title band, split where at least 6 columns are blank.
    private func inkRuns(_ image: PixelImage) -> [(first: Int, last: Int)] {
        var runs = [(first: Int, last: Int)]()
        var blank = 99
        for x in 0..<image.width {
            let ink = image.count(notMatching: white, x: x, y: 4, width: 1, height: 32) > 0
            if ink {
                if blank >= 6 { runs.append((x, x)) } else { runs[runs.count - 1].last = x }
                blank = 0
            } else {
                blank += 1
            }
        }
        return runs
    }

    /// Pixels in columns `run` of the title band that are exactly one of `colors`.
    private func count(_ image: PixelImage, _ run: (first: Int, last: Int), in colors: Set<UInt32>) -> Int {
        var n = 0
        for y in 4..<36 { for x in run.first...run.last where colors.contains(image[x, y]) { n += 1 } }
        return n
    }

    private func lastFrame(_ demo: RunningDemo) throws -> [String: Any] {
        try XCTUnwrap(demo.process.allEvents.last { $0["event"] as? String == "frame" })
    }

    private func weight(_ frame: [String: Any], _ index: Int) -> Double {
        traceNumber((frame["titleSelection"] as? [String: Any])?[String(index)]) ?? 0
    }

    /// The blended colors of weights within `spread` of `w` (the frame on screen may be a frame or two on).
    private func blends(near w: Double, spread: Double = 0.03) -> Set<UInt32> {
        Set(stride(from: max(0, w - spread), through: min(1, w + spread), by: 1.0 / 255).map {
            ColorBlend.mix(unselectedColor, accent, ($0 * 255).rounded() / 255)
        })
    }

    func testTitlesBlendColorAndSizeThroughTheTween() throws {
        let demo = try RunningDemo(["--duration", "6", "--easing", "linear", "--frame-stats"])
        defer { demo.process.process.terminate() }
        let display = try Shared.display.get()
        display.parkPointer()
        let before = try XCTUnwrap(display.pixels(demo.window, width: 400, height: 44))
        let restRuns = inkRuns(before)
        XCTAssertGreaterThanOrEqual(restRuns.count, 3)
        let frames = RunningDemo.segments(demo.ready)
        display.click(demo.window, x: Int(frames[1].x + frames[1].width / 2), y: 22)
        display.parkPointer()   // no hover color on the incoming title

        // t = 0: the first frames; the incoming title is still grey and regular, the outgoing one red and bold.
        // The release came 80 ms after the press, with the pointer still on the title: the first frames may
        // show it hovered until the demo has read the pointer's leaving. Wait for a frame without the hover.
        _ = try demo.process.next("frame") { $0["animating"] as? Bool == true }
        var start = try XCTUnwrap(display.pixels(demo.window, width: 400, height: 44))
        var startFrame = try lastFrame(demo)
        XCTAssertTrue(try eventually(timeout: 2) {
            start = try XCTUnwrap(display.pixels(demo.window, width: 400, height: 44))
            startFrame = try lastFrame(demo)
            let runs = inkRuns(start)
            return runs.count > 1 && count(start, runs[1], in: blends(near: weight(startFrame, 1))) > 10
        }, "the incoming title in its blended color")
        XCTAssertLessThan(weight(startFrame, 1), 0.03)
        let startRuns = inkRuns(start)
        XCTAssertGreaterThan(count(start, startRuns[0], in: blends(near: weight(startFrame, 0))), 10)

        // t = 0.5: both half way, in the linear-light mix of grey and red, at 16 px (between 15 and 17).
        _ = try demo.process.next("frame") { weight($0, 1) >= 0.5 }
        let middle = try XCTUnwrap(display.pixels(demo.window, width: 400, height: 44))
        let middleFrame = try lastFrame(demo)
        let w = weight(middleFrame, 1)
        XCTAssertEqual(w, 0.5, accuracy: 0.1)
        XCTAssertEqual(weight(middleFrame, 0), 1 - w, accuracy: 1e-6)
        let middleRuns = inkRuns(middle)
        XCTAssertGreaterThan(count(middle, middleRuns[1], in: blends(near: w)), 10, "incoming title in the blended color")
        XCTAssertGreaterThan(count(middle, middleRuns[0], in: blends(near: 1 - w)), 10, "outgoing title in the blended color")
        XCTAssertEqual(count(middle, middleRuns[1], in: [accent, unselectedColor]), 0, "neither end color yet")

        // t = 1: the incoming title in the accent color, the outgoing one grey.
        let settled = try demo.process.next("settled", timeout: 20)
        let end = try XCTUnwrap(display.pixels(demo.window, width: 400, height: 44))
        let endRuns = inkRuns(end)
        XCTAssertGreaterThan(count(end, endRuns[1], in: [accent]), 10)
        XCTAssertGreaterThan(count(end, endRuns[0], in: [unselectedColor]), 10)
        XCTAssertEqual(count(end, endRuns[1], in: [unselectedColor]), 0)
        try assertLayoutFollowsTheDesign(settled, titles: try bundledTitles(), viewportWidth: 400)

        // The size: the incoming title's ink grows from its 15 px width through 16 px to 17 px, the outgoing one shrinks.
        let width = { (run: (first: Int, last: Int)) in run.last - run.first + 1 }
        XCTAssertLessThan(width(startRuns[1]), width(middleRuns[1]))
        XCTAssertLessThan(width(middleRuns[1]), width(endRuns[1]))
        XCTAssertGreaterThan(width(startRuns[0]), width(middleRuns[0]))
        XCTAssertGreaterThan(width(middleRuns[0]), width(endRuns[0]))
        XCTAssertEqual(width(endRuns[1]), width(restRuns[0]), accuracy: 3, "the same five bold 17 px characters")
    }

    func testSwitchAtStartSelectsTheNewTitleAtOnce() throws {
        let demo = try RunningDemo(["--duration", "6", "--easing", "linear", "--frame-stats", "--title-transition", "switch"])
        defer { demo.process.process.terminate() }
        let display = try Shared.display.get()
        display.parkPointer()
        let frames = RunningDemo.segments(demo.ready)
        display.click(demo.window, x: Int(frames[1].x + frames[1].width / 2), y: 22)
        display.parkPointer()
        // The third frame of the 6 s tween: a frame event is written after its requests are flushed, not
        // processed, so the first one's pixels may not be on the server yet when a loaded machine reads them.
        for _ in 0..<3 { _ = try demo.process.next("frame") { $0["animating"] as? Bool == true } }
        let start = try XCTUnwrap(display.pixels(demo.window, width: 400, height: 44))
        let runs = inkRuns(start)
        XCTAssertGreaterThan(count(start, runs[1], in: [accent]), 10, "the incoming title is red from the first frames")
        XCTAssertGreaterThan(count(start, runs[0], in: [unselectedColor]), 10)
        XCTAssertEqual(weight(try lastFrame(demo), 1), 1)
        XCTAssertEqual(try DemoProcess.runToEnd(["--title-transition", "fade"]).status, 2)
    }
}
