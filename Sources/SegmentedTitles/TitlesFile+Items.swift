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
    struct ItemObject: Decodable {
        /// Why an object is not an item: `detail` names the key, in the words of the message.
        struct Problem: Error {
            let detail: String
        }

        /// The keys an item has, in the order messages list them.
        static let keys = ["title", "icon", "badge", "enabled", "tooltip", "id"]

        struct Key: CodingKey {
            let stringValue: String
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
            var intValue: Int? { nil }
        }

        let item: SegmentItem

        init(from decoder: any Decoder) throws {
            let object = try decoder.container(keyedBy: Key.self)
            // Sorted: a message names the same unknown key whatever order the decoder keeps them in.
            if object.allKeys.contains(where: { !Self.keys.contains($0.stringValue) }),
               let unknown = object.allKeys.map(\.stringValue).sorted().first(where: { !Self.keys.contains($0) }) {
                throw Problem(detail: "unknown key \"\(TerminalText.oneLine(unknown))\" (an item has \(Self.keys.map { "\"\($0)\"" }.joined(separator: ", ")))")
            }
            // One function per type, not one generic one: the container's String and Bool requirements are
            // its own, and a generic call goes through its boxed, metadata-instantiating path for every key.
            func value(_ type: String.Type, _ key: String, _ requirement: String) throws -> String? {
                do {
                    return try object.decodeIfPresent(String.self, forKey: Key(stringValue: key))
                } catch {
                    throw Problem(detail: "\"\(key)\" must be \(requirement)")
                }
            }
            func value(_ type: Bool.Type, _ key: String, _ requirement: String) throws -> Bool? {
                do {
                    return try object.decodeIfPresent(Bool.self, forKey: Key(stringValue: key))
                } catch {
                    throw Problem(detail: "\"\(key)\" must be \(requirement)")
                }
            }
            guard let title = try value(String.self, "title", "a string") else {
                throw Problem(detail: "\"title\" is required")
            }
            var item = SegmentItem(title)
            if let icon = try value(String.self, "icon", "a file path or an icon name") {
                guard icon.contains(where: { !$0.isWhitespace }) else { throw Problem(detail: "\"icon\" must be a file path or an icon name") }
                item.icon = SegmentIcon(icon)
            }
            item.badge = try Self.badge(object)
            item.isEnabled = try value(Bool.self, "enabled", "true or false") ?? true
            item.tooltip = try value(String.self, "tooltip", "a string")
            if let id = try value(String.self, "id", "a non-empty string") {
                guard !id.isEmpty else { throw Problem(detail: "\"id\" must be a non-empty string") }
                item.id = id
            }
            self.item = item
        }

        /// The badge: a count, "dot" or a short text (`SegmentBadge(text:)`); nil when absent.
        private static func badge(_ object: KeyedDecodingContainer<Key>) throws -> SegmentBadge? {
            let key = Key(stringValue: "badge")
            guard object.contains(key), (try? object.decodeNil(forKey: key)) == false else { return nil }
            // Made only when thrown: building its text for every item took 7 % of a 100,000-item parse.
            func problem() -> Problem {
                Problem(detail: "\"badge\" must be a count, \"dot\" or a short text (an integer from 0, or 1 to \(SegmentBadge.maximumTextLength) characters)")
            }
            if let count = try? object.decode(Int.self, forKey: key) {
                guard count >= 0 else { throw problem() }
                return .count(count)
            }
            guard let text = try? object.decode(String.self, forKey: key), let badge = SegmentBadge(text: text) else { throw problem() }
            return badge
        }
    }
}
