import Foundation
import Synchronization

/// Reads the strip's titles from a file: a JSON array of strings, or UTF-8
/// text with one title per line.
///
/// The format is chosen by the first character after any UTF-8 BOMs and
/// white space: `[`, `{` or `"` means JSON (it must be an array of strings;
/// `[]` is an empty strip), anything else means lines (CRLF or LF; lines blank
/// after trimming white space are skipped). A file with no title in line form
/// is an error, as is invalid UTF-8 anywhere. Only regular files are read (not
/// FIFOs or devices, which could block or never end).
public enum TitlesFile {
    /// Why a titles file could not be read; `description` is the one-line message for the user.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The file could not be opened or read (missing, a directory, no permission).
        case unreadable(path: String, reason: String)
        /// The bytes are not UTF-8; `byteOffset` is the first bad byte (0-based).
        case invalidUTF8(path: String, byteOffset: Int)
        /// JSON that does not parse; `detail` gives the position.
        case malformedJSON(path: String, detail: String)
        /// JSON that parses but is not an array of strings.
        case notArrayOfStrings(path: String, detail: String)
        /// A text file with no title in it.
        case noTitles(path: String)
        /// Larger than `maximumBytes`.
        case tooLarge(path: String, bytes: Int)
        /// More than `maximumTitles` titles.
        case tooManyTitles(path: String)

