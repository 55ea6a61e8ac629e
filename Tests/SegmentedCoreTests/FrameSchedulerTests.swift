import TestSupport
import XCTest
@testable import SegmentedCore

/// The frame scheduler's rules on a hand-stepped clock: no server, no real timer.
final class FrameSchedulerTests: XCTestCase {
    private var clock: ManualFrameClock!
    private var scheduler: FrameScheduler!
    /// When the "animation" ends, seconds (nothing moves at or after it).
    private var animationEnds = -1.0
    private var pendingMotion: Double?
    private var applied: [(time: Double, x: Double)] = []
    private var updates: [(time: Double, tick: Bool)] = []
    private var stops: [Double] = []

    override func setUp() {
        clock = ManualFrameClock()
        scheduler = FrameScheduler(clock: clock, interval: 1.0 / 60)
        scheduler.hasPendingMotion = { [unowned self] in pendingMotion != nil }
        scheduler.applyMotion = { [unowned self] now in
            applied.append((now, pendingMotion!))
            pendingMotion = nil
        }
        scheduler.isAnimating = { [unowned self] now in now < animationEnds }
        scheduler.timerStopped = { [unowned self] now in stops.append(now) }
        scheduler.update = { [unowned self] now, tick in updates.append((now, tick)) }
    }

    override func tearDown() {
        scheduler.stop()
        clock.reset()
        scheduler = nil
        clock = nil
    }

    func testNothingRunsAtRestAndABatchGivesOneUpdate() {
        clock.advance(by: 10)
        XCTAssertTrue(updates.isEmpty)
        XCTAssertTrue(clock.timers.isEmpty, "no timer at rest")
        for _ in 0..<5 { scheduler.requestUpdate() }
        XCTAssertTrue(updates.isEmpty, "nothing before the batch ends")
        clock.drain()
        XCTAssertEqual(updates.count, 1, "five requests in one batch: one update")
        XCTAssertEqual(updates[0].time, 10)
        XCTAssertFalse(updates[0].tick)
        XCTAssertTrue(clock.timers.isEmpty, "an update with nothing moving starts no timer")
        clock.advance(by: 5)
        XCTAssertEqual(updates.count, 1, "and nothing after it")
    }

    func testANewIntervalRestartsARunningTimerAtTheNewPeriod() {
        animationEnds = 1
        scheduler.requestUpdate()
        clock.drain()
        XCTAssertEqual(clock.timers.last?.interval ?? 0, 1.0 / 60, accuracy: 1e-12)
        clock.advance(by: 0.1)
        scheduler.interval = 1.0 / 144
        XCTAssertTrue(clock.timers[0].cancelled, "the 60 Hz timer stops")
        XCTAssertEqual(clock.timers.last?.interval ?? 0, 1.0 / 144, accuracy: 1e-12)
        let before = updates.filter(\.tick).count
        clock.advance(by: 0.5)
        XCTAssertEqual(updates.filter(\.tick).count - before, 72, "144 ticks a second")
        // At rest a new interval starts nothing.
        animationEnds = 0
        clock.advance(by: 1)
        let timers = clock.timers.count
        scheduler.interval = 1.0 / 75
        XCTAssertEqual(clock.timers.count, timers)
        XCTAssertEqual(scheduler.interval, 1.0 / 75)
    }

    func testTheRefreshRateOfAModeLine() {
        // The VESA 800 × 600 totals: 1056 × 628.
        XCTAssertEqual(RefreshRate.hertz(dotClock: 95_496_192, horizontalTotal: 1056, verticalTotal: 628) ?? 0, 144, accuracy: 1e-9)
        XCTAssertEqual(RefreshRate.hertz(dotClock: 40_000_000, horizontalTotal: 1056, verticalTotal: 628) ?? 0, 60.317, accuracy: 0.001,
                       "xrandr's 60.32 for 800x600")
        XCTAssertEqual(RefreshRate.hertz(dotClock: 40_000_000, horizontalTotal: 1056, verticalTotal: 628, interlaced: true) ?? 0,
                       120.634, accuracy: 0.001)
        XCTAssertEqual(RefreshRate.hertz(dotClock: 40_000_000, horizontalTotal: 1056, verticalTotal: 628, doubleScan: true) ?? 0,
                       30.158, accuracy: 0.001)
        XCTAssertNil(RefreshRate.hertz(dotClock: 0, horizontalTotal: 1056, verticalTotal: 628), "Xvfb's modes")
        XCTAssertNil(RefreshRate.hertz(dotClock: 40_000_000, horizontalTotal: 0, verticalTotal: 628))
        XCTAssertEqual(RefreshRate.frameInterval(hertz: 144), 1.0 / 144)
        XCTAssertEqual(RefreshRate.frameInterval(hertz: nil), 1.0 / 60)
        XCTAssertEqual(RefreshRate.frameInterval(hertz: 5), 1.0 / 60, "not a plausible rate")
        XCTAssertEqual(RefreshRate.frameInterval(hertz: .infinity), 1.0 / 60)
    }

