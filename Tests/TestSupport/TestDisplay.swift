import CXTest
import CX11
import Foundation

/// A connection the tests use to drive the X server like a user would: XTest
/// for pointer and keys, XGetImage to read pixels back.
public final class TestDisplay {
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    public let display: OpaquePointer
    public let screen: Int32

    /// Opens $DISPLAY; throws when there is none (the Makefile starts Xvfb).
    public init() throws {
        guard let name = ProcessInfo.processInfo.environment["DISPLAY"], !name.isEmpty else {
            throw Unavailable(description: "no $DISPLAY: run the tests with 'make test', which starts Xvfb")
        }
        guard let display = XOpenDisplay(name) else { throw Unavailable(description: "cannot open display \(name)") }
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(display, &event, &error, &major, &minor) != 0 else {
            XCloseDisplay(display)
            throw Unavailable(description: "the X server on \(name) has no XTest extension")
        }
        self.display = display
        screen = XDefaultScreen(display)
    }

    /// Opens the display `name` (a private server, say), which must have XTest.
    public init(name: String) throws {
        guard let display = XOpenDisplay(name) else { throw Unavailable(description: "cannot open display \(name)") }
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(display, &event, &error, &major, &minor) != 0 else {
            XCloseDisplay(display)
            throw Unavailable(description: "the X server on \(name) has no XTest extension")
        }
        self.display = display
        screen = XDefaultScreen(display)
    }

    deinit { XCloseDisplay(display) }

    /// The window's top-left corner in root coordinates.
    public func origin(of window: Window) -> (x: Int32, y: Int32) {
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(display, window, XRootWindow(display, screen), 0, 0, &x, &y, &child)
        return (x, y)
    }

    /// Moves the pointer to (x, y) in window coordinates, through XTest.
    public func move(_ window: Window, x: Int, y: Int) {
        let o = origin(of: window)
        XTestFakeMotionEvent(display, screen, o.x + Int32(x), o.y + Int32(y), 0)
        XSync(display, 0)
    }

    /// Moves the pointer to the bottom-right corner of the screen, away from any test window.
    public func parkPointer() {
        XTestFakeMotionEvent(display, screen, XDisplayWidth(display, screen) - 1, XDisplayHeight(display, screen) - 1, 0)
        XSync(display, 0)
    }

    /// Presses (`down` true) or releases button `button`, through XTest.
    public func button(_ button: UInt32 = 1, down: Bool) {
        XTestFakeButtonEvent(display, button, down ? 1 : 0, 0)
        XSync(display, 0)
    }

    /// A button-1 drag in `window` from (x, y) by `step` pixels `steps` times,
    /// 8 ms apart, resting 100 ms before the release (so that nothing glides).
    public func slowDrag(_ window: Window, x: Int, y: Int, step: Int, steps: Int) {
        move(window, x: x, y: y)
        button(down: true)
        for i in 1...steps {
            move(window, x: x + step * i, y: y)
            usleep(8_000)
        }
        usleep(100_000)
        button(down: false)
    }

    /// How long a hand holds a click's button, microseconds: about 80 ms.
    public static let handClickMicroseconds: UInt32 = 80_000

    /// Presses `button` where the pointer is and releases it 80 ms later, as a hand clicks.
    public func handClick(_ button: UInt32 = 1) {
        self.button(button, down: true)
        usleep(Self.handClickMicroseconds)
        self.button(button, down: false)
    }

    /// A button-1 click at (x, y), window coordinates, held 80 ms as a hand holds it.
    public func click(_ window: Window, x: Int, y: Int) {
        move(window, x: x, y: y)
        handClick()
    }

    /// How long a typed key is held, and the gap after it, microseconds: keys are typed, not injected in one burst.
    public static let keyHoldMicroseconds: UInt32 = 40_000

    /// Types the key for `keysym` (held 40 ms, then 40 ms to the next), with focus on the window.
    public func key(_ window: Window, keysym: Int32) {
        XSetInputFocus(display, window, Int32(RevertToPointerRoot), UInt(CurrentTime))
        tap(KeySym(keysym))
    }

    /// Types the key for `keysym` where the focus is: held 40 ms, then 40 ms to the next.
    private func tap(_ keysym: KeySym) {
        tap(keycode: UInt32(XKeysymToKeycode(display, keysym)))
    }

    /// Types the key `code` (whatever the layout puts on it) where the focus is, as `tap(_:)` does.
    public func tap(keycode code: UInt32) {
        XTestFakeKeyEvent(display, code, 1, 0)
        XSync(display, 0)
        usleep(Self.keyHoldMicroseconds)
        XTestFakeKeyEvent(display, code, 0, 0)
        XSync(display, 0)
        usleep(Self.keyHoldMicroseconds)
    }

