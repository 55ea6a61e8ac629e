import Dispatch
import Glibc
import SegmentedX11
import Synchronization

/// Where the program is, for the signal handler: `starting` until the event
/// loop runs (a signal then exits at once: the server frees whatever the
/// connection made), `running`, `closing` the window on the main queue, and
/// `closed` (only the trace writer's last lines are left).
enum Phase: Int { case starting, running, closing, closed }
let phase = Atomic<Int>(Phase.starting.rawValue)
/// The host window, once made.
@MainActor var signalHost: HostWindow?

/// The queue SIGINT, SIGTERM, SIGQUIT and SIGHUP are caught on.
let signalQueue = DispatchQueue(label: "segmented-demo.signals")
/// Each signal source is in it from its `resume()` until libdispatch has
/// registered it (`waitForSignalSources`).
let signalSourceRegistration = DispatchGroup()
/// The pending deadline, held here so that it stays reachable until the process ends.
let signalDeadline = Mutex<DispatchWorkItem?>(nil)

/// Makes SIGINT, SIGTERM and SIGQUIT exit 128 + signal number; keep the
/// sources returned for as long as the program runs.
///
/// The four signals (SIGHUP too, which `reloadTitlesOnHangup` reads) are
/// blocked before the Swift runtime starts, by CEarlySignals: one that
/// arrives during startup stays pending until a source reads it (through a
/// signalfd), never discarded and never the default action. (Ignoring them
/// first, as Dispatch's documentation suggests, lost the ones that arrived
/// before the sources existed.)
///
/// SIGQUIT is caught so that the Swift runtime's crash backtracer does not
/// take it for a crash. They are caught on their own queue: if the main queue
/// is stuck in a round trip to a server that stopped answering, or busy, the
/// program still leaves within a second.
func exitOnTerminationSignals() -> [any DispatchSourceSignal] {
    [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGQUIT, Int32(131))].map { number, status in
        let source = DispatchSource.makeSignalSource(signal: number, queue: signalQueue)
        // @Sendable: the handler runs on `signalQueue`, never on the main actor
        // (Swift would check an inherited main actor at run time and trap). It
        // touches only atomics and the deadline's lock, and hops to the main
        // queue for the window.
        source.setEventHandler { @Sendable in
            guard phase.load(ordering: .acquiring) != Phase.starting.rawValue else { _exit(status) }
            DispatchQueue.main.async {
                phase.store(Phase.closing.rawValue, ordering: .releasing)
                signalHost?.close()
                phase.store(Phase.closed.rawValue, ordering: .releasing)
                exit(status)   // the trace writer gets its last half second (atexit)
            }
            signalDeadline.withLock { held in
                let deadline = DispatchWorkItem {
                    // Closed already: only a slow trace reader is being waited for, which exit() bounds itself.
                    if phase.load(ordering: .acquiring) == Phase.closed.rawValue {
                        signalQueue.asyncAfter(deadline: .now() + Trace.exitFlushSeconds + 0.1) { _exit(status) }
                        return
                    }
                    ProcessOutput.error("\(programName): the window could not be closed within 1 s (the X server is not answering, or the program is busy); exiting")
                    _exit(status)
                }
                held = deadline
                signalQueue.asyncAfter(deadline: .now() + 1, execute: deadline)
            }
        }
        resumeCounted(source)
        return source
    }
}

/// Resumes `source`, counted in `signalSourceRegistration` until libdispatch has registered it.
func resumeCounted(_ source: any DispatchSourceSignal) {
    signalSourceRegistration.enter()
    source.setRegistrationHandler { @Sendable in signalSourceRegistration.leave() }
    source.resume()
}

/// Waits, 1 s at most, until libdispatch has registered every signal
/// source; call it just before `runMainQueue()`.
///
/// libdispatch catches a signal only once its manager thread has registered
/// the source, some time after `resume()`, and from `dispatchMain()` on the
/// main thread waits in `sigsuspend` with no signal blocked: a signal still
/// pending there took its default action. A SIGHUP sent as the runtime
/// started ended the demo that way (1 start in 60 in a full test run, with
/// the machine busy). Registered long before, the sources make this wait
/// nothing; a manager thread that cannot run for a second is not waited for.
func waitForSignalSources() {
    _ = signalSourceRegistration.wait(timeout: .now() + 1)
}
