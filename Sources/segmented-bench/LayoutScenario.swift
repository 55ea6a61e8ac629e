import Foundation
import SegmentedCore
import SegmentedX11

struct LayoutResult: Encodable {
    /// What the titles are: "CJK and Latin", "Arabic", "mixed-script".
    let kind: String
    let titles: Int
    let coldNanosecondsPerTitle: Summary
    let warmNanosecondsPerTitle: Summary
}

struct HitTestResult: Encodable {
    let titles: Int
    let nanosecondsPerQuery: Double
}

/// Measuring and laying out `titles` with the demo's fonts: cold (new font
/// chains: empty glyph-advance caches) and warm (the same chains again).
@MainActor
func measureLayout(_ connection: XDisplayConnection, titles: [String], kind: String = "CJK and Latin", runs: Int) throws -> LayoutResult {
    let style = StripStyle()
    func layOut(_ regular: FontChain, _ bold: FontChain) throws -> Double {
        let start = monotonicSeconds()
        let model = try StripModel(titles: titles, selectedIndex: 0, viewportWidth: 400,
                                   measureUnselected: { Double(regular.advance(of: $0)) },
                                   measureSelected: { Double(bold.advance(of: $0)) })
        _ = model.restingLayout.contentWidth
        return (monotonicSeconds() - start) * 1e9 / Double(titles.count)
    }
    var cold = [Double](), warm = [Double]()
    for _ in 0..<runs {
        let regular = try FontChain(display: connection.display, screen: connection.screen, pattern: style.font)
        let bold = try FontChain(display: connection.display, screen: connection.screen, pattern: style.selectedFont)
        cold.append(try layOut(regular, bold))
        warm.append(try layOut(regular, bold))
    }
    return LayoutResult(kind: kind, titles: titles.count, coldNanosecondsPerTitle: Summary(cold), warmNanosecondsPerTitle: Summary(warm))
}

/// Hit-testing random points of a laid-out strip: a binary search over the frames.
func measureHitTest(titles: [String], queries: Int) throws -> HitTestResult {
    let model = try StripModel(titles: titles, selectedIndex: titles.count / 2, viewportWidth: 400,
                               measureUnselected: { Double($0.unicodeScalars.count * 15) },
                               measureSelected: { Double($0.unicodeScalars.count * 17) })
    let layout = model.restingLayout
    var rng = SystemRandomNumberGenerator()
    let xs = (0..<queries).map { _ in Double.random(in: 0..<layout.contentWidth, using: &rng) }
    var checksum = 0
    let start = monotonicSeconds()
    for x in xs { checksum &+= layout.hitTest(x: x, y: 20) ?? 0 }
    let elapsed = monotonicSeconds() - start
    precondition(checksum != -1)
    return HitTestResult(titles: titles.count, nanosecondsPerQuery: elapsed * 1e9 / Double(queries))
}

struct ItemChangeCostResult: Encodable {
    /// "titles" (plain) or "items" (each with a badge).
    let kind: String
    let titles: Int
    /// Milliseconds of the model's work for one change (median of 10).
    let moveMilliseconds: Double, removeMilliseconds: Double, insertMilliseconds: Double
}

/// One move, removal and insert near the selection of a laid-out strip of
/// `titles` (plain, or each an item with a badge), in the model: what a
/// change costs before anything is drawn.
func measureItemChanges(titles: [String], withItems: Bool) throws -> ItemChangeCostResult {
    let items = titles.enumerated().map { i, title in withItems ? SegmentItem(title: title, badge: .count(i % 120)) : SegmentItem(title) }
    let model = try StripModel(titles: [], viewportWidth: 400, measureUnselected: { _ in 0 }, measureSelected: { _ in 0 })
    try model.reset(items: items, selectedIndex: 5, metrics: LayoutMetrics(), motion: SelectionMotion(), measuresLazily: true,
                    measureUnselected: { Double($0.unicodeScalars.count * 15) }, measureSelected: { Double($0.unicodeScalars.count * 17) })
    var now = 1.0, moves = [Double](), removes = [Double](), inserts = [Double]()
    func timed(_ into: inout [Double], _ change: () throws -> Void) rethrows {
        let start = monotonicSeconds()
        try change()
        into.append((monotonicSeconds() - start) * 1000)
        now += 0.5
    }
    for i in 0..<10 {
        try timed(&moves) { _ = try model.moveItem(from: 5 + i % 2, to: 6 - i % 2, at: now) }
        try timed(&removes) { _ = try model.removeItem(at: 3, at: now) }
        try timed(&inserts) { _ = try model.insertItem(SegmentItem(title: "新", badge: withItems ? .dot : nil), at: 3, at: now) }
    }
    return ItemChangeCostResult(kind: withItems ? "items" : "titles", titles: titles.count, moveMilliseconds: Summary(moves).median,
                                removeMilliseconds: Summary(removes).median, insertMilliseconds: Summary(inserts).median)
}
