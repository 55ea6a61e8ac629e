import Foundation

/// Whether a process at rest stays asleep, from its threads' context switches
/// (`ProcFile.contextSwitches`).
public enum Wakeups {
    /// What `watch` saw: the context switches read at its start (over 0 when
    /// the process's threads could be read) and the wakeups during it.
    public struct Watch {
        public let switchesRead: Int
        public let wakeups: Int
    }

    /// Watches process `pid` for `seconds` and counts its threads' wakeups
    /// (only the main thread's when `mainThreadOnly`). The duration is what
    /// is measured, not a wait: "no wakeup in 2 s" needs 2 s.
    public static func watch(_ pid: Int32, seconds: Double, mainThreadOnly: Bool = false) -> Watch {
        let before = ProcFile.contextSwitches(ofProcess: pid, mainThreadOnly: mainThreadOnly)
        usleep(UInt32((seconds * 1_000_000).rounded()))
        let after = ProcFile.contextSwitches(ofProcess: pid, mainThreadOnly: mainThreadOnly)
        return Watch(switchesRead: before.values.reduce(0, +), wakeups: ProcFile.wakeups(from: before, to: after))
    }

    /// Waits up to `timeout` seconds for process `pid` to come to rest: a
    /// `quiet`-second watch (as `watch`) with no wakeup. Returns whether it came.
    ///
    /// For a test that then checks the rest lasts: work still under way when
    /// the test reached its check (a reply on the accessibility bus, the last
    /// measuring slice and the frame after it) ends first, however long that
    /// takes on a loaded machine.
    public static func waitForRest(_ pid: Int32, quiet: Double, mainThreadOnly: Bool = false, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if watch(pid, seconds: quiet, mainThreadOnly: mainThreadOnly).wakeups == 0 { return true }
        } while Date() < deadline
        return false
    }
}
