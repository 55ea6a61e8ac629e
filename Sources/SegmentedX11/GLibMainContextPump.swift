import CStripAccessibility
import Dispatch
import Glibc

/// Runs GLib's default main context (where the AT-SPI bridge does its D-Bus
/// work) on the main queue, beside the X event loop: a Dispatch read or write
/// source on each descriptor the context asks to watch, and a one-shot timer
/// only for the timeout it asks for. Each wakeup runs one turn
/// (`strip_acc_turn`: poll without waiting, check, dispatch, prepare, query).
/// Nothing wakes at rest: no thread of ours, no periodic timer.
@MainActor
final class GLibMainContextPump {
    private struct Watch {
        var read: DispatchSourceRead?
        var write: DispatchSourceWrite?
    }
    private var watches: [Int32: Watch] = [:]
    private var timer: DispatchSourceTimer?
    private var turnScheduled = false
    private var stopped = false
    /// Turns run so far (for tests of the zero-wakeup promise).
    private(set) var turns = 0

    /// Runs a turn once the current work on the main queue is done (coalesced).
    func turnSoon() {
        guard !turnScheduled else { return }
        turnScheduled = true
        DispatchQueue.main.async { [self] in
            turnScheduled = false
            turn()
        }
    }

    /// Cancels every source: no turn runs again (the bridge left the bus).
    func stop() {
        stopped = true
        for watch in watches.values {
            watch.read?.cancel()
            watch.write?.cancel()
        }
        watches = [:]
        timer?.cancel()
        timer = nil
    }

    private func turn() {
        guard !stopped else { return }
        turns += 1
        var timeout: Int32 = -1
        let count = strip_acc_turn(&timeout)
        var wanted: [Int32: Int16] = [:]
        for i in 0..<count {
            let watch = strip_acc_watch(i)
            if watch.fd >= 0 { wanted[watch.fd, default: 0] |= watch.events }
        }
        for (fd, var watch) in watches {
            let events = wanted[fd] ?? 0
            if events & Int16(POLLIN | POLLPRI) == 0, let read = watch.read { read.cancel(); watch.read = nil }
            if events & Int16(POLLOUT) == 0, let write = watch.write { write.cancel(); watch.write = nil }
            watches[fd] = watch.read == nil && watch.write == nil ? nil : watch
        }
        for (fd, events) in wanted {
            var watch = watches[fd] ?? Watch()
            if events & Int16(POLLIN | POLLPRI) != 0, watch.read == nil {
                let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
                source.setEventHandler { [unowned self] in MainActor.assumeIsolated { turn() } }
                source.resume()
                watch.read = source
            }
            if events & Int16(POLLOUT) != 0, watch.write == nil {
                let source = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: .main)
                source.setEventHandler { [unowned self] in MainActor.assumeIsolated { turn() } }
                source.resume()
                watch.write = source
            }
            watches[fd] = watch
        }
        timer?.cancel()
        timer = nil
        if timeout == 0 {
            turnSoon()
        } else if timeout > 0 {
            let source = DispatchSource.makeTimerSource(queue: .main)
            source.schedule(deadline: .now() + .milliseconds(Int(timeout)))
            source.setEventHandler { [unowned self] in MainActor.assumeIsolated { turn() } }
            source.resume()
            timer = source
        }
    }
}
