import Foundation
import XCTest
@testable import SegmentedCore

final class ScrollPhysicsTests: XCTestCase {
    func testGlideFollowsTheDecayCurve() {
        let glide = Glide(offset: 100, velocity: 2000, time: 10)   // 2 px/ms
        let lnD = log(0.998)
        XCTAssertEqual(glide.offset(at: 10), 100)
        XCTAssertEqual(glide.offset(at: 10.1), 100 + 2 * (pow(0.998, 100) - 1) / lnD, accuracy: 1e-9)
        XCTAssertEqual(glide.velocity(at: 10.1), 2000 * pow(0.998, 100), accuracy: 1e-9)
        XCTAssertEqual(glide.offset(at: 10.5), 100 + 2 * (pow(0.998, 500) - 1) / lnD, accuracy: 1e-9)
        // It ends when less than half a pixel is left of the 2 x 499.5 px it would travel.
        let limit = 100 - 2 / lnD
        XCTAssertEqual(glide.duration, log(0.5 * abs(lnD) / 2) / lnD / 1000, accuracy: 1e-12)
        let end = glide.offset(at: 10 + glide.duration)
        XCTAssertEqual(limit - end, 0.5, accuracy: 1e-6)
        XCTAssertEqual(glide.offset(at: 100), end, "constant once at rest")
        XCTAssertEqual(glide.velocity(at: 10 + glide.duration + 1e-9), 0)
        XCTAssertEqual(Glide(offset: 5, velocity: 0.5, time: 0).duration, 0, "too slow to move half a pixel")
    }

    func testGlideTimeReachingAnEdge() throws {
        let glide = Glide(offset: 100, velocity: 2000, time: 0)
        let t = try XCTUnwrap(glide.time(reaching: 600))
        XCTAssertEqual(glide.offset(at: t), 600, accuracy: 1e-6)
        XCTAssertNil(glide.time(reaching: 2000), "stops before 2000 (limit ~1099)")
        XCTAssertNil(glide.time(reaching: 50), "moving away from it")
    }

    func testSpringFromPastAnEdgeReturnsWithoutCrossing() {
        let spring = Spring(edge: 0, offset: -80, velocity: 0, time: 1)
        var last = -80.0
        var t = 1.0
        while t < 1 + spring.duration {
            let x = spring.offset(at: t)
            XCTAssertLessThanOrEqual(x, 0)
            XCTAssertGreaterThanOrEqual(x, last - 1e-12)
            last = x
            t += 0.001
        }
        XCTAssertEqual(spring.offset(at: 1 + spring.duration), 0)
        let w = Spring.stiffness
        XCTAssertEqual(spring.offset(at: 1.1), -80 * (1 + w * 0.1) * exp(-w * 0.1), accuracy: 1e-9)
        XCTAssertLessThan(spring.duration, 1.5)
    }

    func testSpringLaunchedFromTheEdgeOvershootsOnceAndReturns() {
        // A glide arriving at the edge at 1000 px/s: out to v / (w e), then back.
        let spring = Spring(edge: 500, offset: 500, velocity: 1000, time: 0)
        let w = Spring.stiffness
        XCTAssertEqual(spring.offset(at: 1 / w), 500 + 1000 / (w * M_E), accuracy: 1e-9)
        var t = 0.0
        while t < spring.duration {
            XCTAssertGreaterThanOrEqual(spring.offset(at: t), 500)
            t += 0.001
        }
        XCTAssertEqual(spring.offset(at: spring.duration), 500)
    }

    func testRubberBand() {
        XCTAssertEqual(RubberBand.displacement(overscroll: 0, dimension: 400), 0)
        XCTAssertEqual(RubberBand.displacement(overscroll: 400, dimension: 400), (1 - 1 / 1.55) * 400, accuracy: 1e-9)
        XCTAssertLessThan(RubberBand.displacement(overscroll: 1e9, dimension: 400), 400)
        XCTAssertEqual(RubberBand.offset(raw: 250, maximum: 600, dimension: 400), 250)
        for shown in [-150.0, -3, 0, 300, 650, 700] {
            let raw = RubberBand.raw(shown: shown, maximum: 600, dimension: 400)
            XCTAssertEqual(RubberBand.offset(raw: raw, maximum: 600, dimension: 400), shown, accuracy: 1e-6)
        }
    }

    func testVelocityTracker() {
        var tracker = VelocityTracker()
        tracker.add(x: 300, time: 0)
        tracker.add(x: 280, time: 0.01)
        tracker.add(x: 260, time: 0.02)
        tracker.add(x: 200, time: 0.05)
        XCTAssertEqual(tracker.velocity(at: 0.05), -2000, accuracy: 1e-9)
        tracker.add(x: 100, time: 0.12)    // the window keeps only the last 0.1 s
        XCTAssertEqual(tracker.velocity(at: 0.12), (100 - 260) / 0.1, accuracy: 1e-6)
        XCTAssertEqual(tracker.velocity(at: 0.18), 0, "rested 60 ms before the release")
    }

    func testSmoothScrollTrackerCountsIncrementsOnce() {
        var tracker = SmoothScrollTracker()
        tracker.setAxes([.init(device: 2, valuator: 2, horizontal: true, increment: 15),
                         .init(device: 2, valuator: 3, horizontal: false, increment: 15)], of: 2)
        XCTAssertTrue(tracker.delta(device: 2, values: [(3, 100)], emulated: false) == (0, 0), "baseline")
        XCTAssertTrue(tracker.delta(device: 2, values: [(0, 5), (3, 130)], emulated: false) == (0, 2))
        XCTAssertTrue(tracker.delta(device: 2, values: [(2, 40)], emulated: false) == (0, 0), "baseline of the other axis")
        XCTAssertTrue(tracker.delta(device: 2, values: [(2, 32.5)], emulated: false) == (-0.5, 0))
        XCTAssertTrue(tracker.delta(device: 2, values: [(3, 145)], emulated: true) == (0, 0), "emulated from a wheel button")
        XCTAssertTrue(tracker.delta(device: 2, values: [(3, 160)], emulated: false) == (0, 1), "baseline moved with the emulated event")
        XCTAssertTrue(tracker.delta(device: 3, values: [(3, 999)], emulated: false) == (0, 0), "another device has no axes")
        tracker.reset()
        XCTAssertTrue(tracker.delta(device: 2, values: [(3, 400)], emulated: false) == (0, 0), "baseline after a reset")
        XCTAssertEqual(SmoothScrollTracker.pixels(increments: 1, viewportWidth: 1000), 100, accuracy: 1e-9)
    }
}
