/// The clock of one tween: a start time, a duration and an easing curve.
///
/// Times are seconds on whatever monotonic clock the caller passes in; the
/// core never reads a clock itself, so tests step time exactly.
public struct Tween: Equatable, Sendable {
    /// When the tween started, seconds.
    public let startTime: Double
    /// How long it lasts, seconds (> 0).
    public let duration: Double
    /// The curve applied to the time fraction.
    public let easing: CubicBezierEasing

    /// Creates a tween starting at `startTime` (seconds) lasting `duration` seconds.
    public init(startTime: Double, duration: Double, easing: CubicBezierEasing) {
        self.startTime = startTime
        self.duration = max(duration, 1e-9)
        self.easing = easing
    }

    /// The eased progress at `time` (seconds): 0 before the start, 1 from the end on.
    public func progress(at time: Double) -> Double {
        easing.transform((time - startTime) / duration)
    }

    /// Whether the tween has reached its end at `time` (seconds).
    public func isFinished(at time: Double) -> Bool {
        time >= startTime + duration
    }
}
