import CX11
import Glibc

/// A top-level window for a program that hosts strips: it speaks to the
/// window manager (WM_NAME, _NET_WM_NAME, _NET_WM_PID, WM_CLASS,
/// WM_DELETE_WINDOW), tells the host when it is resized or asked to close,
/// and routes navigation keys to the focused strip.
///
/// Strips are its children (`SegmentedStrip(parent: host.window, …)`); give
/// its events to `handle(_:)`, for example as `XEventLoop.handler`.
@MainActor
public final class HostWindow {
    /// The X window.
    public nonisolated let window: Window
    /// The strip that gets the navigation keys (`SegmentedStrip.handleKey`; nil: none).
    public weak var focusedStrip: SegmentedStrip? {
        didSet {
            guard oldValue !== focusedStrip else { return }
            oldValue?.accessible?.focusChanged(false)
            focusedStrip?.accessible?.focusChanged(true)
        }
    }
    /// The window title (WM_NAME and _NET_WM_NAME), also the frame's name for screen readers.
    public var title: String {
        didSet {
            guard title != oldValue else { return }
            storeTitle()
            StripAccessibility.frame(of: window)?.nameChanged()
        }
    }
    /// Whether the window has the keyboard focus (its last FocusIn or FocusOut).
    public private(set) var hasFocus = false
    /// The window's new size (pixels), to lay out the strips in it.
    public var resized: (@MainActor (_ width: Int, _ height: Int) -> Void)?
    /// Escape, q, or the window manager's close button: the host decides (the
    /// demo exits 0). Unset, the window is closed and the program goes on;
    /// `run(strips:)` makes it exit 0.
    public var closeRequested: (@MainActor () -> Void)?
    /// Another client destroyed the window: the host decides. Unset, nothing
    /// happens; `run(strips:)` prints one line on stderr and exits 1.
    public var destroyed: (@MainActor () -> Void)?

    let connection: XDisplayConnection
    private let wmDeleteWindow: Atom
    private let netWMName: Atom, utf8String: Atom
    /// Whether a window manager has put the window in a frame of its own (its ConfigureNotify x and y are then the frame's).
    private var isReparented = false
    /// Set by `close()`: the DestroyNotify that follows is ours, not another client's.
    private var closed = false

    /// Creates the window, unmapped.
    ///
    /// - Parameters:
    ///   - width, height: size, pixels (each clamped to 1...`SegmentedStrip.maximumSide`).
    ///   - background: 0xRRGGBB (through the colormap, so an 8-bit display shows it too).
    ///   - title: the window title.
    ///   - instanceName: WM_CLASS instance (the program's name, `my-app`).
    ///   - className: WM_CLASS class (the application's class, by which window
    ///     managers and X resources know it); nil: the instance name with its first
    ///     letter capitalized (`My-app`), the X convention (`xterm`, `XTerm`).
    public init(connection: XDisplayConnection, width: Int, height: Int, background: UInt32, title: String, instanceName: String,
                className: String? = nil) {
        self.connection = connection
        self.title = title
        let display = connection.display
        let screen = connection.screen
        let side = { (n: Int) in UInt32(min(max(1, n), SegmentedStrip.maximumSide)) }
        var attributes = XSetWindowAttributes()
        attributes.background_pixel = connection.pixel(ofRGB: background)
        // FocusChangeMask: whether the window is the active one, for screen readers.
        attributes.event_mask = StructureNotifyMask | KeyPressMask | FocusChangeMask
        window = XCreateWindow(display, XRootWindow(display, screen), 0, 0, side(width), side(height), 0,
                               XDefaultDepth(display, screen), UInt32(InputOutput), XDefaultVisual(display, screen),
                               UInt(CWBackPixel | CWEventMask), &attributes)
        // Every atom in one round trip (XSetWMProtocols would intern WM_PROTOCOLS with one more).
        let atoms = connection.atoms(["WM_DELETE_WINDOW", "WM_PROTOCOLS", "_NET_WM_NAME", "UTF8_STRING", "_NET_WM_PID"])
        wmDeleteWindow = atoms[0]
        (netWMName, utf8String) = (atoms[2], atoms[3])
        storeTitle()
        // Format-32 properties are C longs in Xlib, whatever the protocol's 32 bits.
        var pid = UInt(getpid())
        withUnsafeBytes(of: &pid) { bytes in
            _ = XChangeProperty(display, window, atoms[4], XA_CARDINAL, 32, PropModeReplace,
                                bytes.bindMemory(to: UInt8.self).baseAddress, 1)
        }
        let cls = className ?? instanceName.prefix(1).uppercased() + instanceName.dropFirst()
        instanceName.withCString { name in
            cls.withCString { cls in
                var hint = XClassHint(res_name: UnsafeMutablePointer(mutating: name), res_class: UnsafeMutablePointer(mutating: cls))
                XSetClassHint(display, window, &hint)
            }
        }
        let protocols = [wmDeleteWindow]
        protocols.withUnsafeBytes { bytes in
            _ = XChangeProperty(display, window, atoms[1], XA_ATOM, 32, PropModeReplace, bytes.bindMemory(to: UInt8.self).baseAddress, 1)
        }
        StripAccessibility.register(host: self)
    }