        public var description: String {
            switch self {
            case let .unreadable(path, reason): return "cannot read titles file \(path): \(reason)"
            case let .invalidUTF8(path, offset): return "titles file \(path) is not valid UTF-8 (first bad byte at offset \(offset))"
            case let .malformedJSON(path, detail): return "titles file \(path) is malformed JSON: \(detail)"
            case let .notArrayOfStrings(path, detail): return "titles file \(path) must be a JSON array of strings: \(detail)"
            case let .noTitles(path): return "titles file \(path) contains no titles"
            case let .tooLarge(path, bytes): return "titles file \(path) is too large (\(bytes) bytes; the limit is \(TitlesFile.maximumBytes))"
            case let .tooManyTitles(path): return "titles file \(path) has more than \(TitlesFile.maximumTitles) titles"
            }
        }
    }

    /// Files larger than this many bytes are refused (16 MiB: about 500,000
    /// CJK titles), so memory stays bounded whatever file is passed.
    public static let maximumBytes = 16 << 20

    /// Files with more titles than this are refused (a million: ten times the
    /// benchmark's 100,000), so that a file of 8 million one-letter lines
    /// neither takes seconds nor hundreds of megabytes to refuse.
    public static let maximumTitles = 1_000_000

    /// Reads and parses the file at `path`.
    /// - Throws: `Failure` with a message naming the path.
    public static func load(path: String) throws -> [String] {
        func failure(_ code: Int32) -> Failure {
            switch code {
            case ENOENT, ENOTDIR: return .unreadable(path: path, reason: "no such file")
            case EACCES, EPERM: return .unreadable(path: path, reason: "permission denied")
            case EISDIR: return .unreadable(path: path, reason: "it is a directory")
            default: return .unreadable(path: path, reason: String(cString: strerror(code)).lowercased())
            }
        }
        // Open without blocking, then look at what was opened: checking the
        // path first and opening it afterwards would let a FIFO swapped in
        // between block the program.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 { throw failure(errno) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) != 0 { throw failure(errno) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw Failure.unreadable(path: path, reason: "it is a directory")
        default: throw Failure.unreadable(path: path, reason: "not a regular file")
        }
        if Int(info.st_size) > maximumBytes { throw Failure.tooLarge(path: path, bytes: Int(info.st_size)) }
        var data = Data(count: min(Int(info.st_size), maximumBytes) + 1)
        var count = 0
        while true {
            if count == data.count {
                if count > maximumBytes { throw Failure.tooLarge(path: path, bytes: count) }
                data.count = min(count * 2, maximumBytes + 1)
            }
            let n = data.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(errno)
            }
            if n == 0 { break }
            count += n
        }
        if count > maximumBytes { throw Failure.tooLarge(path: path, bytes: count) }
        // A large array is parsed in two pieces, using the byte after the file's end
        // (always there: the buffer is one byte longer than the file, to see it grow).
        if count >= concurrentParseBytes, count < data.count, let titles = try data.withUnsafeMutableBytes({ buffer in
            try parseInTwo(UnsafeMutableBufferPointer(start: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count + 1), path: path)
        }) {
            return titles
        }
        data.count = count
        return try parse(data, path: path)
    }

    /// Parses file contents; `path` only names the file in errors.
    /// - Throws: `Failure`.
    public static func parse(_ data: Data, path: String) throws -> [String] {
        var start = data.startIndex
        while data.endIndex - start >= 3, data[start] == 0xEF, data[start + 1] == 0xBB, data[start + 2] == 0xBF { start += 3 }
        let body = data[start...]
        let bomBytes = start - data.startIndex
        if let first = body.first(where: { !isASCIISpace($0) }), first == UInt8(ascii: "[") || first == UInt8(ascii: "{") || first == UInt8(ascii: "\"") {
            // JSONSerialization refuses invalid UTF-8 anywhere (a twentieth of the
            // work on 100,000 titles is saved by not validating first): only
            // when it fails is the file scanned, to report the first bad byte.
            do {
                // The file's own bytes when there is no BOM: copying 2 MB costs a millisecond.
                return try parseJSON(bomBytes == 0 ? data : Data(body), path: path)
            } catch {
                if let bad = firstInvalidUTF8Offset([UInt8](body)) {
                    throw Failure.invalidUTF8(path: path, byteOffset: bad + bomBytes)
                }
                throw error
            }
        }
        let bytes = [UInt8](body)
        // The standard library's validation is fast; the scanner that finds the offset runs only on failure.
        if String(validating: bytes, as: UTF8.self) == nil, let bad = firstInvalidUTF8Offset(bytes) {
            throw Failure.invalidUTF8(path: path, byteOffset: bad + bomBytes)
        }
        // Lines, split on the bytes (fast for large files): LF, CRLF or a lone CR.
        var titles = [String]()
        var lineStart = 0
        var i = 0
        func take(_ end: Int) {
            let line = bytes[lineStart..<end]
            if line.allSatisfy(isASCIISpace) { return }
            let title = String(decoding: line, as: UTF8.self)
            if line.contains(where: { $0 >= 0x80 }), title.allSatisfy(\.isWhitespace) { return }
            titles.append(title)
        }
        while i < bytes.count {
            if titles.count > maximumTitles { throw Failure.tooManyTitles(path: path) }
            let b = bytes[i]
            if b == 0x0A || b == 0x0D {
                take(i)
                if b == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                lineStart = i + 1
            }
            i += 1
        }
        take(bytes.count)
        if titles.count > maximumTitles { throw Failure.tooManyTitles(path: path) }
        if titles.isEmpty { throw Failure.noTitles(path: path) }
        return titles
    }

    /// Space, tab, LF, VT, FF or CR. (A switch rather than a `Set<UInt8>`: the
    /// set's first use looks up `UInt8: Hashable` among every conformance in
    /// the program, a third of a million instructions at startup.)
    private static func isASCIISpace(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D: return true
        default: return false
        }
    }

    private static func parseJSON(_ data: Data, path: String) throws -> [String] {
        // JSONSerialization rather than JSONDecoder: its errors give the
        // position, its values tell which element is not a string, and on
        // 100,000 titles it takes three quarters of JSONDecoder's instructions.
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let debug = (error as NSError).userInfo["NSDebugDescription"] as? String ?? "\(error.localizedDescription)"
            // Foundation places a lone surrogate at the end of the file, or nowhere: find the escape itself.
            if let lone = firstLoneSurrogate([UInt8](data)) {
                let escape = String(decoding: data[lone.offset..<min(lone.offset + 6, data.count)], as: UTF8.self)
                throw Failure.malformedJSON(path: path, detail: describePosition(
                    "the escape \(escape) is a lone \(lone.high ? "high" : "low") surrogate (a \\uD800-\\uDBFF escape must be followed by a \\uDC00-\\uDFFF one) around character \(lone.offset)",
                    in: data))
            }
            throw Failure.malformedJSON(path: path, detail: describePosition(debug, in: data))
        }
        try refuseTrailingComma(in: data, path: path)
        guard let array = object as? [Any] else {
            throw Failure.notArrayOfStrings(path: path, detail: "the top level is \(kind(of: object)), not an array")
        }
        if array.count > maximumTitles { throw Failure.tooManyTitles(path: path) }
        if array.count < concurrentCastCount {
            var list = [String]()
            list.reserveCapacity(array.count)
            for (i, element) in array.enumerated() {
                guard let s = element as? String else {
                    throw Failure.notArrayOfStrings(path: path, detail: "element \(i) is \(kind(of: element)), not a string")
                }
                list.append(s)
            }
            return list
        }
        // The cast (a dynamic cast per element) was a fifth of parsing 100,000 titles on one thread.
        let (titles, firstNonString) = cast(array[..<(array.count / 2)], array[(array.count / 2)...])
        if let i = firstNonString {
            throw Failure.notArrayOfStrings(path: path, detail: "element \(i) is \(kind(of: array[i])), not a string")
        }
        return titles
    }

    /// Arrays of at least this many elements are cast to titles on two threads.
    static let concurrentCastCount = 20_000

    /// Files of at least this many bytes are parsed in two pieces, on two threads, when they are a JSON array.
    static let concurrentParseBytes = 1 << 20

    /// The elements of `first` then `second` cast to titles, each piece on one
    /// of two threads, with the index of the first element that is not a
    /// string (nil when all are; it is then an empty title).
    private static func cast(_ first: ArraySlice<Any>, _ second: ArraySlice<Any>) -> (titles: [String], firstNonString: Int?) {
        let count = first.count + second.count
        let firstNonString = Mutex<Int?>(nil)
        let titles = [String](unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let base = buffer.baseAddress
            nonisolated(unsafe) let pieces = (first, second)
            // The halves fill disjoint parts of the titles' buffer.
            PosixThread.halves { half in
                let (piece, start) = half == 0 ? (pieces.0, 0) : (pieces.1, pieces.0.count)
                for (i, element) in piece.enumerated() {
                    if let title = element as? String {
                        (base! + start + i).initialize(to: title)
                    } else {
                        (base! + start + i).initialize(to: "")
                        firstNonString.withLock { $0 = min($0 ?? start + i, start + i) }
                    }
                }
            }
            initialized = count
        }
        return (titles, firstNonString.withLock { $0 })
    }

    /// The titles of a large file's bytes (`buffer` holds them and one spare
    /// byte after them), parsed as two JSON arrays on two threads: the text
    /// is cut at the element separator nearest its middle
    /// (`elementSeparator`), the first piece closed with `]` where the comma
    /// was, the second moved one byte on into the spare byte to open with
    /// `[`, so that neither is copied; then each is parsed by JSONSerialization.
    /// On one thread, parsing 100,000 titles was what the first frame waited for.
    ///
    /// The buffer holds the file again when this returns. Returns nil when the
    /// text does not cut in two, or either piece is not an array of strings,
    /// or there are too many titles: the caller then parses the whole, which
    /// gives the error it always gave. When both pieces are arrays of
    /// strings, so is the whole, with the same elements in order (the cut is a
    /// comma between two of its elements).
    /// - Throws: `Failure.malformedJSON` for a trailing comma, which Foundation takes and JSON does not.
    @_spi(Fuzzing) public static func parseInTwo(_ buffer: UnsafeMutableBufferPointer<UInt8>, path: String) throws -> [String]? {
        let count = buffer.count - 1
        guard let comma = elementSeparator(atOrAfter: count / 2, in: UnsafeBufferPointer(rebasing: buffer[..<count])) else { return nil }
        // Foundation reads a text with a NUL among its first four bytes as UTF-16 or UTF-32 (there is
        // no BOM to say): the second piece, `[` and what follows the comma, must have none, or a file
        // whose second half is UTF-16 would read as titles. Such a file is not UTF-8 JSON anyway.
        guard count - comma > 3, !(1...3).contains(where: { buffer[comma + $0] == 0 }) else { return nil }
        nonisolated(unsafe) let bytes = buffer.baseAddress!
        nonisolated(unsafe) var firstArray: [Any]?, secondArray: [Any]?
        PosixThread.halves { half in
            let piece: Data
            if half == 0 {
                bytes[comma] = 0x5D
                piece = Data(bytesNoCopy: bytes, count: comma + 1, deallocator: .none)
            } else {
                (bytes + comma + 2).update(from: bytes + comma + 1, count: count - comma - 1)
                bytes[comma + 1] = 0x5B
                piece = Data(bytesNoCopy: bytes + comma + 1, count: count - comma, deallocator: .none)
            }
            let array = (try? JSONSerialization.jsonObject(with: piece)) as? [Any]
            if half == 0 { firstArray = array } else { secondArray = array }
        }
        (bytes + comma + 1).update(from: bytes + comma + 2, count: count - comma - 1)
        bytes[comma] = 0x2C
        guard let first = firstArray, let second = secondArray, first.count + second.count <= maximumTitles else { return nil }
        let (titles, firstNonString) = cast(first[...], second[...])
        guard firstNonString == nil else { return nil }
        try refuseTrailingComma(in: Data(bytesNoCopy: bytes, count: count, deallocator: .none), path: path)
        return titles
    }

    /// Foundation takes "[1, 2, ]"; JSON does not, and neither do other readers of the same file.
    /// - Throws: `Failure.malformedJSON` placing the first trailing comma in `data`.
    private static func refuseTrailingComma(in data: Data, path: String) throws {
        if let comma = data.withUnsafeBytes({ firstTrailingComma($0.bindMemory(to: UInt8.self)) }) {
            throw Failure.malformedJSON(path: path, detail: describePosition("a comma before a closing bracket or brace around character \(comma)", in: data))
        }
    }

    private static func kind(of value: Any) -> String {
        switch value {
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        case is NSNull: return "null"
        case is NSNumber: return "a number or boolean"
        case is String: return "a string"
        default: return "not a string"
        }
    }

    /// Adds "line L, column C" to Foundation's "around character N" message.
    private static func describePosition(_ message: String, in data: Data) -> String {
        var message = message
        let bytes = [UInt8](data)
        var offset: Int?
        // Foundation's messages place an error in several ways: "around character N"
        // ("Unescaped control character around character 3"), "at N." (a bad \u escape),
        // the number it could not represent, or the end of the file.
        if let range = message.range(of: "around character ") ?? message.range(of: "character ") {
            offset = Int(message[range.upperBound...].prefix(while: \.isNumber))
        }
        if offset == nil, let range = message.range(of: " at ", options: .backwards) {
            offset = Int(message[range.upperBound...].prefix(while: \.isNumber))
        }
        if offset == nil, message.hasPrefix("Number "), let end = message.range(of: " is not representable") {
            let text = message[message.index(message.startIndex, offsetBy: 7)..<end.lowerBound]
            let number = Array(text.utf8)
            offset = firstOffset(of: number, in: bytes)
            // The message is one line a person reads: a long number is shown by its ends.
            if text.count > 40 {
                message = "Number \(text.prefix(20))…\(text.suffix(10)) (\(text.count) characters)" + message[end.lowerBound...]
            }
        }
        if offset == nil, message.lowercased().contains("end of file") {
            offset = bytes.count
        }
        guard let at = offset.map({ min(max($0, 0), bytes.count) }) else { return message }
        var line = 1, lineStart = 0
        for i in 0..<at where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        let column = String(decoding: bytes[lineStart..<at], as: UTF8.self).count + 1
        let base = message.hasSuffix(".") ? String(message.dropLast()) : message
        return "\(base) (line \(line), column \(column))"
    }

    /// The offset of the first occurrence of `needle` in `bytes`, or nil (and
    /// nil for an empty needle), in linear time (Knuth–Morris–Pratt): a
    /// comparison at every offset took minutes to place a 600,000-digit number
    /// in its file, and Foundation's `firstRange(of:)` on bytes does that.
    static func firstOffset(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard !needle.isEmpty else { return nil }
        // fallback[i]: the length of the longest proper prefix of needle[0...i] that is also its suffix.
        var fallback = [Int](repeating: 0, count: needle.count)
        var k = 0
        for i in 1..<max(needle.count, 1) {
            while k > 0, needle[i] != needle[k] { k = fallback[k - 1] }
            if needle[i] == needle[k] { k += 1 }
            fallback[i] = k
        }
        var matched = 0
        for (i, byte) in bytes.enumerated() {
            while matched > 0, byte != needle[matched] { matched = fallback[matched - 1] }
            if byte == needle[matched] { matched += 1 }
            if matched == needle.count { return i - needle.count + 1 }
        }
        return nil
    }

    /// The byte offset of the first `\\uXXXX` escape inside a JSON string that is
    /// half of a surrogate pair without its other half, and which half it is; nil if none.
    static func firstLoneSurrogate(_ bytes: [UInt8]) -> (offset: Int, high: Bool)? {
        func hex(_ at: Int) -> Int? {
            guard at + 6 <= bytes.count, bytes[at] == 0x5C, bytes[at + 1] == 0x75 else { return nil }   // \u
            var value = 0
            for b in bytes[(at + 2)..<(at + 6)] {
                guard let digit = Int(String(UnicodeScalar(b)), radix: 16) else { return nil }
                value = value * 16 + digit
            }
            return value
        }
        var i = 0, inString = false
        while i < bytes.count {
            let b = bytes[i]
            if !inString {
                if b == 0x22 { inString = true }
                i += 1
                continue
            }
            switch b {
            case 0x22:
                inString = false
                i += 1
            case 0x5C:
                guard let unit = hex(i) else {
                    i += 2   // any other escape: skip the character it escapes
                    continue
                }
                if (0xD800...0xDBFF).contains(unit) {
                    guard let next = hex(i + 6), (0xDC00...0xDFFF).contains(next) else { return (i, true) }
                    i += 12
                } else if (0xDC00...0xDFFF).contains(unit) {
                    return (i, false)
                } else {
                    i += 6
                }
            default:
                i += 1
            }
        }
        return nil
    }

    /// The byte offset of the first comma (outside strings) that only white space
    /// separates from a `]` or `}`; nil if none.
    static func firstTrailingComma(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { firstTrailingComma($0) }
    }

    /// `firstTrailingComma` over a buffer: no copy of the file, and a string's
    /// bytes skipped with `memchr` (most of a titles file is inside strings:
    /// byte by byte, this scan was a twentieth of a 100,000-title start).
    static func firstTrailingComma(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0, comma: Int?
        while i < bytes.count {
            switch bytes[i] {
            case 0x22:
                guard let end = closingQuote(ofStringAt: i, in: bytes) else { return nil }
                i = end
                comma = nil
            case 0x2C: comma = i
            case 0x5D, 0x7D: if let comma { return comma }
            case 0x20, 0x09, 0x0A, 0x0D: break
            default: comma = nil
            }
            i += 1
        }
        return nil
    }

    /// The offset of the quote that closes the string whose opening quote is
    /// at `start`, or nil when none does. The closing quote is the next quote
    /// not escaped: one after an odd run of backslashes is escaped (they pair
    /// up from the run's start, which no backslash precedes). The string's
    /// bytes are skipped with `memchr`: most of a titles file is inside strings.
    static func closingQuote(ofStringAt start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var from = start + 1
        while from < bytes.count {
            guard let found = memchr(base + from, 0x22, bytes.count - from) else { return nil }
            let quote = base.distance(to: UnsafePointer(found.assumingMemoryBound(to: UInt8.self)))
            var backslashes = 0
            while quote - backslashes - 1 > start, base[quote - backslashes - 1] == 0x5C { backslashes += 1 }
            if backslashes % 2 == 0 { return quote }
            from = quote + 1
        }
        return nil
    }

    /// The offset of the first comma at or after `offset` that follows a string
    /// in the top-level array (outside strings, in no inner array or object,
    /// with only white space between the string and the comma), or nil: there
    /// is none, or the bytes do not begin with `[` after ASCII white space. It
    /// says only where the text can be cut in two, not whether either side is
    /// JSON: that is for the parser. (A comma after a comma, or after `[`,
    /// would leave the first piece a trailing comma, which Foundation takes.)
    static func elementSeparator(atOrAfter offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let open = bytes.firstIndex(where: { !isASCIISpace($0) }), bytes[open] == 0x5B else { return nil }
        var i = open + 1, depth = 1, afterString = false
        while i < bytes.count {
            let byte = bytes[i]
            if byte == 0x22 {
                guard let end = closingQuote(ofStringAt: i, in: bytes) else { return nil }
                i = end + 1
                afterString = true
                continue
            }
            switch byte {
            case 0x5B, 0x7B: depth += 1
            case 0x5D, 0x7D:
                depth -= 1
                if depth == 0 { return nil }
            case 0x2C: if depth == 1, afterString, i >= offset { return i }
            default: break
            }
            if !isASCIISpace(byte) { afterString = false }
            i += 1
        }
        return nil
    }

    /// Offset of the first byte that is not part of valid UTF-8, or nil.
    static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(scalar):
                offset += scalar.count
            case .emptyInput:
                return nil
            case .error:
                return offset
            }
        }
    }
}
