import CJansson
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

        /// The keys an item has, in the order messages list them.
        static let keys = ["title", "icon", "badge", "enabled", "tooltip", "id"]

        /// The item that `object` (a jansson object, its keys unrepeated) describes.
        /// - Throws: `Problem` naming the first unknown key in the order written, or the key whose value is wrong.
        static func item(_ object: UnsafeMutablePointer<json_t>) throws(Problem) -> SegmentItem {
            var iterator = json_object_iter(object)
            while let at = iterator {
                let key = String(decoding: UnsafeBufferPointer(start: UnsafeRawPointer(json_object_iter_key(at)).assumingMemoryBound(to: UInt8.self),
                                                               count: json_object_iter_key_len(at)), as: UTF8.self)
                guard keys.contains(key) else {
                    throw Problem(detail: "unknown key \(TerminalText.oneLine(TerminalText.quoted(key))) (an item has \(keys.map { "\"\($0)\"" }.joined(separator: ", ")))")
                }
                iterator = json_object_iter_next(object, at)
            }
            func string(_ key: String, _ requirement: String) throws(Problem) -> String? {
                guard let value = given(key, in: object) else { return nil }
                guard value.pointee.type == JSON_STRING else { throw Problem(detail: "\"\(key)\" must be \(requirement)") }
                return TitlesFile.string(value)
            }
            guard let title = try string("title", "a string") else { throw Problem(detail: "\"title\" is required") }
            let iconText = try string("icon", "a file path or an icon name")
            // A NUL would end the path where the system reads it ("/etc/passwd\u0000.png").
            if let iconText, iconText.isBlank || iconText.utf8Contains(0) {
                throw Problem(detail: "\"icon\" must be a file path or an icon name")
            }
            let isEnabled: Bool
            switch given("enabled", in: object)?.pointee.type {
            case nil, JSON_TRUE?: isEnabled = true
            case JSON_FALSE?: isEnabled = false
            default: throw Problem(detail: "\"enabled\" must be true or false")
            }
            let idText = try string("id", "a non-empty string")
            if idText?.isEmpty == true { throw Problem(detail: "\"id\" must be a non-empty string") }
            // Made whole, at once: an item is large, and each change of a var copied it.
            return SegmentItem(title: title, icon: iconText.map(SegmentIcon.init), badge: try Self.badge(given("badge", in: object)),
                               isEnabled: isEnabled, tooltip: try string("tooltip", "a string"), id: idText)
        }

        /// The value of `key` in `object`; nil for none, or `null` (the same as leaving the key out).
        private static func given(_ key: String, in object: UnsafeMutablePointer<json_t>) -> UnsafeMutablePointer<json_t>? {
            guard let value = json_object_get(object, key), value.pointee.type != JSON_NULL else { return nil }
            return value
        }

        /// The badge: a count (an integer written without a fraction or an
        /// exponent, 0 or more), "dot" or a short text (`SegmentBadge(text:)`); nil when absent.
        private static func badge(_ value: UnsafeMutablePointer<json_t>?) throws(Problem) -> SegmentBadge? {
            // Made only when thrown: its text is built by interpolation.
            func problem() -> Problem {
                Problem(detail: "\"badge\" must be a count, \"dot\" or a short text (an integer from 0, or 1 to \(SegmentBadge.maximumTextLength) characters)")
            }
            guard let value else { return nil }
            switch value.pointee.type {
            case JSON_INTEGER:
                guard json_integer_value(value) >= 0, let count = Int(exactly: json_integer_value(value)) else { throw problem() }
                return .count(count)
            case JSON_STRING:
                guard let badge = SegmentBadge(text: TitlesFile.string(value)) else { throw problem() }
                return badge
            default: throw problem()
            }
        }
    }
}
