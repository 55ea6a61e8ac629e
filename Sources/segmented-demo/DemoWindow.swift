import CXft
import Foundation
import SegmentedX11

/// The demo's top-level window: the host of one strip that fills it. It
/// speaks to the window manager (names, pid, WM_DELETE_WINDOW), keeps the
/// strip the size of the window, and routes keys to the strip.
final class DemoWindow {
    /// The window's title (WM_NAME and _NET_WM_NAME).
    static let title = "SegmentedStrip"

    let window: Window
    private let connection: XDisplayConnection
    private let wmDeleteWindow: Atom
    /// Escape, q or the window manager's close button.
    var closeRequested: () -> Void = {}

    init(connection: XDisplayConnection, width: Int, height: Int, background: UInt32, className: String) {
        self.connection = connection
        let display = connection.display
        let screen = connection.screen
        var attributes = XSetWindowAttributes()
        attributes.background_pixel = UInt(background)
        attributes.event_mask = StructureNotifyMask | KeyPressMask
        window = XCreateWindow(display, XRootWindow(display, screen), 0, 0, UInt32(width), UInt32(height), 0,
                               XDefaultDepth(display, screen), UInt32(InputOutput), XDefaultVisual(display, screen),
                               UInt(CWBackPixel | CWEventMask), &attributes)
        wmDeleteWindow = connection.atom("WM_DELETE_WINDOW")
        XStoreName(display, window, Self.title)
        let title = Array(Self.title.utf8)
        XChangeProperty(display, window, connection.atom("_NET_WM_NAME"), connection.atom("UTF8_STRING"), 8, PropModeReplace,
                        title, Int32(title.count))
        var pid = UInt(getpid())
        withUnsafeBytes(of: &pid) { bytes in
            _ = XChangeProperty(display, window, connection.atom("_NET_WM_PID"), XA_CARDINAL, 32, PropModeReplace,
                                bytes.bindMemory(to: UInt8.self).baseAddress, 1)
        }
        className.withCString { name in
            Self.title.withCString { cls in
                var hint = XClassHint(res_name: UnsafeMutablePointer(mutating: name), res_class: UnsafeMutablePointer(mutating: cls))
                XSetClassHint(display, window, &hint)
            }
        }
        var protocols = [wmDeleteWindow]
        XSetWMProtocols(display, window, &protocols, 1)
    }

    /// Maps the window (after its strip exists, so both appear together).
    func map() {
        XMapWindow(connection.display, window)
    }

    /// The window's own events (those no strip took).
    func handle(_ event: inout XEvent, strip: SegmentedStrip) {
        guard event.xany.window == window else { return }
        switch event.type {
        case ConfigureNotify:
            strip.setFrame((0, 0, Int(event.xconfigure.width), Int(event.xconfigure.height)))
        case KeyPress:
            let keysym = XLookupKeysym(&event.xkey, 0)
            if keysym == KeySym(XK_Escape) || keysym == KeySym(XK_q) {
                closeRequested()
            } else {
                strip.handleKey(keysym: keysym, state: event.xkey.state)
            }
        case ClientMessage:
            if event.xclient.format == 32, Atom(bitPattern: event.xclient.data.l.0) == wmDeleteWindow { closeRequested() }
        case DestroyNotify where event.xdestroywindow.window == window:
            FileHandle.standardError.write(Data("segmented-demo: the window was destroyed by another client\n".utf8))
            exit(1)
        default:
            break
        }
    }

    /// Destroys the window (and the strip in it) and flushes the connection.
    func close() {
        XDestroyWindow(connection.display, window)
        XSync(connection.display, 0)
    }
}
