import XCTest
@testable import SegmentedCore

/// An indicator wider than its title is centered on it at every index: the
/// end insets grow to hold its overhang (issue 23), frames worked out by hand
/// from `SegmentLayout`'s formula with `FixedAdvance` (15 px a character, 17 selected).
final class IndicatorCenteringTests: XCTestCase {
    private func layout(_ titles: [String] = FixedAdvance.titles, selected: Int, viewport: Double = 400,
                        _ configure: (inout LayoutMetrics) -> Void) throws -> SegmentLayout {
        var metrics = LayoutMetrics()
        configure(&metrics)
        return try StripModel(titles: titles, selectedIndex: selected, viewportWidth: viewport, metrics: metrics,
                              measureUnselected: FixedAdvance.unselected, measureSelected: FixedAdvance.selected).restingLayout
    }

    func testATitlePlus16IndicatorIsCenteredAtTheFirstMiddleAndLastIndex() throws {
        // title+16 reaches 8 px past each side of its title: both end insets grow from 5 to 8.
        for shape in IndicatorShape.allCases {
            let y: Double = shape == .box ? 6 : 39, height: Double = shape == .box ? 30 : 3
            let first = try layout(selected: 0) { $0.indicatorShape = shape; $0.indicatorSizing = .title(increment: 16) }
            // Widths 85 (selected), 75, ...: x0 = 8, content 8 + 940 + 9 * 15 + 8.
            XCTAssertEqual(first.frame(at: 0), Rect(x: 8, y: 0, width: 85, height: 42))
            XCTAssertEqual(first.contentWidth, 1091)
            XCTAssertEqual(first.indicatorRect(under: 0), Rect(x: 0, y: y, width: 101, height: height), "\(shape): 8 px each side")

            let middle = try layout(selected: 4) { $0.indicatorShape = shape; $0.indicatorSizing = .title(increment: 16) }
            XCTAssertEqual(middle.frame(at: 4), Rect(x: 368, y: 0, width: 119, height: 42))
            XCTAssertEqual(middle.indicatorRect(under: 4), Rect(x: 360, y: y, width: 135, height: height))

            let last = try layout(selected: 9) { $0.indicatorShape = shape; $0.indicatorSizing = .title(increment: 16) }
            // Widths sum to 944: content 8 + 944 + 135 + 8 = 1095; segment 9 at 1095 - 8 - 119.
            XCTAssertEqual(last.contentWidth, 1095)
            XCTAssertEqual(last.frame(at: 9), Rect(x: 968, y: 0, width: 119, height: 42))
            XCTAssertEqual(last.indicatorRect(under: 9), Rect(x: 960, y: y, width: 135, height: height), "\(shape): ends on the content's edge")
        }
    }

    func testTheDesignsIndicatorGrowsNoInset() throws {
        // 30 px under segments of at least 24 px reaches at most 3 px past them, inside the 5 px insets.
        let l = try layout(["", "abc"], selected: 1) { _ in }
        XCTAssertEqual([l.frame(at: 0).x, l.frame(at: 1).x], [5, 44])
        XCTAssertEqual(l.contentWidth, 5 + 24 + 15 + 51 + 5)
        XCTAssertEqual(try layout(["", "abc"], selected: 0) { _ in }.indicatorRect(under: 0), Rect(x: 2, y: 39, width: 30, height: 3))
        // A segment-wide indicator reaches half the spacing past each side: 7.5 > 5.
        let segment = try layout(selected: 0) { $0.indicatorSizing = .segment }
        XCTAssertEqual(segment.frame(at: 0).x, 7.5)
        XCTAssertEqual(segment.indicatorRect(under: 0), Rect(x: 0, y: 39, width: 100, height: 3))
    }

