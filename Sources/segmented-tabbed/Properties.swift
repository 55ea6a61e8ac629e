import CX11
import SegmentedCore

/// Window properties read for a client, bounded: a client's property is
/// input from outside (a 1 MB title reads as its first 16 KiB).
enum Properties {
    /// The most of a property read, in 32-bit units (16 KiB).
    static let longestRead = 4096

    /// A text property: UTF-8 for `type` UTF8_STRING, Latin-1 for STRING,
    /// UTF-8 (invalid bytes replaced) for anything else; `type` 0 takes any
    /// type. Nil when the window has no such property or is gone.
    @MainActor
    static func text(of window: Window, atom: Atom, type: Atom, display: OpaquePointer) -> String? {
        read(window, atom: atom, type: type, display: display) { actual, format, data, count in
            guard format == 8 else { return nil }
            let bytes = UnsafeBufferPointer(start: data, count: count)
            let text = actual == XA_STRING ? String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
                : decoded(bytes, type: actual, display: display)
            // A title is one line: cut at the first line break, as a window title shows it.
            return String(text.prefix { $0 != "\n" && $0 != "\r" })
        }
    }

    /// Text of the type `type` (UTF8_STRING, COMPOUND_TEXT, or another Xlib knows) in UTF-8, by
    /// `Xutf8TextPropertyToTextList`; read as UTF-8 when Xlib cannot convert it.
    @MainActor
    private static func decoded(_ bytes: UnsafeBufferPointer<UInt8>, type: Atom, display: OpaquePointer) -> String {
        var property = XTextProperty(value: UnsafeMutablePointer(mutating: bytes.baseAddress), encoding: type, format: 8,
                                     nitems: UInt(bytes.count))
        var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var count: Int32 = 0
        guard Xutf8TextPropertyToTextList(display, &property, &list, &count) >= Success, let list else {
            return String(decoding: bytes, as: UTF8.self)
        }
        defer { XFreeStringList(list) }
        // Several strings (NUL-separated) are one title's parts.
        return (0..<Int(count)).compactMap { list[$0].map { String(cString: $0) } }.joined(separator: " ")
    }

    /// A format-32 property as longs (Xlib hands them out as C longs), at most `limit` of them; [] when there is none.
    @MainActor
    static func longs(of window: Window, atom: Atom, type: Atom, display: OpaquePointer, limit: Int = longestRead) -> [UInt] {
        typedLongs(of: window, atom: atom, type: type, display: display, limit: limit).longs
    }

    /// `longs` with the property's type (0: no property; with no longs, not format 32); `delete`: the property is deleted
    /// as it is read when all of it fits in `limit` (one request: a value appended meanwhile is not lost).
    @MainActor
    static func typedLongs(of window: Window, atom: Atom, type: Atom, display: OpaquePointer, limit: Int = longestRead,
                           delete: Bool = false) -> (type: Atom, longs: [UInt]) {
        read(window, atom: atom, type: type, display: display, limit: limit, delete: delete) { type, format, data, count in
            guard format == 32 else { return (type, []) }
            return (type, UnsafeRawPointer(data).withMemoryRebound(to: UInt.self, capacity: count) { Array(UnsafeBufferPointer(start: $0, count: count)) })
        } ?? (0, [])
    }

    @MainActor
    private static func read<T>(_ window: Window, atom: Atom, type: Atom, display: OpaquePointer, limit: Int = longestRead,
                                delete: Bool = false, _ body: (Atom, Int32, UnsafeMutablePointer<UInt8>, Int) -> T?) -> T? {
        var actual: Atom = 0, format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, window, atom, 0, limit, delete ? 1 : 0, type == 0 ? UInt(AnyPropertyType) : type,
                                        &actual, &format, &count, &after, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, actual != 0, let data else { return nil }
        return body(actual, format, data, Int(count))
    }

    /// The most of `_NET_WM_ICON` read, in longs: every size of a usual icon up to 256 px (about 1.4 MB).
    static let longestIcon = 350_000

    /// The image of a `_NET_WM_ICON` (EWMH: a width, a height, then width × height ARGB longs, repeated) whose
    /// longer side is closest to `side` pixels, the larger on a tie; nil when there is none whole: a short
    /// array, a size past the data, 0 × 0, or more than 1,024 a side ends the list where it stands.
    static func icon(_ longs: [UInt], closestTo side: Int) -> SegmentIcon? {
        var best: (width: Int, height: Int, start: Int)?
        var i = 0
        while i + 2 <= longs.count {
            let width = Int(truncatingIfNeeded: longs[i]), height = Int(truncatingIfNeeded: longs[i + 1])
            guard (1...1024).contains(width), (1...1024).contains(height), width * height <= longs.count - i - 2 else { break }
            let distance = abs(max(width, height) - side)
            if let chosen = best {
                let chosenDistance = abs(max(chosen.width, chosen.height) - side)
                if distance < chosenDistance || (distance == chosenDistance && width * height > chosen.width * chosen.height) {
                    best = (width, height, i + 2)
                }
            } else {
                best = (width, height, i + 2)
            }
            i += 2 + width * height
        }
        guard let best else { return nil }
        let argb = longs[best.start..<best.start + best.width * best.height].map { UInt32(truncatingIfNeeded: $0) }
        return .pixels(width: best.width, height: best.height, argb: argb)
    }
}
