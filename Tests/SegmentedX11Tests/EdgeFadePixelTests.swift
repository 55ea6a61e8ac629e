import CX11
import SegmentedCore
@testable import SegmentedX11
import TestSupport
import XCTest

/// The edge fades read back from the X server: the same strip drawn with the
/// fade off and on, at the start, in the middle and at the end, right to left
/// and at scale 2. Inside a fade each pixel is the background Over the
/// unfaded one at the gradient's alpha at its center, strength × (1 - (x +
/// 0.5) / width) from the edge; everywhere else, and the separator, the two
/// are the same.
/// `@unchecked Sendable`: as `SegmentedStripAPITests`, everything runs on the main thread.
final class EdgeFadePixelTests: XCTestCase, @unchecked Sendable {
    private var stage: PixelStripStage!
    @MainActor private var user: TestDisplay { stage.user }
    private let titles = ["一级建造师", "二级建造师", "造价工程师", "咨询工程师", "注册安全工程师", "监理工程师", "注册电气工程师",
                          "环境影响评价工程师", "注册城乡规划师", "注册消防工程师"]

    override func setUp() {
        MainActor.assumeIsolated { stage = PixelStripStage() }
    }

    override func tearDown() {
        MainActor.assumeIsolated { stage.tearDown() }
    }

    /// The strip's pixels (400 × its height + separator) with `selected`
    /// selected, the fade `fade`, and what the strip computed for that frame.
    @MainActor
    private func shot(selected: Int, fade: OverflowFade, direction: LayoutDirection = .leftToRight,
                      scale: Double = 1) throws -> (image: PixelImage, fades: EdgeFades, height: Int, fadeWidth: Int, background: UInt32) {
        var style = StripStyle()
        style.metrics.overflowFade = fade
        style.direction = direction
        style.scale = scale
        let height = Int((50 * scale).rounded())   // room for the strip and its separator
        let strip = try stage.show(titles.map(SegmentItem.init), style: style, title: "fades", height: height)
        if selected != 0 {
            var settled = false
            strip.callbacks.settled = { _ in settled = true }
            try strip.setSelectedIndex(selected, animated: false)
            stage.run(until: { settled }, "the frame at \(selected) on the server")
        }
        let snapshot = strip.snapshot
        let metrics = snapshot.metrics
        let fades = snapshot.presentation.layout.edgeFades(contentOffset: snapshot.presentation.contentOffset, viewportWidth: 400,
                                                           direction: direction)
        let rows = Int(metrics.stripHeight) + StripPainter.separatorHeight(scale: scale)
        let image = try XCTUnwrap(user.pixels(strip.window, width: 400, height: rows))
        stage.tearDown()
        return (image, fades, Int(metrics.stripHeight), Int(metrics.overflowFadeWidth), style.backgroundColor)
    }

    /// `color` Over `background`'s channel at alpha `a` (0 to 1), per 8-bit channel.
    private static func over(_ top: UInt32, alpha a: Double, on bottom: UInt32) -> UInt32 {
        [16, 8, 0].reduce(0) { sum, shift in
            let t = Double(top >> UInt32(shift) & 0xFF), b = Double(bottom >> UInt32(shift) & 0xFF)
            return sum | UInt32((t * a + b * (1 - a)).rounded()) << UInt32(shift)
        }
    }

    private static func close(_ a: UInt32, _ b: UInt32, within tolerance: Int = 2) -> Bool {
        [16, 8, 0].allSatisfy { abs(Int(a >> UInt32($0) & 0xFF) - Int(b >> UInt32($0) & 0xFF)) <= tolerance }
    }

    /// Checks `on` against `off` pixel by pixel as the type's comment says; returns the columns that differ.
    private func check(on: PixelImage, off: PixelImage, fades: EdgeFades, height: Int, fadeWidth: Int, background: UInt32,
                       _ name: String, file: StaticString = #filePath, line: UInt = #line) -> Set<Int> {
        var differing = Set<Int>(), mismatches = 0
        for y in 0..<on.height {
            for x in 0..<on.width {
                var alpha = 0.0
                if y < height, x < fadeWidth { alpha = fades.left * (1 - (Double(x) + 0.5) / Double(fadeWidth)) }
                if y < height, x >= on.width - fadeWidth { alpha = fades.right * ((Double(x - (on.width - fadeWidth)) + 0.5) / Double(fadeWidth)) }
                let expected = Self.over(background, alpha: alpha, on: off[x, y])
                if !Self.close(on[x, y], expected, within: alpha == 0 ? 0 : 2) { mismatches += 1 }
                if on[x, y] != off[x, y] { differing.insert(x) }
            }
        }
        XCTAssertEqual(mismatches, 0, "\(name): pixels not as the fade's formula says", file: file, line: line)
        return differing
    }

    func testFadesAtTheStartMiddleAndEnd() throws {
        try MainActor.assumeIsolated {
            for (selected, name) in [(0, "start"), (4, "middle"), (9, "end")] {
                let off = try shot(selected: selected, fade: .off)
                let on = try shot(selected: selected, fade: .on)
                XCTAssertEqual(off.fades, .none)
                let differing = check(on: on.image, off: off.image, fades: on.fades, height: on.height, fadeWidth: on.fadeWidth,
                                      background: on.background, name)
                let expected: EdgeFades = selected == 0 ? EdgeFades(left: 0, right: 1) : selected == 9 ? EdgeFades(left: 1, right: 0) : EdgeFades(left: 1, right: 1)
                XCTAssertEqual(on.fades, expected, name)
                // Only the faded edges differ, and only where something was drawn under them.
                XCTAssertEqual(differing.contains { $0 < 36 }, expected.left > 0, "\(name): left edge")
                XCTAssertEqual(differing.contains { $0 >= 364 }, expected.right > 0, "\(name): right edge")
                XCTAssertFalse(differing.contains { $0 >= 36 && $0 < 364 }, "\(name): nothing between the fades")
                // The outermost column of a full fade is the background itself, over the titles too.
                if expected.right == 1 {
                    for y in 0..<on.height { XCTAssertTrue(Self.close(on.image[399, y], on.background, within: 8), "\(name): row \(y) at the right edge") }
                }
            }
        }
    }

    func testRightToLeftAndScaleTwo() throws {
        try MainActor.assumeIsolated {
            let off = try shot(selected: 0, fade: .off, direction: .rightToLeft)
            let on = try shot(selected: 0, fade: .on, direction: .rightToLeft)
            XCTAssertEqual(on.fades, EdgeFades(left: 1, right: 0), "the start is at the right")
            let differing = check(on: on.image, off: off.image, fades: on.fades, height: on.height, fadeWidth: 36,
                                  background: on.background, "rtl")
            XCTAssertTrue(differing.contains { $0 < 36 } && !differing.contains { $0 >= 36 })

            let off2 = try shot(selected: 4, fade: .off, scale: 2)
            let on2 = try shot(selected: 4, fade: .on, scale: 2)
            XCTAssertEqual(on2.fadeWidth, 72)
            let differing2 = check(on: on2.image, off: off2.image, fades: on2.fades, height: on2.height, fadeWidth: 72,
                                   background: on2.background, "scale 2")
            XCTAssertTrue(differing2.contains { $0 >= 36 && $0 < 72 }, "the fade reaches 72 px in")
            XCTAssertFalse(differing2.contains { $0 >= 72 && $0 < 328 })
        }
    }
}
