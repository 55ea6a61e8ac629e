import SegmentedCore
import XCTest

/// The strip's height rule (`LayoutMetrics.fittingText(height:)`) and where a
/// title's baseline goes (`titleBaseline(ascent:descent:)`), from the formula.
final class StripHeightTests: XCTestCase {
    func testOrdinaryFontsKeepTheDesignHeight() {
        let m = LayoutMetrics()
        // 0 (top) + 2 (bottom) + 3 (indicator) + 2 (gap) = 7 px around the text: up to 37 px of text fits 44.
        XCTAssertEqual(m.fittingText(height: 21).stripHeight, 44)
        XCTAssertEqual(m.fittingText(height: 37).stripHeight, 44)
        XCTAssertEqual(m.fittingText(height: 38).stripHeight, 45)
        XCTAssertEqual(m.fittingText(height: 37.5).stripHeight, 45, "rounded up to a whole pixel")
    }

    func testTheRuleScalesWithTheMetrics() {
        let m = LayoutMetrics().scaled(by: 2)
        XCTAssertEqual(m.indicatorGap, 4)
        XCTAssertEqual(m.fittingText(height: 74).stripHeight, 88)
        // 80 + 0 + 4 + 6 + 4
        XCTAssertEqual(m.fittingText(height: 80).stripHeight, 94)
    }

    func testABaselineIsCenteredInTheBandWhenThereIsRoom() {
        // Band 0..<42: (42 - 21) / 2 = 10.5, rounded to 11, plus the ascent.
        XCTAssertEqual(LayoutMetrics().titleBaseline(ascent: 16, descent: 5), 27)
    }

    func testATallFontIsKeptAGapAwayFromAnUnderlineAtTheBottom() {
        let m = LayoutMetrics().fittingText(height: 38)   // ascent 30 + descent 8
        XCTAssertEqual(m.stripHeight, 45)
        // Centered would be round(2.5) + 30 = 33, its descent down to 41, past the indicator's top (40).
        let baseline = m.titleBaseline(ascent: 30, descent: 8)
        XCTAssertEqual(baseline, 30)
        let indicatorTop = m.stripHeight - m.insets.bottom - m.indicatorHeight
        XCTAssertEqual(Double(baseline + 8), indicatorTop - m.indicatorGap)
    }

    func testATallFontIsKeptAGapAwayFromAnUnderlineAtTheTop() {
        var m = LayoutMetrics()
        m.indicatorLocation = .top
        m = m.fittingText(height: 38)
        // Indicator rows 0..<3, gap 3..<5: the ascent starts at 5.
        XCTAssertEqual(m.titleBaseline(ascent: 30, descent: 8), 35)
    }

    func testABoxMovesNoTitle() {
        var m = LayoutMetrics()
        m.indicatorShape = .box
        m = m.fittingText(height: 38)
        XCTAssertEqual(m.titleBaseline(ascent: 30, descent: 8), 33)
    }
}