    func testTheTimerTicksWhileSomethingMovesAndIsCancelledWhenItStops() {
        animationEnds = 0.3
        scheduler.requestUpdate()
        clock.drain()
        XCTAssertEqual(clock.timers.count, 1)
        XCTAssertTrue(scheduler.isTimerRunning)
        clock.advance(by: 0.5)
        let timer = clock.timers[0]
        XCTAssertTrue(timer.cancelled, "cancelled, not suspended")
        XCTAssertFalse(scheduler.isTimerRunning)
        // Ticks at 1/60, 2/60, ... 18/60 = 0.3: the 18th finds nothing moving and stops the timer.
        XCTAssertEqual(timer.ticks, 18)
        XCTAssertEqual(stops.count, 1, "told once")
        XCTAssertEqual(stops[0], 18.0 / 60, accuracy: 1e-9)
        XCTAssertEqual(updates.filter(\.tick).count, 18, "one frame per tick, the last one at rest")
        let ticks = updates.filter(\.tick).map(\.time)
        for (a, b) in zip(ticks, ticks.dropFirst()) { XCTAssertEqual(b - a, 1.0 / 60, accuracy: 1e-9) }
        clock.advance(by: 10)
        XCTAssertEqual(updates.count, 19, "the first update and 18 ticks; nothing at rest")
        // Something moving again starts a new timer.
        animationEnds = 10.6
        scheduler.requestUpdate()
        clock.drain()
        XCTAssertEqual(clock.liveTimers.count, 1)
    }

    func testMotionIsCompressedToOnePositionPerFrame() {
        // 20 motion events, 2 ms apart: each asks for an update, as the strip does.
        for i in 0..<20 {
            pendingMotion = Double(i)
            scheduler.requestUpdate()
            clock.drain()
            clock.advance(by: 0.002)
        }
        clock.advance(by: 0.1)
        // Applied at 0, then at most once per 1/60 s, the last position always among them.
        XCTAssertEqual(applied.first?.time, 0)
        XCTAssertEqual(applied.first?.x, 0)
        for (a, b) in zip(applied, applied.dropFirst()) {
            XCTAssertGreaterThanOrEqual(b.time - a.time, 1.0 / 60 - 1e-9, "at most once a frame")
        }
        XCTAssertEqual(applied.last?.x, 19, "the last position of the batch is applied")
        // Events at 0...38 ms: applied at 0 (x 0), 1/60 s (x 8, the event of 16 ms), 2/60 s (x 16) and 3/60 s (x 19).
        XCTAssertEqual(applied.map(\.x), [0, 8, 16, 19])
        for (i, a) in applied.enumerated() { XCTAssertEqual(a.time, Double(i) / 60, accuracy: 1e-9) }
        XCTAssertNil(pendingMotion)
        XCTAssertTrue(clock.timers.isEmpty, "motion alone starts no timer")
        XCTAssertEqual(clock.delayedRuns, 3, "one deferred update per frame, however many events wait")
    }

    func testWhileTheTimerRunsItsTicksApplyMotion() {
        animationEnds = 1
        scheduler.requestUpdate()
        clock.drain()
        for i in 0..<10 {
            pendingMotion = Double(i)
            scheduler.requestUpdate()
            clock.drain()
            clock.advance(by: 0.003)
        }
        XCTAssertEqual(clock.delayedRuns, 0, "no deferred update while ticking")
        // 30 ms: ticks at 1/60 s (x 5, the latest then) and no other application.
        XCTAssertEqual(applied.map(\.x), [5])
        XCTAssertEqual(applied[0].time, 1.0 / 60, accuracy: 1e-9)
        clock.advance(by: 1.0 / 60)
        XCTAssertEqual(applied.map(\.x), [5, 9])
    }

    func testAFlushAppliesMotionAtOnceAndAStoppedSchedulerDoesNothing() {
        pendingMotion = 1
        scheduler.requestUpdate()
        clock.drain()
        pendingMotion = 2
        scheduler.flushMotion(at: clock.now)   // a release must see where the button was let go
        XCTAssertEqual(applied.map(\.x), [1, 2])
        animationEnds = 5
        scheduler.requestUpdate()
        clock.drain()
        XCTAssertTrue(scheduler.isTimerRunning)
        let before = updates.count
        scheduler.stop()
        XCTAssertFalse(scheduler.isTimerRunning)
        scheduler.requestUpdate()
        clock.advance(by: 1)
        clock.drain()
        XCTAssertEqual(updates.count, before, "destroyed: no update, no tick")
    }
}
