import Glibc
import SegmentedCore

extension TitlesFile {
    /// The titles of a JSON file (after `bomBytes` of byte order marks):
    /// `JSONReader` reads it, placing a syntax error and checking that strings
    /// are UTF-8 (outside them, a byte past ASCII is a syntax error), and each element of the array is a
    /// title or an item object (`ItemObject`). A syntax error is reported
    /// before an element that is wrong, wherever each is.
    /// - Throws: `Failure.malformedJSON`, `.notArrayOfStrings`, `.tooManyTitles`, `.badItem` or `.duplicateID`.
    static func parseJSON(_ bytes: [UInt8], bomBytes: Int, path: String, minimumSplitBytes: Int = minimumSplitBytes) throws -> Contents {
        try readJSON(bytes, bomBytes: bomBytes, path: path, minimumSplitBytes: minimumSplitBytes).contents
    }

    /// `parseJSON`'s contents, and whether its tail was read on the second thread and taken.
    static func readJSON(_ bytes: [UInt8], bomBytes: Int, path: String, minimumSplitBytes: Int) throws -> (contents: Contents, tailTaken: Bool) {
        var elements = ArrayElements(path: path, bytes: bytes.count)
        var tailTaken = false
        let document: JSONValue
        do {
            document = try bytes.withUnsafeBufferPointer { buffer throws(JSONReader.Failure) in
                guard buffer.count >= minimumSplitBytes, let comma = likelySplit(in: buffer),
                      let tail = TailReading(buffer, after: comma, path: path) else {
                    return try JSONReader.value(of: buffer, eachTopLevelElement: { elements.take($0) })
                }
                // The tail's thread reads `buffer`: it never outlives it, whatever happens here.
                defer { tail.join() }
                return try JSONReader.value(of: buffer, eachTopLevelElement: { elements.take($0) },
                                            stoppingAt: (comma, {
                    tailTaken = elements.append(tail)
                    return tailTaken
                }))
            }
        } catch {
            if error.isInvalidUTF8 { throw Failure.invalidUTF8(path: path, byteOffset: error.offset + bomBytes) }
            throw Failure.malformedJSON(path: path, detail: describePosition(error.message, at: error.offset, in: bytes))
        }
        if let problem = elements.problem { throw problem }
        guard case .array = document else {
            let kind = if case .object = document { "an object" } else if case .string = document { "a string" } else { "not an array" }
            throw Failure.notArrayOfStrings(path: path, detail: "the top level is \(kind), not an array")
        }
        return (elements.contents, tailTaken)
    }

