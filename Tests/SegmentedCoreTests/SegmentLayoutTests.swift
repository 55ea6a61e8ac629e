import XCTest
@testable import SegmentedCore

final class SegmentLayoutTests: XCTestCase {
    private func xs(_ layout: SegmentLayout) -> [Double] { (0..<layout.count).map { layout.frame(at: $0).x } }
    private func widths(_ layout: SegmentLayout) -> [Double] { (0..<layout.count).map { layout.frame(at: $0).width } }

    func testFirstSelectedFramesFollowTheFormula() throws {
        let layout = try FixedAdvance.model(selected: 0).restingLayout
        XCTAssertEqual(widths(layout), [85, 75, 75, 75, 105, 75, 105, 135, 105, 105])
        XCTAssertEqual(xs(layout), [5, 105, 195, 285, 375, 495, 585, 705, 855, 975])
        XCTAssertEqual(layout.contentWidth, 1085)
        XCTAssertEqual(layout.frame(at: 3), Rect(x: 285, y: 0, width: 75, height: 42))
    }

    func testMiddleSelectedWidensOnlyThatSegment() throws {
        let layout = try FixedAdvance.model(selected: 4).restingLayout
        XCTAssertEqual(widths(layout), [75, 75, 75, 75, 119, 75, 105, 135, 105, 105])
        XCTAssertEqual(xs(layout), [5, 95, 185, 275, 365, 499, 589, 709, 859, 979])
        XCTAssertEqual(layout.contentWidth, 1089)
    }

    func testLastSelected() throws {
        let layout = try FixedAdvance.model(selected: 9).restingLayout
        XCTAssertEqual(xs(layout), [5, 95, 185, 275, 365, 485, 575, 695, 845, 965])
        XCTAssertEqual(layout.frame(at: 9).width, 119)
        XCTAssertEqual(layout.contentWidth, 1089)
    }

    func testSpareRoomIsFilledAsTheFillModeSays() throws {
        // "ab" and "cde" selected: widths 30 and 51, natural content 5 + 30 + 15 + 51 + 5 = 106 in a 400 px viewport.
        func layout(_ mode: FillMode, titles: [String] = ["ab", "cde"]) throws -> SegmentLayout {
            var metrics = LayoutMetrics()
            metrics.fillMode = mode
            return try StripModel(titles: titles, selectedIndex: titles.count - 1, viewportWidth: 400, metrics: metrics,
                                  measureUnselected: FixedAdvance.unselected, measureSelected: FixedAdvance.selected).restingLayout
        }
        let start = try layout(.start)
        XCTAssertEqual([start.frame(at: 0).x, start.frame(at: 1).x], [5, 50])
        XCTAssertEqual(start.contentWidth, 106)
        let center = try layout(.center)                 // 294 px spare: 147 before
        XCTAssertEqual([center.frame(at: 0).x, center.frame(at: 1).x], [152, 197])
        XCTAssertEqual(center.contentWidth, 400)
        let spread = try layout(.spread)                 // the one gap grows by 294
        XCTAssertEqual([spread.frame(at: 0).x, spread.frame(at: 1).x], [5, 344])
        XCTAssertEqual(spread.frame(at: 1).maxX + 5, 400)
        // The wide gap (35 to 344) is shared at its middle, 189.5, not given to the left segment.
        XCTAssertEqual(spread.hitTest(x: 189, y: 20), 0)
        XCTAssertEqual(spread.hitTest(x: 189.5, y: 20), 1)
        XCTAssertEqual(spread.hitTest(x: 300, y: 20), 1)
        let stretch = try layout(.stretch)               // each width grows by 147
        XCTAssertEqual([stretch.frame(at: 0).width, stretch.frame(at: 1).width], [177, 198])
        XCTAssertEqual(stretch.frame(at: 1).x, 5 + 177 + 15)
        XCTAssertEqual(stretch.contentWidth, 400)
        XCTAssertEqual(try layout(.spread, titles: ["solo"]).frame(at: 0).x, 5 + (400 - 78) / 2, "one segment spreads as centered")
        XCTAssertEqual(try layout(.center, titles: FixedAdvance.titles).frame(at: 0).x, 5, "no spare room: unchanged")
        for mode in FillMode.allCases {
            let l = try layout(mode)
            XCTAssertEqual(l.hitTest(x: l.frame(at: 1).midX, y: 20), 1, "\(mode)")
        }
    }

    func testScaledMetricsDoubleEveryLength() {
        let m = LayoutMetrics().scaled(by: 2)
        XCTAssertEqual(m.stripHeight, 88)
        XCTAssertEqual(m.insets, EdgeInsets(left: 10, right: 10, top: 0, bottom: 4))
        XCTAssertEqual(m.spacing, 30)
        XCTAssertEqual([m.indicatorWidth, m.indicatorHeight, m.minimumSegmentWidth, m.clickSlop], [60, 6, 48, 10])
        XCTAssertEqual([m.indicatorGap, m.indicatorBoxInset], [4, 12])
        XCTAssertEqual(LayoutMetrics().scaled(by: 1), LayoutMetrics())
    }

