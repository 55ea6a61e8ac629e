import CX11
import Glibc

/// The lines of a resource database (a RESOURCE_MANAGER string) that can
/// answer a given set of queries, so that Xlib's parser sees only those.
///
/// `XrmGetStringDatabase` takes time that grows faster than the text: a
/// database of 200,000 lines took seconds, once for the strip's resources
/// and once more for the font library's (`XGetDefault` parses the whole
/// string on its first call; `FontChain.prepareResources`). Every query here
/// has two components (the font library's `dpi`, `Instance.setting`), and each component of a specification, `?` too,
/// takes one of them (Xlib's matching, Xlib manual 15.1: a loose binding
/// skips levels, the last component is never skipped). So a specification
/// can match only when it has at most two components, its last is the
/// query's last name or class or `?`, and either it has one component after
/// a loose binding (`*accentColor`) or its first is the query's first name or
/// class or `?` (`*w5.accentColor` cannot: w5 would have to be the
/// instance). This scan keeps just those lines, in time linear in the text;
/// Xlib still parses and matches what is kept.
enum XResourceLines {
    /// The logical lines of `text` (a line ending in a backslash goes on) that
    /// can answer a two-component query whose first name or class is in
    /// `first` and last in `last` (`?` matches any), each ending in a newline.
    static func matching(_ text: String, first: Set<String>, last: Set<String>) -> String {
        var kept = [UInt8]()
        var text = text
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            var start = 0
            while start < bytes.count {
                // One logical line: up to a newline not escaped by a backslash (memchr: the scan is most of the time).
                var end = start
                while true {
                    guard let newline = memchr(base + end, 0x0A, bytes.count - end) else { end = bytes.count; break }
                    end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
                    if end == start || bytes[end - 1] != 0x5C { break }
                    end += 1
                }
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if let spec = specification(line), spec.count <= 2, spec.last == "?" || last.contains(spec.last),
                   spec.count == 1 ? spec.loose : spec.first == "?" || first.contains(spec.first) {
                    kept.append(contentsOf: line)
                    kept.append(0x0A)
                }
                start = end + 1
            }
        }
        return String(decoding: kept, as: UTF8.self)
    }

    /// A database of `text`'s lines that can answer queries whose first
    /// component is in `first` and last in `last`; nil when none can.
    static func database(_ text: String, first: Set<String>, last: Set<String>) -> XrmDatabase? {
        let lines = matching(text, first: first, last: last)
        guard !lines.isEmpty else { return nil }
        XrmInitialize()
        return XrmGetStringDatabase(lines)
    }

    /// What of a resource line's specification (the text before its `:`,
    /// components split at `.` and `*`, blanks around them trimmed) decides
    /// whether it can match: its first and last components, how many it has,
    /// and whether it begins with a loose binding. Nil for a comment (`!`), a
    /// directive (`#`), or a line with no `:` or no component.
    private static func specification(_ line: UnsafeBufferPointer<UInt8>) -> (first: String, last: String, count: Int, loose: Bool)? {
        func isBlank(_ i: Int) -> Bool { line[i] == 0x20 || line[i] == 0x09 }
        func isBinding(_ i: Int) -> Bool { line[i] == 0x2E || line[i] == 0x2A }
        func text(_ from: Int, _ to: Int) -> String {
            // Blanks around a component are trimmed too: a line Xlib would take must never be dropped.
            var (from, to) = (from, to)
            while from < to, isBlank(from) { from += 1 }
            while to > from, isBlank(to - 1) { to -= 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: line[from..<to]), as: UTF8.self)
        }
        var i = 0
        while i < line.count, isBlank(i) { i += 1 }
        guard i < line.count, line[i] != 0x21, line[i] != 0x23 else { return nil }
        var colon = i
        while colon < line.count, line[colon] != 0x3A { colon += 1 }
        guard colon < line.count else { return nil }
        // Components: the runs between bindings (several bindings in a row are one, loose if any is `*`).
        var runs: [(Int, Int)] = [], loose = false, start = i
        for j in i...colon where j == colon || isBinding(j) {
            if j > start, !text(start, j).isEmpty { runs.append((start, j)) } else if runs.isEmpty, j < colon, line[j] == 0x2A { loose = true }
            start = j + 1
            if runs.count > 2 { break }
        }
        guard let head = runs.first, let tail = runs.last else { return nil }
        return (text(head.0, head.1), text(tail.0, tail.1), runs.count, loose)
    }
}
