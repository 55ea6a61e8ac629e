import CX11
import Foundation
import SegmentedCore
import SegmentedX11
import TestSupport
import XCTest

/// The embeddable API in-process: selection, styles, titles, clicks and the
/// linked pages, through the public calls and XTest (see `StripAPITestCase`).
final class SegmentedStripAPITests: StripAPITestCase, @unchecked Sendable {
    func testSetPagePositionDrawsTheSwipeStateWithoutSelecting() throws {
        try MainActor.assumeIsolated {
            let strip = try shownStrip()
            let rest0 = strip.snapshot
            strip.setPagePosition(0.4)
            run(until: { false }, timeout: 0.1, expectingTimeout: true)
            let drawn = strip.snapshot.presentation
            XCTAssertEqual(strip.selectedIndex, 0, "the host's pager moving does not select")
            XCTAssertFalse(log.contains { $0.contains("select") })
            XCTAssertFalse(log.contains("a settled 0"), "between pages nothing has settled")
            // The indicator 40 % of the way between where it rests under titles 0 and 1 (slide).
            try strip.setSelectedIndex(1, animated: false)
            let at1 = strip.snapshot.presentation.indicator!
            let at0 = rest0.presentation.indicator!
            XCTAssertEqual(drawn.indicator!.x, at0.x + (at1.x - at0.x) * 0.4, accuracy: 1e-9)
            XCTAssertEqual(drawn.titleSelection[0]!, 0.6, accuracy: 1e-12)
            XCTAssertEqual(drawn.titleSelection[1]!, 0.4, accuracy: 1e-12)
            strip.setPagePosition(.infinity)
            XCTAssertEqual(strip.snapshot.presentation.indicator, at1, "a non-finite position is ignored")
        }
    }

    func testBadPagePositionsAndPagesAreIgnoredOrClamped() throws {
        try MainActor.assumeIsolated {
            let strip = try shownStrip()
            let first = strip.snapshot.presentation
            let last = titles.count - 1
            // Non-finite: ignored, whatever was drawn stays.
            for bad in [Double.nan, -.nan, .infinity, -.infinity, .signalingNaN] {
                strip.setPagePosition(bad)
                XCTAssertEqual(strip.snapshot.presentation, first, "\(bad) ignored")
            }
            // Before the first page: clamped to page 0.
            for low in [-0.4, -1, -1e300, -Double.greatestFiniteMagnitude] {
                strip.setPagePosition(low)
                XCTAssertEqual(strip.snapshot.presentation.indicator, first.indicator, "\(low) is page 0")
                XCTAssertEqual(strip.snapshot.presentation.contentOffset, first.contentOffset)
            }
            // Past the last page: clamped to it, drawn as the strip resting on it.
            for high in [Double(last) + 0.5, 1e300, Double.greatestFiniteMagnitude] {
                strip.setPagePosition(high)
                let drawn = strip.snapshot.presentation
                XCTAssertEqual(drawn.titleSelection[last] ?? 0, 1, accuracy: 1e-12, "\(high) is the last page")
                XCTAssertEqual(drawn.titleSelection.filter { $0.value > 0 }.count, 1)
            }
            XCTAssertEqual(strip.selectedIndex, 0, "none of it selects")
            XCTAssertFalse(log.contains { $0.contains("select") })
            let atLast = strip.snapshot.presentation
            try strip.setSelectedIndex(last, animated: false)
            XCTAssertEqual(strip.snapshot.presentation.indicator, atLast.indicator)
            XCTAssertEqual(strip.snapshot.presentation.contentOffset, atLast.contentOffset)
            // A paged view's bad pages and sizes: clamped, never a trap.
            var drawn: [Int] = []
            let pages = try PagedView(connection: connection, parent: host.window, frame: PixelRect(x: 0, y: 45, width: 0, height: -7),
                                      pageCount: -3, page: Int.min) { index, _, _ in drawn.append(index) }
            defer { pages.destroy() }
            XCTAssertEqual(pages.pageCount, 0)
            pages.setPage(Int.max)
            pages.setPage(Int.min, animated: false)
            XCTAssertEqual(pages.currentPage, 0)
            let many = try PagedView(connection: connection, parent: host.window, frame: PixelRect(x: 0, y: 45, width: 360, height: 95),
                                     pageCount: 5, page: Int.max) { index, _, _ in drawn.append(index) }
            defer { many.destroy() }
            XCTAssertEqual(many.currentPage, 4)
            many.setPage(Int.min, animated: false)
            XCTAssertEqual(many.currentPage, 0)
            XCTAssertEqual(many.pagePosition, 0)
            many.setPage(Int.max)
            XCTAssertEqual(many.currentPage, 4)
            XCTAssertEqual(many.pagePosition, 3, accuracy: 0.1, "a long jump from the target's neighbour")
        }
    }