    func testIndicatorSizingAndLocation() throws {
        var metrics = LayoutMetrics()
        func rect(_ configure: (inout LayoutMetrics) -> Void) throws -> Rect {
            var m = metrics
            configure(&m)
            let model = try StripModel(titles: FixedAdvance.titles, selectedIndex: 4, viewportWidth: 400, metrics: m,
                                       measureUnselected: FixedAdvance.unselected, measureSelected: FixedAdvance.selected)
            return model.restingLayout.indicatorRect(under: 4)    // segment 4: x 365, width 119, mid 424.5
        }
        XCTAssertEqual(try rect { _ in }, Rect(x: 409.5, y: 39, width: 30, height: 3))
        XCTAssertEqual(try rect { $0.indicatorSizing = .title(increment: 0) }, Rect(x: 365, y: 39, width: 119, height: 3))
        XCTAssertEqual(try rect { $0.indicatorSizing = .title(increment: 6) }, Rect(x: 362, y: 39, width: 125, height: 3))
        XCTAssertEqual(try rect { $0.indicatorSizing = .title(increment: -500) }.width, 1, "never narrower than 1 px")
        // Segment-wide, the lead inset grows to half the spacing (7.5): segment 4 at 367.5, mid 427.
        XCTAssertEqual(try rect { $0.indicatorSizing = .segment }, Rect(x: 360, y: 39, width: 134, height: 3))
        XCTAssertEqual(try rect { $0.indicatorLocation = .top; $0.indicatorHeight = 4 }, Rect(x: 409.5, y: 0, width: 30, height: 4))
        metrics.indicatorWidth = 50
        XCTAssertEqual(try rect { _ in }.width, 50)
        // A box spans the 42 px title band less 6 px above and below; title+16 grows the lead inset to 8 (segment 4 at 368).
        XCTAssertEqual(try rect { $0.indicatorShape = .box; $0.indicatorSizing = .title(increment: 16) },
                       Rect(x: 360, y: 6, width: 135, height: 30))
    }

    func testAMaximumSegmentWidthCapsEveryWidth() throws {
        var metrics = LayoutMetrics()
        metrics.maximumSegmentWidth = 100
        let model = try StripModel(titles: FixedAdvance.titles, selectedIndex: 7, viewportWidth: 400, metrics: metrics,
                                   measureUnselected: FixedAdvance.unselected, measureSelected: FixedAdvance.selected)
        let layout = model.restingLayout
        // 5-character titles (75 px) keep their width; 7 and 9 (105, 135, selected 153) are capped at 100.
        XCTAssertEqual((0..<10).map { layout.frame(at: $0).width }, [75, 75, 75, 75, 100, 75, 100, 100, 100, 100])
        let expected: Double = 5 + 5 * 75 + 5 * 100 + 15 * 9 + 5
        XCTAssertEqual(layout.contentWidth, expected)
        metrics.maximumSegmentWidth = 3   // below the minimum width: the minimum wins
        XCTAssertEqual(StripModel.segmentWidth(500, metrics: metrics), 24)
    }

    func testContentWidthOfOneAndNoSegments() throws {
        XCTAssertEqual(try FixedAdvance.model(titles: ["abc"]).restingLayout.contentWidth, 5 + 51 + 5)
        let empty = try FixedAdvance.model(titles: [])
        XCTAssertEqual(empty.restingLayout.contentWidth, 0)
        XCTAssertNil(empty.selectedIndex)
        XCTAssertNil(empty.presentation(at: 0).indicator)
        XCTAssertEqual(empty.targetOffset, 0)
    }

    func testIndicatorIsCenteredUnderTheSegmentOnRows39To41() throws {
        let layout = try FixedAdvance.model(selected: 4).restingLayout
        // Segment 4 spans 365..484, mid-x 424.5.
        XCTAssertEqual(layout.indicatorRect(under: 4), Rect(x: 409.5, y: 39, width: 30, height: 3))
        XCTAssertEqual(layout.indicatorRect(under: 0), Rect(x: 27.5, y: 39, width: 30, height: 3))
    }

    func testVisibleRangeIsTheSegmentsIntersectingTheViewport() throws {
        let layout = try FixedAdvance.model(selected: 0).restingLayout
        XCTAssertEqual(layout.visibleRange(contentOffset: 0, viewportWidth: 400), 0..<5)     // 375 < 400
        XCTAssertEqual(layout.visibleRange(contentOffset: 90, viewportWidth: 100), 1..<2)    // 90 is the end of 0
        XCTAssertEqual(layout.visibleRange(contentOffset: 89, viewportWidth: 17), 0..<2)     // 89..106 touches 0 and 1
        XCTAssertEqual(layout.visibleRange(contentOffset: 2000, viewportWidth: 400), 10..<10)
    }

    func testInterpolationIsLinearInEveryEdge() throws {
        let model = try FixedAdvance.model(selected: 0)
        let from = model.restingLayout
        try model.select(4, at: 0, animated: false)
        let to = model.restingLayout
        let mid = from.interpolated(to: to, fraction: 0.5)
        for i in 0..<10 {
            XCTAssertEqual(mid.frame(at: i).x, (from.frame(at: i).x + to.frame(at: i).x) / 2, "x of \(i)")
            XCTAssertEqual(mid.frame(at: i).width, (from.frame(at: i).width + to.frame(at: i).width) / 2, "width of \(i)")
        }
        XCTAssertEqual(mid.contentWidth, (1085 + 1089) / 2)
        XCTAssertEqual(from.interpolated(to: to, fraction: 1), to)
        XCTAssertEqual(from.interpolated(to: to, fraction: 0).extras, from.extras)
    }
}
