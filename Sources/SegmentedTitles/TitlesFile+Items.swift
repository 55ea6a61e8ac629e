import SegmentedCore

extension TitlesFile {
    /// One item object of a titles file:
    /// `{"title": …, "icon": …, "badge": …, "enabled": …, "tooltip": …, "id": …}`.
    ///
    /// `title` (a string) is required; the others are optional, and `null`
    /// is the same as leaving a key out:
    /// - `icon`: a non-empty string: a file path when it holds a `/`, else an
    ///   icon theme name (`SegmentIcon(_:)`);
    /// - `badge`: a count (an integer, 0 or more), `"dot"`, or a short text of
    ///   1 to `SegmentBadge.maximumTextLength` (12) characters after trimming white space;
    /// - `enabled`: `true` or `false` (default `true`);
    /// - `tooltip`: a string;
    /// - `id`: a non-empty string, different from every other element's.
    ///
    /// Any other key is refused, so a misspelt one (`"enable"`) is not silently ignored.
    enum ItemObject {
        /// Why an object is not an item: `detail` names the key, in the words of the message.
        struct Problem: Error {
            let detail: String
        }

        /// The keys an item has, in the order messages list them (and `item(_:)` numbers them).
        static let keys = ["title", "icon", "badge", "enabled", "tooltip", "id"]

        /// The item that `members` (an object's, in the order written) describe.
        /// - Throws: `Problem` naming the first unknown or repeated key, or the key whose value is wrong.
        static func item(_ members: [JSONMember]) throws(Problem) -> SegmentItem {
            // Where each key's member is: the values are read in place, not copied out one by one.
            var titleAt, iconAt, badgeAt, enabledAt, tooltipAt, idAt: Int?
            // The keys alone: enumerating the members would copy each value.
            for (index, key) in members.lazy.map(\.key).enumerated() {
                switch key {
                case "title": try Self.place(index, in: &titleAt, key: "title")
                case "icon": try Self.place(index, in: &iconAt, key: "icon")
                case "badge": try Self.place(index, in: &badgeAt, key: "badge")
                case "enabled": try Self.place(index, in: &enabledAt, key: "enabled")
                case "tooltip": try Self.place(index, in: &tooltipAt, key: "tooltip")
                case "id": try Self.place(index, in: &idAt, key: "id")
                default:
                    throw Problem(detail: "unknown key \(TerminalText.oneLine(TerminalText.quoted(key))) (an item has \(keys.map { "\"\($0)\"" }.joined(separator: ", ")))")
                }
            }
            // `null` is the same as leaving the key out.
            let title = given(at: titleAt, of: members), icon = given(at: iconAt, of: members), badge = given(at: badgeAt, of: members)
            let enabled = given(at: enabledAt, of: members), tooltip = given(at: tooltipAt, of: members), id = given(at: idAt, of: members)
            func string(_ value: JSONValue?, _ key: String, _ requirement: String) throws(Problem) -> String? {
                switch value {
                case nil: return nil
                case let .string(text)?: return text
                default: throw Problem(detail: "\"\(key)\" must be \(requirement)")
                }
            }
            guard let title = try string(title, "title", "a string") else { throw Problem(detail: "\"title\" is required") }
            let iconText = try string(icon, "icon", "a file path or an icon name")
            // A NUL would end the path where the system reads it ("/etc/passwd\u0000.png").
            if let iconText, iconText.isBlank || iconText.utf8Contains(0) {
                throw Problem(detail: "\"icon\" must be a file path or an icon name")
            }
            let isEnabled: Bool
            switch enabled {
            case nil: isEnabled = true
            case let .bool(flag)?: isEnabled = flag
            default: throw Problem(detail: "\"enabled\" must be true or false")
            }
            let idText = try string(id, "id", "a non-empty string")
            if idText?.isEmpty == true { throw Problem(detail: "\"id\" must be a non-empty string") }
            // Made whole, at once: an item is large, and each change of a var copied it.
            return SegmentItem(title: title, icon: iconText.map(SegmentIcon.init), badge: try Self.badge(badge), isEnabled: isEnabled,
                               tooltip: try string(tooltip, "tooltip", "a string"), id: idText)
        }

        /// The value of the member at `index`; nil for none, or `null`.
        private static func given(at index: Int?, of members: [JSONMember]) -> JSONValue? {
            guard let index else { return nil }
            if case .null = members[index].value { return nil }
            return members[index].value
        }

        /// Notes that `key`'s member is at `index`.
        /// - Throws: `Problem` when `key` was given before (`at` holds its index).
        private static func place(_ index: Int, in at: inout Int?, key: String) throws(Problem) {
            guard at == nil else { throw Problem(detail: "\"\(key)\" is given twice") }
            at = index
        }

        /// The badge: a count (an integer written without a fraction or an
        /// exponent, 0 or more), "dot" or a short text (`SegmentBadge(text:)`); nil when absent.
        private static func badge(_ value: JSONValue?) throws(Problem) -> SegmentBadge? {
            // Made only when thrown: its text is built by interpolation.
            func problem() -> Problem {
                Problem(detail: "\"badge\" must be a count, \"dot\" or a short text (an integer from 0, or 1 to \(SegmentBadge.maximumTextLength) characters)")
            }
            switch value {
            case nil: return nil
            case let .number(text)?:
                guard !text.hasPrefix("-"), let count = Int(text) else { throw problem() }
                return .count(count)
            case let .string(text)?:
                guard let badge = SegmentBadge(text: text) else { throw problem() }
                return badge
            default: throw problem()
            }
        }
    }
}