    func testALinkedPagedViewFollowsSelectionsAndTitles() throws {
        try MainActor.assumeIsolated {
            let strip = try shownStrip()
            var drawn: [Int] = []
            let pages = try PagedView(connection: connection, parent: host.window,
                                      frame: PixelRect(x: 0, y: 45, width: 360, height: 95), pageCount: 1) { index, _, _ in
                drawn.append(index)
            }
            loop.add(pages)
            defer {
                loop.remove(pages)
                pages.destroy()
            }
            pages.link(to: strip)
            XCTAssertEqual(pages.pageCount, titles.count, "one page per title of the strip")
            run(until: { drawn.contains(0) }, "page 0 drawn")
            // A jump of five pages slides in from page 4 and draws nothing on the way.
            try strip.setSelectedIndex(5)
            XCTAssertEqual(pages.currentPage, 5)
            XCTAssertEqual(pages.pagePosition, 4, accuracy: 0.1, "from the target's neighbour")
            drawn = []
            run(until: { !drawn.isEmpty && pages.pagePosition == 5 }, "turned")
            run(until: { false }, timeout: 0.1, expectingTimeout: true)
            XCTAssertEqual(Set(drawn), [4, 5])
            XCTAssertEqual(log.filter { $0.contains("select") }, ["a select 0->5 api user=false"], "the pages' turn selects nothing again")
            // New titles: a page each, on the strip's selection.
            try strip.setTitles(["x", "y", "z"])
            XCTAssertEqual(pages.pageCount, 3)
            XCTAssertEqual(pages.currentPage, 2)
            XCTAssertEqual(pages.pagePosition, 2)
        }
    }

    func testOutOfRangeInitialIndexThrowsBeforeAnyWindowIsMade() throws {
        try MainActor.assumeIsolated {
            for index in [-1, titles.count] {
                XCTAssertThrowsError(try makeStrip("a", selectedIndex: index)) { error in
                    XCTAssertEqual(error as? StripModel.Failure, .indexOutOfRange(index: index, count: titles.count))
                }
            }
            XCTAssertEqual(children(of: host.window), 0)
        }
    }

    func testAStyleNumberOutOfRangeThrowsBeforeAnyWindowIsMade() throws {
        try MainActor.assumeIsolated {
            var cases: [(String, (inout StripStyle) -> Void)] = [
                ("scale", { $0.scale = .nan }),
                ("indicatorWidth", { $0.indicatorWidth = 1e300 }),
                ("tweenDuration", { $0.tweenDuration = .nan }),
                ("indicatorOpacity", { $0.indicatorOpacity = 2 }),
                ("indicatorSizing.title(increment:)", { $0.indicatorSizing = .title(increment: .infinity) }),
                ("easing.y1", { $0.easing = CubicBezierEasing(x1: 0, y1: 1e6, x2: 1, y2: 1) }),
            ]
            cases.append(("maximumSegmentWidth", { $0.maximumSegmentWidth = -5 }))
            for (field, spoil) in cases {
                var style = StripStyle()
                spoil(&style)
                XCTAssertThrowsError(try makeStrip("a", style: style), field) { error in
                    XCTAssertTrue("\(error)".hasPrefix("StripStyle.\(field) is "), "\(error)")
                }
            }
            XCTAssertEqual(children(of: host.window), 0)
        }
    }

