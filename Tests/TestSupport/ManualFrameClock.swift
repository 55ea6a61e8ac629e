import SegmentedCore

/// A `FrameClock` stepped by hand: `runSoon` work waits for `drain()`, timed
/// work and repeating timers fire as `advance(by:)` passes their deadlines.
public final class ManualFrameClock: FrameClock {
    /// Seconds since the clock was made; moved only by `advance(by:)`.
    public private(set) var now: Double = 0
    private var soon: [() -> Void] = []
    private var timed: [(deadline: Double, order: Int, body: () -> Void)] = []
    private var order = 0
    /// Every timer started, cancelled ones included.
    public private(set) var timers: [ManualTimer] = []
    /// Callbacks that ran from `runAfter`, and timers started, so far.
    public private(set) var delayedRuns = 0

    /// A repeating timer that ticks as `advance(by:)` passes its deadlines.
    public final class ManualTimer: FrameTimer {
        /// Seconds between ticks.
        public let interval: Double
        /// The next tick's deadline, seconds on the clock.
        public private(set) var next: Double
        /// Dropped on cancel, as a Dispatch source drops its handler (the scheduler it holds goes with it).
        private var body: (() -> Void)?
        /// Whether `cancel()` was called.
        public private(set) var cancelled = false
        /// Ticks fired so far.
        public private(set) var ticks = 0

        init(interval: Double, start: Double, body: @escaping () -> Void) {
            self.interval = interval
            next = start + interval
            self.body = body
        }

        public func cancel() {
            cancelled = true
            body = nil
        }

        func fire() {
            ticks += 1
            next += interval
            body?()
        }
    }

    public init() {}

    public func runSoon(_ body: @escaping () -> Void) { soon.append(body) }

    public func runAfter(_ seconds: Double, _ body: @escaping () -> Void) {
        order += 1
        timed.append((now + seconds, order, body))
    }

    public func startRepeating(every seconds: Double, _ body: @escaping () -> Void) -> FrameTimer {
        let timer = ManualTimer(interval: seconds, start: now, body: body)
        timers.append(timer)
        return timer
    }

    /// Drops every pending callback (the end of a test).
    public func reset() {
        soon = []
        timed = []
        timers.forEach { $0.cancel() }
    }

    /// Timers not cancelled.
    public var liveTimers: [ManualTimer] { timers.filter { !$0.cancelled } }

    /// Runs the work queued for "soon", including what that work queues.
    public func drain() {
        while !soon.isEmpty {
            let batch = soon
            soon = []
            batch.forEach { $0() }
        }
    }

    /// Moves time forward, firing timed work and timer ticks in deadline order (draining after each).
    public func advance(by seconds: Double) {
        let end = now + seconds
        while true {
            let nextTimed = timed.min { ($0.deadline, $0.order) < ($1.deadline, $1.order) }
            let nextTick = liveTimers.min { $0.next < $1.next }
            let candidates = [nextTimed?.deadline, nextTick?.next].compactMap { $0 }.filter { $0 <= end + 1e-12 }
            guard let deadline = candidates.min() else { break }
            now = deadline
            if let t = nextTimed, t.deadline == deadline {
                timed.removeAll { $0.order == t.order }
                delayedRuns += 1
                t.body()
            } else if let timer = nextTick {
                timer.fire()
            }
            drain()
        }
        now = end
    }
}
