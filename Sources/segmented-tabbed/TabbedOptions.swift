import SegmentedTitles
import SegmentedX11

/// segmented-tabbed's command line: tabbed(1)'s short options, the strip's
/// own long settings (`StripSetting.all`, as the demo takes them) and
/// `--trace`.
struct TabbedOptions {
    /// `-c`: exit once the last tab has closed.
    var closeWithLastTab = false
    /// `-d`: detach from the terminal (the id is printed first).
    var detach = false
    /// `-f`: spawn the command again when the last tab has closed.
    var refillWhenEmpty = false
    /// `-k`: a close of the container closes only the tab shown.
    var closeShownOnly = false
    /// `-s`: do not spawn the command at start.
    var spawnAtStart = true
    /// `-g`: the window's size and place, an X geometry (`800x600+10+10`).
    var geometry: String?
    /// `-n`: WM_CLASS's instance name.
    var name = "segmented-tabbed"
    /// `-p`: where a new tab goes.
    var position = NewTabPosition.end
    /// `-r n`: the command's argument n is replaced by the window id (0: appended, in decimal).
    var replacedArgument = 0
    /// `-o -O -t -T -u -U` and the long settings, applied to the default style in order, each with the flag as typed.
    var settings: [(setting: StripSetting, value: String, flag: String)] = []
    /// `--trace`: one JSON line per event on stdout.
    var trace = false
    /// `--numbers`: 1 to 9 before the first nine titles, the tabs Ctrl+1 to Ctrl+9 show (tabbed's clientnumber patch).
    var numbers = false
    /// `--autohide`: the strip hidden while there are fewer than two tabs (tabbed's autohide patch).
    var autohide = false
    /// `--adopt ID[,ID...]` (repeatable): other programs' top-level windows to take as tabs at start, in order.
    var adopt: [UInt] = []
    /// `--adopt pick`: the user clicks each window to take, with a crosshair, until Escape.
    var pick = false
    /// What to spawn (`command...`).
    var command: [String] = []
    /// `--help` (`-h`), `--man` or `-v` (`--version`): print it and exit, wherever it came among the options, as
    /// tabbed's getopt does; the options after it are not read.
    var printOnly: PrintOnly?
    enum PrintOnly { case help, man, version }

    /// A command line that cannot be used: its one-line message (exit 2).
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    /// The one-line usage.
    static let usage = "usage: segmented-tabbed [-c] [-d] [-f] [-k] [-s] [-v] [-g geometry] [-n name] [-p [s][+-]pos] [-r narg] "
        + "[-o|-O|-t|-T|-u|-U color] [--numbers] [--autohide] [--adopt ID[,ID...]|pick]... [--SETTING VALUE]... [--trace] [command...]"

    /// Every option but the strip's settings, with its value's name and what it does: `--help` and the man page.
    static let flags: [(flag: String, metavar: String?, help: String)] = [
        ("-c", nil, "exit once the last tab has closed"),
        ("-d", nil, "detach: print the window id, then go on in a session of its own"),
        ("-f", nil, "spawn the command again when the last tab has closed"),
        ("-k", nil, "a close of the container closes only the tab shown"),
        ("-s", nil, "do not spawn the command at start"),
        ("-v", nil, "print the version and exit (also --version)"),
        ("-g", "geometry", "the window's X geometry (default 800x600)"),
        ("-n", "name", "WM_CLASS's instance name (default segmented-tabbed; the class is SegmentedTabbed)"),
        ("-p", "[s][+-]pos", "where a new tab goes: an absolute place, negative from the end (-1, the default, after the last; "
            + "tabbed's is 0, the first), or with s relative to the tab shown"),
        ("-r", "narg", "replace argument narg of the command (1 is the first after the program) with the window id; "
            + "without it, or with 0, the id is appended"),
        ("-o", "color", "the strip's background (--background-color)"),
        ("-O", "color", "the strip's text (--text-color)"),
        ("-t", "color", "the selected tab's title and indicator (--accent-color)"),
        ("-T", "color", "the title over a box indicator (--indicator-title-color)"),
        ("-u", "color", "the attention badge's fill (--badge-color)"),
        ("-U", "color", "the attention badge's text (--badge-text-color)"),
        ("--adopt", "ID[,ID...]|pick", "take these top-level windows of other programs as tabs, in order (ids in hex 0x... or "
            + "decimal, as xwininfo gives them); pick: click each with the crosshair, Escape to end"),
        ("--autohide", nil, "hide the strip while there are fewer than two tabs; the tab shown takes the whole window"),
        ("--numbers", nil, "put 1 to 9 before the first nine titles: the tabs Ctrl+1 to Ctrl+9 show"),
        ("--trace", nil, "after the window id, one JSON line per event on standard output"),
        ("--man", nil, "print the manual page (roff) and exit"),
        ("--help", nil, "print the usage and the options and exit"),
    ]