    func testAFixedIndicatorWiderThanAnEndTitleIsCenteredOnIt() throws {
        // 100 px under "ab" (30 px, 34 selected) and "cde" (45, 51 selected).
        for shape in IndicatorShape.allCases {
            let onLast = try layout(["ab", "cde"], selected: 1) { $0.indicatorShape = shape; $0.indicatorWidth = 100 }
            // Lead inset (100 - 30) / 2 = 35, trail (100 - 51) / 2 = 24.5.
            XCTAssertEqual([onLast.frame(at: 0).x, onLast.frame(at: 1).x], [35, 80])
            XCTAssertEqual(onLast.contentWidth, 35 + 30 + 15 + 51 + 24.5)
            let r = onLast.indicatorRect(under: 1)
            XCTAssertEqual([r.x, r.width, r.maxX], [55.5, 100, 155.5], "\(shape)")
            let onFirst = try layout(["ab", "cde"], selected: 0) { $0.indicatorShape = shape; $0.indicatorWidth = 100 }
            // Selected, the first title is 34 px: the inset is 33, and the title's center stays at 50.
            XCTAssertEqual(onFirst.frame(at: 0), Rect(x: 33, y: 0, width: 34, height: 42))
            XCTAssertEqual(onFirst.indicatorRect(under: 0).x, 0, "\(shape)")
            XCTAssertEqual(onFirst.indicatorRect(under: 0).midX, 50)
            // Halfway through a tween from the first to the second the first title is 32 px wide, inset 34, center still 50.
            var metrics = LayoutMetrics()
            metrics.indicatorShape = shape
            metrics.indicatorWidth = 100
            let model = try StripModel(titles: ["ab", "cde"], selectedIndex: 0, viewportWidth: 400, metrics: metrics,
                                       measureUnselected: FixedAdvance.unselected, measureSelected: FixedAdvance.selected)
            let from = model.restingLayout
            try model.select(1, at: 0, animated: false)
            let mid = from.interpolated(to: model.restingLayout, fraction: 0.5)
            XCTAssertEqual(mid.frame(at: 0), Rect(x: 34, y: 0, width: 32, height: 42))
            XCTAssertEqual(model.restingLayout.frame(at: 1), onLast.frame(at: 1))
        }
    }

    func testEveryFillModeKeepsTheIndicatorCenteredAndInsideTheContent() throws {
        // title+16 under "cde" selected (51 px) after "ab" (30 px): insets 8, natural content 112 in 400 px.
        func box(_ mode: FillMode) throws -> (SegmentLayout, Rect) {
            let l = try layout(["ab", "cde"], selected: 1) {
                $0.fillMode = mode; $0.indicatorShape = .box; $0.indicatorSizing = .title(increment: 16)
            }
            return (l, l.indicatorRect(under: 1))
        }
        let (start, startBox) = try box(.start)
        XCTAssertEqual([start.frame(at: 0).x, start.frame(at: 1).x, start.contentWidth], [8, 53, 112])
        XCTAssertEqual(startBox, Rect(x: 45, y: 6, width: 67, height: 30))
        // 288 spare, 144 before: the titles are where they were with 5 px insets (152, 197), as the growth is even.
        let (center, centerBox) = try box(.center)
        XCTAssertEqual([center.frame(at: 0).x, center.frame(at: 1).x], [152, 197])
        XCTAssertEqual(centerBox.x, 189)
        let (spread, spreadBox) = try box(.spread)
        XCTAssertEqual(spread.frame(at: 1).x, 8 + 30 + 15 + 288)
        XCTAssertEqual([spreadBox.x, spreadBox.maxX], [333, 400])
        // Each width grows by 144: 174 and 195; the box is the stretched title + 16.
        let (stretch, stretchBox) = try box(.stretch)
        XCTAssertEqual(stretch.frame(at: 1), Rect(x: 197, y: 0, width: 195, height: 42))
        XCTAssertEqual([stretchBox.x, stretchBox.width, stretchBox.maxX], [189, 211, 400])
        for (l, r) in [(start, startBox), (center, centerBox), (spread, spreadBox), (stretch, stretchBox)] {
            XCTAssertEqual(r.x, l.frame(at: 1).x - 8)
            XCTAssertEqual(r.maxX, l.frame(at: 1).maxX + 8)
            XCTAssertLessThanOrEqual(r.maxX, l.contentWidth)
        }
    }

    func testARightToLeftStripMirrorsTheCenteredBox() throws {
        // The window mirrors content coordinates: the first title and its box at the right edge of a 400 px viewport.
        let first = try layout(selected: 0) { $0.indicatorShape = .box; $0.indicatorSizing = .title(increment: 16) }
        let f = first.frame(at: 0), r = first.indicatorRect(under: 0)
        let rtl = LayoutDirection.rightToLeft
        func window(_ x: Double, _ w: Double, _ offset: Double) -> Int {
            rtl.windowPixelMinX(contentX: x, width: w, contentOffset: offset, viewportWidth: 400)
        }
        XCTAssertEqual(window(r.x, r.width, 0), 400 - 101)
        XCTAssertEqual(window(f.x, f.width, 0), 400 - 93)
        XCTAssertEqual(window(f.x, f.width, 0) - window(r.x, r.width, 0), 8, "8 px of box on the title's left")
        XCTAssertEqual(window(r.x, r.width, 0) + 101 - (window(f.x, f.width, 0) + 85), 8, "and on its right, at the window's edge")
        // The last title scrolled to the end (offset 1095 - 400) sits at the left edge, its box from column 0.
        let last = try layout(selected: 9) { $0.indicatorShape = .box; $0.indicatorSizing = .title(increment: 16) }
        let lf = last.frame(at: 9), lr = last.indicatorRect(under: 9)
        XCTAssertEqual(window(lr.x, lr.width, 695), 0)
        XCTAssertEqual(window(lf.x, lf.width, 695), 8)
    }
}
