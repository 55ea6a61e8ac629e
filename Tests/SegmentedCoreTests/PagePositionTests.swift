import XCTest
@testable import SegmentedCore

/// The strip as a function of one page position p, and the pages' own rules
/// (ViewPager's release rule, ViewPager2's long jump, the link's callback).
final class PagePositionTests: XCTestCase {
    private func model(selected: Int = 0, mode: IndicatorAnimation = .slide, titles: [String] = FixedAdvance.titles,
                       viewport: Double = 400) throws -> StripModel {
        var motion = SelectionMotion()
        motion.indicatorAnimation = mode
        return try StripModel(titles: titles, selectedIndex: selected, viewportWidth: viewport, motion: motion,
                              measureUnselected: FixedAdvance.unselected, measureSelected: FixedAdvance.selected)
    }

    /// The indicator f of the way from `a` to `b` (a left of b), written out per mode as in the issue.
    private func expectedIndicator(_ mode: IndicatorAnimation, _ a: Rect, _ b: Rect, _ f: Double) -> (minX: Double, maxX: Double) {
        switch mode {
        case .slide:
            return (a.x + (b.x - a.x) * f, a.maxX + (b.maxX - a.maxX) * f)
        case .elastic:
            let lead = 1 - (1 - f) * (1 - f), trail = f * f
            return (a.x + (b.x - a.x) * trail, a.maxX + (b.maxX - a.maxX) * lead)
        case .lengthen:
            if f < 0.5 { return (a.x, a.maxX + (b.maxX - a.maxX) * 2 * f) }
            return (a.x + (b.x - a.x) * (2 * f - 1), b.maxX)
        }
    }

    func testEveryModeAtQuarterPagesForwardAndBackward() throws {
        for mode in IndicatorAnimation.allCases {
            for i in [0, 3, 8] {
                // What rests on page i and on page i + 1, from models that never saw a page position.
                let restA = try model(selected: i, mode: mode), restB = try model(selected: i + 1, mode: mode)
                let a = restA.presentation(at: 0), b = restB.presentation(at: 0)
                for f in [0, 0.25, 0.5, 0.75, 1] {
                    let p = Double(i) + f
                    // Forward (dragging from page i toward i + 1) and backward (from i + 1 toward i): the same strip.
                    let forward = try model(selected: i, mode: mode), backward = try model(selected: i + 1, mode: mode)
                    for t in stride(from: 0.0, through: f, by: 0.05) { forward.setPagePosition(Double(i) + t, at: 1) }
                    forward.setPagePosition(p, at: 1)
                    for t in stride(from: 1.0, through: f, by: -0.05) { backward.setPagePosition(Double(i) + t, at: 1) }
                    backward.setPagePosition(p, at: 1)
                    let context = "\(mode) p = \(p)"
                    for drawn in [forward.presentation(at: 1), backward.presentation(at: 1)] {
                        let want = expectedIndicator(mode, a.indicator!, b.indicator!, f)
                        XCTAssertEqual(drawn.indicator!.x, want.minX, accuracy: 1e-9, context)
                        XCTAssertEqual(drawn.indicator!.maxX, want.maxX, accuracy: 1e-9, context)
                        // Blend weights: title i at 1 - f, title i + 1 at f.
                        var weights: [Int: Double] = [:]
                        if f < 1 { weights[i] = 1 - f }
                        if f > 0 { weights[i + 1] = f }
                        XCTAssertEqual(drawn.titleSelection.keys.sorted(), weights.keys.sorted(), context)
                        for (k, w) in weights { XCTAssertEqual(drawn.titleSelection[k]!, w, accuracy: 1e-12, context) }
                        // The offsets that center i and i + 1, interpolated.
                        XCTAssertEqual(drawn.contentOffset, a.contentOffset + (b.contentOffset - a.contentOffset) * f, accuracy: 1e-9, context)
                        // Frames: each width f of the way between the two resting layouts.
                        for k in [i, i + 1] {
                            XCTAssertEqual(drawn.layout.frame(at: k).width,
                                           a.layout.frame(at: k).width + (b.layout.frame(at: k).width - a.layout.frame(at: k).width) * f,
                                           accuracy: 1e-9, context)
                        }
                    }
                    XCTAssertEqual(forward.pagePosition(at: 1), p, context)
                    XCTAssertFalse(forward.isAnimating(at: 1), "a page position does not move by itself")
                }
            }
        }
        // One number checked by hand: the slide indicator rests at 32.5 under title 0 (85 px wide
        // selected) and at 122.5 under title 1 (5 + 75 + 15 + 85 / 2 - 15); half way it is at 77.5.
        let m = try model()
        m.setPagePosition(0.5, at: 0)
        XCTAssertEqual(m.presentation(at: 0).indicator!.x, 77.5)
    }

