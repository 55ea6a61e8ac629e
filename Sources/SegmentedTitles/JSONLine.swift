/// JSON's `null` as a field of a `JSONLine` object: what Foundation's `NSNull`
/// was there, without linking the full Foundation for it.
public struct JSONNull: Sendable {
    public init() {}
}

/// One JSON object as one line of text: the programs' trace lines
/// (docs/trace.md), written without the full Foundation's `JSONSerialization`.
///
/// Keys are sorted at every level (by code point). The values it writes are
/// what the programs put in their fields: `String`, `Bool`, the integer types,
/// `Double` and `Float`, `JSONNull` or a nil optional (null), and arrays and
/// `[String: Any]` objects of them. Numbers are written as `JSONSerialization`
/// wrote them: Swift's shortest round-trip digits without a trailing `.0`
/// (`3`, `0.1`, `1e+16`, `-0`). A `/` is written as itself, where
/// `JSONSerialization` wrote `\/`; both read back as `/`.
public enum JSONLine {
    /// `object` as JSON text, without a line end; nil when a number in it is
    /// not finite or a value is of a type not listed above (`JSONSerialization`
    /// threw then).
    public static func text(_ object: [String: Any]) -> String? {
        var out = ""
        return write(object, to: &out) ? out : nil
    }

    private static func write(_ value: Any, to out: inout String) -> Bool {
        switch value {
        case let text as String:
            writeString(text, to: &out)
        case let flag as Bool:
            out += flag ? "true" : "false"
        case is JSONNull:
            out += "null"
        case let optional as any OptionalField:
            guard let wrapped = optional.wrapped else {
                out += "null"
                return true
            }
            return write(wrapped, to: &out)
        case let number as Double:
            return writeNumber(number, to: &out)
        case let number as Float:
            return writeNumber(number, to: &out)
        case let number as any BinaryInteger:
            out += "\(number)"
        case let object as [String: Any]:
            out += "{"
            for (n, key) in object.keys.sorted().enumerated() {
                if n > 0 { out += "," }
                writeString(key, to: &out)
                out += ":"
                guard write(object[key]!, to: &out) else { return false }
            }
            out += "}"
        case let array as [Any]:
            out += "["
            for (n, element) in array.enumerated() {
                if n > 0 { out += "," }
                guard write(element, to: &out) else { return false }
            }
            out += "]"
        default:
            return false
        }
        return true
    }

    private static func writeNumber<T: BinaryFloatingPoint & LosslessStringConvertible>(_ number: T, to out: inout String) -> Bool {
        guard number.isFinite else { return false }
        let text = number.description
        out += text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        return true
    }

    /// RFC 8259's escapes: the quote, the backslash and every control character.
    private static func writeString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

/// An optional stored in an `Any` field: its value, or nil for null.
private protocol OptionalField {
    var wrapped: Any? { get }
}

extension Optional: OptionalField {
    fileprivate var wrapped: Any? { map { $0 } }
}
