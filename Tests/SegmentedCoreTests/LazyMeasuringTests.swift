import XCTest
@testable import SegmentedCore

/// Widths measured on demand (`SegmentWidths(count:minimumWidth:measure:)`,
/// `StripModel(measuresLazily: true)`) answer exactly as widths measured at
/// once, while measuring only what the answers need.
final class LazyMeasuringTests: XCTestCase {
    /// Deterministic titles of 1 to 12 characters (FixedAdvance: 15 px a character).
    static func titles(_ count: Int, seed: UInt64 = 7) -> [String] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return String(repeating: "字", count: Int(state >> 33) % 12 + 1)
        }
    }

    static func widths(_ titles: [String], metrics: LayoutMetrics = LayoutMetrics()) -> [Double] {
        titles.map { StripModel.segmentWidth(FixedAdvance.unselected($0), metrics: metrics) }
    }

    func testWidthsAreMeasuredInOrderOnceEachAndSumLikeGivenWidths() {
        let given = Self.widths(Self.titles(1000))
        var asked = [Int]()
        let lazy = SegmentWidths(count: given.count, minimumWidth: 24) { i in
            asked.append(i)
            return given[i]
        }
        XCTAssertEqual(lazy.measuredCount, 0)
        XCTAssertEqual(lazy.width(at: 9), given[9])
        XCTAssertEqual(asked, Array(0...9))
        XCTAssertEqual(lazy.sum(upTo: 20), given[..<20].reduce(0, +))
        XCTAssertEqual(asked, Array(0..<20), "a sum up to 20 measures 0..<20, each once")
        XCTAssertEqual(lazy.totalLowerBound, given[..<20].reduce(0, +) + 24 * 980)
        let eager = SegmentWidths(given)
        XCTAssertTrue(eager.isComplete)
        for end in [0, 1, 20, 21, 500, 1000] {
            XCTAssertEqual(lazy.sum(upTo: end), eager.sum(upTo: end), "sum up to \(end)")
        }
        XCTAssertEqual(asked, Array(0..<1000))
        XCTAssertTrue(lazy.isComplete)
        XCTAssertEqual(lazy.widths, given)
        XCTAssertEqual(lazy.totalLowerBound, eager.sum(upTo: 1000))
    }

    /// Every layout question, asked of a fresh lazily measured layout, equals
    /// the answer of the layout whose widths were all given: lists narrower
    /// and wider than the viewport, every fill mode and indicator sizing.
    func testLayoutAnswersEqualTheEagerOnes() {
        let sizings: [IndicatorSizing] = [.fixed, .title(increment: 16), .segment]
        let fills: [FillMode] = [.start, .center, .spread, .stretch]
        for count in [1, 2, 5, 30, 2000] {
            let titles = Self.titles(count, seed: UInt64(count))
            for (k, fill) in fills.enumerated() {
                var metrics = LayoutMetrics()
                metrics.fillMode = fill
                metrics.indicatorSizing = sizings[k % sizings.count]
                let given = Self.widths(titles, metrics: metrics)
                for viewport in [100.0, 400, 3000] {
                    for selected in Set([0, count / 2, count - 1]) {
                        func lazyLayout() -> SegmentLayout {
                            SegmentLayout(metrics: metrics, base: SegmentWidths(count: count, minimumWidth: metrics.minimumSegmentWidth) { given[$0] },
                                          selectedIndex: selected, selectedWidth: given[selected] + 13).filling(viewportWidth: viewport)
                        }
                        let eager = SegmentLayout(metrics: metrics, base: SegmentWidths(given), selectedIndex: selected,
                                                  selectedWidth: given[selected] + 13).filling(viewportWidth: viewport)
                        let what = "\(count) titles, \(fill), viewport \(viewport), selected \(selected)"
                        XCTAssertEqual(lazyLayout().indicatorRect(under: selected), eager.indicatorRect(under: selected), what)
                        XCTAssertEqual(lazyLayout().centeringOffset(of: selected, viewportWidth: viewport),
                                       ContentOffset.centering(eager.frame(at: selected), contentWidth: eager.contentWidth, viewportWidth: viewport), what)
                        for offset in [-50.0, 0, 333, 5000, 60000] {
                            XCTAssertEqual(lazyLayout().visibleRange(contentOffset: offset, viewportWidth: viewport),
                                           eager.visibleRange(contentOffset: offset, viewportWidth: viewport), "\(what), offset \(offset)")
                        }
                        let hits = lazyLayout()
                        for x in stride(from: -7.0, to: min(eager.contentWidth + 40, 4000), by: 19.5) {
                            XCTAssertEqual(lazyLayout().hitTest(x: x, y: 10), eager.hitTest(x: x, y: 10), "\(what), x \(x)")
                            XCTAssertEqual(hits.hitTest(x: x, y: 10), eager.hitTest(x: x, y: 10), "\(what), x \(x), measured on")
                        }
                        let full = lazyLayout()
                        XCTAssertEqual(full.contentWidth, eager.contentWidth, what)
                        for i in Set([0, selected, count - 1]) { XCTAssertEqual(full.frame(at: i), eager.frame(at: i), what) }
                    }
                }
            }
        }
    }

    /// The first frame of 20,000 titles needs the titles up to the one it
    /// shows and a little more; the list narrower than the viewport needs all.
    func testAFirstFrameMeasuresWhatItShows() throws {
        let titles = Self.titles(20000)
        let model = try StripModel(titles: titles, selectedIndex: 3, viewportWidth: 400, measuresLazily: true,
                                   measureUnselected: FixedAdvance.unselected, measureSelected: FixedAdvance.selected)
        let p = model.presentation(at: 0)
        _ = p.layout.visibleRange(contentOffset: p.contentOffset, viewportWidth: 400)
        XCTAssertLessThanOrEqual(model.unselectedWidths.measuredCount, 128)
        XCTAssertGreaterThanOrEqual(model.unselectedWidths.measuredCount, 4)

        let short = try StripModel(titles: Array(titles.prefix(3)), viewportWidth: 4000, measuresLazily: true,
                                   measureUnselected: FixedAdvance.unselected, measureSelected: FixedAdvance.selected)
        XCTAssertTrue(short.unselectedWidths.isComplete, "content narrower than the viewport: filling needs every width")
    }

    /// A pointer moving over the strip with no button held (a hover, or the
    /// pointer resting where the window maps) hovers a segment, scrolls
    /// nothing and so needs no clamp: it measures nothing past what is shown,
    /// and hovers the segment the eager model hovers.
    func testAHoverMeasuresNothingMore() throws {
        let titles = Self.titles(20000, seed: 5)
        func model(lazily: Bool) throws -> StripModel {
            try StripModel(titles: titles, selectedIndex: 2, viewportWidth: 640, measuresLazily: lazily,
                           measureUnselected: FixedAdvance.unselected, measureSelected: FixedAdvance.selected)
        }
        let lazy = try model(lazily: true), eager = try model(lazily: false)
        for x in stride(from: 0.0, through: 630, by: 45) {
            XCTAssertEqual(lazy.pointerMoved(x: x, y: 20, at: 1), eager.pointerMoved(x: x, y: 20, at: 1), "x \(x)")
            XCTAssertEqual(lazy.hoveredIndex(at: 1), eager.hoveredIndex(at: 1), "x \(x)")
            XCTAssertEqual(lazy.presentation(at: 1).contentOffset, eager.presentation(at: 1).contentOffset, "x \(x)")
        }
        XCTAssertNotNil(lazy.hoveredIndex(at: 1))
        XCTAssertLessThan(lazy.unselectedWidths.measuredCount, 400, "a hover measured past the shown titles")
    }

    /// The same calls on a lazily measured model and an eager one draw the
    /// same frames at every step: selections, page positions, clicks, drags,
    /// keys, wheel steps, resizes, with the selection near either end.
    func testALazyModelDrawsWhatTheEagerOneDraws() throws {
        let titles = Self.titles(20000, seed: 3)
        for selected in [0, 57, 19990] {
            var measured = [Bool: Int]()
            func model(lazily: Bool) throws -> StripModel {
                try StripModel(titles: titles, selectedIndex: selected, viewportWidth: 640, measuresLazily: lazily,
                               measureUnselected: { measured[lazily, default: 0] += 1; return FixedAdvance.unselected($0) },
                               measureSelected: FixedAdvance.selected)
            }
            let lazy = try model(lazily: true), eager = try model(lazily: false)
            func check(_ now: Double, _ step: String) {
                let a = lazy.presentation(at: now), b = eager.presentation(at: now)
                let what = "selected \(selected), \(step)"
                XCTAssertEqual(a.contentOffset, b.contentOffset, what)
                XCTAssertEqual(a.indicator, b.indicator, what)
                XCTAssertEqual(a.titleSelection, b.titleSelection, what)
                let visible = b.layout.visibleRange(contentOffset: b.contentOffset, viewportWidth: 640)
                XCTAssertEqual(a.layout.visibleRange(contentOffset: a.contentOffset, viewportWidth: 640), visible, what)
                for i in visible { XCTAssertEqual(a.layout.frame(at: i), b.layout.frame(at: i), "\(what), frame \(i)") }
                XCTAssertEqual(lazy.targetOffset, eager.targetOffset, what)
                XCTAssertEqual(lazy.selectedIndex, eager.selectedIndex, what)
            }
            check(0, "first frame")
            if selected < 100 {
                XCTAssertLessThan(lazy.unselectedWidths.measuredCount, 400, "selected \(selected): the first frame measured little")
            }
            func both(_ now: Double, _ step: String, _ call: (StripModel) throws -> Void) rethrows {
                try call(lazy)
                try call(eager)
                check(now, step)
                check(now + 0.15, step + ", mid-tween")
            }
            try both(1, "select 40") { try $0.select(40, at: 1) }
            both(2, "page position 41.5") { $0.setPagePosition(41.5, at: 2) }
            try both(3, "select 41") { try $0.select(41, at: 3) }
            both(4, "click") { m in
                m.pointerPressed(x: 300, y: 20, at: 4)
                _ = m.pointerReleased(x: 300, y: 20, at: 4.05)
            }
            both(5, "drag") { m in
                m.pointerPressed(x: 500, y: 20, at: 5)
                for k in 1...10 { m.pointerMoved(x: 500 - Double(k * 30), y: 20, at: 5 + Double(k) * 0.016) }
                _ = m.pointerReleased(x: 200, y: 20, at: 5.2)
            }
            both(7, "End") { _ = $0.select(.last, at: 7) }
            both(8, "Home") { _ = $0.select(.first, at: 8) }
            both(9, "wheel") { $0.scroll(by: 3 * $0.wheelStep, animated: true, at: 9) }
            both(10, "resize") { $0.resize(viewportWidth: 300, at: 10) }
            XCTAssertEqual(lazy.snapshot(at: 11).maximumOffset, eager.snapshot(at: 11).maximumOffset)
            XCTAssertEqual(measured[true], titles.count, "every title measured once")
            XCTAssertEqual(measured[false], titles.count)
        }
    }
    /// A reset with the items' sources (a reload) keeps the width of every item whose title and details are
    /// unchanged, unmeasured: only a new title or a changed item is measured, and the layout equals a fresh one.
    func testAResetWithSourcesMeasuresOnlyWhatChanged() throws {
        var asked = [String]()
        let measure: (String) -> Double = { title in
            asked.append(title)
            return FixedAdvance.unselected(title)
        }
        let old = (0..<1000).map { "title \($0)" }
        let model = try StripModel(titles: old, viewportWidth: 400, measureUnselected: measure, measureSelected: FixedAdvance.selected)
        XCTAssertEqual(asked.count, 1000)
        // Reversed, with item 10 retitled and a new item at the end.
        var new = Array(old.reversed())
        new[old.count - 1 - 10] = "retitled"
        new.append("new")
        var sources: [Int?] = (0..<old.count).map { old.count - 1 - $0 }
        sources.append(nil)
        asked = []
        try model.reset(titles: new, details: ItemDetails(titleCount: new.count), selectedIndex: 0, metrics: model.metrics,
                        motion: model.motion, measuresLazily: false, measureUnselected: measure, measureSelected: FixedAdvance.selected,
                        sources: sources)
        XCTAssertEqual(asked, ["retitled", "new"])
        let fresh = try StripModel(titles: new, viewportWidth: 400, measureUnselected: FixedAdvance.unselected,
                                   measureSelected: FixedAdvance.selected)
        XCTAssertEqual(model.unselectedWidths.widths, fresh.unselectedWidths.widths)
        // Other metrics (a style change): every title is measured again.
        var metrics = model.metrics
        metrics.minimumSegmentWidth += 1
        asked = []
        try model.reset(titles: new, details: ItemDetails(titleCount: new.count), selectedIndex: 0, metrics: metrics, motion: model.motion,
                        measuresLazily: false, measureUnselected: measure, measureSelected: FixedAdvance.selected,
                        sources: Array(0..<new.count))
        XCTAssertEqual(asked.count, new.count)
    }

    func testASliceMeasuresInRunsUntilItsTimeIsUp() {
        let lazy = SegmentWidths(count: 1000, minimumWidth: 0) { Double($0) }
        var clock = 0.0
        // Each look at the clock finds 1.5 ms more: the 4 ms slice measures three runs of 32.
        XCTAssertFalse(lazy.measureSlice(now: { defer { clock += 0.0015 }; return clock }))
        XCTAssertEqual(lazy.measuredCount, 3 * SegmentWidths.segmentsPerClockRead)
        XCTAssertTrue(lazy.measureSlice(now: { 0 }), "a clock that stands still: on to the end")
        XCTAssertEqual(lazy.measuredCount, 1000)
        XCTAssertTrue(lazy.measureSlice(now: { 0 }), "nothing left")
        let late = SegmentWidths(count: 100, minimumWidth: 0) { Double($0) }
        XCTAssertFalse(late.measureSlice(now: { defer { clock += 1 }; return clock }), "one run even past the deadline")
        XCTAssertEqual(late.measuredCount, SegmentWidths.segmentsPerClockRead)
    }
}
