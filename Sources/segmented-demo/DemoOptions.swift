import Glibc
import SegmentedX11

/// The demo's command line.
struct DemoOptions {
    var titlesFile: String?
    var selectedIndex = 0
    var width = 400
    var height = 200
    /// Whether --geometry was given (else the default size follows the scale).
    var geometryGiven = false
    /// Style values given on the command line, in order (they override X resources).
    var theme: [(setting: StripSetting, value: String)] = []
    /// The flag each `theme` entry came from (`--rtl` is `direction`).
    var themeFlags: [String] = []
    var trace = false
    var exitAfterFirstFrame = false
    var frameStats = false

    /// The largest window side accepted, pixels (the back buffer is width x height x 4 bytes on the server).
    static let maximumSide = 16384

    /// One of the demo's own flags (not a style setting), for `--help` and the man page alike.
    struct Flag {
        let flag: String
        let metavar: String?
        let help: String
    }

    /// The flags before the settings in `--help` and the man page.
    static let leadingFlags = [
        Flag(flag: "--titles-file", metavar: "PATH",
             help: "JSON array of titles and items ({\"title\", \"enabled\", \"badge\", ...}), or UTF-8 text with one title per line (default: the bundled titles.json, in share/segmented-strip when installed)"),
        Flag(flag: "--select", metavar: "INDEX", help: "initially selected segment, 0-based (default 0)"),
        Flag(flag: "--geometry", metavar: "WxH",
             help: "window size in pixels (default 400x200; each side 1 to 16384); without it the default size follows the scale"),
    ]

    /// `--rtl`, listed after the settings it is a shorthand for.
    static let rtlFlag = Flag(flag: "--rtl", metavar: nil, help: "the same as --direction rtl")

    /// The flags after the settings and the X resources paragraph.
    static let trailingFlags = [
        Flag(flag: "--trace", metavar: nil, help: "print one JSON object per line on stdout (see docs/trace.md)"),
        Flag(flag: "--exit-after-first-frame", metavar: nil, help: "exit 0 as soon as the first frame is on screen"),
        Flag(flag: "--frame-stats", metavar: nil, help: "with --trace: a \"frame\" event per painted frame with its CPU cost"),
        Flag(flag: "--help", metavar: nil, help: "show this help"),
        Flag(flag: "--man", metavar: nil, help: "print this help as a man page (roff; make install writes it as segmented-demo.1)"),
        Flag(flag: "--version", metavar: nil, help: "show the version"),
    ]

    /// The paragraph on input that ends `--help`, as its lines (the man page joins them).
    static let inputHelp = [
        "Click a title to select it; press and drag (or flick) to scroll; the wheel scrolls by steps.",
        "Under the strip, one page per title: drag or flick the pages, or turn the wheel sideways over",
        "them, and the strip follows.",
        "Keys: Left/Right and Ctrl+PageUp/PageDown select the previous/next title, Home/End the",
        "first/last, Alt+1 to Alt+8 the first to the eighth, Alt+9 the last, Ctrl+Tab and",
        "Ctrl+Shift+Tab the next/previous, wrapping at the ends; a right-click, Menu or Shift+F10 opens",
        "the list of every title; Escape or q quits. With --reorderable on, a press held still for",
        "0.4 s lifts a title to drag it to another place (Escape puts it back), Ctrl+Shift+PageUp/PageDown",
        "move the selected title one place and Ctrl+Shift+Home/End to either end; with --closable on,",
        "a click on a title's x (shown on the selected and the hovered title) or a middle-click closes",
        "it. SIGHUP reads the titles file again and applies the difference.",
    ]

    /// The usage line: the demo's own flags around every setting's (`StripSetting.all`).
    static var synopsis: [String] {
        StripSetting.wrap(usageItems, first: "usage: segmented-demo", column: 22, width: 100)
    }

    /// `[--flag METAVAR]` for every flag, in the usage line's order.
    static var usageItems: [String] {
        func item(_ flag: Flag) -> String { "[" + flag.flag + (flag.metavar.map { " " + $0 } ?? "") + "]" }
        return leadingFlags.map(item) + StripSetting.usageItems + ([rtlFlag] + trailingFlags).map(item)
    }

    /// `--help`'s lines for `flags`, laid out as `StripSetting.helpLines` lays out the settings.
    private static func helpLines(_ flags: [Flag]) -> [String] {
        flags.flatMap { flag in
            let head = "  " + flag.flag + (flag.metavar.map { " " + $0 } ?? "")
            return StripSetting.wrap(flag.help.split(separator: " ").map(String.init), first: head, column: 27, width: 100)
        }
    }

    static var usage: String {
        let settings = StripSetting.helpLines() + helpLines([rtlFlag])
        return (synopsis + [
            "",
            "  A value can also be written --flag=value (needed for one that starts with --).",
            "",
        ] + helpLines(leadingFlags) + [
            "",
            "Settings, also read from X resources (below):",
            "",
        ] + settings + [
            "",
            "  " + resourceHelp,
            "",
        ] + helpLines(trailingFlags) + [""] + inputHelp).joined(separator: "\n")
    }

