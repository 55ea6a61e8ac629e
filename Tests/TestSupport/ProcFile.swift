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
}