    /// The parent of `window`, or nil when it no longer exists.
    public func parent(of window: Window) -> Window? {
        toleratingErrors {
            var root: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            let status = XQueryTree(display, window, &root, &parent, &children, &count)
            if let children { XFree(children) }
            return status != 0 ? parent : nil
        }
    }

    /// The error code of the last error `keyIsGrabbed` caught.
    nonisolated(unsafe) private static var caughtError: UInt8 = 0

    /// Whether another client holds a passive grab of key `code` with `modifiers` on `window`: this connection's
    /// own grab of it is then refused (BadAccess). Anything but a refusal is undone at once.
    public func keyIsGrabbed(_ code: UInt32, modifiers: UInt32, on window: Window) -> Bool {
        XSync(display, 0)
        Self.caughtError = 0
        let previous = XSetErrorHandler { _, event in
            TestDisplay.caughtError = event?.pointee.error_code ?? 0
            return 0
        }
        XGrabKey(display, Int32(code), modifiers, window, 1, GrabModeAsync, GrabModeAsync)
        XSync(display, 0)
        let refused = Self.caughtError == UInt8(BadAccess)
        if Self.caughtError == 0 { XUngrabKey(display, Int32(code), modifiers, window) }
        XSync(display, 0)
        XSetErrorHandler(previous)
        return refused
    }

    /// `window`'s children, bottom to top ([] when it no longer exists).
    public func children(of window: Window) -> [Window] {
        toleratingErrors {
            var root: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(display, window, &root, &parent, &children, &count) != 0, let children else { return [] }
            defer { XFree(children) }
            return Array(UnsafeBufferPointer(start: children, count: Int(count)))
        }
    }

    /// `window`'s map state (IsUnmapped, IsUnviewable, IsViewable), or nil when it no longer exists.
    public func mapState(of window: Window) -> Int32? {
        toleratingErrors {
            var attributes = XWindowAttributes()
            return XGetWindowAttributes(display, window, &attributes) != 0 ? attributes.map_state : nil
        }
    }

    /// Waits up to `timeout` seconds until `window` no longer exists (its client has gone and the server has
    /// destroyed it), so that it cannot take the next click; returns whether it went.
    public func waitUntilGone(_ window: Window, timeout: Double = 10) -> Bool {
        eventually(timeout: timeout) { mapState(of: window) == nil }
    }

    /// `body`'s requests about another client's windows, which may be gone: their errors are caught here
    /// (Xlib's default handler would end the test process).
    private func toleratingErrors<T>(_ body: () -> T) -> T {
        XSync(display, 0)
        let previous = XSetErrorHandler { _, _ in 0 }
        defer {
            XSync(display, 0)
            XSetErrorHandler(previous)
        }
        return body()
    }

    /// Types `text` (Latin-1 characters and newlines, as Return) where the keyboard focus is now, a key at a
    /// time as a hand types, without moving the focus.
    public func type(_ text: String) {
        for character in text.unicodeScalars {
            tap(character == "\n" ? KeySym(XK_Return) : KeySym(character.value))
        }
    }

    /// Presses and releases `keysym` while holding `modifier` (a keysym such as XK_Control_L or XK_Shift_L).
    public func key(_ window: Window, keysym: Int32, holding modifier: Int32) {
        XSetInputFocus(display, window, Int32(RevertToPointerRoot), UInt(CurrentTime))
        let mod = UInt32(XKeysymToKeycode(display, KeySym(modifier)))
        let code = UInt32(XKeysymToKeycode(display, KeySym(keysym)))
        XTestFakeKeyEvent(display, mod, 1, 0)
        XSync(display, 0)
        usleep(Self.keyHoldMicroseconds)
        XTestFakeKeyEvent(display, code, 1, 0)
        XSync(display, 0)
        usleep(Self.keyHoldMicroseconds)
        XTestFakeKeyEvent(display, code, 0, 0)
        XTestFakeKeyEvent(display, mod, 0, 0)
        XSync(display, 0)
        usleep(Self.keyHoldMicroseconds)
    }

    /// Holds a modifier key (keysym) down or lets it go.
    public func modifier(_ keysym: Int32, down: Bool) {
        XTestFakeKeyEvent(display, UInt32(XKeysymToKeycode(display, KeySym(keysym))), down ? 1 : 0, 0)
        XSync(display, 0)
    }

    /// Asks the window to resize, as a window manager would.
    public func resize(_ window: Window, width: Int, height: Int) {
        XResizeWindow(display, window, UInt32(width), UInt32(height))
        XSync(display, 0)
    }

    /// Unmaps `window` and maps it again, 100 ms apart: this ends a pointer grab
    /// held in it (a drag's implicit grab), so a button held meanwhile is let go
    /// over whatever window is under the pointer then.
    public func remap(_ window: Window) {
        XUnmapWindow(display, window)
        XSync(display, 0)
        usleep(100_000)
        XMapWindow(display, window)
        XSync(display, 0)
        usleep(100_000)
    }

