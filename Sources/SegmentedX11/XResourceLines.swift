import CXft

/// The lines of a resource database (a RESOURCE_MANAGER string) that can
/// answer a given set of queries, so that Xlib's parser sees only those.
///
/// `XrmGetStringDatabase` takes time that grows faster than the text: a
/// database of 200,000 lines took seconds, once for the strip's resources
/// and once more for Xft's (`XGetDefault` parses the whole string on its
/// first call). A specification can match a query only when its first
/// component is the query's first name or class, `?`, or a loose binding
/// (`*...`), and its last component is the query's last name or class or
/// `?` (Xlib's matching, Xlib manual 15.1: the last component is never
/// skipped). This scan keeps just those lines, in time linear in the text;
/// Xlib still parses and matches what is kept.
enum XResourceLines {
    /// The queries Xft makes: `XGetDefault(display, "Xft", option)`, that is name `Xft.option`, class
    /// `Program.Name`, for the options libXft's xftdpy.c reads (fontconfig's property names).
    static let xftFirst: Set<String> = ["Xft", "Program"]
    static let xftLast: Set<String> = ["antialias", "autohint", "core", "dpi", "embolden", "hinting", "hintstyle", "lcdfilter",
                                       "maxglyphmemory", "maxunreffonts", "minspace", "render", "rgba", "scale", "trackmemusage", "Name"]

    /// The logical lines of `text` (a line ending in a backslash goes on) whose
    /// specification's first component is in `first` and last one in `last`
    /// (`?` and a leading loose binding match any), each ending in a newline.
    static func matching(_ text: String, first: Set<String>, last: Set<String>) -> String {
        var kept = [UInt8]()
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            while start < bytes.count {
                // One logical line: up to a newline not escaped by a backslash.
                var end = start
                while end < bytes.count, !(bytes[end] == 0x0A && (end == start || bytes[end - 1] != 0x5C)) { end += 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if let (head, tail) = components(line), head.isEmpty || head == "?" || first.contains(head), tail == "?" || last.contains(tail) {
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

    /// The first and last components of a resource line's specification
    /// (the text before its `:`, components split at `.` and `*`, blanks
    /// around trimmed); the first is empty for a leading binding. Nil for a
    /// comment (`!`), a directive (`#`) or a line with no `:`.
    private static func components(_ line: UnsafeBufferPointer<UInt8>) -> (String, String)? {
        var i = 0
        while i < line.count, line[i] == 0x20 || line[i] == 0x09 { i += 1 }
        guard i < line.count, line[i] != 0x21, line[i] != 0x23, let colon = line[i...].firstIndex(of: 0x3A) else { return nil }
        var end = colon
        while end > i, line[end - 1] == 0x20 || line[end - 1] == 0x09 { end -= 1 }
        let spec = line[i..<end]
        let isBinding = { (byte: UInt8) in byte == 0x2E || byte == 0x2A }
        let headEnd = spec.firstIndex(where: isBinding) ?? end
        let tailStart = spec.lastIndex(where: isBinding).map { $0 + 1 } ?? i
        // Blanks around a component are trimmed too: a line Xlib would take must never be dropped.
        let trimmed = { (bytes: Slice<UnsafeBufferPointer<UInt8>>) in
            String(decoding: bytes.drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed(), as: UTF8.self)
        }
        return (trimmed(line[i..<headEnd]), trimmed(line[tailStart..<end]))
    }
}