    func testTheSelectionStaysWhileThePositionMovesAndAnIntegerRests() throws {
        let m = try model(selected: 2)
        m.setPagePosition(2.6, at: 0)
        XCTAssertEqual(m.selectedIndex, 2)
        XCTAssertTrue(m.followsPagePosition)
        m.setPagePosition(2, at: 0)
        XCTAssertFalse(m.followsPagePosition, "back on the selected page: at rest")
        try assertSameDrawing(m.presentation(at: 0), model(selected: 2).presentation(at: 0))
        m.setPagePosition(-3, at: 0)
        XCTAssertEqual(m.pagePosition(at: 0), 0, "clamped to page 0, which is drawn")
        XCTAssertEqual(m.presentation(at: 0).indicator, try model(selected: 0).presentation(at: 0).indicator)
        m.setPagePosition(.nan, at: 0)
        XCTAssertEqual(m.presentation(at: 0).indicator, try model(selected: 0).presentation(at: 0).indicator, "NaN is ignored")
        // A host's setSelectedIndex after its pager let go mid-way tweens from what is drawn.
        m.setPagePosition(4.5, at: 0)
        let drawn = m.presentation(at: 1)
        XCTAssertFalse(try m.select(2, at: 1))
        XCTAssertEqual(m.presentation(at: 1).indicator, drawn.indicator)
        try assertSameDrawing(m.presentation(at: 1.3), model(selected: 2).presentation(at: 0))
    }

    func testAnAdjacentTapDrawsWhatItsPagePositionDraws() throws {
        // A tap on the next title: the strip tweens; the linked pages turn in the
        // same duration and curve. A second strip driven only by the pages'
        // position draws the same frames: one path, whoever drives it.
        for mode in IndicatorAnimation.allCases {
            let tapped = try model(selected: 3, mode: mode), driven = try model(selected: 3, mode: mode)
            let link = PageLink(pager: PagerModel(pageCount: 10, pageWidth: 400), stripModel: tapped)
            try tapped.select(4, at: 10)
            link.stripSelected(4, at: 10)
            for t in stride(from: 10.0, through: 10.3, by: 0.025) {
                driven.setPagePosition(link.pager.position(at: t), at: t)
                let a = tapped.presentation(at: t), b = driven.presentation(at: t)
                XCTAssertEqual(a.indicator!.x, b.indicator!.x, accuracy: 1e-9, "\(mode) \(t)")
                XCTAssertEqual(a.indicator!.width, b.indicator!.width, accuracy: 1e-9, "\(mode) \(t)")
                XCTAssertEqual(a.contentOffset, b.contentOffset, accuracy: 1e-9, "\(mode) \(t)")
                XCTAssertEqual(a.layout.frame(at: 4).width, b.layout.frame(at: 4).width, accuracy: 1e-9, "\(mode) \(t)")
            }
        }
    }

    func testTheReleaseRuleOnEitherSideOfTheThreshold() {
        let pager = PagerModel(pageCount: 10, pageWidth: 400)
        // 400 dp/s and 25 dp, at 1 dp = 1 px.
        XCTAssertEqual(pager.releaseTarget(position: 0.1, velocity: -401, travel: -26).page, 1, "a fling toward the next page")
        XCTAssertTrue(pager.releaseTarget(position: 0.1, velocity: -401, travel: -26).fling)
        XCTAssertEqual(pager.releaseTarget(position: 0.1, velocity: -399, travel: -40).page, 0, "too slow: the nearest page")
        XCTAssertEqual(pager.releaseTarget(position: 0.1, velocity: -2000, travel: -24).page, 0, "too short: the nearest page")
        XCTAssertEqual(pager.releaseTarget(position: 0.6, velocity: -100, travel: -240).page, 1, "past half: the nearest is the next")
        XCTAssertEqual(pager.releaseTarget(position: 0.4, velocity: 0, travel: -160).page, 0)
        XCTAssertEqual(pager.releaseTarget(position: 2.8, velocity: 500, travel: 30).page, 2, "a fling back, in the drag's direction")
        XCTAssertEqual(pager.releaseTarget(position: 9.05, velocity: -5000, travel: -60).page, 9, "never past the last page")
        // At scale 2 a dp is 2 px: 800 px/s and 50 px.
        let scaled = PagerModel(pageCount: 10, pageWidth: 800, dpScale: 2)
        XCTAssertEqual(scaled.releaseTarget(position: 0.1, velocity: -799, travel: -80).page, 0)
        XCTAssertEqual(scaled.releaseTarget(position: 0.1, velocity: -801, travel: -49).page, 0)
        XCTAssertEqual(scaled.releaseTarget(position: 0.1, velocity: -801, travel: -51).page, 1)
    }

