import Foundation

/// The demo's command line.
struct DemoOptions {
    var titlesFile: String?
    var selectedIndex = 0
    var width = 400
    var height = 200
    var font: String?
    var selectedFont: String?
    var trace = false
    var exitAfterFirstFrame = false

    static let usage = """
    usage: segmented-demo [--titles-file PATH] [--select INDEX] [--geometry WxH] [--font PATTERN]
                          [--selected-font PATTERN] [--trace] [--exit-after-first-frame] [--help] [--version]

      --titles-file PATH       JSON array of strings, or UTF-8 text with one title per line
                               (default: the bundled Resources/titles.json)
      --select INDEX           initially selected segment, 0-based (default 0)
      --geometry WxH           window size in pixels (default 400x200)
      --font PATTERN           fontconfig pattern of unselected titles (default sans-serif:pixelsize=15)
      --selected-font PATTERN  fontconfig pattern of the selected title (default sans-serif:pixelsize=17:weight=bold)
      --trace                  print one JSON object per line on stdout (see README)
      --exit-after-first-frame exit 0 as soon as the first frame is on screen
      --help                   show this help
      --version                show the version

    Keys: Escape or q quits. Click a title to select it; press and drag to scroll.
    """

    /// What the command line asks for besides running.
    enum Action {
        case run(DemoOptions)
        case help
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
            guard let next = rest.popFirst() else { throw UsageError(description: "\(flag) needs a value") }
            return next
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
            case "--trace": options.trace = true
            case "--exit-after-first-frame": options.exitAfterFirstFrame = true
            case "--titles-file": options.titlesFile = try value(for: flag, inline: inline)
            case "--font": options.font = try value(for: flag, inline: inline)
            case "--selected-font": options.selectedFont = try value(for: flag, inline: inline)
            case "--select":
                let text = try value(for: flag, inline: inline)
                guard let index = Int(text), index >= 0 else {
                    throw UsageError(description: "--select needs a non-negative whole number, not '\(text)'")
                }
                options.selectedIndex = index
            case "--geometry":
                let text = try value(for: flag, inline: inline)
                let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
                      (1...32767).contains(w), (1...32767).contains(h) else {
                    throw UsageError(description: "bad geometry '\(text)': expected WxH with each side from 1 to 32767 pixels, e.g. 400x200")
                }
                options.width = w
                options.height = h
            default:
                throw UsageError(description: "unknown option '\(argument)' (see --help)")
            }
        }
        return .run(options)
    }
}
