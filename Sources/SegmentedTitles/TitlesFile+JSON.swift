import CJansson
import Glibc
import SegmentedCore
import Synchronization

extension TitlesFile {
    /// The titles of a JSON file (after `bomBytes` of byte order marks),
    /// read by jansson (`json_loadb`): repeated keys in an object are
    /// refused (`JSON_REJECT_DUPLICATES`), and each element of the array is a
    /// title or an item object (`ItemObject`). A syntax error, which jansson
    /// finds while loading, is reported before an element that is wrong.
    /// - Throws: `Failure.malformedJSON` (jansson's message, line and
    ///   column), `.invalidUTF8`, `.tooMuchMemory`, `.notArrayOfStrings`,
    ///   `.tooManyTitles`, `.badItem` or `.duplicateID`.
    static func parseJSON(_ bytes: [UInt8], bomBytes: Int, path: String) throws -> Contents {
        JSONMemory.install
        var error = json_error_t()
        // Any value at the top, so that `{}` or `"a"` is named as what it is, not as a syntax error.
        let flags = Int(JSON_REJECT_DUPLICATES | JSON_DECODE_ANY | JSON_ALLOW_NUL)
        let refusals = JSONMemory.refusals.load(ordering: .relaxed)
        guard let document = bytes.withUnsafeBufferPointer({ json_loadb($0.baseAddress, $0.count, flags, &error) }) else {
            // Where an allocation fails, jansson does not always set the error.
            if JSONMemory.refusals.load(ordering: .relaxed) != refusals { throw Failure.tooMuchMemory(path: path) }
            throw failure(error, path: path, bomBytes: bomBytes)
        }
        defer { json_decref(document) }
        guard document.pointee.type == JSON_ARRAY else {
            let kind = switch document.pointee.type {
            case JSON_OBJECT: "an object"
            case JSON_STRING: "a string"
            default: "not an array"
            }
            throw Failure.notArrayOfStrings(path: path, detail: "the top level is \(kind), not an array")
        }
        let count = json_array_size(document)
        if count > maximumTitles { throw Failure.tooManyTitles(path: path) }
        var contents = Contents(titles: [])
        contents.titles.reserveCapacity(count)
        // The element of each id so far, by its UTF-8: ids are told apart by
        // their code points, as JSON tells strings apart (Swift's `==` takes
        // "é" and "e\u{301}" for one).
        var ids = [[UInt8]: Int]()
        for index in 0..<count {
            let element = json_array_get(document, index)!
            switch element.pointee.type {
            case JSON_STRING:
                contents.titles.append(string(element))
                contents.details.append(nil)
            case JSON_OBJECT:
                let item: SegmentItem
                do {
                    item = try ItemObject.item(element)
                } catch {
                    throw Failure.badItem(path: path, index: index, detail: error.detail)
                }
                if let id = item.id {
                    if let first = ids.updateValue(index, forKey: Array(id.utf8)) {
                        throw Failure.duplicateID(path: path, first: first, second: index, id: id)
                    }
                }
                contents.titles.append(item.title)
                contents.details.append(item.isPlainTitle ? nil : item)
            default:
                let kind = switch element.pointee.type {
                case JSON_ARRAY: "an array"
                case JSON_NULL: "null"
                case JSON_TRUE, JSON_FALSE: "a boolean"
                default: "a number"
                }
                throw Failure.notArrayOfStrings(path: path, detail: "element \(index) is \(kind), not a string or an item")
            }
        }
        return contents
    }

    /// The text of a JSON string value (jansson has checked its UTF-8; a NUL in it stays).
    static func string(_ value: UnsafeMutablePointer<json_t>) -> String {
        String(decoding: UnsafeBufferPointer(start: UnsafeRawPointer(json_string_value(value)).assumingMemoryBound(to: UInt8.self),
                                             count: json_string_length(value)), as: UTF8.self)
    }

    /// The failure for jansson's `error`: its byte position for invalid
    /// UTF-8 (counted in the file, byte order marks included), otherwise its
    /// message with its line and column, on one line.
    private static func failure(_ error: json_error_t, path: String, bomBytes: Int) -> Failure {
        switch withUnsafePointer(to: error, { json_error_code($0) }) {
        case json_error_invalid_utf8: return .invalidUTF8(path: path, byteOffset: Int(error.position) + bomBytes)
        case json_error_out_of_memory: return .tooMuchMemory(path: path)
        default:
            // The text quotes the file ("near 'x'"), and may end inside a character where jansson cut it.
            let text = withUnsafeBytes(of: error.text) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            return .malformedJSON(path: path, detail: "\(TerminalText.oneLine(text)) (line \(error.line), column \(error.column))")
        }
    }

    /// jansson's allocations, counted: a load that would hold more than
    /// `limit` bytes fails as out of memory. A 16 MiB file of `{},` is 5.6
    /// million objects, more than 1 GiB in jansson; a million titles take
    /// about 100 MiB.
    enum JSONMemory {
        /// 256 MiB.
        static let limit = 256 << 20
        /// Bytes jansson holds now (`malloc_usable_size` of each block).
        static let inUse = Atomic<Int>(0)
        /// Allocations refused so far.
        static let refusals = Atomic<Int>(0)

        /// Sets the counting functions, once, before jansson's first use (as `json_set_alloc_funcs` asks).
        static let install: Void = json_set_alloc_funcs({ size in
            guard JSONMemory.inUse.load(ordering: .relaxed) + size <= JSONMemory.limit, let block = malloc(size) else {
                JSONMemory.refusals.add(1, ordering: .relaxed)
                return nil
            }
            JSONMemory.inUse.add(malloc_usable_size(block), ordering: .relaxed)
            return block
        }, { block in
            guard let block else { return }
            JSONMemory.inUse.subtract(malloc_usable_size(block), ordering: .relaxed)
            free(block)
        })
    }
}