    /// Stores `title` as WM_NAME, in the ICCCM's encodings (STRING when Latin-1
    /// holds it, else COMPOUND_TEXT, by `Xutf8TextListToTextProperty`), and as
    /// EWMH's _NET_WM_NAME in UTF-8.
    private func storeTitle() {
        let display = connection.display
        title.withCString { text in
            var list: [UnsafeMutablePointer<CChar>?] = [UnsafeMutablePointer(mutating: text)]
            var property = XTextProperty()
            // Success, or how many characters had no equivalent (then replaced); negative: nothing was made.
            guard Xutf8TextListToTextProperty(display, &list, 1, XStdICCTextStyle, &property) >= Success else { return }
            XSetWMName(display, window, &property)
            XFree(property.value)
        }
        let utf8 = Array(title.utf8)
        XChangeProperty(display, window, netWMName, utf8String, 8, PropModeReplace, utf8, Int32(utf8.count))
    }

    /// The window on the root window, pixels (two round trips), for the accessibility bridge.
    var rootFrame: PixelRect {
        let display = connection.display
        var x: Int32 = 0, y: Int32 = 0, child: Window = 0
        XTranslateCoordinates(display, window, XDefaultRootWindow(display), 0, 0, &x, &y, &child)
        var root: Window = 0, gx: Int32 = 0, gy: Int32 = 0
        var width: UInt32 = 0, height: UInt32 = 0, border: UInt32 = 0, depth: UInt32 = 0
        XGetGeometry(display, window, &root, &gx, &gy, &width, &height, &border, &depth)
        connection.scheduleEventDrain()
        return PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height))
    }

    /// Maps the window (after its strips exist, so that they appear together).
    public func map() {
        XMapWindow(connection.display, window)
        XFlush(connection.display)   // which also reads what the server sent: let the event loop drain
        connection.scheduleEventDrain()
    }

    /// Handles the window's own events; others are ignored.
    public func handle(_ event: inout XEvent) {
        guard event.xany.window == window else { return }
        switch event.type {
        case ConfigureNotify:
            // Root coordinates: the window manager's synthetic notice, or the server's own while the root is the parent (ICCCM 4.1.5).
            if event.xconfigure.send_event != 0 || !isReparented {
                connection.topLevelMoved(window, toRootX: Int(event.xconfigure.x), y: Int(event.xconfigure.y))
            }
            resized?(Int(event.xconfigure.width), Int(event.xconfigure.height))
        case ReparentNotify:
            isReparented = event.xreparent.parent != XRootWindow(connection.display, connection.screen)
        case KeyPress:
            let keysym = XLookupKeysym(&event.xkey, 0)
            // Escape during a reorder drag puts the item back; it does not close the window.
            if keysym == KeySym(XK_Escape), let strip = focusedStrip, strip.isReordering {
                strip.handleKey(keysym: keysym, state: event.xkey.state)
            } else if keysym == KeySym(XK_Escape) || keysym == KeySym(XK_q) {
                requestClose()
            } else {
                focusedStrip?.handleKey(keysym: keysym, state: event.xkey.state)
            }
        case FocusIn, FocusOut:
            // Focus moving between this window and its own children changes nothing.
            guard event.xfocus.detail != NotifyInferior else { break }
            let focused = event.type == FocusIn
            if focused != hasFocus {
                hasFocus = focused
                StripAccessibility.frame(of: window)?.windowActivated(focused)
            }
        case ClientMessage:
            if event.xclient.format == 32, Atom(bitPattern: event.xclient.data.l.0) == wmDeleteWindow { requestClose() }
        case DestroyNotify where event.xdestroywindow.window == window && !closed:
            closed = true   // gone: a later close() has nothing to destroy
            StripAccessibility.unregister(host: self)
            destroyed?()
        default:
            break
        }
    }

    private func requestClose() {
        if let closeRequested {
            closeRequested()
        } else {
            close()
        }
    }

    /// The common single-window program in one call: gives the connection's
    /// events to `strips` and then to this window, focuses the first strip
    /// (unless one is focused), lays every strip out across the window's
    /// width on a resize (keeping its y and height), maps the window and runs
    /// the main queue for good. Unless the host set them, a close request
    /// closes the window and exits 0, and a window destroyed by another client
    /// prints one line on stderr and exits 1.
    ///
    /// The strips follow the desktop's settings (`DesktopSettingsWatcher`,
    /// from right after the first strip's first frame): each strip's style
    /// when this is called is its base, and the desktop's settings then and
    /// after every change are applied to it
    /// (`DesktopSettings.applied(to:)`, with `setStyle(_:animated:)`, animated
    /// unless the scale changed).
    /// A strip as tall as its `preferredHeight` (or `pageAreaTop`) gets its
    /// new one, at the same x and y; the host lays out anything else (`resized`).
    public func run(strips: [SegmentedStrip]) -> Never {
        let loop = XEventLoop(connection: connection)
        for strip in strips { loop.add(strip) }
        let bases = strips.map(\.style)
        let follow: @MainActor (DesktopSettings) -> Void = { settings in
            for (strip, base) in zip(strips, bases) { Self.follow(settings, strip: strip, base: base) }
        }
        // From right after the first frame: the watcher's round trips are not paid before it.
        let startWatching: @MainActor () -> Void = { [unowned loop] in
            let desktop = DesktopSettingsWatcher(connection: self.connection)
            loop.add(desktop)
            follow(desktop.settings)
            desktop.settingsChanged = follow
        }
        if let first = strips.first {
            let startupFinished = first.callbacks.startupFinished
            first.callbacks.startupFinished = { strip in
                startupFinished?(strip)
                startWatching()
            }
        } else {
            startWatching()
        }
        loop.handler = { [unowned self] event in handle(&event) }
        if focusedStrip == nil { focusedStrip = strips.first }
        if resized == nil {
            resized = { width, _ in
                for strip in strips {
                    let f = strip.frame
                    strip.setFrame(PixelRect(x: f.x, y: f.y, width: width - f.x, height: f.height))
                }
            }
        }
        if closeRequested == nil {
            closeRequested = { [unowned self] in
                close()
                exit(0)
            }
        }
        if destroyed == nil {
            destroyed = {
                ProcessOutput.error("\(XErrorReporting.programName): the window was destroyed by another client")
                exit(1)
            }
        }
        map()
        loop.start()
        runMainQueue()
    }

    /// `run(strips:)`'s way of following the desktop for one strip: `base`
    /// with `settings` applied, animated unless the scale changed (an
    /// indicator gliding from the old size would cross the new titles); a
    /// strip as tall as its `preferredHeight` or `pageAreaTop` gets its new one.
    static func follow(_ settings: DesktopSettings, strip: SegmentedStrip, base: StripStyle) {
        let style = settings.applied(to: base)
        let f = strip.frame, fitted = [strip.preferredHeight, strip.pageAreaTop]
        guard style != strip.style, (try? strip.setStyle(style, animated: style.scale == strip.style.scale)) != nil else { return }
        if f.height == fitted[0] || f.height == fitted[1] {
            let height = f.height == fitted[0] ? strip.preferredHeight : strip.pageAreaTop
            strip.setFrame(PixelRect(x: f.x, y: f.y, width: f.width, height: height))
        }
    }

    /// Destroys the window (and the strips in it) and flushes the connection.
    public func close() {
        guard !closed else { return }
        closed = true
        StripAccessibility.unregister(host: self)   // a program that goes on keeps no empty frame on the bus
        XDestroyWindow(connection.display, window)
        XSync(connection.display, 0)
    }
}
