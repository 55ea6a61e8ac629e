import CStripAccessibility
import CXft
import Dispatch
import Glibc
import SegmentedSupport

/// The process's link to assistive technologies (Orca and any AT-SPI client):
/// ATK objects for every host window and strip, published on the
/// accessibility bus by the AT-SPI bridge (libatk-bridge-2.0).
///
/// Nothing is loaded until it is needed: after a strip's first frame, the
/// root window's `AT_SPI_BUS` property (set by at-spi-bus-launcher while the
/// accessibility bus runs) or `AT_SPI_BUS_ADDRESS` in the environment says
/// whether a bus exists; only then are ATK, GLib and the bridge loaded (dlopen)
/// and GLib's main context run on the main queue (`GLibMainContextPump`).
/// Without a bus, the strips listen for that property to appear (a screen
/// reader started later) and start the bridge then. `NO_AT_BRIDGE=1` turns it
/// all off, as for GTK. With no bus, the cost is three X round trips after the
/// first frame and an event whenever a root window property changes.
@MainActor
public enum StripAccessibility {
    /// Where the bridge stands.
    public enum Status: Equatable, Sendable {
        /// No strip has drawn its first frame yet.
        case notChecked
        /// No accessibility bus (or NO_AT_BRIDGE=1): nothing was loaded.
        case noBus
        /// The bridge is loaded and has registered the application (or is registering it).
        case active
        /// A bus was found, but the bridge could not be loaded or started (the reason).
        case failed(String)
    }

    /// Where the bridge stands now.
    public private(set) static var status = Status.notChecked {
        didSet { statusChanged?(status) }
    }

    /// Called once the bus has been checked (with `.noBus`, `.active` or `.failed`).
    public static var statusChanged: (@MainActor (Status) -> Void)?

    static var frames: [AccessibleElement] = []
    static var lists: [AccessibleElement] = []
    static var pump: GLibMainContextPump?
    private static var checkScheduled = false
    /// The AT_SPI_BUS atom, and the connection whose root window is watched for it while there is no bus.
    private static var busAtom: Atom = 0
    private static var watched: XDisplayConnection?

    /// The name the application has on the bus: the program's (its file name).
    static var applicationName: String {
        let path = CommandLine.arguments.first ?? "segmented"
        return path.split(separator: "/").last.map(String.init) ?? path
    }

    /// A strip drew its first frame: check the bus once, right after it.
    static func firstFrameDrawn(connection: XDisplayConnection) {
        guard !checkScheduled else { return }
        checkScheduled = true
        DispatchQueue.main.async {
            if let off = getenv("NO_AT_BRIDGE"), String(cString: off) == "1" {
                status = .noBus
                return
            }
            guard let address = busAddress(connection) else {
                watchForBus(connection)
                status = .noBus
                return
            }
            watchedAddress = address
            start()
        }
    }

