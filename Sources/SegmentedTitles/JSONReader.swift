import Glibc

/// A JSON value as the titles file holds it (RFC 8259). A number keeps the
/// text it was written as: only its reader knows what range it needs.
enum JSONValue: Equatable {
    case string(String)
    /// The number as written (`-1.5e3`): valid by the grammar, of any length.
    case number(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    /// The members in the order written, a repeated key included.
    case object([JSONMember])
}

/// A member of a JSON object. A struct, not a `(key, value)` tuple: an
/// array of tuples is destroyed through the runtime's generic tuple witnesses.
struct JSONMember: Equatable {
    let key: String
    let value: JSONValue

    init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// Reads JSON text by the grammar of RFC 8259, in one pass: the value, or
/// where the text first breaks the grammar (its byte offset), with a message
/// in the words Foundation's `JSONSerialization` used ("Invalid value"). The
/// message names no position: `TitlesFile` adds the line and column, 1-based.
/// (Foundation's "around character 13" is a 0-based byte offset: beside a
/// 1-based line and column it seemed to name another place.)
///
/// Why not FoundationEssentials' `JSONDecoder`: on Linux its error says only
/// "not valid JSON", with no position; it takes texts that JSON does not (a
/// trailing comma, `01`, `1.`); and its keyed container alone kept 100,000
/// item objects over the first frame's budget (docs/performance.md, "The
/// titles file's parse"). The fuzzer
/// checks this reader against Foundation's `JSONSerialization`.
struct JSONReader {
    /// Where the text breaks the grammar, or UTF-8, and why.
    struct Failure: Error {
        /// The offending byte's offset (0-based); the text's length when it ends too soon.
        let offset: Int
        /// What is wrong there, without its position; no final period.
        let message: String
        /// Whether a string's bytes are not UTF-8 there (`offset`: the first bad byte).
        var isInvalidUTF8 = false
    }

    /// `JSONDecoder`'s nesting limit (its `JSONScanner`), kept: text nested deeper is refused.
    static let maximumDepth = 512

    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0
    private var depth = 0
    /// Given each element of a top-level array as it is read, in place of keeping it.
    private let topLevelElement: ((JSONValue) -> Void)?
    /// The last top-level object's members, emptied: the next one's, without a new allocation.
    private var spareMembers = [JSONMember]()
    /// The offset of a comma between two top-level elements where reading
    /// may stop, and the question asked on reaching it (true: stop there).
    private let split: (comma: Int, stop: () -> Bool)?
    /// Whether reading stopped at `split`.
    private var stopped = false
    /// The keys of the last top-level object by position, with their bytes
    /// as written (the first 16): one item's keys come in the order of the last one's.
    private var lastKeys: [(range: Range<Int>, key: String)] = []
    /// Strings longer than a small string (15 bytes) read so far, by a hash
    /// of their bytes as written, one per slot (256 once the first is read):
    /// a text written again (the same icon path on each item) is given the
    /// string already made, not an allocation and a UTF-8 check of its own.
    private var recentStrings: [(range: Range<Int>, text: String)?] = []

    /// `recentStrings`' slot for the string whose bytes (more than 15) are
    /// `range`: a hash of its length and of its first and last 8 bytes, which
    /// tell apart the titles of a file that differ (their numbers, their
    /// words). Two that share them share a slot, and the bytes are compared.
    private static func slot(ofBytesIn range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        let first = raw.loadUnaligned(fromByteOffset: range.lowerBound, as: UInt64.self)
        let last = raw.loadUnaligned(fromByteOffset: range.upperBound - 8, as: UInt64.self)
        // Fibonacci hashing (Knuth, TAOCP vol. 3, 6.4): the top 8 bits of the product.
        let golden: UInt64 = 0x9E37_79B9_7F4A_7C15
        return Int(((first ^ (last &* golden) ^ UInt64(range.count)) &* golden) >> 56)
    }

    private init(_ bytes: UnsafeBufferPointer<UInt8>, topLevelElement: ((JSONValue) -> Void)?, split: (comma: Int, stop: () -> Bool)? = nil) {
        self.bytes = bytes
        self.topLevelElement = topLevelElement
        self.split = split
    }

