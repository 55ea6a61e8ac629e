import XCTest
@testable import SegmentedCore

/// Wheel, touchpad, kinetic drag, keys and hover in the model, on a virtual clock.
final class InputTests: XCTestCase {
    func testWheelStepIsThreeSegmentsCappedAt80PercentOfTheViewport() throws {
        // Mean unselected width (5 x 75 + 4 x 105 + 135) / 10 = 93, + 15 spacing: 3 x 108 = 324 > 0.8 x 400.
        XCTAssertEqual(try FixedAdvance.model().wheelStep, 320)
        XCTAssertEqual(try FixedAdvance.model(viewport: 1000).wheelStep, 324)
        XCTAssertEqual(try FixedAdvance.model(titles: []).wheelStep, 0)
    }

    func testWheelNotchesAnimateAddUpClampAndKeepTheSelection() throws {
        let model = try FixedAdvance.model()
        model.scroll(by: 320, animated: true, at: 0)
        XCTAssertEqual(model.presentation(at: 0).contentOffset, 0)
        XCTAssertEqual(model.presentation(at: 0.1).contentOffset, 320 * CubicBezierEasing.easeOut.transform(0.5), accuracy: 1e-9)
        XCTAssertEqual(model.presentation(at: 0.2).contentOffset, 320)
        XCTAssertFalse(model.isAnimating(at: 0.2))
        model.scroll(by: 320, animated: true, at: 1)
        model.scroll(by: 320, animated: true, at: 1.05)          // a second notch mid-step adds to the target
        XCTAssertEqual(model.presentation(at: 1.25).contentOffset, 685, "clamped at 1085 - 400")
        model.scroll(by: -320, animated: true, at: 2)
        XCTAssertEqual(model.presentation(at: 2.2).contentOffset, 365)
        XCTAssertEqual(model.selectedIndex, 0)
        XCTAssertEqual(model.scrollCause, .wheel)
    }

    func testTouchpadDeltasApplyAtOnce() throws {
        let model = try FixedAdvance.model()
        model.scroll(by: 12.5, animated: false, at: 0)
        XCTAssertEqual(model.presentation(at: 0).contentOffset, 12.5)
        XCTAssertFalse(model.isAnimating(at: 0))
        model.scroll(by: -100, animated: false, at: 0.01)
        XCTAssertEqual(model.presentation(at: 0.01).contentOffset, 0)
        XCTAssertEqual(model.scrollCause, .touchpad)
    }

    /// Presses at 300 and drags left 100 px in 50 ms (2000 px/s), releasing at once.
    private func flick(_ model: StripModel, from x: Double = 300, by dx: Double = -100, at t: Double = 0) -> PointerRelease {
        model.pointerPressed(x: x, y: 20, at: t)
        for step in 1...5 {
            model.pointerMoved(x: x + dx * Double(step) / 5, y: 20, at: t + 0.01 * Double(step))
        }
        return model.pointerReleased(x: x + dx, y: 20, at: t + 0.05)
    }

    func testAFastDragGlidesAndComesToRestInRange() throws {
        let model = try FixedAdvance.model()
        // 20 px in 50 ms: 400 px/s, coasting about 0.4 x 499.5 = 200 px.
        guard case let .dragEnded(offset, velocity, gliding) = flick(model, by: -20) else { return XCTFail("not a drag") }
        XCTAssertEqual(offset, 20)
        XCTAssertEqual(velocity, 400, accuracy: 1e-6)
        XCTAssertTrue(gliding)
        XCTAssertEqual(model.scrollCause, .glide)
        XCTAssertEqual(model.presentation(at: 0.15).contentOffset, 20 + 0.4 * (pow(0.998, 100) - 1) / log(0.998), accuracy: 1e-9)
        var last = 20.0
        var t = 0.05
        while model.isAnimating(at: t) {
            let o = model.presentation(at: t).contentOffset
            XCTAssertGreaterThanOrEqual(o, last)
            XCTAssertLessThanOrEqual(o, 685 + 1e-9)
            last = o
            t += 0.008
        }
        XCTAssertEqual(model.presentation(at: t).contentOffset, last, accuracy: 0.5, "no visible snap at rest")
        XCTAssertEqual(last, 20 - 0.4 / log(0.998) - 0.5, accuracy: 0.5, "comes to rest half a pixel short of the limit")
    }

    func testAGlideThatReachesTheEndBouncesBackToIt() throws {
        let model = try FixedAdvance.model()
        model.pointerPressed(x: 300, y: 20, at: 0)
        model.pointerMoved(x: 200, y: 20, at: 0.01)   // 10,000 px/s, capped at 8,000
        XCTAssertEqual(model.pointerReleased(x: 200, y: 20, at: 0.01), .dragEnded(contentOffset: 100, velocity: 8000, gliding: true))
        var beyond = false
        var t = 0.01
        while model.isAnimating(at: t) {
            let o = model.presentation(at: t).contentOffset
            if o > 685 + 0.5 { beyond = true }
            if beyond { XCTAssertGreaterThanOrEqual(o, 685, "the bounce never comes back inside") }
            t += 0.004
        }
        XCTAssertTrue(beyond, "overshoots past the end")
        XCTAssertEqual(model.presentation(at: t).contentOffset, 685)
        XCTAssertLessThan(t, 3)
    }

