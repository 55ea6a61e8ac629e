import SegmentedCore
import TestSupport
import XCTest

/// The box indicator on screen (issue 23): centered on its title at the
/// first and last index, and its title readable on it, read back from the X server.
final class BoxIndicatorTests: XCTestCase {
    /// The default box: 20 % of the accent over the white background.
    private let box = ColorBlend.over(accent, 0.2, on: white)

    private func near(_ pixel: UInt32, _ color: UInt32) -> Bool {
        [16, 8, 0].allSatisfy { abs(Int(pixel >> UInt32($0) & 0xFF) - Int(color >> UInt32($0) & 0xFF)) <= 2 }
    }

    /// The demo's strip (400 x 44), the selected segment's window span and the indicator's.
    private func run(_ arguments: [String]) throws -> (demo: RunningDemo, image: PixelImage, title: ClosedRange<Int>, box: (x: Int, y: Int, width: Int, height: Int)) {
        let demo = try RunningDemo(arguments)
        let selected = try XCTUnwrap(demo.ready["selectedIndex"] as? Int)
        let offset = try XCTUnwrap(traceNumber(demo.ready["contentOffset"]))
        let direction = demo.ready["direction"] as? String == "rtl" ? LayoutDirection.rightToLeft : .leftToRight
        let f = RunningDemo.segments(demo.ready)[selected], r = try XCTUnwrap(traceRect(demo.ready["indicator"]))
        func column(_ x: Double, _ w: Double) -> Int { direction.windowPixelMinX(contentX: x, width: w, contentOffset: offset, viewportWidth: 400) }
        let titleLeft = column(f.x, f.width)
        let image = try XCTUnwrap(try Shared.display.get().pixels(demo.window, width: 400, height: 44))
        return (demo, image, titleLeft...(titleLeft + Int(f.width) - 1),
                (column(r.x, r.width), Int(r.y.rounded()), Int(r.width.rounded()), Int(r.height.rounded())))
    }

    func testABoxIsCenteredOnTheFirstAndLastTitle() throws {
        for arguments in [["--select", "0"], ["--select", "9"], ["--select", "0", "--direction", "rtl"]] {
            let (demo, image, title, rect) = try run(["--indicator-shape", "box", "--indicator-width", "title+16"] + arguments)
            defer { demo.process.process.terminate() }
            // The box's top row lies above the glyphs: its columns are the box's drawn extent.
            let columns = (0..<400).filter { near(image[$0, rect.y + 1], box) }
            let left = try XCTUnwrap(columns.first), right = try XCTUnwrap(columns.last)
            XCTAssertEqual(columns.count, right - left + 1, "\(arguments): one run of box")
            XCTAssertEqual(right - left + 1, rect.width, "\(arguments): the whole box is on screen")
            let before = title.lowerBound - left, after = right - title.upperBound
            XCTAssertLessThanOrEqual(abs(before - after), 1, "\(arguments): \(before) px before the title, \(after) after")
            XCTAssertEqual(Double(before), 8, accuracy: 1, "\(arguments)")
        }
    }

    /// Pixels of the box's rows within its columns whose contrast with `background` is at least 3:1 (WCAG 2's for large text).
    private func inkPixels(_ image: PixelImage, _ rect: (x: Int, y: Int, width: Int, height: Int), against background: UInt32) -> [UInt32] {
        var ink = [UInt32]()
        for y in rect.y..<(rect.y + rect.height) {
            for x in max(0, rect.x)..<min(400, rect.x + rect.width) where ColorBlend.contrast(image[x, y], background) >= 3 {
                ink.append(image[x, y])
            }
        }
        return ink
    }

    func testTheSelectedTitleReadsOnTheDefaultBox() throws {
        let (demo, image, _, rect) = try run(["--indicator-shape", "box", "--indicator-width", "title+16"])
        defer { demo.process.process.terminate() }
        XCTAssertTrue(near(image[rect.x + rect.width / 2, rect.y + 1], box), String(image[rect.x + rect.width / 2, rect.y + 1], radix: 16))
        let ink = inkPixels(image, rect, against: box)
        XCTAssertGreaterThan(ink.count, 40, "the title's glyphs stand out from the box")
        XCTAssertTrue(ink.contains { near($0, accent) }, "drawn in the accent")
    }

    func testAnOpaqueBoxDrawsTheTitleItCoversInAContrastingColor() throws {
        // title+16: the whole title is on the box, in black (5.0:1 on #E53935; the accent would be 1:1).
        let (demo, image, _, rect) = try run(["--indicator-shape", "box", "--indicator-width", "title+16", "--indicator-opacity", "1"])
        demo.process.process.terminate()
        XCTAssertEqual(image[rect.x + rect.width / 2, rect.y + 1], accent)
        let ink = inkPixels(image, rect, against: accent)
        XCTAssertGreaterThan(ink.count, 40)
        XCTAssertTrue(ink.contains(0x000000), "glyph cores in black")

        // The design's 30 px box covers part of the title: that part in the chosen color, the rest in the accent.
        let (fixed, fixedImage, title, fixedRect) = try run(["--indicator-shape", "box", "--indicator-opacity", "1",
                                                             "--indicator-title-color", "#FFFFFF"])
        fixed.process.process.terminate()
        XCTAssertGreaterThan(inkPixels(fixedImage, fixedRect, against: accent).filter { $0 == white }.count, 20, "white inside the box")
        let outside = (title.lowerBound..<fixedRect.x).flatMap { x in (0..<42).map { fixedImage[x, $0] } }
        XCTAssertGreaterThan(outside.filter { $0 == accent }.count, 20, "the title left of the box stays in the accent")
    }
}
