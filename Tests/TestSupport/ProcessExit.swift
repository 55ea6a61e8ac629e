import Foundation

/// A child process's end, waited for on its termination handler rather than
/// by polling `isRunning`.
///
/// Made before `process.run()`: it installs the process's `terminationHandler`.
/// `@unchecked Sendable`: the handler runs on Foundation's thread and touches
/// only `ended`, under `condition`.
public final class ProcessExit: @unchecked Sendable {
    private let condition = NSCondition()
    private var ended = false

    public init(_ process: Process) {
        process.terminationHandler = { [self] _ in
            condition.lock()
            ended = true
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Whether the process has ended within `timeout` seconds (at once if it already has).
    public func wait(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !ended, condition.wait(until: deadline) {}
        return ended
    }
}
