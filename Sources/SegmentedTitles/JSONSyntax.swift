/// A walk over JSON text by the grammar of RFC 8259 that finds where the text
/// first breaks it, with a message in the words Foundation's
/// `JSONSerialization` used ("Invalid value around character 13").
///
/// FoundationEssentials' `JSONDecoder` reads the titles, but on Linux its
/// error says only "not valid JSON", with no position, and it takes texts
/// that JSON does not (a trailing comma, `01`, `1.`). This walk places the
/// error and refuses those. It checks the grammar only: UTF-8 and the values
/// are for the caller and the decoder.
struct JSONSyntax {
    /// Where the text breaks the grammar and why.
    struct Failure: Error {
        /// The offending byte's offset (0-based); the text's length when it ends too soon.
        let offset: Int
        /// What is wrong there, naming the offset as "character N"; no final period.
        let message: String
    }

    /// `JSONDecoder`'s nesting limit (its `JSONScanner`): text nested deeper is an error there too.
    static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0
    private var depth = 0
    /// Elements of the top-level array begun so far.
    private var elements = 0
    /// The element whose offset is asked for, and its offset once the walk has passed it.
    private let watchedElement: Int?
    private var watchedOffset: Int?

    private init(_ bytes: UnsafeBufferPointer<UInt8>, watching element: Int?) {
        self.bytes = bytes
        watchedElement = element
    }

    /// The first place `bytes` is not one JSON value with optional white space around it; nil when it is.
    static func firstError(in bytes: UnsafeBufferPointer<UInt8>) -> Failure? {
        var walk = JSONSyntax(bytes, watching: nil)
        do { try walk.document() } catch { return error }
        return nil
    }

    /// The offset of the first byte of element `index` of the top-level array;
    /// nil when there is no such element before the text ends or breaks the grammar.
    static func offset(ofElement index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var walk = JSONSyntax(bytes, watching: index)
        try? walk.document()
        return walk.watchedOffset
    }

    private mutating func document() throws(Failure) {
        skipSpace()
        try value()
        skipSpace()
        if i < bytes.count { throw invalid() }
    }

    /// JSON's white space: space, tab, LF and CR (not VT or FF).
    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }

    private func invalid() -> Failure {
        Failure(offset: i, message: "Invalid value around character \(i)")
    }

    private func endOfFile() -> Failure {
        Failure(offset: bytes.count, message: "Unexpected end of file during JSON parse")
    }

    private mutating func value() throws(Failure) {
        guard i < bytes.count else { throw endOfFile() }
        switch bytes[i] {
        case UInt8(ascii: "["), UInt8(ascii: "{"): try container()
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw invalid()
        }
    }

    /// An array or an object, from its opening bracket or brace.
    private mutating func container() throws(Failure) {
        guard depth < Self.maximumDepth else {
            throw Failure(offset: i, message: "Too many nested arrays or dictionaries around character \(i)")
        }
        depth += 1
        defer { depth -= 1 }
        let isObject = bytes[i] == UInt8(ascii: "{")
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        let isTopLevelArray = depth == 1 && !isObject
        i += 1
        skipSpace()
        if i < bytes.count, bytes[i] == close {
            i += 1
            return
        }
        while true {
            if isObject {
                guard i < bytes.count else { throw endOfFile() }
                guard bytes[i] == UInt8(ascii: "\"") else { throw invalid() }
                try string()
                skipSpace()
                guard i < bytes.count else { throw endOfFile() }
                guard bytes[i] == UInt8(ascii: ":") else { throw invalid() }
                i += 1
                skipSpace()
            }
            if isTopLevelArray {
                if elements == watchedElement { watchedOffset = i }
                elements += 1
            }
            try value()
            skipSpace()
            guard i < bytes.count else { throw endOfFile() }
            if bytes[i] == close {
                i += 1
                return
            }
            guard bytes[i] == UInt8(ascii: ",") else { throw invalid() }
            let comma = i
            i += 1
            skipSpace()
            if i < bytes.count, bytes[i] == close {
                throw Failure(offset: comma, message: "a comma before a closing bracket or brace around character \(comma)")
            }
        }
    }

    private mutating func string() throws(Failure) {
        i += 1
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                i += 1
                return
            case UInt8(ascii: "\\"):
                try escape()
            case 0..<0x20:
                throw Failure(offset: i, message: "Unescaped control character around character \(i)")
            default:
                i += 1
            }
        }
        throw endOfFile()
    }

    /// An escape, from its backslash. A `\u` escape of half a surrogate pair
    /// must be the high half followed by a `\u` escape of the low half.
    private mutating func escape() throws(Failure) {
        guard i + 1 < bytes.count else { throw endOfFile() }
        switch bytes[i + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            i += 2
        case UInt8(ascii: "u"):
            guard let unit = codeUnit(at: i) else {
                throw Failure(offset: i, message: "Invalid escape sequence around character \(i)")
            }
            switch unit {
            case 0xD800...0xDBFF:
                guard let next = codeUnit(at: i + 6), (0xDC00...0xDFFF).contains(next) else { throw loneSurrogate(high: true) }
                i += 12
            case 0xDC00...0xDFFF:
                throw loneSurrogate(high: false)
            default:
                i += 6
            }
        default:
            throw Failure(offset: i, message: "Invalid escape sequence around character \(i)")
        }
    }

    /// The UTF-16 code unit of the `\uXXXX` escape at `offset`, or nil when there is none there.
    private func codeUnit(at offset: Int) -> Int? {
        guard offset + 6 <= bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else { return nil }
        var unit = 0
        for byte in bytes[(offset + 2)..<(offset + 6)] {
            guard let digit = Int(String(UnicodeScalar(byte)), radix: 16) else { return nil }
            unit = unit * 16 + digit
        }
        return unit
    }

    private func loneSurrogate(high: Bool) -> Failure {
        let escape = String(decoding: bytes[i..<(i + 6)], as: UTF8.self)
        return Failure(offset: i, message: "the escape \(escape) is a lone \(high ? "high" : "low") surrogate "
            + "(a \\uD800-\\uDBFF escape must be followed by a \\uDC00-\\uDFFF one) around character \(i)")
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard i < bytes.count else { throw endOfFile() }
            guard bytes[i] == expected else { throw invalid() }
            i += 1
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func number() throws(Failure) {
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count else { throw endOfFile() }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count, isDigit(bytes[i]) {
                throw Failure(offset: i - 1, message: "Number with leading zero around character \(i - 1)")
            }
        } else {
            try digits()
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            try digits()
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            try digits()
        }
    }

    /// One digit or more.
    private mutating func digits() throws(Failure) {
        guard i < bytes.count else { throw endOfFile() }
        guard isDigit(bytes[i]) else { throw invalid() }
        while i < bytes.count, isDigit(bytes[i]) { i += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
