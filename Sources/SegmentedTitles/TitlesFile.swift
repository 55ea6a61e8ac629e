import Glibc
import SegmentedCore

/// Reads the strip's titles from a file: a JSON array of titles and items,
/// or UTF-8 text with one title per line.
///
/// The format is chosen by the name, then by the first character after any
/// UTF-8 BOMs and white space: a name ending in `.json` (in any case), or a
/// first character `[`, `{` or `"`, means JSON (it must be an array whose
/// elements are strings, or item objects as `TitlesFile+Items.swift` reads
/// them; `[]` is an empty strip), anything else means lines (CRLF or LF; lines blank
/// after trimming white space are skipped). A file with no title in line form
/// is an error, as is invalid UTF-8 anywhere. Only regular files are read (not
/// FIFOs or devices, which could block or never end).
public enum TitlesFile {
    /// Why a titles file could not be read; `description` is the one-line message for the user.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The file could not be opened or read (missing, a directory, no permission, an empty path).
        case unreadable(path: String, reason: String)
        /// The bytes are not UTF-8; `byteOffset` is the first bad byte (0-based).
        case invalidUTF8(path: String, byteOffset: Int)
        /// JSON that does not parse; `detail` gives the position.
        case malformedJSON(path: String, detail: String)
        /// JSON that parses but is not an array of strings and item objects.
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
        /// JSON whose values would take more than `JSONMemory.limit` bytes to hold (or more memory than there is).
        case tooMuchMemory(path: String)

        public var description: String {
            switch self {
            case let .unreadable(path, reason): return "cannot read titles file\(path.isEmpty ? "" : " " + path): \(reason)"
            case let .invalidUTF8(path, offset): return "titles file \(path) is not valid UTF-8 (first bad byte at offset \(offset))"
            case let .malformedJSON(path, detail): return "titles file \(path) is malformed JSON: \(detail)"
            case let .notArrayOfStrings(path, detail): return "titles file \(path) must be a JSON array of strings and items: \(detail)"
            case let .noTitles(path): return "titles file \(path) contains no titles"
            case let .tooLarge(path, bytes): return "titles file \(path) is too large (\(bytes) bytes; the limit is \(TitlesFile.maximumBytes))"
            case let .tooManyTitles(path): return "titles file \(path) has more than \(TitlesFile.maximumTitles) titles"
            case let .badItem(path, index, detail): return "titles file \(path): element \(index): \(detail)"
            case let .duplicateID(path, first, second, id):
                return "titles file \(path): elements \(first) and \(second) have the same \"id\" \(TerminalText.oneLine(TerminalText.quoted(id)))"
            case let .tooMuchMemory(path): return "titles file \(path) is too large to read: its JSON values need more than \(JSONMemory.limit >> 20) MiB"
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

    /// Parses file contents into items; `path` names the file in errors, and a `.json` one means JSON.
    /// - Throws: `Failure`.
    public static func parseItems(_ bytes: some Collection<UInt8>, path: String) throws -> [SegmentItem] {
        try contents(Array(bytes), path: path).items
    }

    /// Parses file contents into titles; `path` names the file in errors, and a `.json` one means JSON.
    /// - Throws: `Failure`.
    public static func parse(_ bytes: some Collection<UInt8>, path: String) throws -> [String] {
        try contents(Array(bytes), path: path).titles
    }

    /// Reads and parses the file at `path` into its titles and the items that
    /// are more than a title: what a strip keeps (`StripModel.split`), without
    /// making an item per title of a long file.
    /// - Throws: `Failure` with a message naming the path.
    public static func loadContents(path: String) throws -> Contents {
        try readFile(path: path)
    }

    /// What a file holds: the titles, and beside them the items that are
    /// more than a title (the model's own split, `StripModel.split`).
    public struct Contents: Equatable, Sendable {
        /// One title per element or line.
        public var titles: [String]
        /// The elements that are more than a title (`SegmentItem.isPlainTitle` false), by 0-based index.
        public var details: ItemDetails
        /// One item per element or line (O(n)).
        public var items: [SegmentItem] { titles.indices.map { details[$0] ?? SegmentItem(titles[$0]) } }

        /// `titles` with no item beside them.
        public init(titles: [String]) {
            self.titles = titles
            details = ItemDetails(titleCount: titles.count)
        }
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
        // open("") fails with ENOENT: "no such file" after no name at all reads as a missing file.
        if path.isEmpty { throw Failure.unreadable(path: path, reason: "the path is empty") }
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
        var bytes = [UInt8](repeating: 0, count: min(Int(info.st_size), maximumBytes) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                if count > maximumBytes { throw Failure.tooLarge(path: path, bytes: count) }
                bytes += repeatElement(0, count: min(count * 2, maximumBytes + 1) - count)
            }
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(errno)
            }
            if n == 0 { break }
            count += n
        }
        if count > maximumBytes { throw Failure.tooLarge(path: path, bytes: count) }
        bytes.removeLast(bytes.count - count)
        return try contents(bytes, path: path)
    }

    private static func contents(_ file: [UInt8], path: String) throws -> Contents {
        var bomBytes = 0
        while file.count - bomBytes >= 3, file[bomBytes] == 0xEF, file[bomBytes + 1] == 0xBB, file[bomBytes + 2] == 0xBF { bomBytes += 3 }
        let bytes = bomBytes == 0 ? file : Array(file[bomBytes...])
        // A `.json` name means JSON whatever the text starts with: `abc` or `]` there is a mistake
        // to place, not titles (read as lines, such a file became a strip of its lines).
        let first = bytes.first(where: { !isASCIISpace($0) })
        if path.lowercased().hasSuffix(".json") || first == UInt8(ascii: "[") || first == UInt8(ascii: "{") || first == UInt8(ascii: "\"") {
            return try parseJSON(bytes, bomBytes: bomBytes, path: path)
        }
        do {
            _ = try UTF8Span(validating: bytes.span)
        } catch {
            throw Failure.invalidUTF8(path: path, byteOffset: error.byteOffsets.lowerBound + bomBytes)
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
}