    /// The top-level array's elements as they are read: titles and items
    /// until the first element that is neither (`problem`). A struct whose
    /// `take` mutates it: a nested function reading the parse's variables
    /// checked each access to them at run time.
    fileprivate struct ArrayElements {
        let path: String
        var contents = Contents(titles: [])
        var problem: Failure?
        /// The element of each id so far, by its UTF-8: ids are told apart by
        /// their code points, as JSON tells strings apart (Swift's `==` takes
        /// "é" and "e\u{301}" for one).
        fileprivate var ids = [[UInt8]: Int]()

        /// Elements of an array of `bytes` bytes (or of its tail). The titles'
        /// room is reserved for as many as those bytes can hold (two a
        /// title, `""` and its comma, up to `maximumTitles`): an array's
        /// doubling touches its new memory for each copy, where room never used
        /// is never touched, and the tail's titles then go after the head's without another.
        init(path: String, bytes: Int) {
            self.path = path
            contents.titles.reserveCapacity(min(bytes / 2, maximumTitles))
        }

        /// Takes the tail's titles and items after these when the tail was
        /// read whole and without a problem, and neither the head nor the
        /// tail has one (a repeated id between them included): true when taken.
        /// Otherwise the head's reader goes on to read the tail itself, so
        /// that every message is the one reading on one thread gives.
        mutating func append(_ tail: TailReading) -> Bool {
            tail.join()
            guard problem == nil, tail.isWhole, tail.elements.problem == nil,
                  contents.titles.count + tail.elements.contents.titles.count <= maximumTitles,
                  !tail.elements.ids.keys.contains(where: { ids[$0] != nil }) else { return false }
            contents.titles.append(contentsOf: tail.elements.contents.titles)
            contents.details.append(contentsOf: tail.elements.contents.details)
            return true
        }

        mutating func take(_ element: JSONValue) {
            guard problem == nil else { return }
            let index = contents.titles.count
            if index == maximumTitles {
                problem = .tooManyTitles(path: path)
                return
            }
            let item: SegmentItem
            switch element {
            case let .string(title):
                contents.titles.append(title)
                contents.details.append(nil)
                return
            case let .object(members):
                do {
                    item = try ItemObject.item(members)
                } catch {
                    problem = .badItem(path: path, index: index, detail: error.detail)
                    return
                }
            case .array, .null, .bool, .number:
                let kind = switch element { case .array: "an array"; case .null: "null"; case .bool: "a boolean"; default: "a number" }
                problem = .notArrayOfStrings(path: path, detail: "element \(index) is \(kind), not a string or an item")
                return
            }
            if let id = item.id {
                let key = Array(id.utf8)
                if let first = ids[key] {
                    problem = .duplicateID(path: path, first: first, second: index, id: id)
                    return
                }
                ids[key] = index
            }
            contents.titles.append(item.title)
            contents.details.append(item.isPlainTitle ? nil : consume item)
        }
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


    /// Arrays of at least this many bytes (1 MiB, about 12,000 items) are
    /// read in two halves at once when a place between two elements is
    /// found near the middle (`likelySplit`): this thread reads the head,
    /// a second one the tail (`TailReading`).
    public static let minimumSplitBytes = 1 << 20

    /// The offset of a comma that is likely between two elements of the
    /// top-level array, the first within 64 KiB after the middle of `bytes`
    /// with `}` or `"` before it and `{` or a string that is not a key (no
    /// `:` after it) after it, white space aside; nil when none is found.
    /// Only likely: a comma inside a string or a nested value can look the
    /// same, and the head's reader stops there only if it is between two elements.
    static func likelySplit(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        func nonSpace(from start: Int, by step: Int) -> Int? {
            var j = start
            while bytes.indices.contains(j) {
                if !isSpace(bytes[j]) { return j }
                j += step
            }
            return nil
        }
        /// Whether the string opening at `quote` is followed by a colon (a key).
        func isKey(at quote: Int) -> Bool {
            var j = quote + 1
            while j < bytes.count, bytes[j] != UInt8(ascii: "\"") {
                j += bytes[j] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard let next = nonSpace(from: j + 1, by: 1) else { return false }
            return bytes[next] == UInt8(ascii: ":")
        }
        let middle = bytes.count / 2
        for j in middle..<min(bytes.count, middle + 65_536) where bytes[j] == UInt8(ascii: ",") {
            guard let before = nonSpace(from: j - 1, by: -1), let after = nonSpace(from: j + 1, by: 1),
                  bytes[before] == UInt8(ascii: "}") || bytes[before] == UInt8(ascii: "\"") else { continue }
            if bytes[after] == UInt8(ascii: "{") || (bytes[after] == UInt8(ascii: "\"") && !isKey(at: after)) { return j }
        }
        return nil
    }

    /// The tail of a top-level array, from after a comma to its end, read on
    /// a POSIX thread of its own into its own `ArrayElements` (`join` waits
    /// for it). Not Dispatch: see `PosixThread` in SegmentedX11.
    final class TailReading: @unchecked Sendable {
        private let bytes: UnsafeBufferPointer<UInt8>
        private let comma: Int
        /// The tail's titles and items, its element indices counted from 0; read only after `join`.
        fileprivate private(set) var elements: ArrayElements
        /// Whether the tail was read to the end of the text without a syntax error; read only after `join`.
        private(set) var isWhole = false
        private var thread = pthread_t()
        private var isJoined = false

        /// Starts reading the tail of `bytes` after `comma`; nil when no thread can be made.
        fileprivate init?(_ bytes: UnsafeBufferPointer<UInt8>, after comma: Int, path: String) {
            self.bytes = bytes
            self.comma = comma
            elements = ArrayElements(path: path, bytes: bytes.count - comma)
            let box = Unmanaged.passRetained(self)
            let status = pthread_create(&thread, nil, { raw in
                Unmanaged<TailReading>.fromOpaque(raw!).takeRetainedValue().read()
                return nil
            }, box.toOpaque())
            if status != 0 {
                box.release()
                return nil
            }
        }

        private func read() {
            do {
                try JSONReader.elements(of: bytes, after: comma) { elements.take($0) }
                isWhole = true
            } catch {
                isWhole = false
            }
        }

        /// Waits for the tail's thread to end (at once when it has; once only, from the thread that started it).
        func join() {
            guard !isJoined else { return }
            pthread_join(thread, nil)
            isJoined = true
        }
    }
}