    /// Sends WM_DELETE_WINDOW, as a window manager's close button does.
    public func sendDeleteWindow(_ window: Window) {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = window
        event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(XInternAtom(display, "WM_DELETE_WINDOW", 0))
        event.xclient.data.l.1 = Int(CurrentTime)
        XSendEvent(display, window, 0, NoEventMask, &event)
        XSync(display, 0)
    }

    /// Reads a rectangle of the window's pixels back from the server.
    public func pixels(_ window: Window, x: Int = 0, y: Int = 0, width: Int, height: Int) -> PixelImage? {
        guard let image = XGetImage(display, window, Int32(x), Int32(y), UInt32(width), UInt32(height), UInt.max, ZPixmap) else {
            return nil
        }
        defer { cxft_destroy_image(image) }
        let red = image.pointee.red_mask, green = image.pointee.green_mask, blue = image.pointee.blue_mask
        func channel(_ pixel: UInt, _ mask: UInt) -> UInt32 {
            guard mask != 0 else { return 0 }
            let shift = UInt(mask.trailingZeroBitCount)
            let max = mask >> shift
            return UInt32(((pixel & mask) >> shift) * 255 / max)
        }
        var rgb = [UInt32](repeating: 0, count: width * height)
        for row in 0..<height {
            for column in 0..<width {
                let p = cxft_get_pixel(image, Int32(column), Int32(row))
                rgb[row * width + column] = channel(p, red) << 16 | channel(p, green) << 8 | channel(p, blue)
            }
        }
        return PixelImage(width: width, height: height, pixels: rgb)
    }

    /// Sets (or with nil deletes) the RESOURCE_MANAGER property of the root
    /// window, as `xrdb -load` does; programs read it when they open the display.
    public func setResources(_ text: String?) {
        setRootProperty("RESOURCE_MANAGER", text)
    }

    /// Sets (or with nil deletes) a STRING property of the root window, and waits until the server has done it.
    public func setRootProperty(_ name: String, _ text: String?) {
        let root = XRootWindow(display, screen)
        let property = XInternAtom(display, name, 0)
        if let text {
            let bytes = Array(text.utf8)
            XChangeProperty(display, root, property, XA_STRING, 8, PropModeReplace, bytes, Int32(bytes.count))
        } else {
            XDeleteProperty(display, root, property)
        }
        XSync(display, 0)
    }

    /// Reads property `name` of the window and hands its format, item count and data to `body`.
    private func withProperty<T>(_ window: Window, _ name: String, length: Int,
                                 _ body: (_ format: Int32, _ count: Int, UnsafeMutablePointer<UInt8>) -> T?) -> T? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display, window, XInternAtom(display, name, 0), 0, length, 0, UInt(AnyPropertyType),
                                        &type, &format, &count, &after, &data)
        guard status == Success, let data else { return nil }
        defer { XFree(data) }
        return body(format, Int(count), data)
    }

    /// A text property of the window (WM_NAME, _NET_WM_NAME...), decoded as UTF-8.
    public func stringProperty(_ window: Window, _ name: String) -> String? {
        withProperty(window, name, length: 1024) { format, count, data in
            format == 8 ? String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self) : nil
        }
    }

    /// The first 32-bit value of a CARDINAL property.
    public func cardinalProperty(_ window: Window, _ name: String) -> Int? {
        withProperty(window, name, length: 1) { format, count, data in
            guard format == 32, count >= 1 else { return nil }
            return data.withMemoryRebound(to: UInt.self, capacity: 1) { Int($0.pointee) }
        }
    }

    /// WM_CLASS as (instance, class).
    /// nil too when the window is gone (another client's may go at any time).
    public func classHint(_ window: Window) -> (String, String)? {
        toleratingErrors {
            var hint = XClassHint()
            guard XGetClassHint(display, window, &hint) != 0 else { return nil }
            defer {
                XFree(hint.res_name)
                XFree(hint.res_class)
            }
            return (String(cString: hint.res_name), String(cString: hint.res_class))
        }
    }
}

/// Pixels read back from the server, 0xRRGGBB, row-major.
public struct PixelImage {
    public let width: Int
    public let height: Int
    public let pixels: [UInt32]

    public subscript(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }

    /// The columns of row `y` whose pixel is exactly `color`.
    public func columns(inRow y: Int, matching color: UInt32) -> [Int] {
        (0..<width).filter { self[$0, y] == color }
    }

    /// Number of pixels in a rectangle that differ from `color`.
    public func count(notMatching color: UInt32, x: Int, y: Int, width w: Int, height h: Int) -> Int {
        var n = 0
        for row in max(0, y)..<min(height, y + h) {
            for column in max(0, x)..<min(width, x + w) where self[column, row] != color { n += 1 }
        }
        return n
    }
}
