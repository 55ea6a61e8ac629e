import CStripAccessibility
import CX11
import Dispatch
import Glibc

/// The process's link to assistive technologies (Orca and any AT-SPI client):
/// ATK objects for every host window and strip, published on the
/// accessibility bus by the AT-SPI bridge (libatk-bridge-2.0).
///
/// Nothing is loaded until it is needed: after a strip's first frame,
/// `AT_SPI_BUS_ADDRESS` in the environment or the root window's `AT_SPI_BUS`
/// property (set by at-spi-bus-launcher while the accessibility bus runs)
/// says whether a bus exists; only then are ATK, GLib and the bridge loaded
/// (dlopen) and GLib's main context run on the main queue
/// (`GLibMainContextPump`). The session bus is never asked, so D-Bus never
/// autolaunches one. The strips listen for that property to change, so a bus
/// launched later, or relaunched, is joined then. `NO_AT_BRIDGE=1` turns it
/// all off, as for GTK.
///
/// Joining blocks inside libdbus until the bus answers, so it runs on a thread
/// of its own while the window goes on; a bus that has not answered within
/// `busAnswerTimeout` is reported as failed (and joined if it answers later).
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
        /// A bus was found, but the bridge could not join it, or it went away (the reason).
        case failed(String)
    }

    /// Where the bridge stands now.
    public private(set) static var status = Status.notChecked {
        didSet { if status != oldValue { statusChanged?(status) } }
    }

    /// Called whenever the status changes after the first check (with `.noBus`, `.active` or `.failed`);
    /// the same failure twice in a row is told once.
    public static var statusChanged: (@MainActor (Status) -> Void)?

    static var frames: [AccessibleElement] = []
    static var lists: [AccessibleElement] = []
    static var pump: GLibMainContextPump?
    private static var checkScheduled = false
    /// The AT_SPI_BUS atom, and the connection whose root window is watched for it.
    private static var busAtom: Atom = 0
    private static var watched: XDisplayConnection?
    /// `AT_SPI_BUS_ADDRESS` as the program was started with it (a join sets it for the bridge).
    private static let environmentAddress = getenv("AT_SPI_BUS_ADDRESS").map { String(cString: $0) }
    /// The address being joined or joined, while a join's thread runs, and its timeout.
    private static var joinedAddress: String?
    private static var joining = false
    private static var joinTimeout: DispatchSourceTimer?
    /// Counts joins and leaves, so that news of a bus left since is dropped.
    private static var generation = 0

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
            watchForBus(connection)
            check(connection)
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
        connection.scheduleEventDrain()
        watched = connection
    }

    /// Finds the bus and joins it, or says why not.
    private static func check(_ connection: XDisplayConnection) {
        guard let address = busAddress(connection) else {
            status = .noBus
            return
        }
        if let problem = addressProblem(address) {
            status = .failed(problem)
        } else {
            join(address)
        }
    }

    /// A strip was handed an event: if it says the accessibility bus was
    /// published on the watched root window (launched, or launched anew), the
    /// bridge joins it now unless it is on that bus already.
    /// - Returns: whether the event was that one.
    static func rootPropertyChanged(_ event: inout XEvent) -> Bool {
        guard let connection = watched, event.type == PropertyNotify, busAtom != 0, event.xproperty.atom == busAtom,
              event.xproperty.window == XDefaultRootWindow(connection.display) else { return false }
        guard event.xproperty.state == PropertyNewValue, !joining else { return true }
        if status == .active, busAddress(connection) == joinedAddress { return true }
        leave()
        check(connection)
        return true
    }

    /// The accessibility bus's D-Bus address (found without any D-Bus
    /// traffic): `AT_SPI_BUS_ADDRESS` unless empty (as libatspi reads it),
    /// else the root window's `AT_SPI_BUS` property (empty when it is not
    /// text); nil without a bus.
    static func busAddress(_ connection: XDisplayConnection) -> String? {
        if let environmentAddress, !environmentAddress.isEmpty { return environmentAddress }
        let display = connection.display
        defer { connection.scheduleEventDrain() }
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

    /// Why the bridge must not be pointed at `address`, or nil. Only sockets
    /// the probe can look at first are joined: libdbus would start a program
    /// for `autolaunch:` or `unixexec:`, and nothing may be started on the
    /// program's behalf.
    nonisolated static func addressProblem(_ address: String) -> String? {
        guard !address.isEmpty else { return "the root window's AT_SPI_BUS property holds no bus address" }
        for entry in address.split(separator: ";") {
            let transport = entry.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard entry.contains(":"), ["unix", "tcp"].contains(String(transport)) else {
                return "the accessibility bus address \(address) is not a unix: or tcp: address"
            }
        }
        return nil
    }

    /// How long the bus may take to answer before it is reported failed, seconds.
    nonisolated static let busAnswerTimeout = 2.0

    /// Joins the bus at `address` on a thread of its own (the bridge connects
    /// and registers synchronously, with no timeout it lets us set). A thread,
    /// not a Dispatch global queue, whose Linux worker-pool monitor would then
    /// wake the program once a second for as long as it runs (see `PosixThread`).
    private static func join(_ address: String) {
        joining = true
        joinedAddress = address
        generation += 1
        // The bridge reads the address from here; it never looks for one on the session bus then.
        setenv("AT_SPI_BUS_ADDRESS", address, 1)
        let timeout = DispatchSource.makeTimerSource(queue: .main)
        timeout.schedule(deadline: .now() + busAnswerTimeout)
        timeout.setEventHandler {
            MainActor.assumeIsolated {
                joinTimeout = nil
                status = .failed("the accessibility bus at \(address) did not answer within \(busAnswerTimeout) s")
            }
        }
        timeout.resume()
        joinTimeout = timeout
        let name = applicationName
        let callbacks = callbackTable()
        PosixThread.detach {
            let problem = AccessibilityBusProbe.problem(address: address, timeout: StripAccessibility.busAnswerTimeout)
                ?? StripAccessibility.startBridge(name: name, callbacks: callbacks)
            DispatchQueue.main.async {
                MainActor.assumeIsolated { joined(address, problem: problem) }
            }
        }
    }

    /// Loads and starts the bridge: blocks until the bus answers or libdbus gives up.
    /// - Returns: why it failed, or nil.
    nonisolated private static func startBridge(name: String, callbacks: StripAccCallbacks) -> String? {
        var table = callbacks
        var error: UnsafePointer<CChar>?
        guard strip_acc_load(&error) == 0 else {
            return error.map { String(cString: $0) } ?? "libatk-bridge-2.0 could not be loaded"
        }
        var reason: UnsafePointer<CChar>?
        // Called on the main thread, while GLib's context dispatches the joined bus's messages.
        let lost: @convention(c) () -> Void = {
            let generation = MainActor.assumeIsolated { StripAccessibility.generation }
            DispatchQueue.main.async { MainActor.assumeIsolated { StripAccessibility.busLost(generation) } }
        }
        guard strip_acc_start(name, "0.1.0", &table, lost, &reason) == 0 else {
            return "the AT-SPI bridge could not join the accessibility bus"
                + (reason.map { ": " + String(cString: $0) } ?? "")
        }
        return nil
    }

    /// What the C side asks Swift, answered on the main thread (where GLib's context turns).
    private static func callbackTable() -> StripAccCallbacks {
        StripAccCallbacks(name: { handle, index in
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
        }, description: { handle, index in
            MainActor.assumeIsolated { StripAccessibility.element(handle)?.description(Int(index)) }.flatMap { strdup($0) }
        }, closable: { handle in
            MainActor.assumeIsolated { StripAccessibility.element(handle)?.isClosable == true ? 1 : 0 }
        }, close: { handle, index in
            MainActor.assumeIsolated { StripAccessibility.element(handle)?.close(Int(index)) == true ? 1 : 0 }
        })
    }

    /// A join's thread is done: publish everything (or say why not).
    private static func joined(_ address: String, problem: String?) {
        joining = false
        // Once the timeout has told of this join, its later end tells nothing more (one line per failure).
        let timedOut = joinTimeout == nil
        joinTimeout?.cancel()
        joinTimeout = nil
        if let problem {
            if !timedOut { status = .failed(problem) }
        } else {
            let pump = GLibMainContextPump()
            self.pump = pump
            for frame in frames { frame.publish(under: nil) }
            for list in lists { publish(list) }
            status = .active
            pump.turnSoon()
        }
        // The bus was announced anew while this join waited for the old one.
        if let connection = watched, let current = busAddress(connection), current != address {
            leave()
            check(connection)
        }
    }

    /// The joined bus closed the connection (its daemon ended): leave it, and
    /// wait for the launcher to announce a new one on the root window.
    private static func busLost(_ since: Int) {
        guard since == generation, status == .active, !joining else { return }
        let address = joinedAddress ?? ""
        leave()
        status = .failed("the accessibility bus at \(address) closed the connection")
    }

    /// Leaves the bus, if the bridge is on one. The objects are made anew for
    /// the next bus: the bridge keeps each object's D-Bus id on the object,
    /// and a new bridge would hand out the same ids to others.
    private static func leave() {
        generation += 1
        guard let pump else { return }
        pump.stop()
        self.pump = nil
        strip_acc_stop()
        for list in lists {
            list.pageArea?.unpublish()
            list.unpublish()
        }
        for frame in frames { frame.unpublish() }
    }

    fileprivate static func element(_ handle: UnsafeMutableRawPointer?) -> AccessibleElement? {
        handle.map { Unmanaged<AccessibleElement>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The frame whose window is `window`.
    static func frame(of window: Window) -> AccessibleElement? {
        frames.first { $0.host?.window == window }
    }

    private static func publish(_ list: AccessibleElement) {
        let parent = list.strip.flatMap { frame(of: $0.parent) }?.node
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

    /// The popup list of `strip`'s titles opened: while the bridge is on the
    /// bus it is a menu of menu items there (under the application, as a
    /// popup window's menu is), its highlighted row focused.
    /// - Returns: the menu's element, to unregister when the list closes; nil off the bus.
    static func register(popup: PopupListWindow, strip: SegmentedStrip) -> AccessibleElement? {
        guard status == .active else { return nil }
        let element = AccessibleElement(role: .popupMenu)
        element.strip = strip
        element.popupList = popup
        element.publish(under: nil)
        element.selectionChanged(from: nil, to: popup.model.highlighted, focused: true)
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