    /// Presses at `x`, moves by `dx` in `steps` equal moves `dt` seconds apart, and releases.
    private func drag(_ pager: PagerModel, from x: Double, by dx: Double, steps: Int, dt: Double, at t0: Double) -> PageRelease {
        pager.press(x: x, y: 100, at: t0)
        for k in 1...steps { pager.move(x: x + dx * Double(k) / Double(steps), y: 100, eventTime: t0 + dt * Double(k)) }
        let end = t0 + dt * Double(steps)
        return pager.release(x: x + dx, y: 100, at: end, eventTime: end)
    }

    func testAFlickTurnsAPageAndASlowDragDoesNot() {
        // 60 px in 0.06 s: 1000 px/s, 60 px of travel.
        let flick = PagerModel(pageCount: 10, pageWidth: 400)
        XCTAssertEqual(drag(flick, from: 300, by: -60, steps: 6, dt: 0.01, at: 0), .settle(target: 1, fling: true))
        XCTAssertEqual(flick.position(at: 0.06), 0.15, accuracy: 1e-12, "1:1 with the pointer until the release")
        XCTAssertEqual(flick.position(at: 0.36), 1)
        XCTAssertFalse(flick.isAnimating(at: 0.36))
        // The settle is a 0.3 s ease-out from where the pages were let go.
        XCTAssertEqual(flick.position(at: 0.21), 0.15 + 0.85 * CubicBezierEasing.easeOut.transform(0.5), accuracy: 1e-12)
        // The same 60 px over 0.6 s (100 px/s) settles back.
        let slow = PagerModel(pageCount: 10, pageWidth: 400)
        XCTAssertEqual(drag(slow, from: 300, by: -60, steps: 30, dt: 0.02, at: 0), .settle(target: 0, fling: false))
        // 240 px slowly (0.6 of a page) settles on the next page, being the nearest.
        let far = PagerModel(pageCount: 10, pageWidth: 400)
        XCTAssertEqual(drag(far, from: 350, by: -240, steps: 40, dt: 0.02, at: 0), .settle(target: 1, fling: false))
        // Within the slop: a click, nothing moves.
        let click = PagerModel(pageCount: 10, pageWidth: 400)
        XCTAssertEqual(drag(click, from: 300, by: -5, steps: 1, dt: 0.01, at: 0), .click)
        XCTAssertEqual(click.position(at: 1), 0)
    }

    func testRubberBandPastTheEndsAndBack() {
        let pager = PagerModel(pageCount: 3, pageWidth: 400)
        pager.press(x: 100, y: 10, at: 0)
        pager.move(x: 200, y: 10, eventTime: 0.5)
        // 100 px pulled past page 0 shows as UIScrollView's (1 - 1 / (100 x 0.55 / 400 + 1)) x 400.
        let shown: Double = (1 - 1 / (100 * 0.55 / 400 + 1)) * 400
        XCTAssertEqual(pager.position(at: 0.5), -shown / 400, accuracy: 1e-12)
        XCTAssertEqual(pager.release(x: 200, y: 10, at: 1, eventTime: 1), .settle(target: 0, fling: false))
        XCTAssertEqual(pager.position(at: 1.3), 0)
        // Past the last page likewise.
        pager.turn(to: 2, at: 2, animated: false)
        pager.press(x: 300, y: 10, at: 3)
        pager.move(x: 100, y: 10, eventTime: 3.5)
        let past: Double = 1 - 1 / (200 * 0.55 / 400 + 1)
        XCTAssertEqual(pager.position(at: 3.5), 2 + past, accuracy: 1e-12)
    }

    func testAPressDuringASettleTakesOverFromWhatIsDrawn() {
        let pager = PagerModel(pageCount: 10, pageWidth: 400)
        _ = drag(pager, from: 300, by: -60, steps: 6, dt: 0.01, at: 0)
        let drawn = pager.position(at: 0.16)
        pager.press(x: 200, y: 10, at: 0.16)
        XCTAssertEqual(pager.position(at: 0.5), drawn, "held where it was drawn")
        pager.move(x: 180, y: 10, eventTime: 0.6)
        XCTAssertEqual(pager.position(at: 0.6), drawn + 20.0 / 400, accuracy: 1e-12)
    }

