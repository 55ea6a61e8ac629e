import CXft
import Foundation

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
    /// The strip that gets Left/Right/Home/End/Ctrl+PageUp/PageDown (nil: none).
    public weak var focusedStrip: SegmentedStrip?
    /// The window's new size (pixels), to lay out the strips in it.
    public var resized: (@MainActor (_ width: Int, _ height: Int) -> Void)?
    /// Escape, q, or the window manager's close button. The default exits 0.
    public var closeRequested: (@MainActor () -> Void)?
    /// Another client destroyed the window. The default prints one line on stderr and exits 1.
    public var destroyed: (@MainActor () -> Void)?

    private let connection: XDisplayConnection
    private let wmDeleteWindow: Atom
    /// Set by `close()`: the DestroyNotify that follows is ours, not another client's.
    private var closed = false

    /// Creates the window, unmapped.
    ///
    /// - Parameters:
    ///   - width, height: size, pixels (each clamped to 1...`SegmentedStrip.maximumSide`).
    ///   - background: 0xRRGGBB.
    ///   - title: the window title.
    ///   - instanceName: WM_CLASS instance (the program's name); the class is the title.
    public init(connection: XDisplayConnection, width: Int, height: Int, background: UInt32, title: String, instanceName: String) {
        self.connection = connection
        let display = connection.display
        let screen = connection.screen
        let side = { (n: Int) in UInt32(min(max(1, n), SegmentedStrip.maximumSide)) }
        var attributes = XSetWindowAttributes()
        attributes.background_pixel = UInt(background)
        attributes.event_mask = StructureNotifyMask | KeyPressMask
        window = XCreateWindow(display, XRootWindow(display, screen), 0, 0, side(width), side(height), 0,
                               XDefaultDepth(display, screen), UInt32(InputOutput), XDefaultVisual(display, screen),
                               UInt(CWBackPixel | CWEventMask), &attributes)
        wmDeleteWindow = connection.atom("WM_DELETE_WINDOW")
        XStoreName(display, window, title)
        let utf8 = Array(title.utf8)
        XChangeProperty(display, window, connection.atom("_NET_WM_NAME"), connection.atom("UTF8_STRING"), 8, PropModeReplace,
                        utf8, Int32(utf8.count))
        var pid = UInt(getpid())
        withUnsafeBytes(of: &pid) { bytes in
            _ = XChangeProperty(display, window, connection.atom("_NET_WM_PID"), XA_CARDINAL, 32, PropModeReplace,
                                bytes.bindMemory(to: UInt8.self).baseAddress, 1)
        }
        instanceName.withCString { name in
            title.withCString { cls in
                var hint = XClassHint(res_name: UnsafeMutablePointer(mutating: name), res_class: UnsafeMutablePointer(mutating: cls))
                XSetClassHint(display, window, &hint)
            }
        }
        var protocols = [wmDeleteWindow]
        XSetWMProtocols(display, window, &protocols, 1)
    }

    /// Maps the window (after its strips exist, so that they appear together).
    public func map() {
        XMapWindow(connection.display, window)
        XFlush(connection.display)   // which also reads what the server sent: let the event loop drain
        connection.noteRoundTrip()
    }

    /// Handles the window's own events; others are ignored.
    public func handle(_ event: inout XEvent) {
        guard event.xany.window == window else { return }
        switch event.type {
        case ConfigureNotify:
            resized?(Int(event.xconfigure.width), Int(event.xconfigure.height))
        case KeyPress:
            let keysym = XLookupKeysym(&event.xkey, 0)
            if keysym == KeySym(XK_Escape) || keysym == KeySym(XK_q) {
                requestClose()
            } else {
                focusedStrip?.handleKey(keysym: keysym, state: event.xkey.state)
            }
        case ClientMessage:
            if event.xclient.format == 32, Atom(bitPattern: event.xclient.data.l.0) == wmDeleteWindow { requestClose() }
        case DestroyNotify where event.xdestroywindow.window == window && !closed:
            closed = true   // gone: a later close() has nothing to destroy
            if let destroyed {
                destroyed()
            } else {
                ProcessOutput.error("\(XErrorReporting.programName): the window was destroyed by another client")
                exit(1)
            }
        default:
            break
        }
    }

    private func requestClose() {
        if let closeRequested {
            closeRequested()
        } else {
            close()
            exit(0)
        }
    }

    /// Destroys the window (and the strips in it) and flushes the connection.
    public func close() {
        guard !closed else { return }
        closed = true
        XDestroyWindow(connection.display, window)
        XSync(connection.display, 0)
    }
}
