import Dispatch
import SegmentedCore

/// The program's `FrameClock`: the main queue and the monotonic clock the
/// model is driven by (`SegmentedStrip.now()`).
///
/// Not main-actor isolated, since `FrameClock` (in the core) carries no
/// isolation; it is used only by the scheduler of a `SegmentedStrip`, which
/// is, so every call comes on the main thread (checked in `mainThreadOnly`).
final class DispatchFrameClock: FrameClock {
    var now: Double { SegmentedStrip.now() }

    func runSoon(_ body: @escaping () -> Void) {
        let body = Self.mainThreadOnly(body)
        DispatchQueue.main.async { body.run() }
    }

    func runAfter(_ seconds: Double, _ body: @escaping () -> Void) {
        let body = Self.mainThreadOnly(body)
        DispatchQueue.main.asyncAfter(deadline: .now() + seconds) { body.run() }
    }

    func startRepeating(every seconds: Double, _ body: @escaping () -> Void) -> FrameTimer {
        let source = DispatchSource.makeTimerSource(queue: .main)
        let nanoseconds = Int((seconds * 1e9).rounded())
        source.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds), leeway: .milliseconds(1))
        source.setEventHandler(handler: body)
        source.resume()
        return DispatchFrameTimer(source: source)
    }

    /// A one-shot Dispatch timer source on the main queue (a tooltip's wait).
    func startOneShot(after seconds: Double, _ body: @escaping () -> Void) -> FrameTimer {
        let source = DispatchSource.makeTimerSource(queue: .main)
        source.schedule(deadline: .now() + .nanoseconds(Int((seconds * 1e9).rounded())), repeating: .never, leeway: .milliseconds(1))
        // After its one run the source is inert; dropping the returned timer cancels it (`DispatchFrameTimer.deinit`).
        source.setEventHandler(handler: body)
        source.resume()
        return DispatchFrameTimer(source: source)
    }

    /// `body`, made on the main thread, in a box that the main queue may run.
    private static func mainThreadOnly(_ body: @escaping () -> Void) -> MainThreadWork {
        MainActor.preconditionIsolated("a strip's frame clock is used on the main queue only")
        return MainThreadWork(body: body)
    }
}

/// A closure that is not `Sendable` (the scheduler's callbacks capture the
/// scheduler), carried to the main queue.
///
/// `@unchecked Sendable`, and safe, because it never leaves the main thread:
/// it is made there (`DispatchFrameClock.mainThreadOnly` checks it) and the
/// main queue, which runs it, runs on the main thread too. The closure is
/// called, never read or changed, from anywhere else.
private struct MainThreadWork: @unchecked Sendable {
    let body: () -> Void

    func run() {
        MainActor.assumeIsolated { body() }
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
