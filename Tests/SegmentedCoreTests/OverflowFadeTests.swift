import XCTest
@testable import SegmentedCore

/// The edge fades' strengths: min(1, what is left to scroll that way / a
/// third of the fade's width), mirrored right to left, none at an end, past
/// it, when the titles fit, or when switched off.
final class OverflowFadeTests: XCTestCase {
    private let m = LayoutMetrics()

    private func fades(_ offset: Double, content: Double = 1000, _ direction: LayoutDirection = .leftToRight,
                       metrics: LayoutMetrics? = nil) -> EdgeFades {
        (metrics ?? m).edgeFades(contentOffset: offset, contentWidth: content, viewportWidth: 400, direction: direction)
    }

    func testStrengthsAtTheEndsAndBetween() {
        XCTAssertEqual([m.overflowFadeWidth, m.overflowFadeRamp], [36, 12])
        XCTAssertEqual(fades(0), EdgeFades(left: 0, right: 1), "at the start: only the end's edge")
        XCTAssertEqual(fades(6), EdgeFades(left: 0.5, right: 1), "6 of the 12 px ramp")
        XCTAssertEqual(fades(300), EdgeFades(left: 1, right: 1))
        XCTAssertEqual(fades(594), EdgeFades(left: 1, right: 0.5), "6 px before the end (600)")
        XCTAssertEqual(fades(600), EdgeFades(left: 1, right: 0))
        XCTAssertEqual(fades(-20), EdgeFades(left: 0, right: 1), "pulled past the start: no fade there")
        XCTAssertEqual(fades(650), EdgeFades(left: 1, right: 0), "past the end")
        XCTAssertEqual(fades(0, content: 300), .none, "the titles fit")
        XCTAssertEqual(fades(.nan), .none)
    }

    func testRightToLeftMirrorsAndScaleWidensTheRamp() {
        XCTAssertEqual(fades(0, .rightToLeft), EdgeFades(left: 1, right: 0), "the start is at the right")
        XCTAssertEqual(fades(594, .rightToLeft), EdgeFades(left: 0.5, right: 1))
        let doubled = m.scaled(by: 2)
        XCTAssertEqual([doubled.overflowFadeWidth, doubled.overflowFadeRamp], [72, 24])
        XCTAssertEqual(fades(12, metrics: doubled), EdgeFades(left: 0.5, right: 1))
        XCTAssertEqual(m.scaled(by: 1.25).overflowFadeWidth, 45)
    }

    func testOffOrNoWidthIsNoFade() {
        var off = m
        off.overflowFade = .off
        XCTAssertEqual(fades(300, metrics: off), .none)
        var none = m
        none.overflowFadeWidth = 0
        XCTAssertEqual(fades(300, metrics: none), .none)
    }
}
