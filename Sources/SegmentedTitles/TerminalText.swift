/// Text echoed in a one-line message on a terminal: control characters
/// (C0, DEL, C1: newlines, escape sequences) shown as `\n`, `\r`, `\t` or
/// `\u{1B}` instead of acting on the terminal or breaking the line.
public enum TerminalText {
    /// `text` cut to its first `limit` characters and "…" when longer: a
    /// file's text quoted in a message stays a line (a 15 MB key was once
    /// echoed whole).
    public static func shortened(_ text: String, limit: Int = 80) -> String {
        text.count > limit ? String(text.prefix(limit)) + "…" : text
    }

    /// `text` with every control character escaped.
    public static func oneLine(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x00...0x1F, 0x7F...0x9F: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