    /// `--help`: the usage, the options, the keys and where the strip's settings are.
    @MainActor
    static var help: String {
        var lines = [usage, "", "Options:"]
        for flag in flags {
            lines += StripSetting.wrap(flag.help.split(separator: " ").map(String.init),
                                       first: "  " + flag.flag + (flag.metavar.map { " " + $0 } ?? ""), column: 20, width: 100)
        }
        lines += ["", "Keys:"]
        for binding in Keys.bindings where !binding.label.isEmpty {
            lines += StripSetting.wrap(binding.help.split(separator: " ").map(String.init), first: "  " + binding.label, column: 20, width: 100)
        }
        lines += ["", "Every setting of the strip is a flag too (--accent-color C, --font PATTERN...): segmented-tabbed --man lists them."]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The strip's style before X resources and flags: tabs that close and move, the one shown before taking a
    /// closed one's place, and titles at most 240 px wide (as Chrome's and Firefox's tabs are: a long title does
    /// not fill the bar).
    static var defaultStyle: StripStyle {
        var style = StripStyle()
        style.metrics.maximumSegmentWidth = 240
        style.behavior.closable = .on
        style.behavior.reorderable = .on
        style.behavior.removalSelection = .previouslySelected
        return style
    }

    /// The strip's settings that do something here: not those of a page area under the strip, which the
    /// container has none of (its clients are there). The others are still taken, with no effect.
    static var settings: [StripSetting] { StripSetting.all.filter { !["pageFont", "pageTextColor"].contains($0.name) } }

    /// tabbed's color options and the strip settings they set: normal background and text, the selected tab's
    /// indicator and text (the accent), and the urgent badge's fill and text.
    static let colorOptions: [Character: String] = ["o": "background-color", "O": "text-color", "t": "accent-color",
                                                     "T": "indicator-title-color", "u": "badge-color", "U": "badge-text-color"]

    /// Parses `arguments` (without the program's name). Options end at the first non-option (the command) or `--`.
    /// - Throws: `UsageError` for an unknown option, a missing value or a bad number.
    static func parse(_ arguments: [String]) throws -> TabbedOptions {
        var options = TabbedOptions()
        var rest = arguments[...]
        func value(for option: String) throws -> String {
            guard let next = rest.popFirst() else { throw UsageError(description: "\(option) needs a value") }
            return next
        }
        while let argument = rest.first {
            if argument == "--" {
                rest.removeFirst()
                break
            }
            guard argument.hasPrefix("-"), argument.count > 1 else { break }
            rest.removeFirst()
            if argument.hasPrefix("--") {
                let printing: [String: PrintOnly] = ["--help": .help, "--man": .man, "--version": .version]
                if let print = printing[argument] {
                    options.printOnly = print
                    return options
                }
                if argument == "--trace" {
                    options.trace = true
                } else if argument == "--numbers" {
                    options.numbers = true
                } else if argument == "--autohide" {
                    options.autohide = true
                } else if argument == "--adopt" {
                    let text = try value(for: argument)
                    if text == "pick" {
                        options.pick = true
                    } else {
                        for id in text.split(separator: ",", omittingEmptySubsequences: false) {
                            guard let window = windowID(String(id)), window != 0 else {
                                throw UsageError(description: "--adopt needs window ids (0x... or decimal) or pick, not '\(TerminalText.oneLine(text))'")
                            }
                            options.adopt.append(window)
                        }
                    }
                } else if let setting = StripSetting.all.first(where: { $0.flag == argument }) {
                    options.settings.append((setting, try value(for: argument), argument))
                } else {
                    throw UsageError(description: "unknown option '\(TerminalText.oneLine(argument))' (try --help)")
                }
                continue
            }
            // Short options may be grouped (`-cs`); one that takes a value takes the rest of the word or the next one.
            var letters = Substring(argument.dropFirst())
            while let letter = letters.popFirst() {
                func attached() throws -> String {
                    if !letters.isEmpty {
                        defer { letters = "" }
                        return String(letters)
                    }
                    return try value(for: "-\(letter)")
                }
                switch letter {
                case "h", "v":
                    options.printOnly = letter == "h" ? .help : .version
                    return options
                case "c": options.closeWithLastTab = true
                case "d": options.detach = true
                case "f": options.refillWhenEmpty = true
                case "k": options.closeShownOnly = true
                case "s": options.spawnAtStart = false
                case "g": options.geometry = try attached()
                case "n":
                    // WM_CLASS goes in one request: a name past what a server takes was dropped with no word.
                    options.name = try attached()
                    guard options.name.utf8.count <= 1024 else { throw UsageError(description: "-n needs a name of at most 1024 bytes") }
                case "p":
                    let text = try attached()
                    guard let position = NewTabPosition(text) else {
                        throw UsageError(description: "-p needs [s][+-]position, a whole number, not '\(TerminalText.oneLine(text))'")
                    }
                    options.position = position
                case "r":
                    let text = try attached()
                    guard let n = Int(text), n >= 0 else {
                        throw UsageError(description: "-r needs an argument number (0 or more), not '\(TerminalText.oneLine(text))'")
                    }
                    options.replacedArgument = n
                case let color where colorOptions[color] != nil:
                    let flag = "--" + colorOptions[color]!
                    guard let setting = StripSetting.all.first(where: { $0.flag == flag }) else { continue }
                    options.settings.append((setting, try attached(), "-\(letter)"))
                default:
                    throw UsageError(description: "unknown option '-\(TerminalText.oneLine(String(letter)))' (try --help)")
                }
            }
        }
        options.command = Array(rest)
        if options.replacedArgument >= options.command.count, options.replacedArgument > 0 {
            throw UsageError(description: "-r \(options.replacedArgument): the command has no argument \(options.replacedArgument)")
        }
        return options
    }

    /// A window id as xwininfo and xdotool print it: `0x` and hex, or decimal; at most 32 bits (an X id has 29).
    static func windowID(_ text: String) -> UInt? {
        let lower = text.lowercased()
        let value = lower.hasPrefix("0x") ? UInt32(lower.dropFirst(2), radix: 16) : UInt32(lower)
        return value.map(UInt.init)
    }

    /// The command to spawn with the container's window id in it: argument
    /// `replacedArgument` replaced, or the id appended, in decimal (tabbed's way).
    func command(embeddingInto window: UInt) -> [String] {
        var command = command
        if replacedArgument > 0 {
            command[replacedArgument] = String(window)
        } else {
            command.append(String(window))
        }
        return command
    }
}

/// Where a new tab goes (`-p`): at an absolute place (negative from the end,
/// -1 the last), or relative to the tab shown (`s+1` right after it).
enum NewTabPosition: Equatable {
    case absolute(Int)
    case relative(Int)

    /// After every tab.
    static let end = NewTabPosition.absolute(-1)

    /// `[s][+-]pos`; nil when it is not that.
    init?(_ text: String) {
        let relative = text.hasPrefix("s")
        guard let n = Int(relative ? String(text.dropFirst()) : text) else { return nil }
        self = relative ? .relative(n) : .absolute(n)
    }

    /// The index a new tab takes among `count` tabs with `shown` shown, clamped to 0...count.
    func index(count: Int, shown: Int?) -> Int {
        switch self {
        case let .absolute(n): return n < 0 ? max(0, count + 1 + n) : min(n, count)
        case let .relative(n): return min(max(0, (shown ?? count - 1) + n), count)
        }
    }
}