    /// Listens for the root window's properties (adding to whatever else this
    /// client listens for there), so that a bus launched later is noticed.
    private static func watchForBus(_ connection: XDisplayConnection) {
        let display = connection.display
        let root = XDefaultRootWindow(display)
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, root, &attributes)
        XSelectInput(display, root, attributes.your_event_mask | PropertyChangeMask)
        XFlush(display)
        connection.noteRoundTrip()
        watched = connection
    }

    /// A strip was handed an event: if it says the accessibility bus was
    /// published on the watched root window, the bridge starts now.
    /// - Returns: whether the event was that one.
    static func rootPropertyChanged(_ event: inout XEvent) -> Bool {
        guard let connection = watched, event.type == PropertyNotify, busAtom != 0, event.xproperty.atom == busAtom,
              event.xproperty.state == PropertyNewValue,
              event.xproperty.window == XDefaultRootWindow(connection.display) else { return false }
        watched = nil
        watchedAddress = busAddress(connection)
        start()
        return true
    }

    /// The accessibility bus's D-Bus address (found without any D-Bus traffic): `AT_SPI_BUS_ADDRESS`, else the
    /// root window's `AT_SPI_BUS` property (empty when it is not text); nil without a bus.
    static func busAddress(_ connection: XDisplayConnection) -> String? {
        if let address = getenv("AT_SPI_BUS_ADDRESS") { return String(cString: address) }
        let display = connection.display
        defer { connection.noteRoundTrip() }
        // Made if new: the watch for a later bus recognizes the property by this number.
        let atom = XInternAtom(display, "AT_SPI_BUS", 0)
        busAtom = atom
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        // An address is far shorter than 4096 bytes (1024 32-bit units).
        let status = XGetWindowProperty(display, XDefaultRootWindow(display), atom, 0, 1024, 0, Atom(AnyPropertyType),
                                        &type, &format, &count, &after, &data)
        defer { if let data { XFree(data) } }
        guard Int(status) == Int(Success), type != 0 else { return nil }
        guard format == 8, let data else { return "" }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
    }

    /// How long the bus may take to answer a connection's first message, seconds.
    nonisolated static let busAnswerTimeout = 2.0

    /// Starts the bridge once the bus is seen to answer. The bridge connects
    /// synchronously on the main queue (`atk_bridge_adaptor_init`), with no
    /// timeout: a bus that accepts connections but never answers (a stopped or
    /// wedged dbus-daemon) would freeze the program for good. So a helper
    /// thread first opens a connection of its own and waits, at most
    /// `busAnswerTimeout`, for the answer to D-Bus's first authentication
    /// message; the strip keeps running meanwhile. A thread of its own, not a
    /// Dispatch global queue, whose Linux worker-pool monitor would then wake
    /// the program once a second for as long as it runs (see `PosixThread`).
    private static func start() {
        let address = watchedAddress ?? ""
        PosixThread.detach {
            let problem = StripAccessibility.busAnswerProblem(address: address, timeout: StripAccessibility.busAnswerTimeout)
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    if let problem { status = .failed(problem) } else { startBridge() }
                }
            }
        }
    }

    /// The address checked by `start()` (read by the last `busAddress`).
    private static var watchedAddress: String?

    /// Why the bus at `address` cannot be used, or nil when it answers (or is
    /// not a Unix socket address, which the bridge is left to try itself).
    /// Blocks up to `timeout` seconds: call it off the main queue.
    nonisolated static func busAnswerProblem(address: String, timeout: Double) -> String? {
        guard let first = address.split(separator: ";").first, first.hasPrefix("unix:") else { return nil }
        var path: String?, abstract: String?
        for pair in first.dropFirst(5).split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            if parts[0] == "path" { path = parts[1] }
            if parts[0] == "abstract" { abstract = parts[1] }
        }
        guard let name = path ?? abstract else { return nil }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(name.utf8)
        let offset = path == nil ? 1 : 0   // an abstract name starts with a NUL byte
        guard bytes.count + offset < MemoryLayout.size(ofValue: socketAddress.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { raw in
            for (i, byte) in bytes.enumerated() { raw[i + offset] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + offset + bytes.count + (path == nil ? 0 : 1))
        let connected = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, length) }
        }
        guard connected == 0 else {
            return "the accessibility bus at \(address) refuses connections (\(String(cString: strerror(errno))))"
        }
        // D-Bus's opening: a NUL byte, then EXTERNAL authentication as our user id (hex digits of its decimal form).
        let uid = Array(String(getuid()).utf8).map { String($0, radix: 16) }.joined()
        let hello = Array("\0AUTH EXTERNAL \(uid)\r\n".utf8)
        guard send(fd, hello, hello.count, Int32(MSG_NOSIGNAL)) == hello.count else {
            return "the accessibility bus at \(address) closed the connection"
        }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(timeout * 1000)) == 1 else {
            return "the accessibility bus at \(address) did not answer within \(timeout) s"
        }
        var reply = [UInt8](repeating: 0, count: 256)
        let received = recv(fd, &reply, reply.count, 0)
        guard received > 0 else { return "the accessibility bus at \(address) closed the connection" }
        return nil
    }

    private static func startBridge() {
        var error: UnsafePointer<CChar>?
        guard strip_acc_load(&error) == 0 else {
            status = .failed(error.map { String(cString: $0) } ?? "libatk-bridge-2.0 could not be loaded")
            return
        }
        var table = StripAccCallbacks(name: { handle, index in
            MainActor.assumeIsolated { StripAccessibility.element(handle)?.name(Int(index)) }.flatMap { strdup($0) }
        }, count: { handle in
            MainActor.assumeIsolated { Int32(clamping: StripAccessibility.element(handle)?.count ?? 0) }
        }, selected: { handle in
            MainActor.assumeIsolated { Int32(clamping: StripAccessibility.element(handle)?.selectedIndex ?? -1) }
        }, state: { handle, index in
            MainActor.assumeIsolated { StripAccessibility.element(handle)?.state(Int(index)) ?? 0 }
        }, extents: { handle, index, x, y, width, height in
            MainActor.assumeIsolated {
                let r = StripAccessibility.element(handle)?.extents(Int(index)) ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
                x?.pointee = Int32(clamping: r.x)
                y?.pointee = Int32(clamping: r.y)
                width?.pointee = Int32(clamping: r.width)
                height?.pointee = Int32(clamping: r.height)
            }
        }, hit: { handle, x, y in
            MainActor.assumeIsolated { Int32(clamping: StripAccessibility.element(handle)?.hit(x: Int(x), y: Int(y)) ?? -1) }
        }, select: { handle, index in
            MainActor.assumeIsolated { StripAccessibility.element(handle)?.select(Int(index)) == true ? 1 : 0 }
        })
        guard strip_acc_start(applicationName, "0.1.0", &table) == 0 else {
            status = .failed("the AT-SPI bridge did not start (atk_bridge_adaptor_init failed)")
            return
        }
        let pump = GLibMainContextPump()
        self.pump = pump
        for frame in frames { frame.publish(under: nil) }
        for list in lists { publish(list) }
        status = .active
        pump.turnSoon()
    }

    fileprivate static func element(_ handle: UnsafeMutableRawPointer?) -> AccessibleElement? {
        handle.map { Unmanaged<AccessibleElement>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The frame whose window is `window`.
    static func frame(of window: Window) -> AccessibleElement? {
        frames.first { $0.host?.window == window }
    }

    private static func publish(_ list: AccessibleElement) {
        let parent = list.strip.flatMap { frame(of: $0.parentWindow) }?.node
        list.publish(under: parent)
        list.pageArea?.publish(under: parent)
    }

    /// A host window exists: its frame is published now or when the bridge starts.
    static func register(host: HostWindow) {
        let element = AccessibleElement(role: .frame)
        element.host = host
        frames.append(element)
        if status == .active { element.publish(under: nil) }
    }

    /// A strip exists: its page tab list (and its page area's label, when it
    /// has one) is published now or when the bridge starts.
    static func register(strip: SegmentedStrip) -> AccessibleElement {
        let element = AccessibleElement(role: .pageTabList)
        element.strip = strip
        if strip.size.height > strip.preferredHeight {
            let area = AccessibleElement(role: .pageArea)
            area.strip = strip
            element.pageArea = area
        }
        lists.append(element)
        if status == .active { publish(element) }
        return element
    }

    /// The element's object leaves the bus (its strip or window is gone).
    static func unregister(_ element: AccessibleElement) {
        lists.removeAll { $0 === element }
        frames.removeAll { $0 === element }
        element.pageArea?.unpublish()
        element.unpublish()
    }

    /// A host window was closed or destroyed: its frame leaves the bus.
    static func unregister(host: HostWindow) {
        for frame in frames where frame.host === host { unregister(frame) }
    }

    /// After ATK signals were emitted: let GLib's main context send what they queued.
    static func changed() {
        pump?.turnSoon()
    }
}

/// One object on the bus: what the C side's callbacks ask, answered from the
/// host window or the strip (never a copy).
@MainActor
final class AccessibleElement {
    enum Role { case frame, pageTabList, pageArea }
    let role: Role
    weak var host: HostWindow?
    weak var strip: SegmentedStrip?
    /// A list's page area label, if its strip shows one.
    var pageArea: AccessibleElement?
    /// The ATK object, once published.
    private(set) var node: UnsafeMutableRawPointer?

    init(role: Role) {
        self.role = role
    }

    func publish(under parent: UnsafeMutableRawPointer?) {
        guard node == nil else { return }
        let kind: StripAccKind = switch role {
        case .frame: STRIP_ACC_FRAME
        case .pageTabList: STRIP_ACC_PAGE_TAB_LIST
        case .pageArea: STRIP_ACC_LABEL
        }
        node = strip_acc_node_new(kind, parent, Unmanaged.passUnretained(self).toOpaque())
        StripAccessibility.changed()
    }

    func unpublish() {
        guard let node else { return }
        self.node = nil
        strip_acc_node_remove(node)
        StripAccessibility.changed()
    }

    func name(_ index: Int) -> String? {
        switch role {
        case .frame: return host?.title
        case .pageTabList:
            guard let strip else { return nil }
            return index < 0 ? strip.accessibleName : strip.titles.indices.contains(index) ? strip.titles[index] : nil
        case .pageArea:
            return strip.flatMap { s in s.selectedIndex.map { s.titles[$0] } }
        }
    }

    var count: Int { role == .pageTabList ? strip?.titles.count ?? 0 : 0 }

    var selectedIndex: Int? { role == .pageTabList ? strip?.selectedIndex : nil }

    func state(_ index: Int) -> Int32 {
        switch role {
        case .frame:
            guard let host else { return 0 }
            return Int32(STRIP_ACC_SHOWING) | (host.hasFocus ? Int32(STRIP_ACC_ACTIVE) : 0)
        case .pageArea: return strip == nil ? 0 : Int32(STRIP_ACC_SHOWING)
        case .pageTabList:
            guard let strip else { return 0 }
            guard index >= 0 else { return Int32(STRIP_ACC_SHOWING) }
            return strip.accessibleState(ofTab: index)
        }
    }

    func extents(_ index: Int) -> PixelRect? {
        switch role {
        case .frame: return host?.rootFrame
        case .pageArea: return strip?.pageAreaRootFrame
        case .pageTabList: return index < 0 ? strip?.rootFrame : strip?.tabRootFrame(index)
        }
    }

    func hit(x: Int, y: Int) -> Int? {
        role == .pageTabList ? strip?.accessibleHit(rootX: x, rootY: y) : nil
    }

    func select(_ index: Int) -> Bool {
        guard role == .pageTabList, let strip, strip.titles.indices.contains(index) else { return false }
        strip.selectForAccessibility(index)
        return true
    }

    /// The strip's selection moved.
    func selectionChanged(from old: Int?, to new: Int?, focused: Bool) {
        guard let node else { return }
        strip_acc_selection_changed(node, Int32(old ?? -1), Int32(new ?? -1), focused ? 1 : 0)
        if let area = pageArea?.node { strip_acc_name_changed(area) }
        StripAccessibility.changed()
    }

    /// The strip's titles were replaced.
    func titlesReplaced() {
        guard let node else { return }
        strip_acc_children_changed(node)
        if let area = pageArea?.node { strip_acc_name_changed(area) }
        StripAccessibility.changed()
    }

    /// The strip gained or lost the keyboard.
    func focusChanged(_ focused: Bool) {
        guard let node else { return }
        strip_acc_focus_changed(node, focused ? 1 : 0)
        StripAccessibility.changed()
    }

    /// The frame's window gained or lost the keyboard focus.
    func windowActivated(_ active: Bool) {
        guard let node else { return }
        strip_acc_window_activated(node, active ? 1 : 0)
        StripAccessibility.changed()
    }

    /// The object's own name changed.
    func nameChanged() {
        guard let node else { return }
        strip_acc_name_changed(node)
        StripAccessibility.changed()
    }
}
