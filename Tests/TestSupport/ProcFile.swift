import Foundation

/// Reads files under /proc with open(2) and read(2), to their end.
///
/// Foundation's `String(contentsOfFile:)` and `FileManager.contents(atPath:)`
/// leak their read buffer when read(2) fails part-way, which is what a /proc
/// file does when its process ends while it is read (ESRCH): LeakSanitizer
/// reported it from `AccessibilitySession.isRunning` in a CI run.
public enum ProcFile {
    /// The file's bytes, or nil if it cannot be opened or a read fails.
    public static func bytes(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { return nil }
        defer { close(fd) }
        var result = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { return result }
            result.append(contentsOf: chunk[..<n])
        }
    }

    /// The file as UTF-8 text (invalid bytes replaced), or nil as `bytes`.
    public static func text(_ path: String) -> String? {
        bytes(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The context switches (voluntary and not) of each thread of process
    /// `pid`, by thread id; only the main thread's when `mainThreadOnly`.
    public static func contextSwitches(ofProcess pid: Int32, mainThreadOnly: Bool = false) -> [String: Int] {
        let task = "/proc/\(pid)/task"
        let threads = mainThreadOnly ? ["\(pid)"] : ((try? FileManager.default.contentsOfDirectory(atPath: task)) ?? [])
        var switches = [String: Int]()
        for thread in threads {
            guard let status = text("\(task)/\(thread)/status") else { continue }
            switches[thread] = status.split(separator: "\n").filter { $0.contains("ctxt_switches:") }
                .compactMap { Int($0.split(separator: "\t").last ?? "") }.reduce(0, +)
        }
        return switches
    }

    /// Wakeups between two `contextSwitches` samples: each thread against
    /// itself, leaving out one that ended in between (its count would
    /// subtract) and counting one that began in full.
    public static func wakeups(from before: [String: Int], to after: [String: Int]) -> Int {
        after.reduce(0) { $0 + $1.value - (before[$1.key] ?? 0) }
    }
}
