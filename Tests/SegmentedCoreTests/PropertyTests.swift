import TestSupport
import XCTest
@testable import SegmentedCore

/// Properties that must hold for any titles, viewport and input sequence,
/// checked on 1,000 seeded cases each. A failure names its seed:
/// set PROPERTY_SEED to that value to replay only that case.
final class PropertyTests: XCTestCase {
    private let cases = 1000

    private func seeds(_ salt: UInt64) -> [UInt64] {
        if let text = ProcessInfo.processInfo.environment["PROPERTY_SEED"], let seed = UInt64(text) { return [seed] }
        return (0..<UInt64(cases)).map { $0 &* 0x1000_0000_0001 &+ salt }
    }

    private func randomModel(_ rng: inout SeededGenerator) throws -> StripModel {
        let count = Int.random(in: 0...40, using: &rng)
        let titles = (0..<count).map { _ in String(repeating: "字", count: Int.random(in: 0...12, using: &rng)) }
        let selected = count == 0 ? 0 : Int.random(in: 0..<count, using: &rng)
        let viewport = Double(Int.random(in: 1...1600, using: &rng))
        let unselectedAdvance = Double.random(in: 5...30, using: &rng)
        let selectedAdvance = unselectedAdvance * Double.random(in: 1...1.5, using: &rng)
        return try StripModel(titles: titles, selectedIndex: selected, viewportWidth: viewport,
                              measureUnselected: { Double($0.count) * unselectedAdvance },
                              measureSelected: { Double($0.count) * selectedAdvance })
    }

    func testFramesFollowTheFormulaAndHitTestingFindsEveryCenter() throws {
        for seed in seeds(1) {
            var rng = SeededGenerator(seed: seed)
            let model = try randomModel(&rng)
            let layout = model.restingLayout
            let m = model.metrics
            var x = m.insets.left
            var sum = 0.0
            for i in 0..<layout.count {
                let f = layout.frame(at: i)
                XCTAssertEqual(f.x, x, accuracy: 1e-6, "seed \(seed): x of \(i)")
                XCTAssertGreaterThanOrEqual(f.width, m.minimumSegmentWidth, "seed \(seed)")
                XCTAssertEqual(f.width, f.width.rounded(.up), "seed \(seed): whole-pixel widths")
                XCTAssertEqual(layout.hitTest(x: f.midX, y: 20), i, "seed \(seed): center of \(i)")
                if i > 0 { XCTAssertGreaterThan(f.x, layout.frame(at: i - 1).maxX, "seed \(seed): overlap at \(i)") }
                x += f.width + m.spacing
                sum += f.width
            }
            let n = Double(layout.count)
            XCTAssertEqual(layout.contentWidth, n == 0 ? 0 : m.insets.left + sum + m.spacing * (n - 1) + m.insets.right,
                           accuracy: 1e-6, "seed \(seed): content width")
            let offset = model.presentation(at: 0).contentOffset
            XCTAssertTrue(offset >= 0 && offset <= model.maximumOffset, "seed \(seed): offset \(offset) out of range")
            if let i = model.selectedIndex, model.restingLayout.contentWidth > model.viewportWidth {
                let f = layout.frame(at: i)
                let centered = f.midX - model.viewportWidth / 2
                if centered >= 0, centered <= model.maximumOffset {
                    XCTAssertEqual(offset, centered, accuracy: 1e-9, "seed \(seed): centered")
                }
            }
        }
    }

    private func assertFinite(_ p: StripPresentation, _ seed: UInt64, _ step: Int) {
        XCTAssertTrue(p.contentOffset.isFinite, "seed \(seed) step \(step): offset \(p.contentOffset)")
        XCTAssertTrue(p.layout.contentWidth.isFinite, "seed \(seed) step \(step)")
        if let r = p.indicator {
            XCTAssertTrue(r.x.isFinite && r.width.isFinite, "seed \(seed) step \(step): indicator \(r)")
        }
        for i in [0, p.layout.count / 2, p.layout.count - 1] where i >= 0 && i < p.layout.count {
            let f = p.layout.frame(at: i)
            XCTAssertTrue(f.x.isFinite && f.width.isFinite && f.width >= 0, "seed \(seed) step \(step): frame \(f)")
        }
    }

    func testRandomInputKeepsEverythingFiniteContinuousAndInRange() throws {
        for seed in seeds(2) {
            var rng = SeededGenerator(seed: seed)
            let model = try randomModel(&rng)
            var now = Double.random(in: 0...100, using: &rng)
            for step in 0..<40 {
                now += [0, 0.001, 0.016, 0.05, 0.2, 1][Int.random(in: 0..<6, using: &rng)]
                let before = model.presentation(at: now)
                assertFinite(before, seed, step)
                let x = Double.random(in: -50...(model.viewportWidth + 50), using: &rng)
                let y = Double.random(in: -10...80, using: &rng)
                switch Int.random(in: 0..<9, using: &rng) {
                case 0 where model.titles.count > 0:
                    let index = Int.random(in: 0..<model.titles.count, using: &rng)
                    try model.select(index, at: now)
                    // A retarget starts from what is drawn: nothing jumps.
                    let after = model.presentation(at: now)
                    XCTAssertEqual(after.contentOffset, before.contentOffset, accuracy: 1e-6, "seed \(seed) step \(step): offset jumped")
                    if let a = after.indicator, let b = before.indicator {
                        XCTAssertEqual(a.x, b.x, accuracy: 1e-6, "seed \(seed) step \(step): indicator jumped")
                    }
                    for i in 0..<min(after.layout.count, 8) {
                        XCTAssertEqual(after.layout.frame(at: i).x, before.layout.frame(at: i).x, accuracy: 1e-6, "seed \(seed) step \(step)")
                    }
                case 1: model.pointerPressed(x: x, y: y, at: now)
                case 2: model.pointerMoved(x: x, y: y, at: now)
                case 3: _ = model.pointerReleased(x: x, y: y, at: now)
                case 4: model.scroll(by: Double.random(in: -1000...1000, using: &rng), animated: Bool.random(using: &rng), at: now)
                case 5: model.resize(viewportWidth: Double(Int.random(in: 1...2000, using: &rng)), at: now)
                case 6: model.select([.previous, .next, .first, .last][Int.random(in: 0..<4, using: &rng)], at: now)
                case 7: _ = model.hoveredIndex(at: now)
                default: model.pointerLeft()
                }
                let p = model.presentation(at: now)
                assertFinite(p, seed, step)
                let max = model.maximumOffset
                // Past the edges only by the rubber band, which never reaches a viewport width.
                XCTAssertGreaterThan(p.contentOffset, -model.viewportWidth - 1e-6, "seed \(seed) step \(step)")
                XCTAssertLessThan(p.contentOffset, max + model.viewportWidth + 1e-6, "seed \(seed) step \(step)")
            }
            // Let go and let everything finish: the offset is then in range.
            _ = model.pointerReleased(x: 0, y: 0, at: now)
            var t = now
            while model.isAnimating(at: t), t < now + 30 { t += 0.05 }
            XCTAssertFalse(model.isAnimating(at: t), "seed \(seed): still moving after 30 s")
            model.settle(at: t)
            let rest = model.presentation(at: t).contentOffset
            XCTAssertTrue(rest >= -1e-9 && rest <= model.maximumOffset + 1e-9, "seed \(seed): rests at \(rest), max \(model.maximumOffset)")
        }
    }
}
