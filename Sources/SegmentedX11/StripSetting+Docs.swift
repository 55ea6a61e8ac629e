import Glibc

extension StripSetting {
    /// docs/settings.md's settings table (between its `settings:begin` and
    /// `settings:end` markers): one row per setting.
    public static var markdownTable: String {
        func cell(_ text: String) -> String { text.replacing("|", with: "\\|") }
        var lines = ["| resource | flag | `StripStyle` field | default | accepts | what it sets |", "| --- | --- | --- | --- | --- | --- |"]
        for setting in all {
            let fields = setting.fields.map { "`" + fieldName($0) + "`" }.joined(separator: ", ")
            lines.append("| `\(StripXResources.resourceClass).\(setting.name)` | `\(setting.flag)` | \(fields) | `\(cell(setting.defaultText))` "
                         + "| \(cell(setting.accepted)) | \(cell(setting.details ?? setting.help)) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `--help`'s lines for every setting: the flag, its placeholder, the help,
    /// the default and what it accepts, wrapped at `width` columns.
    public static func helpLines(indent: Int = 2, column: Int = 27, width: Int = 100) -> [String] {
        all.flatMap { setting in
            let head = String(repeating: " ", count: indent) + setting.flag + " " + setting.metavar
            let text = "\(setting.help) (default \(setting.defaultText); \(setting.accepted))"
            return wrap(text.split(separator: " ").map(String.init), first: head, column: column, width: width)
        }
    }

    /// `[--flag METAVAR]` for every setting, as the usage line shows them.
    public static var usageItems: [String] {
        all.map { "[\($0.flag) \($0.metavar)]" }
    }

    /// `words` joined by spaces in lines of at most `width` columns (a word
    /// never splits), the first line after `first` padded to `column` (or, when
    /// `first` is too long for that, on the next line), the others indented to it.
    public static func wrap(_ words: [String], first: String, column: Int, width: Int) -> [String] {
        var lines = [String]()
        var line = first.count < column ? first + String(repeating: " ", count: column - first.count) : first
        var empty = first.count < column
        if !empty {
            lines.append(line)
            line = String(repeating: " ", count: column)
            empty = true
        }
        for word in words {
            if !empty, line.count + 1 + word.count > width {
                lines.append(line)
                line = String(repeating: " ", count: column)
                empty = true
            }
            line += (empty ? "" : " ") + word
            empty = false
        }
        lines.append(line)
        return lines
    }
}
