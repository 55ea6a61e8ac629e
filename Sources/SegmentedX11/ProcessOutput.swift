import Glibc

/// Writes to the process's standard streams with write(2), which reports a
/// failure instead of trapping as `FileHandle.write` does: a full disk
/// (`2>/dev/full`), a reader that went away (EPIPE, with SIGPIPE ignored) or a
/// closed descriptor never stops the program.
public enum ProcessOutput {
    /// Writes all of `text` as UTF-8 to file descriptor `fd` (1 stdout, 2
    /// stderr), retrying after EINTR and short writes.
    /// - Returns: whether every byte was written; on false, `errno` tells why.
    @discardableResult
    public static func write(_ text: String, to fd: Int32) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard var next = bytes.baseAddress else { return true }
            var left = bytes.count
            while left > 0 {
                let n = Glibc.write(fd, next, left)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                next += n
                left -= n
            }
            return true
        }
    }

    /// One line on standard error; a failed write is ignored (there is nowhere left to say it).
    public static func error(_ line: String) {
        write(line.hasSuffix("\n") ? line : line + "\n", to: 2)
    }
}