    /// The one JSON value in `bytes`, with optional white space around it.
    /// Strings are checked to be UTF-8 as they are read; outside them, any
    /// byte past ASCII breaks the grammar.
    /// - Throws: `Failure` at the first byte that breaks the grammar.
    static func value(of bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> JSONValue {
        var reader = JSONReader(bytes, topLevelElement: nil)
        return try reader.document()
    }

    /// The one JSON value in `bytes`, as `value(of:)` reads it, except that
    /// the elements of a top-level array are given to `element` in order as
    /// each is read, and not kept: the array is then returned empty. (A
    /// 100,000-element array kept whole would hold every element at once.)
    /// An element that is an object has its members; every array, and every
    /// object deeper, comes empty (read and checked all the same).
    /// - Throws: `Failure` at the first byte that breaks the grammar, after
    ///   the elements before it were given.
    static func value(of bytes: UnsafeBufferPointer<UInt8>, eachTopLevelElement element: (JSONValue) -> Void) throws(Failure) -> JSONValue {
        try value(of: bytes, eachTopLevelElement: element, stoppingAt: nil)
    }

    /// `value(of:eachTopLevelElement:)`, except that on reaching the comma
    /// at `split.comma`, if it is one between two elements of the top-level
    /// array, `split.stop` is asked, and when it answers true, reading stops
    /// there: the result is then an empty array, and `split.stop` the one to
    /// know (reading the rest was left to someone else, `elements(of:after:each:)`).
    /// - Throws: `Failure` at the first byte before the stop that breaks the grammar.
    static func value(of bytes: UnsafeBufferPointer<UInt8>, eachTopLevelElement element: (JSONValue) -> Void,
                      stoppingAt split: (comma: Int, stop: () -> Bool)?) throws(Failure) -> JSONValue {
        let read = withoutActuallyEscaping(element) { element in
            withoutActuallyEscaping(split?.stop ?? { false }) { stop in
                var reader = JSONReader(bytes, topLevelElement: element, split: split.map { ($0.comma, stop) })
                return Result { () throws(Failure) in try reader.document() }
            }
        }
        return try read.get()
    }

    /// The elements of a top-level array from just after the comma at
    /// `comma` to its closing bracket, given to `element` in order as
    /// `value(of:eachTopLevelElement:)` gives them, and the end of the text
    /// checked: the rest of a text whose head another reader reads.
    /// - Throws: `Failure` at the first byte that breaks the grammar, read as
    ///   if the array began at `comma` (a text split in the wrong place fails here).
    static func elements(of bytes: UnsafeBufferPointer<UInt8>, after comma: Int, each element: (JSONValue) -> Void) throws(Failure) {
        let read = withoutActuallyEscaping(element) { element in
            var reader = JSONReader(bytes, topLevelElement: element)
            reader.i = comma + 1
            reader.depth = 1
            return Result { () throws(Failure) in try reader.remainingElements() }
        }
        try read.get()
    }

    private mutating func remainingElements() throws(Failure) {
        while true {
            skipSpace()
            give(try value())
            skipSpace()
            guard i < bytes.count else { throw endOfFile() }
            if bytes[i] == UInt8(ascii: "]") { break }
            guard bytes[i] == UInt8(ascii: ",") else { throw invalid() }
            i += 1
        }
        i += 1
        skipSpace()
        if i < bytes.count { throw invalid() }
    }

    /// Gives a top-level element to `topLevelElement`, then keeps an object's members array for the next object.
    private mutating func give(_ element: consuming JSONValue) {
        topLevelElement?(element)
        if case var .object(members) = consume element {
            members.removeAll(keepingCapacity: true)
            spareMembers = members
        }
    }

    private mutating func document() throws(Failure) -> JSONValue {
        skipSpace()
        let value = try value()
        if stopped { return value }
        skipSpace()
        if i < bytes.count { throw invalid() }
        return value
    }

    /// JSON's white space: space, tab, LF and CR (not VT or FF).
    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
    }

    private func invalid() -> Failure {
        Failure(offset: i, message: "Invalid value")
    }

    private func endOfFile() -> Failure {
        Failure(offset: bytes.count, message: "Unexpected end of file during JSON parse")
    }

    private mutating func value() throws(Failure) -> JSONValue {
        guard i < bytes.count else { throw endOfFile() }
        switch bytes[i] {
        case UInt8(ascii: "["), UInt8(ascii: "{"): return try container()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw invalid()
        }
    }

