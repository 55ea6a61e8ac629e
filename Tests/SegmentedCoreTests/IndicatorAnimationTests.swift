import XCTest
@testable import SegmentedCore

final class IndicatorAnimationTests: XCTestCase {
    private let left = Rect(x: 25, y: 39, width: 30, height: 3)
    private let right = Rect(x: 300, y: 39, width: 30, height: 3)

    func testEveryModeStartsAndEndsExactly() {
        for mode in IndicatorAnimation.allCases {
            XCTAssertEqual(mode.rect(from: left, to: right, fraction: 0), left, "\(mode)")
            XCTAssertEqual(mode.rect(from: left, to: right, fraction: 1), right, "\(mode)")
        }
    }

    func testSlideMovesBothEdgesTogether() {
        XCTAssertEqual(IndicatorAnimation.slide.rect(from: left, to: right, fraction: 0.5),
                       Rect(x: 162.5, y: 39, width: 30, height: 3))
    }

    func testElasticStretchesThenShrinks() {
        // Leading (right) edge: 55 -> 330 decelerating, 1 - 0.5^2 = 0.75; trailing (left): 25 -> 300 accelerating, 0.25.
        let mid = IndicatorAnimation.elastic.rect(from: left, to: right, fraction: 0.5)
        XCTAssertEqual(mid.x, 93.75, accuracy: 1e-9)
        XCTAssertEqual(mid.maxX, 261.25, accuracy: 1e-9)
        // Moving left, mirrored: the leading edge is the left one.
        let back = IndicatorAnimation.elastic.rect(from: right, to: left, fraction: 0.5)
        XCTAssertEqual(back.x, 93.75, accuracy: 1e-9)
        XCTAssertEqual(back.maxX, 261.25, accuracy: 1e-9)
    }

    func testLengthenGrowsTowardTheTargetThenCatchesUp() {
        let l = IndicatorAnimation.lengthen
        let quarter = l.rect(from: left, to: right, fraction: 0.25)
        XCTAssertEqual([quarter.x, quarter.maxX], [25, 192.5])
        let half = l.rect(from: left, to: right, fraction: 0.5)
        XCTAssertEqual([half.x, half.maxX], [25, 330], "full length at the midpoint")
        let threeQuarters = l.rect(from: left, to: right, fraction: 0.75)
        XCTAssertEqual([threeQuarters.x, threeQuarters.maxX], [162.5, 330])
    }

    func testEveryModeIsContinuous() {
        for mode in IndicatorAnimation.allCases {
            var last = mode.rect(from: left, to: right, fraction: 0)
            for i in 1...1000 {
                let r = mode.rect(from: left, to: right, fraction: Double(i) / 1000)
                XCTAssertLessThan(abs(r.x - last.x) + abs(r.maxX - last.maxX), 4, "\(mode) at \(i)")
                XCTAssertGreaterThan(r.width, 0)
                last = r
            }
        }
    }

    func testTheModelDrawsTheChosenAnimation() throws {
        var motion = SelectionMotion()
        motion.indicatorAnimation = .lengthen
        let model = try StripModel(titles: FixedAdvance.titles, selectedIndex: 0, viewportWidth: 400, motion: motion,
                                   measureUnselected: FixedAdvance.unselected, measureSelected: FixedAdvance.selected)
        let from = model.presentation(at: 0).indicator!
        try model.select(3, at: 0)
        let to = model.restingLayout.indicatorRect(under: 3)
        // Half the time is half the way on the symmetric ease-in-out curve: the lengthen mode's full length.
        XCTAssertEqual(model.presentation(at: 0.15).indicator, IndicatorAnimation.lengthen.rect(from: from, to: to, fraction: 0.5))
        XCTAssertEqual(model.presentation(at: 0.15).indicator?.maxX, to.maxX, "full length at half time")
        XCTAssertEqual(model.presentation(at: 0.3).indicator, to)
    }
}
