import CX11

/// Follows the desktop's settings while the program runs, as GTK and Qt
/// applications do: the screen's XSETTINGS manager (the owner of the
/// selection `_XSETTINGS_S<screen>`: its `_XSETTINGS_SETTINGS` property,
/// its exit, and the MANAGER client message a new manager sends on the root
/// window, as the freedesktop XSETTINGS specification has them) and the X
/// resources of the root window's `RESOURCE_MANAGER` property (`xrdb -merge`).
///
/// Give it the connection's events (`XEventLoop.add(_:)`, or `handle(_:)`);
/// `HostWindow.run(strips:)` makes one and applies it to its strips.
@MainActor
public final class DesktopSettingsWatcher {
    /// The settings now: `DesktopSettings()` (none set) while there is no manager.
    public private(set) var settings: DesktopSettings
    /// The X resources now, as `xrdb -query` prints them ("" when there are none).
    public private(set) var resources: String
    /// `settings` changed (a manager's new values, a new manager, or its exit).
    public var settingsChanged: (@MainActor (DesktopSettings) -> Void)?
    /// `resources` changed.
    public var resourcesChanged: (@MainActor (String) -> Void)?

    private let connection: XDisplayConnection
    private let root: Window
    private let selection: Atom, property: Atom, manager: Atom
    /// The manager's window, whose property and destruction are watched; 0: none.
    private var owner: Window = 0
    /// The warnings of the last reading: a value still refused is not warned about again.
    private var warned: Set<String> = []

    /// Starts watching on `connection`'s screen and reads both now: four
    /// round trips (the atoms, the root's event mask, the selection's owner
    /// with its settings under a server grab, the resources).
    ///
    /// A manager's value that is refused (out of range, of another type) or a
    /// malformed property (truncated, an unknown byte order or type, counts
    /// or lengths past its end) is one warning line (a value refused again
    /// in the next reading is not warned about again), and what was read before stays.
    public init(connection: XDisplayConnection) {
        self.connection = connection
        let display = connection.display
        root = XRootWindow(display, connection.screen)
        let atoms = connection.atoms(["_XSETTINGS_S\(connection.screen)", "_XSETTINGS_SETTINGS", "MANAGER"])
        (selection, property, manager) = (atoms[0], atoms[1], atoms[2])
        // The root's MANAGER messages come with StructureNotify; RESOURCE_MANAGER's changes with PropertyChange.
        // Other parts of the program select on the root too (the accessibility bridge): add to its mask.
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, root, &attributes)
        XSelectInput(display, root, attributes.your_event_mask | StructureNotifyMask | PropertyChangeMask)
        settings = DesktopSettings()
        resources = ""
        resources = readResources()
        settings = watchManager() ?? DesktopSettings()
        connection.scheduleEventDrain()
    }

    /// Takes the events that concern the settings or the resources.
    /// - Returns: whether `event` was one (no one else needs it).
    @discardableResult
    public func handle(_ event: inout XEvent) -> Bool {
        switch event.type {
        case ClientMessage where event.xclient.window == root && event.xclient.message_type == manager
            && Atom(bitPattern: event.xclient.data.l.1) == selection:
            // A new manager took the selection (a malformed property of its keeps the settings).
            if let read = watchManager() { update(read) }
        case DestroyNotify where owner != 0 && event.xdestroywindow.window == owner:
            // The manager exited: the defaults, unless another has taken over already.
            owner = 0
            if let read = watchManager() { update(read) }
        case PropertyNotify where owner != 0 && event.xproperty.window == owner && event.xproperty.atom == property:
            if let read = readSettings() { update(read) }
        case PropertyNotify where event.xproperty.window == root && event.xproperty.atom == XA_RESOURCE_MANAGER:
            let text = readResources()
            guard text != resources else { return true }
            resources = text
            resourcesChanged?(text)
        default:
            return false
        }
        connection.scheduleEventDrain()
        return true
    }

    private func update(_ new: DesktopSettings) {
        guard new != settings else { return }
        settings = new
        settingsChanged?(new)
    }

    /// Finds the selection's owner and watches it, and reads its settings,
    /// under a server grab so that it cannot exit in between (the
    /// specification's order). None set when there is no manager; nil for a
    /// malformed property (what was read before stays).
    private func watchManager() -> DesktopSettings? {
        let display = connection.display
        XGrabServer(display)
        defer {
            XUngrabServer(display)
            XFlush(display)
        }
        owner = XGetSelectionOwner(display, selection)
        XErrorReporting.watchForeignWindow(owner == 0 ? nil : UInt(owner))
        guard owner != 0 else { return DesktopSettings() }
        // Added to the mask this program has on it: a client may name one of our own windows as the manager's.
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, owner, &attributes) != 0 else {
            // Gone already (its BadWindow is expected): as a manager that exited.
            owner = 0
            return DesktopSettings()
        }
        XSelectInput(display, owner, attributes.your_event_mask | StructureNotifyMask | PropertyChangeMask)
        return readSettings()
    }

    /// The owner's settings; nil (after one warning) when its property is
    /// malformed, of another type or format, or over 256 KiB.
    private func readSettings() -> DesktopSettings? {
        let bytes: [UInt8]
        switch XSettings.property(display: connection.display, owner: owner, property: property) {
        case .none: return DesktopSettings()
        case let .refused(reason):
            XErrorReporting.warn("the XSETTINGS manager's _XSETTINGS_SETTINGS property is \(reason); ignored")
            return nil
        case let .bytes(read): bytes = read
        }
        guard let values = XSettings.parse(bytes) else {
            XErrorReporting.warn("the XSETTINGS manager's _XSETTINGS_SETTINGS property (\(bytes.count) bytes) is malformed; ignored")
            return nil
        }
        let (read, warnings) = DesktopSettings.reading(values, previous: settings)
        for warning in warnings where !warned.contains(warning) { XErrorReporting.warn(warning) }
        warned = Set(warnings)
        return read
    }

    /// The root window's RESOURCE_MANAGER, read now (Xlib's
    /// `XResourceManagerString` is the copy made when the display was opened).
    private func readResources() -> String {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        // At most 4 MiB (1 Mi 32-bit units): a desktop's resources take a few KiB.
        let status = XGetWindowProperty(connection.display, root, XA_RESOURCE_MANAGER, 0, 1 << 20, 0, XA_STRING,
                                        &type, &format, &count, &after, &data)
        defer { if let data { XFree(data) } }
        guard Int(status) == Int(Success), type == XA_STRING, format == 8, let data else { return "" }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
    }
}
