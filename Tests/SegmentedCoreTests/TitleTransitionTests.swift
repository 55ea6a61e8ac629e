import XCTest
@testable import SegmentedCore

final class TitleTransitionTests: XCTestCase {
    /// The ten default titles at fixed advances, segment 0 selected, tweens on a linear curve.
    private func linearModel(_ transition: TitleTransition = .blend) throws -> StripModel {
        var motion = SelectionMotion()
        motion.easing = .linear
        motion.titleTransition = transition
        return try StripModel(titles: FixedAdvance.titles, selectedIndex: 0, viewportWidth: 400, motion: motion,
                              measureUnselected: FixedAdvance.unselected, measureSelected: FixedAdvance.selected)
    }

    func testLinearLightMixOfKnownColors() {
        XCTAssertEqual(ColorBlend.mix(0x000000, 0xFFFFFF, 0), 0x000000)
        XCTAssertEqual(ColorBlend.mix(0x000000, 0xFFFFFF, 1), 0xFFFFFF)
        // Half the light of white is sRGB 0.7354 (188), not the encoded midpoint 128.
        XCTAssertEqual(ColorBlend.mix(0x000000, 0xFFFFFF, 0.5), 0xBCBCBC)
        // The design's grey to red, half way: each channel decoded, averaged and
        // encoded (worked out independently in Python); the encoded average would be 0x9D4745.
        XCTAssertEqual(ColorBlend.mix(0x555555, 0xE53935, 0.5), 0xB14947)
        XCTAssertEqual(ColorBlend.mix(0x123456, 0x654321, -3), 0x123456, "t is clamped")
        XCTAssertEqual(ColorBlend.mix(0x123456, 0x654321, 7), 0x654321)
        for v in 0...255 {
            let x = Double(v) / 255
            XCTAssertEqual(ColorBlend.encoded(ColorBlend.linear(x)), x, accuracy: 1e-12, "round trip of \(v)")
        }
    }

    func testTitleWeightsFollowTheTweenAndTheWidthsFollowTheWeights() throws {
        let model = try linearModel()
        XCTAssertEqual(model.presentation(at: 0).titleSelection, [0: 1])
        try model.select(3, at: 1)
        for (time, w) in [(1.0, 0.0), (1.075, 0.25), (1.15, 0.5), (1.225, 0.75)] {
            let p = model.presentation(at: time)
            XCTAssertEqual(p.titleSelection[3] ?? 0, w, accuracy: 1e-9, "incoming at \(time)")
            XCTAssertEqual(p.titleSelection[0] ?? 0, 1 - w, accuracy: 1e-9, "outgoing at \(time)")
            // Widths follow the blended size: 5 characters at 15 + 2w px, plus nothing (the design has no padding).
            XCTAssertEqual(p.layout.frame(at: 3).width, 75 + 10 * w, accuracy: 1e-9)
            XCTAssertEqual(p.layout.frame(at: 0).width, 85 - 10 * w, accuracy: 1e-9)
        }
        XCTAssertEqual(model.presentation(at: 1.3).titleSelection, [3: 1])
    }

    func testAnInterruptedBlendContinuesFromWhatIsDrawn() throws {
        let model = try linearModel()
        try model.select(3, at: 0)
        try model.select(5, at: 0.15)   // half way from 0 to 3
        let start = model.presentation(at: 0.15)
        XCTAssertEqual(start.titleSelection[0]!, 0.5, accuracy: 1e-9)
        XCTAssertEqual(start.titleSelection[3]!, 0.5, accuracy: 1e-9)
        XCTAssertNil(start.titleSelection[5])
        let mid = model.presentation(at: 0.3)
        XCTAssertEqual(mid.titleSelection[0]!, 0.25, accuracy: 1e-9)
        XCTAssertEqual(mid.titleSelection[3]!, 0.25, accuracy: 1e-9)
        XCTAssertEqual(mid.titleSelection[5]!, 0.5, accuracy: 1e-9)
        XCTAssertEqual(mid.titleSelection.values.reduce(0, +), 1, accuracy: 1e-9, "the weights always add up to one selection")
        XCTAssertEqual(model.presentation(at: 0.45).titleSelection, [5: 1])
    }

    func testSwitchAtStartSelectsTheNewTitleFromTheFirstFrame() throws {
        let model = try linearModel(.switchAtStart)
        try model.select(3, at: 0)
        XCTAssertEqual(model.presentation(at: 0).titleSelection, [3: 1])
        XCTAssertEqual(model.presentation(at: 0.15).titleSelection, [3: 1])
    }
}
