import CX11
import SegmentedCore

/// The desktop's settings as an XSETTINGS manager (xsettingsd, GNOME's
/// settings daemon) publishes them: the `_XSETTINGS_SETTINGS` property of
/// the window that owns the selection `_XSETTINGS_S<screen>` (the
/// freedesktop XSETTINGS specification, version 0.5).
enum XSettings {
    /// One setting's value (`XSettingsProperty.Value`).
    typealias Value = XSettingsProperty.Value

    /// The settings in a property's `bytes` (`XSettingsProperty.parse`).
    static func parse(_ bytes: [UInt8]) -> [String: Value]? { XSettingsProperty.parse(bytes) }

    /// The settings of `screen`'s manager, read once: empty when there is
    /// no manager or its property is malformed. Two round trips (the
    /// selection's owner, its property); the atoms are interned with
    /// `only_if_exists`, so a display without a manager gets no new atom. A
    /// manager that exits between the two replies costs one BadWindow line.
    /// (`DesktopSettingsWatcher` follows them instead.)
    static func read(display: OpaquePointer, screen: Int32) -> [String: Value] {
        let selection = XInternAtom(display, "_XSETTINGS_S\(screen)", 1)
        let property = XInternAtom(display, "_XSETTINGS_SETTINGS", 1)
        guard selection != 0, property != 0 else { return [:] }
        let owner = XGetSelectionOwner(display, selection)
        guard owner != 0, case let .bytes(bytes) = self.property(display: display, owner: owner, property: property) else { return [:] }
        return parse(bytes) ?? [:]
    }

    /// What `owner`'s settings property holds.
    enum Property {
        /// The window has none (a manager that has not published yet).
        case none
        /// Not a settings property: why (of another type or format, too long).
        case refused(String)
        case bytes([UInt8])
    }

    /// `owner`'s settings property (the atom `_XSETTINGS_SETTINGS`, also its
    /// type, format 8), read up to 256 KiB (65,536 32-bit units: a desktop's
    /// settings take a few KiB). One round trip.
    static func property(display: OpaquePointer, owner: Window, property: Atom) -> Property {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, owner, property, 0, 65536, 0, UInt(AnyPropertyType), &type, &format, &count, &after, &data)
        defer { if let data { XFree(data) } }
        guard Int(status) == Int(Success), type != 0 else { return .none }
        guard type == property, format == 8, let data else { return .refused("not of its own type in 8-bit units") }
        guard after == 0 else { return .refused("over 256 KiB (\(Int(count) + Int(after)) bytes)") }
        return .bytes(Array(UnsafeBufferPointer(start: data, count: Int(count))))
    }
}