    /// An array or an object, from its opening bracket or brace.
    private mutating func container() throws(Failure) -> JSONValue {
        guard depth < Self.maximumDepth else {
            throw Failure(offset: i, message: "Too many nested arrays or dictionaries")
        }
        depth += 1
        defer { depth -= 1 }
        let isObject = bytes[i] == UInt8(ascii: "{")
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        var elements = [JSONValue]()
        var members = [JSONMember]()
        // Given elements one at a time, only a top-level object's members are kept:
        // any other container is read, checked and given empty, so a 16 MiB text of
        // nested values cannot grow into gigabytes of them (a breaker's `[[{},{},…]]`).
        let isTopLevelObject = isObject && depth == 2 && topLevelElement != nil
        let keeps = topLevelElement == nil || isTopLevelObject
        if isTopLevelObject { swap(&members, &spareMembers) }
        i += 1
        skipSpace()
        if i < bytes.count, bytes[i] == close {
            i += 1
            return isObject ? .object(members) : .array(elements)
        }
        while true {
            if isObject {
                guard i < bytes.count else { throw endOfFile() }
                guard bytes[i] == UInt8(ascii: "\"") else { throw invalid() }
                let key = isTopLevelObject ? try key(at: members.count) : try string()
                skipSpace()
                guard i < bytes.count else { throw endOfFile() }
                guard bytes[i] == UInt8(ascii: ":") else { throw invalid() }
                i += 1
                skipSpace()
                let value = try value()
                if keeps { members.append(JSONMember(key, value)) }
            } else if depth == 1, topLevelElement != nil {
                give(try value())
            } else {
                let value = try value()
                if keeps { elements.append(value) }
            }
            skipSpace()
            guard i < bytes.count else { throw endOfFile() }
            if bytes[i] == close {
                i += 1
                return isObject ? .object(members) : .array(elements)
            }
            guard bytes[i] == UInt8(ascii: ",") else { throw invalid() }
            let comma = i
            if !isObject, depth == 1, topLevelElement != nil, let split, comma == split.comma, split.stop() {
                stopped = true
                return .array([])
            }
            i += 1
            skipSpace()
            if i < bytes.count, bytes[i] == close {
                throw Failure(offset: comma, message: "a comma before a closing bracket or brace")
            }
        }
    }

