import CXft

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
                : String(decoding: bytes, as: UTF8.self)
            // A title is one line: cut at the first line break, as a window title shows it.
            return String(text.prefix { $0 != "\n" && $0 != "\r" })
        }
    }

    /// A format-32 property as longs (Xlib hands them out as C longs); [] when there is none.
    @MainActor
    static func longs(of window: Window, atom: Atom, type: Atom, display: OpaquePointer) -> [UInt] {
        read(window, atom: atom, type: type, display: display) { _, format, data, count in
            guard format == 32 else { return nil }
            return UnsafeRawPointer(data).withMemoryRebound(to: UInt.self, capacity: count) { Array(UnsafeBufferPointer(start: $0, count: count)) }
        } ?? []
    }

    @MainActor
    private static func read<T>(_ window: Window, atom: Atom, type: Atom, display: OpaquePointer,
                                _ body: (Atom, Int32, UnsafeMutablePointer<UInt8>, Int) -> T?) -> T? {
        var actual: Atom = 0, format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, window, atom, 0, Int(longestRead), 0, type == 0 ? UInt(AnyPropertyType) : type,
                                        &actual, &format, &count, &after, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, actual != 0, let data else { return nil }
        return body(actual, format, data, Int(count))
    }
}