    func testOutOfRangeSelectionIsRejectedAndChangesNothing() throws {
        try MainActor.assumeIsolated {
            let strip = try makeStrip("a", selectedIndex: 2)
            showHost()
            run(until: { log.contains("a firstFrame") }, "first frame")
            let before = strip.presentation
            for index in [-1, titles.count, Int.max] {
                XCTAssertThrowsError(try strip.setSelectedIndex(index, animated: false)) { error in
                    XCTAssertEqual(error as? StripModel.Failure, .indexOutOfRange(index: index, count: titles.count))
                }
            }
            XCTAssertEqual(strip.selectedIndex, 2)
            XCTAssertEqual(strip.presentation, before)
            XCTAssertEqual(log, ["a firstFrame"], "no callback for a rejected index")
        }
    }

    func testCallbackFiresOncePerChangeBeforeTheAnimationThenSettles() throws {
        try MainActor.assumeIsolated {
            let strip = try makeStrip("a")
            showHost()
            run(until: { log.contains("a firstFrame") }, "first frame")
            log = []
            let before = try XCTUnwrap(strip.presentation.indicator)
            try strip.setSelectedIndex(3)
            XCTAssertEqual(log, ["a select 0->3 api user=false"], "synchronous")
            // Before the animation: the callback sees the old indicator (the tween is at most a few microseconds old).
            let drawn = try XCTUnwrap(drawnAtCallback.last ?? nil)
            XCTAssertEqual(drawn.x, before.x, accuracy: 0.5)
            XCTAssertEqual(drawn.width, before.width, accuracy: 0.5)
            XCTAssertTrue(strip.snapshot(at: SegmentedStrip.now()).isAnimating)
            // A second change during the tween bends it: one more callback, one settle at the end.
            try strip.setSelectedIndex(8)
            XCTAssertEqual(log.count, 2)
            XCTAssertTrue(log[1].hasPrefix("a select 3->8 api user=false"), log[1])
            run(until: { log.contains("a settled 8") }, "settled on 8")
            XCTAssertEqual(log.filter { $0.hasPrefix("a settled") }, ["a settled 8"])
            let p = strip.presentation
            XCTAssertEqual(p.indicator, strip.snapshot.restingLayout.indicatorRect(under: 8))
            XCTAssertEqual(p.contentOffset, strip.snapshot.targetOffset)
            // Reselecting the selected segment is not a change.
            log = []
            try strip.setSelectedIndex(8)
            run(until: { log.contains("a settled 8") }, "settled again")
            XCTAssertEqual(log, ["a settled 8"])
        }
    }

    func testUnanimatedSelectionIsAtRestAtOnce() throws {
        try MainActor.assumeIsolated {
            let strip = try makeStrip("a")
            showHost()
            run(until: { log.contains("a firstFrame") }, "first frame")
            try strip.setSelectedIndex(9, animated: false)
            let now = SegmentedStrip.now()
            XCTAssertFalse(strip.snapshot(at: now).isAnimating)
            let p = strip.snapshot(at: now).presentation
            XCTAssertEqual(p.indicator, strip.snapshot.restingLayout.indicatorRect(under: 9))
            XCTAssertGreaterThan(p.contentOffset, 0, "the tenth segment is past a 360 px viewport: centering scrolled")
            XCTAssertEqual(p.contentOffset, strip.snapshot.targetOffset)
            run(until: { log.contains("a settled 9") }, "settled")
            // The pixels: the accent underline under segment 9, where the formula puts it.
            let rect = try XCTUnwrap(p.indicator)
            let image = try XCTUnwrap(user.pixels(strip.window, width: 360, height: 44))
            let row = Int(rect.y + rect.height / 2)
            let columns = image.columns(inRow: row, matching: StripStyle().accentColor)
            XCTAssertEqual(columns.first, Int((rect.x - p.contentOffset).rounded()))
            XCTAssertEqual(columns.count, Int(rect.width))
        }
    }

