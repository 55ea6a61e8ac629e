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
        static func item(_ members: [(key: String, value: JSONValue)]) throws(Problem) -> SegmentItem {
            // Each key's value; `null` is the same as leaving the key out.
            var title, icon, badge, enabled, tooltip, id: JSONValue?
            var seen = 0
            for (key, value) in members {
                // The slots follow `keys`' order.
                let slot: Int
                switch key {
                case "title": slot = 0
                case "icon": slot = 1
                case "badge": slot = 2
                case "enabled": slot = 3
                case "tooltip": slot = 4
                case "id": slot = 5
                default:
                    throw Problem(detail: "unknown key \"\(TerminalText.oneLine(TerminalText.shortened(key)))\" (an item has \(keys.map { "\"\($0)\"" }.joined(separator: ", ")))")
                }
                guard seen & (1 << slot) == 0 else { throw Problem(detail: "\"\(key)\" is given twice") }
                seen |= 1 << slot
                let given: JSONValue? = if case .null = value { nil } else { value }
                switch slot {
                case 0: title = given
                case 1: icon = given
                case 2: badge = given
                case 3: enabled = given
                case 4: tooltip = given
                default: id = given
                }
            }
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
