/// Text echoed in a one-line message on a terminal: control characters
/// (C0, DEL, C1: newlines, escape sequences) and bidirectional controls
/// shown as `\n`, `\r`, `\t` or `\u{1B}` instead of acting on the terminal,
/// breaking the line or reordering the message around them (U+202E).
public enum TerminalText {
    /// `text` cut to its first `limit` characters and "…" when longer: a
    /// file's text quoted in a message stays a line (a 15 MB key was once
    /// echoed whole).
    public static func shortened(_ text: String, limit: Int = 80) -> String {
        text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    /// `text` shortened and in double quotes, its own quotes and backslashes
    /// escaped (`\"`, `\\`) as in JSON, so that where it ends is plain.
    public static func quoted(_ text: String) -> String {
        var escaped = ""
        for character in shortened(text) {
            if character == "\"" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return "\"" + escaped + "\""
    }

    /// `text` with every control character and bidirectional control escaped.
    public static func oneLine(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case let value where value <= 0x1F || (0x7F...0x9F).contains(value) || scalar.properties.isBidiControl:
                out += "\\u{" + String(value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
