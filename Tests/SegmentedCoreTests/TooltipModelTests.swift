import TestSupport
import XCTest
@testable import SegmentedCore

/// When a tooltip shows and hides, at exact times on a manual clock.
final class TooltipModelTests: XCTestCase {
    private var clock: ManualFrameClock!
    private var tooltips: TooltipModel!
    /// What the model asked for, in order: "show 2 Two", "hide".
    private var log: [String] = []

    override func setUp() {
        clock = ManualFrameClock()
        tooltips = TooltipModel(clock: clock)
        log = []
        tooltips.text = { $0 == 4 ? nil : "Tip \($0)" }
        tooltips.show = { [unowned self] in log.append("show \($0) \($1)") }
        tooltips.hide = { [unowned self] in log.append("hide") }
    }

    override func tearDown() {
        clock.reset()
    }

    /// Hovers `index` (a new segment) and checks that its tooltip shows at 500 ms, not at 499.
    private func assertShowsAfterTheDelay(_ index: Int, file: StaticString = #filePath, line: UInt = #line) {
        tooltips.pointerOver(index)
        let before = log.count
        clock.advance(by: 0.499)
        XCTAssertEqual(log.count, before, file: file, line: line)
        clock.advance(by: 0.001)
        XCTAssertEqual(log.last, "show \(index) Tip \(index)", file: file, line: line)
    }

    func testShowsAfterExactly500MillisecondsOfHoverWithOneOneShotTimer() {
        XCTAssertTrue(clock.timers.isEmpty, "no timer at rest")
        tooltips.pointerOver(2)
        XCTAssertEqual(clock.liveTimers.count, 1)
        clock.advance(by: 0.499)
        XCTAssertEqual(log, [])
        XCTAssertNil(tooltips.shownIndex)
        clock.advance(by: 0.001)
        XCTAssertEqual(log, ["show 2 Tip 2"])
        XCTAssertEqual(tooltips.shownIndex, 2)
        XCTAssertEqual(clock.liveTimers.count, 0, "the timer is gone once it fired")
        XCTAssertEqual(clock.timers.first?.ticks, 1)
        clock.advance(by: 10)
        XCTAssertEqual(log, ["show 2 Tip 2"], "shown once")
        tooltips.pointerOver(2)                   // motion inside the same segment
        XCTAssertEqual(log, ["show 2 Tip 2"])
        XCTAssertEqual(clock.timers.count, 1)
    }

    func testAnotherSegmentHidesAndRestartsTheWait() {
        tooltips.pointerOver(1)
        clock.advance(by: 0.3)
        tooltips.pointerOver(2)                   // the wait for 1 is dropped
        XCTAssertTrue(clock.timers[0].cancelled)
        clock.advance(by: 0.4)
        XCTAssertEqual(log, [], "0.7 s over the strip, 0.4 s over segment 2")
        clock.advance(by: 0.1)
        XCTAssertEqual(log, ["show 2 Tip 2"])
        tooltips.pointerOver(3)
        XCTAssertEqual(log, ["show 2 Tip 2", "hide"])
        clock.advance(by: 0.5)
        XCTAssertEqual(log, ["show 2 Tip 2", "hide", "show 3 Tip 3"])
    }

    func testPressHidesAndTheSameSegmentStaysQuietUntilHoveredAnew() {
        tooltips.pointerOver(2)
        clock.advance(by: 0.5)
        tooltips.dismiss()                        // a press, wheel, key or scroll
        XCTAssertEqual(log, ["show 2 Tip 2", "hide"])
        XCTAssertNil(tooltips.shownIndex)
        tooltips.pointerOver(2)
        clock.advance(by: 5)
        XCTAssertEqual(log.count, 2, "not over the segment it was dismissed on")
        XCTAssertTrue(clock.liveTimers.isEmpty)
        assertShowsAfterTheDelay(3)
    }