    func testSetStyleRelaysOutAndLeavesExactlyOneIndicatorDrawn() throws {
        try MainActor.assumeIsolated {
            let strip = try makeStrip("a", frame: PixelRect(x: 0, y: 0, width: 360, height: 44), selectedIndex: 2)
            showHost()
            run(until: { log.contains("a firstFrame") }, "first frame")
            let before = strip.snapshot.restingLayout.frame(at: 2)
            var style = StripStyle()
            // Each change: a new accent, so that any pixel of an earlier indicator would show in its old color.
            let changes: [(String, @MainActor (inout StripStyle) -> Void)] = [
                ("top", { $0.indicatorLocation = .top; $0.accentColor = 0x1E88E5 }),
                ("box", { $0.indicatorShape = .box; $0.indicatorOpacity = 1; $0.accentColor = 0x43A047; $0.indicatorSizing = .segment }),
                ("fonts", { $0.indicatorShape = .underline; $0.indicatorLocation = .bottom; $0.accentColor = 0x8E24AA
                    $0.font = "sans-serif:pixelsize=20"; $0.selectedFont = "sans-serif:pixelsize=24:weight=bold" }),
            ]
            var accents: [UInt32] = [StripStyle().accentColor]
            for (label, change) in changes {
                change(&style)
                log = []
                try strip.setStyle(style)
                run(until: { log.contains("a settled 2") }, "\(label): settled")
                XCTAssertEqual(strip.style, style, label)
                let snapshot = strip.snapshot
                XCTAssertEqual(snapshot.selectedIndex, 2, "\(label): the selection stays")
                let indicator = try XCTUnwrap(snapshot.presentation.indicator, label)
                XCTAssertEqual(indicator, snapshot.restingLayout.indicatorRect(under: 2), "\(label): at rest in the new layout")
                let image = try XCTUnwrap(user.pixels(strip.window, width: 360, height: 44))
                let left = strip.style.direction.windowPixelMinX(contentX: indicator.x, width: indicator.width.rounded(),
                                                                 contentOffset: snapshot.presentation.contentOffset, viewportWidth: 360)
                // The new indicator: a run of its color, as wide as its rect, on its middle row.
                let middle = Int((indicator.y + indicator.height / 2).rounded(.down))
                let run = image.columns(inRow: middle, matching: style.accentColor)
                if style.indicatorShape == .underline {
                    XCTAssertEqual(run.first, left, "\(label): the indicator's left edge")
                    XCTAssertEqual(run.count, Int(indicator.width.rounded()), "\(label): one indicator, whole")
                } else {
                    XCTAssertEqual(run.first, left, "\(label): the box's left edge")
                }
                // Nothing left of the earlier indicators, anywhere in the strip.
                for old in accents {
                    let stray = (0..<44).reduce(0) { $0 + image.columns(inRow: $1, matching: old).count }
                    XCTAssertEqual(stray, 0, "\(label): no pixel in the old accent #\(String(old, radix: 16))")
                }
                // The underline's rows (top or bottom) hold only this indicator's color.
                if style.indicatorShape == .underline {
                    let rows = Int(indicator.y)..<Int(indicator.y + indicator.height)
                    let inRows = rows.reduce(0) { $0 + image.columns(inRow: $1, matching: style.accentColor).count }
                    XCTAssertEqual(inRows, rows.count * Int(indicator.width.rounded()), "\(label): exactly one underline")
                }
                accents.append(style.accentColor)
            }
            // The larger fonts widened the segment: laid out again.
            XCTAssertGreaterThan(strip.snapshot.restingLayout.frame(at: 2).width, before.width)
            XCTAssertEqual(strip.preferredHeight, 44)
            // A bad style changes nothing.
            var bad = style
            bad.indicatorHeight = 0
            XCTAssertThrowsError(try strip.setStyle(bad))
            XCTAssertEqual(strip.style, style)
        }
    }

