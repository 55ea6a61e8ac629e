import FoundationEssentials
import Glibc
import SegmentedCore

/// Reads the strip's titles from a file: a JSON array of titles and items,
/// or UTF-8 text with one title per line.
///
/// The format is chosen by the first character after any UTF-8 BOMs and
/// white space: `[`, `{` or `"` means JSON (it must be an array whose
/// elements are strings, or item objects as `TitlesFile+Items.swift` reads
/// them; `[]` is an empty strip), anything else means lines (CRLF or LF; lines blank
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
        /// Element `index` (0-based) is an object that is not an item; `detail` names the key.
        case badItem(path: String, index: Int, detail: String)
        /// Elements `first` and `second` (0-based) have the same `id`.
        case duplicateID(path: String, first: Int, second: Int, id: String)

        public var description: String {
            switch self {
            case let .unreadable(path, reason): return "cannot read titles file \(path): \(reason)"
            case let .invalidUTF8(path, offset): return "titles file \(path) is not valid UTF-8 (first bad byte at offset \(offset))"
            case let .malformedJSON(path, detail): return "titles file \(path) is malformed JSON: \(detail)"
            case let .notArrayOfStrings(path, detail): return "titles file \(path) must be a JSON array of strings: \(detail)"
            case let .noTitles(path): return "titles file \(path) contains no titles"
            case let .tooLarge(path, bytes): return "titles file \(path) is too large (\(bytes) bytes; the limit is \(TitlesFile.maximumBytes))"
            case let .tooManyTitles(path): return "titles file \(path) has more than \(TitlesFile.maximumTitles) titles"
            case let .badItem(path, index, detail): return "titles file \(path): element \(index): \(detail)"
            case let .duplicateID(path, first, second, id):
                return "titles file \(path): elements \(first) and \(second) have the same \"id\" \"\(TerminalText.oneLine(id))\""
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

    /// Reads and parses the file at `path`: its titles (an item's is its title).
    /// - Throws: `Failure` with a message naming the path.
    public static func load(path: String) throws -> [String] {
        try readFile(path: path).titles
    }

    /// Reads and parses the file at `path`: its items, one per element or line.
    /// - Throws: `Failure` with a message naming the path.
    public static func loadItems(path: String) throws -> [SegmentItem] {
        try readFile(path: path).items
    }

    /// Parses file contents into items; `path` only names the file in errors.
    /// - Throws: `Failure`.
    public static func parseItems(_ data: Data, path: String) throws -> [SegmentItem] {
        try contents(data, path: path).items
    }

    /// Parses file contents into titles; `path` only names the file in errors.
    /// - Throws: `Failure`.
    public static func parse(_ data: Data, path: String) throws -> [String] {
        try contents(data, path: path).titles
    }

    /// Reads and parses the file at `path` into its titles and the items that
    /// are more than a title: what a strip keeps (`StripModel.split`), without
    /// making an item per title of a long file.
    /// - Throws: `Failure` with a message naming the path.
    public static func loadContents(path: String) throws -> Contents {
        try readFile(path: path)
    }

    /// What a file holds: the titles, and the items that are more than a
    /// title by index (the model's own split, `StripModel.split`).
    public struct Contents: Equatable, Sendable {
        /// One title per element or line.
        public var titles: [String]
        /// The elements that are more than a title (`SegmentItem.isPlainTitle` false), by 0-based index.
        public var details: [Int: SegmentItem] = [:]
        /// One item per element or line (O(n)).
        public var items: [SegmentItem] { titles.indices.map { details[$0] ?? SegmentItem(titles[$0]) } }
    }

    private static func readFile(path: String) throws -> Contents {
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
        // One byte more than the file: a file that grows while it is read is seen to.
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
        data.count = count
        return try contents(data, path: path)
    }

    private static func contents(_ data: Data, path: String) throws -> Contents {
        var start = data.startIndex
        while data.endIndex - start >= 3, data[start] == 0xEF, data[start + 1] == 0xBB, data[start + 2] == 0xBF { start += 3 }
        let body = data[start...]
        let bomBytes = start - data.startIndex
        let bytes = [UInt8](body)
        // The standard library's validation is fast; the scanner that finds the offset runs only on failure.
        if String(validating: bytes, as: UTF8.self) == nil, let bad = firstInvalidUTF8Offset(bytes) {
            throw Failure.invalidUTF8(path: path, byteOffset: bad + bomBytes)
        }
        if let first = bytes.first(where: { !isASCIISpace($0) }), first == UInt8(ascii: "[") || first == UInt8(ascii: "{") || first == UInt8(ascii: "\"") {
            return try parseJSON(body, bytes, path: path)
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
        return Contents(titles: titles)
    }

    /// Space, tab, LF, VT, FF or CR.
    private static func isASCIISpace(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D: return true
        default: return false
        }
    }

    /// The titles of a JSON file: the bytes (`data`, and `bytes` the same) are
    /// valid UTF-8. `JSONSyntax` places a syntax error (and refuses what
    /// JSONDecoder takes and JSON does not), then JSONDecoder reads the array.
    /// - Throws: `Failure.malformedJSON`, `.notArrayOfStrings`, `.tooManyTitles`, `.badItem` or `.duplicateID`.
    private static func parseJSON(_ data: Data, _ bytes: [UInt8], path: String) throws -> Contents {
        if let error = bytes.withUnsafeBufferPointer({ JSONSyntax.firstError(in: $0) }) {
            throw Failure.malformedJSON(path: path, detail: describePosition(error.message, at: error.offset, in: bytes))
        }
        do {
            let array = try JSONDecoder().decode(TitleArray.self, from: data)
            return Contents(titles: array.titles, details: array.details)
        } catch TitleArray.Problem.tooMany {
            throw Failure.tooManyTitles(path: path)
        } catch let TitleArray.Problem.badItem(index, problem) {
            throw Failure.badItem(path: path, index: index, detail: problem.detail)
        } catch let TitleArray.Problem.duplicateID(first, second, id) {
            throw Failure.duplicateID(path: path, first: first, second: second, id: id)
        } catch let TitleArray.Problem.notAString(index) {
            throw element(index, in: bytes, path: path)
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
            let first = bytes.first { !isASCIISpace($0) }
            let kind = first == UInt8(ascii: "{") ? "an object" : first == UInt8(ascii: "\"") ? "a string" : "not an array"
            throw Failure.notArrayOfStrings(path: path, detail: "the top level is \(kind), not an array")
        } catch {
            // No such text is known: JSONSyntax found it well formed, so there is no position to give.
            throw Failure.malformedJSON(path: path, detail: "JSONDecoder refused it: \(error)")
        }
    }

    /// The top-level array, read one element at a time through JSONDecoder's
    /// unkeyed container, which gives the index of an element that is neither
    /// a string nor an item. (Decoding `[String]` decodes each element as a
    /// generic `Decodable`: three times the time, docs/performance.md.) A
    /// string is tried first: a file of titles pays nothing for items.
    private struct TitleArray: Decodable {
        enum Problem: Error {
            /// More than `maximumTitles` elements.
            case tooMany
            /// The element at `index` (0-based) is neither a string nor an object.
            case notAString(index: Int)
            /// The element at `index` is an object that is not an item.
            case badItem(index: Int, ItemObject.Problem)
            /// Elements `first` and `second` have the same id.
            case duplicateID(first: Int, second: Int, id: String)
        }

        var titles = [String]()
        var details = [Int: SegmentItem]()

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            if let count = container.count {
                if count > TitlesFile.maximumTitles { throw Problem.tooMany }
                titles.reserveCapacity(count)
            }
            var ids = [String: Int]()
            while !container.isAtEnd {
                if let title = try? container.decode(String.self) {
                    titles.append(title)
                    continue
                }
                let index = container.currentIndex
                let item: SegmentItem
                do {
                    item = try container.decode(ItemObject.self).item
                } catch let problem as ItemObject.Problem {
                    throw Problem.badItem(index: index, problem)
                } catch {
                    throw Problem.notAString(index: index)
                }
                if let id = item.id {
                    if let first = ids[id] { throw Problem.duplicateID(first: first, second: index, id: id) }
                    ids[id] = index
                }
                titles.append(item.title)
                if !item.isPlainTitle { details[index] = item }
            }
        }
    }

    /// The error for element `index` of the array in `bytes`, which is not a
    /// string: what it is instead, found from its first byte. A number too
    /// large for a `Double` (`1e999`) is malformed JSON, placed where it is,
    /// as Foundation's `JSONSerialization` had it.
    private static func element(_ index: Int, in bytes: [UInt8], path: String) -> Failure {
        guard let offset = bytes.withUnsafeBufferPointer({ JSONSyntax.offset(ofElement: index, in: $0) }) else {
            return .notArrayOfStrings(path: path, detail: "element \(index) is not a string")
        }
        let kind: String
        switch bytes[offset] {
        case UInt8(ascii: "["): kind = "an array"
        case UInt8(ascii: "{"): kind = "an object"
        case UInt8(ascii: "n"): kind = "null"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): kind = "a number or boolean"
        case UInt8(ascii: "\""): return .notArrayOfStrings(path: path, detail: "element \(index) is a string JSONDecoder cannot read")
        default:
            let end = bytes[offset...].firstIndex { !"0123456789+-.eE".utf8.contains($0) } ?? bytes.count
            let text = String(decoding: bytes[offset..<end], as: UTF8.self)
            if let number = Double(text), number.isFinite {
                kind = "a number or boolean"
            } else {
                // The message is one line a person reads: a long number is shown by its ends.
                let shown = text.count > 40 ? "\(text.prefix(20))…\(text.suffix(10)) (\(text.count) characters)" : text
                return .malformedJSON(path: path, detail: describePosition("Number \(shown) is not representable in Swift", at: offset, in: bytes))
            }
        }
        return .notArrayOfStrings(path: path, detail: "element \(index) is \(kind), not a string")
    }

    /// `message` with "(line L, column C)" added for byte `offset` of `bytes`:
    /// lines end at LF; the column counts characters, from 1.
    private static func describePosition(_ message: String, at offset: Int, in bytes: [UInt8]) -> String {
        let at = min(max(offset, 0), bytes.count)
        var line = 1, lineStart = 0
        for i in 0..<at where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        let column = String(decoding: bytes[lineStart..<at], as: UTF8.self).count + 1
        return "\(message) (line \(line), column \(column))"
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
