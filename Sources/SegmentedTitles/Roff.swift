/// Text for a manual page in roff (man macros), for the programs' `--man`.
public enum Roff {
    /// roff's escapes: a backslash as `\e`, `-` as `\-` (the minus man pages use in flags, so that
    /// they can be searched and copied), and every other non-ASCII character as `\[uXXXX]`, so the
    /// page is plain ASCII and reads the same in any locale (troff takes its input as Latin-1).
    public static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case _ where scalar.isASCII: out.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        return out
    }

    /// Running text: escaped, and protected from being read as a request when it starts with `.` or `'`.
    public static func text(_ text: String) -> String {
        let escaped = escape(text)
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }
}