    /// Issue 10: the strip is as tall as its tallest font needs, and the
    /// underline never crosses the selected title's descenders.
    func testTheStripGrowsForATallFontAndKeepsTheUnderlineClearOfDescenders() throws {
        try MainActor.assumeIsolated {
            var style = StripStyle()
            style.selectedFont = "sans-serif:pixelsize=34:weight=bold"
            let tall = try FontChain(display: connection.display, screen: connection.screen, pattern: style.selectedFont)
            let expected = max(44, tall.ascent + tall.descent + 0 + 2 + 3 + 2)
            XCTAssertGreaterThan(expected, 44, "a 34 px font needs more than the design's 44 px")
            XCTAssertEqual(try SegmentedStrip.preferredHeight(for: style, connection: connection), expected)
            XCTAssertEqual(try SegmentedStrip.preferredHeight(for: StripStyle(), connection: connection), 44)
            var doubled = StripStyle()
            doubled.scale = 2
            XCTAssertEqual(try SegmentedStrip.preferredHeight(for: doubled, connection: connection), 88)

            let strip = try makeStrip("a", frame: PixelRect(x: 0, y: 0, width: 360, height: 100), titles: ["gypsy", "jog"], style: style)
            showHost()
            run(until: { log.contains("a firstFrame") }, "first frame")
            XCTAssertEqual(strip.preferredHeight, expected)
            XCTAssertEqual(strip.snapshot.metrics.stripHeight, Double(expected))
            let indicator = try XCTUnwrap(strip.snapshot.presentation.indicator)
            XCTAssertEqual(indicator.y, Double(expected - 2 - 3))
            let image = try XCTUnwrap(user.pixels(strip.window, width: 360, height: 100))
            let frame = strip.snapshot.restingLayout.frame(at: 0)
            let left = Int(frame.x), right = Int(frame.x + frame.width)
            // The lowest row above the underline with any ink of the selected title.
            let inkRows = (0..<Int(indicator.y)).filter { y in (left..<right).contains { image[$0, y] != style.backgroundColor } }
            let lowest = try XCTUnwrap(inkRows.last)
            XCTAssertLessThanOrEqual(lowest, Int(indicator.y) - 2 - 1, "two clear rows above the underline")
            // The descenders of "gypsy" do reach down close to the font's descent.
            let baseline = strip.snapshot.metrics.titleBaseline(ascent: tall.ascent, descent: tall.descent)
            XCTAssertGreaterThan(lowest, baseline + tall.descent / 2)
            XCTAssertEqual(baseline + tall.descent, Int(indicator.y) - 2)
        }
    }

    func testSetTitlesKeepsOrMovesTheSelectionAndReportsChanges() throws {
        try MainActor.assumeIsolated {
            let strip = try makeStrip("a", selectedIndex: 4)
            showHost()
            run(until: { log.contains("a firstFrame") }, "first frame")
            log = []
            try strip.setTitles(Array(titles.prefix(6)))
            XCTAssertEqual(strip.selectedIndex, 4, "still in range: kept")
            XCTAssertEqual(log, [], "same index: no callback")
            try strip.setTitles(["一", "二"])
            XCTAssertEqual(strip.selectedIndex, 1, "out of range: the last segment")
            XCTAssertTrue(log[0].hasPrefix("a select 4->1 api user=false"))
            XCTAssertThrowsError(try strip.setTitles(["x"], selectedIndex: 1)) { error in
                XCTAssertEqual(error as? StripModel.Failure, .indexOutOfRange(index: 1, count: 1))
            }
            XCTAssertEqual(strip.titles, ["一", "二"], "a rejected call changes nothing")
            try strip.setTitles([])
            XCTAssertNil(strip.selectedIndex)
            XCTAssertNil(strip.presentation.indicator)
            XCTAssertTrue(log[1].hasPrefix("a select 1->nil api user=false"), log[1])
            try strip.setTitles(["甲", "乙", "丙"], selectedIndex: 2)
            XCTAssertTrue(log[2].hasPrefix("a select nil->2 api user=false"), log[2])
            XCTAssertEqual(log.count, 3)
            run(until: { log.contains("a settled 2") }, "settled")
            XCTAssertEqual(strip.presentation.indicator, strip.snapshot.restingLayout.indicatorRect(under: 2))
        }
    }

