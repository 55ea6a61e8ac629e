import XCTest
@testable import SegmentedCore

final class EasingAndTweenTests: XCTestCase {
    func testEaseInOutMatchesTheExactCurve() {
        let e = CubicBezierEasing.easeInOut
        XCTAssertEqual(e.transform(0), 0)
        XCTAssertEqual(e.transform(1), 1)
        XCTAssertEqual(e.transform(0.5), 0.5, accuracy: 1e-12)
        // Reference values: bisection on exact rationals (80 halvings) of x(s) = t, then y(s).
        XCTAssertEqual(e.transform(0.25), 0.12916193104731982, accuracy: 1e-9)
        XCTAssertEqual(e.transform(0.1), 0.0197224535483112, accuracy: 1e-9)
        XCTAssertEqual(e.transform(0.9), 0.9802775464516889, accuracy: 1e-9)
        XCTAssertEqual(e.transform(1.0 / 3), 0.23177481630274863, accuracy: 1e-9)
        XCTAssertEqual(e.transform(-1), 0)
        XCTAssertEqual(e.transform(2), 1)
    }

    func testEasingIsMonotonic() {
        let e = CubicBezierEasing.easeInOut
        var last = 0.0
        for i in 0...1000 {
            let y = e.transform(Double(i) / 1000)
            XCTAssertGreaterThanOrEqual(y, last)
            last = y
        }
        XCTAssertEqual(CubicBezierEasing.linear.transform(0.3), 0.3, accuracy: 1e-9)
    }

    func testTweenProgressAt0_015And03Seconds() {
        let tween = Tween(startTime: 10, duration: 0.3, easing: .easeInOut)
        XCTAssertEqual(tween.progress(at: 9), 0)
        XCTAssertEqual(tween.progress(at: 10), 0)
        XCTAssertEqual(tween.progress(at: 10.15), 0.5, accuracy: 1e-9)
        XCTAssertEqual(tween.progress(at: 10.075), 0.12916193104731982, accuracy: 1e-9)
        XCTAssertEqual(tween.progress(at: 10.3), 1)
        XCTAssertFalse(tween.isFinished(at: 10.299))
        XCTAssertTrue(tween.isFinished(at: 10.3))
    }
}