    func testTheLongJumpSlidesFromTheTargetsNeighbour() {
        let pager = PagerModel(pageCount: 100, pageWidth: 400)
        pager.turn(to: 50, at: 0)
        XCTAssertEqual(pager.position(at: 0), 49, "starts beside the target")
        for t in stride(from: 0.0, through: 0.3, by: 0.01) {
            let shown = pager.visiblePages(at: t).map(\.index)
            XCTAssertTrue(Set(shown).isSubset(of: [49, 50]), "\(t): \(shown)")
        }
        XCTAssertEqual(pager.position(at: 0.3), 50)
        pager.turn(to: 0, at: 1)
        XCTAssertEqual(pager.position(at: 1), 1, "backward: from the page after the target")
        // One page away: from where it is drawn.
        pager.turn(to: 1, at: 2)
        pager.turn(to: 0, at: 2.1)
        XCTAssertEqual(pager.position(at: 2.1), pager.position(at: 2.1))
        XCTAssertGreaterThan(pager.position(at: 2.1), 0)
        XCTAssertLessThan(pager.position(at: 2.1), 1)
    }

    func testVisiblePagesAreAtMostTwoWhateverTheCount() {
        let two = PagerModel.visiblePages(at: 0.4, pageWidth: 400, pageCount: 10)
        XCTAssertEqual(two.map(\.index), [0, 1])
        XCTAssertEqual(two.map(\.x), [-160, 240])
        XCTAssertEqual(PagerModel.visiblePages(at: 0, pageWidth: 400, pageCount: 10).map(\.index), [0])
        XCTAssertEqual(PagerModel.visiblePages(at: -0.1, pageWidth: 400, pageCount: 10).map(\.x), [40])
        XCTAssertEqual(PagerModel.visiblePages(at: 9.1, pageWidth: 400, pageCount: 10).map(\.index), [9])
        XCTAssertEqual(PagerModel.visiblePages(at: 54321.5, pageWidth: 400, pageCount: 100_000).map(\.index), [54321, 54322])
    }

    func testWheelNotchesAndSmoothScrollTurnOnePageEach() {
        let pager = PagerModel(pageCount: 5, pageWidth: 400)
        XCTAssertEqual(pager.turn(by: 1, at: 0), 1)
        XCTAssertEqual(pager.turn(by: 1, at: 0.1), 2, "a notch during the step adds up")
        XCTAssertEqual(pager.position(at: 0.4), 2)
        XCTAssertEqual(pager.turn(by: -5, at: 1), 0, "clamped to the first page")
        XCTAssertEqual(pager.position(at: 1.3), 0)
        XCTAssertNil(pager.turn(by: -1, at: 2), "at the first page already")
        XCTAssertNil(pager.scroll(increments: 0.4, at: 3))
        XCTAssertNil(pager.scroll(increments: 0.4, at: 3))
        XCTAssertEqual(pager.scroll(increments: 0.4, at: 3), 1, "the third 0.4 completes a notch")
        XCTAssertNil(pager.scroll(increments: -0.5, at: 4), "a change of direction starts over")
        XCTAssertEqual(pager.scroll(increments: -0.5, at: 4), 0)
    }

