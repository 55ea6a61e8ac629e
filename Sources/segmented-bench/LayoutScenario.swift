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
    func layOut(_ regular: XftFontChain, _ bold: XftFontChain) throws -> Double {
        let start = monotonicSeconds()
        let model = try StripModel(titles: titles, selectedIndex: 0, viewportWidth: 400,
                                   measureUnselected: { Double(regular.advance(of: $0)) },
                                   measureSelected: { Double(bold.advance(of: $0)) })
        _ = model.restingLayout.contentWidth
        return (monotonicSeconds() - start) * 1e9 / Double(titles.count)
    }
    var cold = [Double](), warm = [Double]()
    for _ in 0..<runs {
        let regular = try XftFontChain(display: connection.display, screen: connection.screen, pattern: style.font)
        let bold = try XftFontChain(display: connection.display, screen: connection.screen, pattern: style.selectedFont)
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
