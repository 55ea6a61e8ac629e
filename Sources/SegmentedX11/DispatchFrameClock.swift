import Dispatch
import SegmentedCore

/// The program's `FrameClock`: the main queue and the monotonic clock the
/// model is driven by (`SegmentedStrip.now()`).
final class DispatchFrameClock: FrameClock {
    var now: Double { SegmentedStrip.now() }

    func runSoon(_ body: @escaping () -> Void) {
        DispatchQueue.main.async(execute: body)
    }

    func runAfter(_ seconds: Double, _ body: @escaping () -> Void) {
        DispatchQueue.main.asyncAfter(deadline: .now() + seconds, execute: body)
    }

    func startRepeating(every seconds: Double, _ body: @escaping () -> Void) -> FrameTimer {
        let source = DispatchSource.makeTimerSource(queue: .main)
        let nanoseconds = Int((seconds * 1e9).rounded())
        source.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds), leeway: .milliseconds(1))
        source.setEventHandler(handler: body)
        source.resume()
        return DispatchFrameTimer(source: source)
    }
}

/// A Dispatch timer source, cancelled (never suspended) when it stops.
final class DispatchFrameTimer: FrameTimer {
    private let source: DispatchSourceTimer

    init(source: DispatchSourceTimer) {
        self.source = source
    }

    func cancel() {
        source.cancel()
    }

    deinit {
        source.cancel()
    }
}