    /// A string, from its opening quote: its text with the escapes read.
    private mutating func string() throws(Failure) -> String {
        i += 1
        let start = i
        var hasEscape = false
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "\""):
                i += 1
                return try recentText(start..<(i - 1), hasEscape: hasEscape)
            case UInt8(ascii: "\\"):
                hasEscape = true
                i += try escape(at: i).length
            case 0..<0x20:
                throw Failure(offset: i, message: "Unescaped control character")
            default:
                i += 1
            }
        }
        throw endOfFile()
    }

    /// The key, from its opening quote, of member `position` of a top-level
    /// object: the key at that position in the last one when the bytes
    /// before the next quote are that key's bytes as written, which read the same.
    private mutating func key(at position: Int) throws(Failure) -> String {
        let start = i + 1
        if position < lastKeys.count {
            let last = lastKeys[position]
            let end = start + last.range.count
            if end < bytes.count, bytes[end] == UInt8(ascii: "\""), sameBytes(at: start, as: last.range) {
                i = end + 1
                return last.key
            }
        }
        let key = try string()
        let range = start..<(i - 1)
        if position < lastKeys.count {
            lastKeys[position] = (range, key)
        } else if position < 16 {
            lastKeys.append((range, key))
        }
        return key
    }

    /// Whether the bytes from `offset` are those of `range` (`memcmp`: a
    /// slice's `elementsEqual` compares a byte at a time).
    private func sameBytes(at offset: Int, as range: Range<Int>) -> Bool {
        memcmp(bytes.baseAddress! + offset, bytes.baseAddress! + range.lowerBound, range.count) == 0
    }

    /// `text(range, hasEscape:)`, or the string made for the same bytes
    /// before when it is longer than 15 bytes and still in `recentStrings`.
    private mutating func recentText(_ range: Range<Int>, hasEscape: Bool) throws(Failure) -> String {
        guard range.count > 15 else { return try text(range, hasEscape: hasEscape) }
        if recentStrings.isEmpty { recentStrings = Array(repeating: nil, count: 256) }
        let slot = Self.slot(ofBytesIn: range, of: bytes)
        if let recent = recentStrings[slot], recent.range.count == range.count,
           sameBytes(at: range.lowerBound, as: recent.range) { return recent.text }
        let text = try text(range, hasEscape: hasEscape)
        recentStrings[slot] = (range, text)
        return text
    }

    /// The text of the string whose bytes (between its quotes) are `range`,
    /// with its escapes, which `string()` found well formed, read.
    /// - Throws: `Failure` with `isInvalidUTF8` at the first byte that is not UTF-8.
    private func text(_ range: Range<Int>, hasEscape: Bool) throws(Failure) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        let span: UTF8Span
        do {
            span = try UTF8Span(validating: raw.span)
        } catch {
            let offset = range.lowerBound + error.byteOffsets.lowerBound
            throw Failure(offset: offset, message: "Invalid UTF-8", isInvalidUTF8: true)
        }
        guard hasEscape else { return String(copying: span) }
        // An escape's text is never longer than the escape: the string is written in place, in one allocation.
        return String(unsafeUninitializedCapacity: range.count) { text in
            var count = 0, j = range.lowerBound
            while j < range.upperBound {
                guard bytes[j] == UInt8(ascii: "\\") else {
                    text[count] = bytes[j]
                    count += 1
                    j += 1
                    continue
                }
                // `string()` read every escape already: none fails here.
                let (scalar, length) = (try? escape(at: j)) ?? ("?", 1)
                UTF8.encode(scalar) { text[count] = $0; count += 1 }
                j += length
            }
            return count
        }
    }

    /// The escape at `j`, from its backslash: the character it stands for
    /// and the escape's length in bytes. A `\u` escape of half a surrogate
    /// pair must be the high half followed by a `\u` escape of the low half.
    private func escape(at j: Int) throws(Failure) -> (scalar: Unicode.Scalar, length: Int) {
        guard j + 1 < bytes.count else { throw endOfFile() }
        switch bytes[j + 1] {
        case UInt8(ascii: "\""): return ("\"", 2)
        case UInt8(ascii: "\\"): return ("\\", 2)
        case UInt8(ascii: "/"): return ("/", 2)
        case UInt8(ascii: "b"): return ("\u{08}", 2)
        case UInt8(ascii: "f"): return ("\u{0C}", 2)
        case UInt8(ascii: "n"): return ("\n", 2)
        case UInt8(ascii: "r"): return ("\r", 2)
        case UInt8(ascii: "t"): return ("\t", 2)
        case UInt8(ascii: "u"): break
        default: throw Failure(offset: j, message: "Invalid escape sequence")
        }
        guard let unit = codeUnit(at: j) else {
            throw Failure(offset: j, message: "Invalid escape sequence")
        }
        switch unit {
        case 0xD800...0xDBFF:
            guard let low = codeUnit(at: j + 6), (0xDC00...0xDFFF).contains(low) else { throw loneSurrogate(at: j, high: true) }
            return (Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!, 12)
        case 0xDC00...0xDFFF:
            throw loneSurrogate(at: j, high: false)
        default:
            return (Unicode.Scalar(unit)!, 6)
        }
    }

    /// The UTF-16 code unit of the `\uXXXX` escape at `offset`, or nil when there is none there.
    private func codeUnit(at offset: Int) -> UInt32? {
        guard offset + 6 <= bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else { return nil }
        var unit: UInt32 = 0
        for byte in bytes[(offset + 2)..<(offset + 6)] {
            guard let digit = UInt32(String(UnicodeScalar(byte)), radix: 16) else { return nil }
            unit = unit * 16 + digit
        }
        return unit
    }

    private func loneSurrogate(at j: Int, high: Bool) -> Failure {
        let escape = String(decoding: bytes[j..<(j + 6)], as: UTF8.self)
        return Failure(offset: j, message: "the escape \(escape) is a lone \(high ? "high" : "low") surrogate "
            + "(a \\uD800-\\uDBFF escape must be followed by a \\uDC00-\\uDFFF one)")
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        for expected in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard i < bytes.count else { throw endOfFile() }
            guard bytes[i] == expected else { throw invalid() }
            i += 1
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`: the number's text.
    private mutating func number() throws(Failure) -> String {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count else { throw endOfFile() }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count, isDigit(bytes[i]) {
                throw Failure(offset: i - 1, message: "Number with leading zero")
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
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
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
