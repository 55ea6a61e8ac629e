/// The byte format of an XSETTINGS manager's `_XSETTINGS_SETTINGS`
/// property (the freedesktop XSETTINGS specification, version 0.5), read
/// with every field bounds-checked: free of X11, so that it is fuzzed with
/// the titles parser (`make fuzz`). `SegmentedX11`'s `DesktopSettingsWatcher`
/// reads the property from the server.
public enum XSettingsProperty {
    /// One setting's value.
    public enum Value: Equatable, Sendable {
        case integer(Int32)
        case string(String)
        /// Red, green, blue and alpha, 0 to 65,535.
        case color(UInt16, UInt16, UInt16, UInt16)
    }

    /// The settings in `bytes`, the property's contents: a byte-order byte
    /// (0 least significant byte first, 1 most), 3 unused bytes, the serial,
    /// the count, then each setting (type, name, its last-change serial, the
    /// value), every field padded to 4 bytes. Nil when any field runs past
    /// the end, or the byte order or a type is unknown: a malformed
    /// property is no settings, not half of them.
    public static func parse(_ bytes: [UInt8]) -> [String: Value]? {
        var reader = Reader(bytes: bytes)
        guard let order = reader.byte(), order <= 1 else { return nil }
        reader.bigEndian = order == 1
        guard reader.skip(3), reader.card32() != nil, let count = reader.card32() else { return nil }
        var settings: [String: Value] = [:]
        for _ in 0..<count {
            guard let type = reader.byte(), reader.skip(1), let nameLength = reader.card16(),
                  let name = reader.string(Int(nameLength)), reader.card32() != nil else { return nil }
            switch type {
            case 0:
                guard let value = reader.card32() else { return nil }
                settings[name] = .integer(Int32(bitPattern: value))
            case 1:
                guard let length = reader.card32(), let value = reader.string(Int(length)) else { return nil }
                settings[name] = .string(value)
            case 2:
                guard let r = reader.card16(), let g = reader.card16(), let b = reader.card16(), let a = reader.card16() else { return nil }
                settings[name] = .color(r, g, b, a)
            default:
                return nil
            }
        }
        return settings
    }

    /// Reads fields from the front of a property, bounds-checked.
    private struct Reader {
        let bytes: [UInt8]
        var position = 0
        var bigEndian = false

        mutating func byte() -> UInt8? {
            guard position < bytes.count else { return nil }
            defer { position += 1 }
            return bytes[position]
        }

        mutating func skip(_ count: Int) -> Bool {
            guard count <= bytes.count - position else { return false }
            position += count
            return true
        }

        mutating func card16() -> UInt16? { number(2).map { UInt16($0) } }
        mutating func card32() -> UInt32? { number(4) }

        private mutating func number(_ size: Int) -> UInt32? {
            guard size <= bytes.count - position else { return nil }
            let field = bytes[position..<position + size]
            position += size
            return (bigEndian ? Array(field) : field.reversed()).reduce(0) { $0 << 8 | UInt32($1) }
        }

        /// `length` bytes of UTF-8 and the padding to a multiple of 4.
        mutating func string(_ length: Int) -> String? {
            let padded = (length + 3) / 4 * 4
            guard length >= 0, padded <= bytes.count - position else { return nil }
            defer { position += padded }
            return String(decoding: bytes[position..<position + length], as: UTF8.self)
        }
    }
}