    func testAClickSelectsInTheClickedStripOnlyAndIsUserInitiated() throws {
        try MainActor.assumeIsolated {
            let top = try makeStrip("top", frame: PixelRect(x: 0, y: 10, width: 360, height: 44))
            var boxed = StripStyle()
            boxed.accentColor = 0x1E88E5
            let bottom = try makeStrip("bottom", frame: PixelRect(x: 0, y: 70, width: 360, height: 44), titles: ["Inbox", "Starred", "Sent", "Drafts"], style: boxed)
            showHost()
            run(until: { log.contains("top firstFrame") && log.contains("bottom firstFrame") }, "both first frames")
            log = []
            let target = bottom.snapshot.restingLayout.frame(at: 2)
            user.click(bottom.window, x: Int(target.midX), y: 22)
            run(until: { log.contains("bottom settled 2") }, "bottom settled")
            XCTAssertEqual(log.first, "bottom select 0->2 click user=true")
            XCTAssertFalse(log.contains { $0.hasPrefix("top") }, "the other strip heard nothing: \(log)")
            XCTAssertEqual(top.selectedIndex, 0)
            // Read back through the host window: the blue underline in the bottom strip, the red one still in the top.
            let image = try XCTUnwrap(user.pixels(host.window, width: 360, height: 140))
            let b = try XCTUnwrap(bottom.presentation.indicator), t = try XCTUnwrap(top.presentation.indicator)
            XCTAssertEqual(image.columns(inRow: 70 + Int(b.y + 1), matching: 0x1E88E5).count, 30)
            // The indicator's left column as the renderer rounds it (128.5 is drawn at 129).
            @MainActor func drawnMinX(_ strip: SegmentedStrip, _ r: Rect) -> Int {
                strip.style.direction.windowPixelMinX(contentX: r.x, width: r.width.rounded(), contentOffset: strip.presentation.contentOffset,
                                                      viewportWidth: strip.size.width)
            }
            XCTAssertEqual(image.columns(inRow: 70 + Int(b.y + 1), matching: 0x1E88E5).first, drawnMinX(bottom, b))
            XCTAssertEqual(image.columns(inRow: 10 + Int(t.y + 1), matching: StripStyle().accentColor).first, drawnMinX(top, t))
            // Keys go to the strip the host focuses; a host focuses a strip when it is pressed, even on its selected title.
            // (Identifiers, not the strips: a strip holding its own callback that holds it would never be freed.)
            var pressedStrips = [ObjectIdentifier]()
            for strip in [top, bottom] {
                strip.callbacks.pressed = { [unowned self] in
                    pressedStrips.append(ObjectIdentifier($0))
                    self.host.focusedStrip = $0
                }
            }
            user.click(top.window, x: Int(top.snapshot.restingLayout.frame(at: 0).midX), y: 22)
            run(until: { pressedStrips.count == 1 }, "press on the top strip")
            XCTAssertTrue(pressedStrips[0] == ObjectIdentifier(top) && host.focusedStrip === top)
            user.click(bottom.window, x: Int(target.midX), y: 22)
            run(until: { pressedStrips.count == 2 }, "press on the bottom strip's selected title")
            XCTAssertTrue(host.focusedStrip === bottom, "focused although the selection did not change")
            user.key(host.window, keysym: XK_Right)
            run(until: { log.contains("bottom settled 3") }, "key selected 3")
            XCTAssertTrue(log.contains("bottom select 2->3 key user=true"), "\(log)")
            XCTAssertEqual(top.selectedIndex, 0)
        }
    }
}
