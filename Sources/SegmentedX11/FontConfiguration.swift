import CX11
import Glibc

/// fontconfig's configuration, loaded once per process before the first
/// font is matched, so that what fontconfig prints meanwhile is said in one
/// warning line of the program's, never in fontconfig's own raw lines.
///
/// fontconfig writes to standard error itself while it reads its
/// configuration ("Fontconfig error: Cannot load default config file", an
/// unknown element in `$FONTCONFIG_FILE`, a file it cannot parse, one it
/// could not open for want of a descriptor) and goes on with its built-in
/// defaults. `FcInit` reads it here with standard error caught, as Xlib's is
/// while the display opens; `XftFontMatch` then finds it read.
@MainActor
enum FontConfiguration {
    private static var loaded = false

    /// Reads fontconfig's configuration the first time it is called; after that, nothing.
    static func load() {
        guard !loaded else { return }
        loaded = true
        let said = StandardErrorCapture()
        _ = FcInit()
        if let warning = warning(said.finish()) { XErrorReporting.warn(warning) }
    }

    /// What fontconfig printed, as one line: its first error (else its first
    /// message) without the "Fontconfig error: " (or "warning: ") before it,
    /// and how many more there were; nil when it printed nothing.
    static func warning(_ printed: String) -> String? {
        let lines = printed.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        guard var first = lines.first(where: { $0.hasPrefix("Fontconfig error: ") }) ?? lines.first else { return nil }
        for prefix in ["Fontconfig error: ", "Fontconfig warning: "] where first.hasPrefix(prefix) {
            first = String(first.dropFirst(prefix.count))
        }
        let more = lines.count - 1
        return "fontconfig: \(IconCache.printable(first))" + (more == 0 ? "" : " (and \(more) more message\(more == 1 ? "" : "s"))")
    }
}