    /// The help's paragraph on X resources, made from `StripSetting.all` so it names every setting.
    static var resourceHelp: String {
        let names = StripSetting.all.map(\.name)
        var lines = ["These can also come from the X resources (xrdb), as SegmentedStrip.<name> or"]
        lines.append("segmented-demo.<name>; flags win. The names:")
        var line = " "
        for (i, name) in names.enumerated() {
            let piece = " " + name + (i == names.count - 1 ? "." : ",")
            if line.count + piece.count > 90 {
                lines.append(line)
                line = " "
            }
            line += piece
        }
        lines.append(line)
        return lines.joined(separator: "\n      ")
    }

    /// What the command line asks for besides running.
    enum Action {
        case run(DemoOptions)
        case help
        case man
        case version
    }

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(_ arguments: [String]) throws -> Action {
        var options = DemoOptions()
        var rest = arguments[...]
        func value(for flag: String, inline: String?) throws -> String {
            if let inline { return inline }
            // "--font --trace" is a forgotten value, not a pattern named "--trace" (write --font=--trace for that).
            guard let next = rest.first, !next.hasPrefix("--") else {
                let hint = rest.first.map { " (for a value that starts with --, write \(flag)=\($0))" } ?? ""
                throw UsageError(description: "\(flag) needs a value\(hint)")
            }
            rest.removeFirst()
            return next
        }
        func number(_ text: Substring) -> Int? {
            guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(text)
        }
        func noValue(_ flag: String, _ inline: String?) throws {
            if inline != nil { throw UsageError(description: "\(flag) takes no value") }
        }
        while let argument = rest.popFirst() {
            var flag = argument
            var inline: String?
            if argument.hasPrefix("--"), let eq = argument.firstIndex(of: "=") {
                flag = String(argument[..<eq])
                inline = String(argument[argument.index(after: eq)...])
            }
            switch flag {
            case "--help", "-h": return .help
            case "--version": return .version
            case "--man": return .man
            case "--trace":
                try noValue(flag, inline)
                options.trace = true
            case "--exit-after-first-frame":
                try noValue(flag, inline)
                options.exitAfterFirstFrame = true
            case "--frame-stats":
                try noValue(flag, inline)
                options.frameStats = true
            case "--titles-file": options.titlesFile = try value(for: flag, inline: inline)
            case "--rtl":
                try noValue(flag, inline)
                options.theme.append((StripSetting.all.first { $0.name == "direction" }!, "rtl"))
                options.themeFlags.append(flag)
            case let themed where StripSetting.all.contains(where: { $0.flag == themed }):
                let setting = StripSetting.all.first { $0.flag == themed }!
                options.theme.append((setting, try value(for: flag, inline: inline)))
                options.themeFlags.append(flag)
            case "--select":
                let text = try value(for: flag, inline: inline)
                guard let index = number(Substring(text)) else {
                    throw UsageError(description: "--select needs a non-negative whole number, not '\(text)'")
                }
                options.selectedIndex = index
            case "--geometry":
                let text = try value(for: flag, inline: inline)
                let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2, let w = number(parts[0]), let h = number(parts[1]),
                      (1...maximumSide).contains(w), (1...maximumSide).contains(h) else {
                    throw UsageError(description: "bad geometry '\(text)': expected WxH with each side from 1 to \(maximumSide) pixels, e.g. 400x200")
                }
                options.width = w
                options.height = h
                options.geometryGiven = true
            default:
                throw UsageError(description: "unknown option '\(argument)' (see --help)")
            }
        }
        // A setting given twice with different values (--rtl with --direction ltr, two
        // different --font patterns) is a mistake to point out, not one to settle silently.
        var given = [String: (flag: String, value: String)]()
        for (index, (setting, value)) in options.theme.enumerated() {
            let flag = options.themeFlags[index]
            if let earlier = given[setting.name], !Self.sameValue(setting, earlier.value, value) {
                throw UsageError(description: "\(Self.shown(earlier.flag, earlier.value)) conflicts with \(Self.shown(flag, value)): give one")
            }
            given[setting.name] = (flag, value)
        }
        return .run(options)
    }

    /// Whether two texts give `setting` the same value (`1` and `1.0`, `#f00` and `#FF0000`):
    /// both parsed into a style and compared; texts that need the display to parse
    /// (X color names) are compared without case or surrounding white space.
    private static func sameValue(_ setting: StripSetting, _ a: String, _ b: String) -> Bool {
        var first = StripStyle(), second = StripStyle()
        if (try? setting.apply(a, to: &first, display: nil)) != nil, (try? setting.apply(b, to: &second, display: nil)) != nil {
            return first == second
        }
        func normal(_ text: String) -> String { text.trimmingWhitespace().lowercased() }
        return normal(a) == normal(b)
    }

    /// How a flag was written, for messages: `--rtl`, or `--direction ltr`.
    private static func shown(_ flag: String, _ value: String) -> String {
        flag == "--rtl" ? flag : "\(flag) \(value)"
    }
}