    private func assertSameDrawing(_ a: StripPresentation, _ b: StripPresentation, _ message: String = "",
                                   file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.indicator, b.indicator, message, file: file, line: line)
        XCTAssertEqual(a.contentOffset, b.contentOffset, message, file: file, line: line)
        XCTAssertEqual(a.titleSelection, b.titleSelection, message, file: file, line: line)
        XCTAssertEqual(a.layout.contentWidth, b.layout.contentWidth, message, file: file, line: line)
        for i in 0..<a.layout.count { XCTAssertEqual(a.layout.frame(at: i), b.layout.frame(at: i), message, file: file, line: line) }
    }

    func testTheLinkSelectsOnceAtReleaseAndTheStripFollowsThePages() throws {
        let strip = try model(selected: 0)
        let link = PageLink(pager: PagerModel(pageCount: 10, pageWidth: 400), stripModel: strip)
        var events: [String] = []
        // The pager, not the link: a closure the link holds must not hold the link.
        let pager = link.pager
        link.selectionChanged = { old, new in events.append("select \(old ?? -1) -> \(new) at p = \(pager.position(at: 1))") }
        // Drag 1.6 pages slowly: the strip follows, nothing is selected on the way.
        link.pager.press(x: 390, y: 10, at: 0)
        for k in 1...64 {
            let x = 390 - 10 * Double(k), t = 0.02 * Double(k)   // 500 px/s, a fling were it not for what follows
            link.pager.move(x: x, y: 10, eventTime: t)
            link.pagesMoved(at: t)
            XCTAssertEqual(strip.pagePosition(at: t), link.pager.position(at: t), accuracy: 1e-12)
        }
        XCTAssertEqual(events, [], "no selection while dragging past page 1")
        // Held still for 0.1 s before the release: no velocity, the nearest page.
        link.pager.recordPointerSample(x: -250, eventTime: 1.28)
        XCTAssertEqual(strip.selectedIndex, 0)
        let before = strip.presentation(at: 1.28)
        XCTAssertEqual(link.pointerReleased(x: -250, y: 10, at: 1.28, eventTime: 1.38), .settle(target: 2, fling: false))
        XCTAssertEqual(events.count, 1)
        XCTAssertTrue(events[0].hasPrefix("select 0 -> 2"), events[0])
        XCTAssertEqual(strip.selectedIndex, 2)
        assertSameDrawing(strip.presentation(at: 1.28), before, "the selection changes with nothing jumping")
        // The settle: the strip is the function of the pages' position, then rests on 2.
        for t in stride(from: 1.30, to: 1.58, by: 0.04) {
            link.pagesMoved(at: t)
            let driven = try model(selected: 0)
            driven.setPagePosition(link.pager.position(at: t), at: t)
            XCTAssertEqual(strip.presentation(at: t).indicator, driven.presentation(at: t).indicator)
        }
        link.pagesMoved(at: 1.58)
        XCTAssertFalse(strip.followsPagePosition)
        try assertSameDrawing(strip.presentation(at: 1.58), model(selected: 2).presentation(at: 0))
        XCTAssertEqual(events.count, 1, "once per swipe")
        // A tap on the strip turns the pages; the pages' turn does not drive the strip back.
        try strip.select(7, at: 2)
        link.stripSelected(7, at: 2)
        XCTAssertEqual(link.pager.position(at: 2), 6, "from the target's neighbour")
        XCTAssertFalse(link.pagesMoved(at: 2.1))
        XCTAssertEqual(events.count, 1)
        // A wheel notch over the pages decides at once.
        XCTAssertEqual(link.turn(by: 1, at: 3), 8)
        XCTAssertEqual(events.last.map { $0.hasPrefix("select 7 -> 8") }, true)
        XCTAssertEqual(strip.selectedIndex, 8)
    }

    func testALostPressSettlesOnTheNearestPageAndStopsFollowingThePointer() throws {
        // 0.6 of a page dragged fast (a fling were it released), then the release goes to another window.
        let strip = try model(selected: 0)
        let link = PageLink(pager: PagerModel(pageCount: 10, pageWidth: 400), stripModel: strip)
        var selections: [Int] = []
        link.selectionChanged = { _, new in selections.append(new) }
        link.pager.press(x: 350, y: 10, at: 0)
        for k in 1...4 { link.pager.move(x: 350 - 60 * Double(k), y: 10, eventTime: 0.01 * Double(k)) }
        link.pagesMoved(at: 0.04)
        XCTAssertEqual(link.pager.position(at: 0.04), 0.6, accuracy: 1e-12)
        XCTAssertEqual(link.pressLost(at: 0.05), .settle(target: 1, fling: false), "the nearest page, no fling")
        XCTAssertFalse(link.pager.isPressed)
        XCTAssertEqual(selections, [1], "selected once, as at a release")
        XCTAssertEqual(strip.selectedIndex, 1)
        // The pointer moving afterwards, with no button down, moves nothing.
        XCTAssertFalse(link.pager.move(x: 0, y: 10, eventTime: 0.1))
        XCTAssertEqual(link.pager.position(at: 0.05), 0.6, accuracy: 1e-12)
        XCTAssertEqual(link.pager.position(at: 0.35), 1)
        XCTAssertEqual(link.pressLost(at: 1), .none, "nothing held: nothing to lose")
        // A lost press that never left the slop lets a settle in progress go on to its page.
        let pager = PagerModel(pageCount: 10, pageWidth: 400)
        pager.turn(to: 3, at: 0)
        pager.press(x: 200, y: 10, at: 0.1)
        let held = pager.position(at: 0.1)
        XCTAssertGreaterThan(held, 0)
        XCTAssertLessThan(held, 3)
        XCTAssertEqual(pager.cancelPress(at: 0.2), .click)
        XCTAssertEqual(pager.position(at: 0.2), held, accuracy: 1e-12)
        XCTAssertEqual(pager.position(at: 0.5), 3)
        XCTAssertEqual(pager.targetPage, 3)
    }
}
