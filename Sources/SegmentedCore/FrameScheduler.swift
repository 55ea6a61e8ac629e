/// Where a `FrameScheduler` gets its time and runs its callbacks: the main
/// queue and the monotonic clock in the program (`DispatchFrameClock`), a
/// clock advanced by hand in tests, as swift-nio's `EmbeddedEventLoop` is.
///
/// Every callback runs on the same serial context as the scheduler's calls.
public protocol FrameClock: AnyObject {
    /// Seconds on a monotonic clock.
    var now: Double { get }
    /// Runs `body` once the current batch of work is done (the next turn of the run loop).
    func runSoon(_ body: @escaping () -> Void)
    /// Runs `body` once, `seconds` from now.
    func runAfter(_ seconds: Double, _ body: @escaping () -> Void)
    /// Runs `body` every `seconds` until the returned timer is cancelled.
    func startRepeating(every seconds: Double, _ body: @escaping () -> Void) -> FrameTimer
    /// Runs `body` once, `seconds` from now, unless the returned timer is cancelled first.
    func startOneShot(after seconds: Double, _ body: @escaping () -> Void) -> FrameTimer
}

extension FrameClock {
    /// A repeating timer cancelled at its first tick: a clock with no one-shot timer of its own (a test's) still counts it.
    public func startOneShot(after seconds: Double, _ body: @escaping () -> Void) -> FrameTimer {
        var timer: FrameTimer?
        timer = startRepeating(every: seconds) {
            timer?.cancel()
            timer = nil
            body()
        }
        return timer!
    }
}

/// A repeating timer made by a `FrameClock`.
public protocol FrameTimer: AnyObject {
    /// Stops the timer for good; `body` is not called again.
    func cancel()
}

/// When the strip updates and paints: the rules that keep it smooth and idle.
///
/// - Nothing runs at rest: no timer exists unless something moves.
/// - Any number of requests in one batch of events give one update.
/// - While something moves, a timer ticks every `interval` seconds (the display's refresh period);
///   it is cancelled (not suspended) on the first update that finds nothing
///   moving, and `timerStopped` is told once.
/// - Pointer motion is compressed: the last position of a batch is applied,
///   at most once per `interval`; a position that arrives sooner waits for the
///   interval to pass (one deferred update, however many arrive), or for the
///   next tick when the timer runs.
///
/// The scheduler holds no strip state: it asks through the closures below.
/// It is free of X11 and of any real timer, so tests step its clock by hand.
public final class FrameScheduler {
    /// Seconds between frames (by default 1/60: 60 Hz; the strip sets its
    /// monitor's refresh period, `RefreshRate`); motion is applied at most
    /// this often too. A change takes effect at once: a running timer is
    /// started again at the new period.
    public var interval: Double {
        didSet {
            guard interval != oldValue, timer != nil else { return }
            cancelTimer()
            startTimer()
        }
    }

    /// Whether a pointer position is waiting to be applied.
    public var hasPendingMotion: () -> Bool = { false }
    /// Applies the waiting pointer position at a time (seconds).
    public var applyMotion: (_ now: Double) -> Void = { _ in }
    /// Whether anything (a tween, a glide, a spring, a wheel step) moves at a time.
    public var isAnimating: (_ now: Double) -> Bool = { _ in false }
    /// The timer has just stopped at a time: whatever moved has come to rest.
    public var timerStopped: (_ now: Double) -> Void = { _ in }
    /// The update itself at a time: paint if needed, then report.
    /// `tick` tells a timer tick (a frame must be painted) from an update after events.
    public var update: (_ now: Double, _ tick: Bool) -> Void = { _, _ in }

    private let clock: FrameClock
    private var timer: FrameTimer?
    private var updateRequested = false
    private var motionDeferred = false
    private var stopped = false
    /// When motion was last applied, seconds.
    private var lastMotionTime = -Double.infinity

    /// - Parameters:
    ///   - clock: time and callbacks (the main queue in the program).
    ///   - interval: seconds between frames (default 1/60).
    public init(clock: FrameClock, interval: Double = 1.0 / 60) {
        self.clock = clock
        self.interval = interval
    }

    /// Whether the frame timer exists (something is moving).
    public var isTimerRunning: Bool { timer != nil }

    /// The clock's time, seconds.
    public var now: Double { clock.now }

    /// Asks for one update after the current batch; further requests in the
    /// same batch are folded into it.
    public func requestUpdate() {
        guard !updateRequested, !stopped else { return }
        updateRequested = true
        // Strong captures: pending work keeps the scheduler until it has run (and
        // sees `stopped`); a weak reference's side table would outlive the
        // closure where LeakSanitizer cannot see it.
        clock.runSoon { [self] in
            guard !self.stopped else { return }
            self.updateRequested = false
            self.runUpdate(tick: false)
        }
    }

    /// Applies waiting motion now, whatever the interval (a button release
    /// must see where the pointer was let go).
    public func flushMotion(at now: Double) {
        guard hasPendingMotion() else { return }
        lastMotionTime = now
        applyMotion(now)
    }

    /// Stops the timer without telling `timerStopped` (new titles: the old motion is gone).
    public func cancelTimer() {
        timer?.cancel()
        timer = nil
    }

    /// Stops for good (the strip was destroyed): no update or tick runs again.
    public func stop() {
        stopped = true
        cancelTimer()
    }

    private func runUpdate(tick: Bool) {
        let now = clock.now
        if hasPendingMotion(), timer == nil {
            let wait = lastMotionTime + interval - now
            if wait <= 0 {
                flushMotion(at: now)
            } else if !motionDeferred {
                motionDeferred = true
                clock.runAfter(wait) { [self] in
                    guard !self.stopped else { return }
                    self.motionDeferred = false
                    self.runUpdate(tick: false)
                }
            }
        }
        if isAnimating(now) {
            startTimer()
        } else if timer != nil {
            cancelTimer()
            timerStopped(now)
        }
        update(now, tick)
    }

    private func startTimer() {
        guard timer == nil else { return }
        // The timer holds the scheduler only while it runs: `cancelTimer` and `stop` release it.
        timer = clock.startRepeating(every: interval) { [self] in
            guard !self.stopped else { return }
            let now = self.clock.now
            self.flushMotion(at: now)
            if !self.isAnimating(now) {
                self.cancelTimer()
                self.timerStopped(now)
            }
            self.runUpdate(tick: true)
        }
    }
}