    func testAReleasePastAnEdgeCarriesItsSpeedWithoutCrossingTheEdge() throws {
        let model = try FixedAdvance.model()
        model.pointerPressed(x: 100, y: 20, at: 0)
        model.pointerMoved(x: 300, y: 20, at: 0.1)       // 200 px past the start
        model.pointerMoved(x: 280, y: 20, at: 0.11)      // flicking back toward it at 2000 px/s
        guard case let .dragEnded(shown, velocity, gliding) = model.pointerReleased(x: 280, y: 20, at: 0.11) else {
            return XCTFail("not a drag")
        }
        XCTAssertLessThan(shown, 0)
        XCTAssertTrue(gliding)
        XCTAssertGreaterThan(velocity, 0, "moving toward the edge")
        XCTAssertLessThanOrEqual(velocity, -Spring.stiffness * shown + 1e-9, "capped so the spring cannot cross")
        var t = 0.11
        while model.isAnimating(at: t) {
            XCTAssertLessThanOrEqual(model.presentation(at: t).contentOffset, 1e-9, "never crosses the start edge")
            t += 0.002
        }
        XCTAssertEqual(model.presentation(at: t).contentOffset, 0)
    }

    func testAWheelNotchIntoAReachedEdgeChangesNothing() throws {
        let model = try FixedAdvance.model()
        XCTAssertFalse(model.scroll(by: -320, animated: true, at: 0))
        XCTAssertFalse(model.isAnimating(at: 0))
        XCTAssertTrue(model.scroll(by: 320, animated: true, at: 0))
    }

    func testAPressDuringAGlideStopsItAndAClickStillSelects() throws {
        let model = try FixedAdvance.model()
        _ = flick(model)
        let drawn = model.presentation(at: 0.2).contentOffset
        model.pointerPressed(x: 200, y: 20, at: 0.2)
        XCTAssertFalse(model.isAnimating(at: 0.2), "the press stopped the glide")
        XCTAssertEqual(model.presentation(at: 0.5).contentOffset, drawn)
        let layout = model.presentation(at: 0.21).layout
        let expected = layout.hitTest(x: 200 + drawn, y: 20)
        guard case let .click(index, changed) = model.pointerReleased(x: 200, y: 20, at: 0.21) else { return XCTFail("no click") }
        XCTAssertEqual(index, expected)
        XCTAssertTrue(changed)
        XCTAssertEqual(model.selectedIndex, expected)
    }

    func testKeysSelectWithoutWrapping() throws {
        let model = try FixedAdvance.model()
        XCTAssertNil(model.select(.previous, at: 0), "no wrap at the start")
        XCTAssertEqual(model.select(.next, at: 0), 1)
        XCTAssertEqual(model.presentation(at: 0.3).indicator, model.restingLayout.indicatorRect(under: 1))
        XCTAssertEqual(model.select(.last, at: 1), 9)
        XCTAssertEqual(model.presentation(at: 1.3).contentOffset, 689)
        XCTAssertNil(model.select(.next, at: 2), "no wrap at the end")
        XCTAssertEqual(model.select(.first, at: 2), 0)
        XCTAssertEqual(model.select(.previous, at: 3), nil)
        XCTAssertNil(try FixedAdvance.model(titles: []).select(.next, at: 0))
    }

    func testAKeyAtAnEndRecentersTheSelectionScrolledOutOfView() throws {
        let model = try FixedAdvance.model()
        XCTAssertEqual(model.select(.last, at: 0), 9)
        let end = model.presentation(at: 1).contentOffset
        XCTAssertEqual(end, 689)
        // The user scrolls back to the start: the selected last title is out of view.
        XCTAssertTrue(model.scroll(by: -end, animated: false, at: 1))
        XCTAssertEqual(model.presentation(at: 1).contentOffset, 0)
        // End again changes nothing selected, but scrolls it back into the center over one tween.
        XCTAssertNil(model.select(.last, at: 2))
        XCTAssertEqual(model.selectedIndex, 9)
        XCTAssertTrue(model.isAnimating(at: 2.1))
        XCTAssertEqual(model.presentation(at: 2 + model.motion.tweenDuration).contentOffset, model.targetOffset)
        XCTAssertEqual(model.targetOffset, 689)
    }

    func testHoverFollowsThePointerThroughTheDrawnFrames() throws {
        let model = try FixedAdvance.model()
        XCTAssertNil(model.hoveredIndex(at: 0))
        model.pointerMoved(x: 232, y: 20, at: 0)        // segment 2: 195..270
        XCTAssertEqual(model.hoveredIndex(at: 0), 2)
        model.pointerMoved(x: 232, y: 100, at: 0)
        XCTAssertNil(model.hoveredIndex(at: 0), "below the strip")
        model.pointerMoved(x: 232, y: 20, at: 0)
        model.scroll(by: 90, animated: false, at: 0)     // content moves under a still pointer
        XCTAssertEqual(model.hoveredIndex(at: 0), 3)
        model.pointerLeft()
        XCTAssertNil(model.hoveredIndex(at: 0))
        model.pointerPressed(x: 232, y: 20, at: 1)
        model.pointerMoved(x: 200, y: 20, at: 1.01)
        XCTAssertNil(model.hoveredIndex(at: 1.01), "no hover while dragging")
    }
}
