import CX11
import Foundation
import SegmentedCore
import TestSupport
import XCTest

/// `--rtl`: the same layout in content coordinates (from the start edge), drawn
/// mirrored; clicks, keys and drags mirrored on the way in.
final class RightToLeftTests: XCTestCase {
    func testMirroredFramesOffsetsPixelsClicksKeysAndDrags() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let ltr = try RunningDemo([])
        let ltrImage = try XCTUnwrap(display.pixels(ltr.window, width: 400, height: 44))
        ltr.process.process.terminate()
        let demo = try RunningDemo(["--rtl"])
        defer { demo.process.process.terminate() }
        XCTAssertEqual(demo.ready["direction"] as? String, "rtl")
        // The model is the same: identical frames, content width and offset.
        let frames = RunningDemo.segments(demo.ready)
        XCTAssertEqual(frames.map(\.x), RunningDemo.segments(ltr.ready).map(\.x))
        XCTAssertEqual(frames.map(\.width), RunningDemo.segments(ltr.ready).map(\.width))
        try assertLayoutFollowsTheDesign(demo.ready, titles: try bundledTitles(), viewportWidth: 400)
        // The pixels are mirrored: the indicator's columns, and the ink of the titles.
        let image = try XCTUnwrap(display.pixels(demo.window, width: 400, height: 44))
        let ltrColumns = ltrImage.columns(inRow: 40, matching: accent)
        XCTAssertEqual(ltrColumns.count, 30)
        XCTAssertEqual(image.columns(inRow: 40, matching: accent), ltrColumns.map { 399 - $0 }.reversed())
        try assertIndicatorPixels(demo, event: demo.ready, direction: .rightToLeft)
        func inkColumns(_ image: PixelImage) -> [Int] {
            (0..<400).filter { image.count(notMatching: white, x: $0, y: 4, width: 1, height: 32) > 0 }
        }
        let ink = Set(inkColumns(image)), mirroredInk = Set(inkColumns(ltrImage).map { 399 - $0 })
        XCTAssertGreaterThan(Double(ink.intersection(mirroredInk).count) / Double(ink.count), 0.85,
                             "titles sit in mirrored places (glyphs themselves are not mirrored)")

        // A click at the mirrored place of segment 2 selects it; the offset scrolls leftward, like the LTR one rightward.
        let windowX = { (frame: (x: Double, y: Double, width: Double, height: Double), offset: Double) in
            LayoutDirection.rightToLeft.windowPixelMinX(contentX: frame.x, width: frame.width, contentOffset: offset, viewportWidth: 400) + Int(frame.width / 2)
        }
        display.click(demo.window, x: windowX(frames[2], 0), y: 22)
        let select = try demo.process.next("select")
        XCTAssertEqual(select["index"] as? Int, 2)
        let settled = try demo.process.next("settled")
        try assertLayoutFollowsTheDesign(settled, titles: try bundledTitles(), viewportWidth: 400)
        XCTAssertGreaterThan(traceNumber(settled["contentOffset"]) ?? 0, 0)
        display.parkPointer()
        try assertIndicatorPixels(demo, event: settled, direction: .rightToLeft)

        // Left selects the next segment to the left (index + 1), Right the previous one.
        display.key(demo.window, keysym: XK_Left)
        XCTAssertEqual(try demo.process.next("select")["index"] as? Int, 3)
        try assertIndicatorPixels(demo, event: try demo.process.next("settled"), direction: .rightToLeft)
        display.key(demo.window, keysym: XK_Right)
        XCTAssertEqual(try demo.process.next("select")["index"] as? Int, 2)
        let back = try demo.process.next("settled")

        // Dragging rightward reveals the segments further on, on the left: the offset grows.
        let before = traceNumber(back["contentOffset"]) ?? 0
        display.move(demo.window, x: 100, y: 22)
        display.button(down: true)
        for step in 1...10 {
            display.move(demo.window, x: 100 + step * 10, y: 22)
            Hand.step()
        }
        Hand.rest(0.2)   // no fling: the pointer rests before the release
        display.button(down: false)
        let release = try demo.process.next("release")
        XCTAssertEqual(traceNumber(release["contentOffset"]) ?? 0, before + 100, accuracy: 2)
    }
}