    func testDismissDuringTheWaitCancelsIt() {
        tooltips.pointerOver(2)
        clock.advance(by: 0.25)
        tooltips.dismiss()
        XCTAssertTrue(clock.liveTimers.isEmpty)
        clock.advance(by: 1)
        XCTAssertEqual(log, [], "nothing was shown, so nothing is hidden")
    }

    func testLeavingHidesAndComingBackRestarts() {
        tooltips.pointerOver(2)
        clock.advance(by: 0.5)
        tooltips.pointerLeft()
        XCTAssertEqual(log, ["show 2 Tip 2", "hide"])
        assertShowsAfterTheDelay(2)
    }

    func testASegmentWithoutTextStartsNoTimer() {
        tooltips.pointerOver(4)
        XCTAssertTrue(clock.timers.isEmpty)
        tooltips.pointerOver(nil)
        XCTAssertTrue(clock.timers.isEmpty)
        clock.advance(by: 1)
        XCTAssertEqual(log, [])
    }

    func testTextIsTheTooltipElseTheElidedTitle() {
        let tipped = SegmentItem(title: "Inbox", tooltip: "Unread mail")
        XCTAssertEqual(TooltipModel.text(for: tipped, titleIsElided: false), "Unread mail")
        XCTAssertEqual(TooltipModel.text(for: tipped, titleIsElided: true), "Unread mail")
        XCTAssertEqual(TooltipModel.text(for: SegmentItem("A long title"), titleIsElided: true), "A long title")
        XCTAssertNil(TooltipModel.text(for: SegmentItem("Short"), titleIsElided: false))
        XCTAssertNil(TooltipModel.text(for: SegmentItem(title: "Short", tooltip: " \n"), titleIsElided: false), "white space only")
    }

    func testPointedIndexIncludesDisabledSegmentsAndNotAHeldPress() throws {
        let model = try FixedAdvance.model()
        model.pointerMoved(x: 232, y: 20, at: 0)        // segment 2: 195..270
        XCTAssertEqual(model.pointedIndex(at: 0), 2)
        try model.setItem(SegmentItem(title: model.titles[2], isEnabled: false), at: 2, at: 0, animated: false)
        XCTAssertNil(model.hoveredIndex(at: 0))
        XCTAssertEqual(model.pointedIndex(at: 0), 2, "a disabled item's tooltip may say why")
        model.pointerLeft()
        XCTAssertNil(model.pointedIndex(at: 0))
    }

    /// Segment 2 is 195..270 and segment 3 270..375 (`FixedAdvance`).
    func testAClickBringsNoTooltipBackButAnotherSegmentDoes() throws {
        let model = try FixedAdvance.model()
        model.pointerMoved(x: 232, y: 20, at: 0)
        tooltips.follow(model, at: 0)
        clock.advance(by: 0.5)
        XCTAssertEqual(log, ["show 2 Tip 2"])
        model.pointerPressed(x: 232, y: 20, at: 0.5)
        tooltips.dismiss()
        model.pointerMoved(x: 300, y: 20, at: 0.6)           // over segment 3, the button held (a drag)
        tooltips.follow(model, at: 0.6)
        clock.advance(by: 1)
        XCTAssertEqual(log, ["show 2 Tip 2", "hide"], "nothing while the button is held")
        XCTAssertTrue(clock.liveTimers.isEmpty)
        model.pointerMoved(x: 232, y: 20, at: 1.6)
        _ = model.pointerReleased(x: 232, y: 20, at: 1.6)
        tooltips.follow(model, at: 1.6)
        clock.advance(by: 1)
        XCTAssertEqual(log.count, 2, "released over the segment it was dismissed on")
        model.pointerMoved(x: 300, y: 20, at: 2.6)
        tooltips.follow(model, at: 2.6)
        XCTAssertEqual(model.pointedIndex(at: 2.6), 3)
        clock.advance(by: 0.5)
        XCTAssertEqual(log.last, "show 3 Tip 3")
    }
}
