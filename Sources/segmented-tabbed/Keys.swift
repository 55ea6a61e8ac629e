import CX11
import Dispatch
import SegmentedX11

/// The container's keys, tabbed's (its config.def.h, Ctrl as the modifier),
/// grabbed on the container's window and on every client so that they reach
/// the container while a client has the focus.
///
/// A key is matched by its symbol in the layout in use (a Dvorak user's
/// Ctrl+Shift+H is where the H is). When the layout has no key for that
/// symbol (`setxkbmap ru` has no Latin letters), the key a US keyboard has it
/// on does it, found by its XKB name (`AC06` for H), as GTK's and Chrome's
/// shortcuts do; tabbed's grabs die there.
@MainActor
enum Keys {
    /// One key: a keysym (its first level, as `XLookupKeysym(event, 0)` reads it), the modifiers held, what it does,
    /// and how `--help` and the man page name it ("" for one told with others).
    struct Binding {
        let keysym: Int32
        let modifiers: UInt32
        var label = ""
        var help = ""
        let action: (Container) -> Void
    }

    static let control = UInt32(ControlMask), shift = UInt32(ShiftMask)

    static let bindings: [Binding] = [
        Binding(keysym: XK_Return, modifiers: control | shift, label: "Ctrl+Shift+Return", help: "spawn the command in a new tab") { $0.spawn() },
        Binding(keysym: XK_l, modifiers: control | shift, label: "Ctrl+Shift+l", help: "the tab after the one shown") { $0.rotate(by: 1) },
        Binding(keysym: XK_h, modifiers: control | shift, label: "Ctrl+Shift+h", help: "the tab before the one shown") { $0.rotate(by: -1) },
        Binding(keysym: XK_j, modifiers: control | shift, label: "Ctrl+Shift+j", help: "move the tab shown toward the start (the first goes last, as in tabbed)") { $0.moveShown(by: -1) },
        Binding(keysym: XK_k, modifiers: control | shift, label: "Ctrl+Shift+k", help: "move the tab shown toward the end (the last goes first, as in tabbed)") { $0.moveShown(by: 1) },
        Binding(keysym: XK_d, modifiers: control | shift, label: "Ctrl+Shift+d", help: "detach the tab shown: its window goes on as a window of its own") { $0.detachShown() },
        Binding(keysym: XK_Tab, modifiers: control, label: "Ctrl+Tab",
                help: "the tab shown before this one; each Ctrl+Tab with Ctrl still held one further back in the order of use") { $0.cycleByUse() },
        Binding(keysym: XK_grave, modifiers: control, label: "Ctrl+`", help: "the popup list of every tab, with type-ahead") { $0.strip.openPopupList() },
        Binding(keysym: XK_q, modifiers: control, label: "Ctrl+q", help: "close the tab shown") { $0.closeShown() },
        Binding(keysym: XK_u, modifiers: control, label: "Ctrl+u", help: "the next tab that asks for attention") { $0.showAttention() },
        Binding(keysym: XK_F11, modifiers: 0, label: "F11", help: "ask the window manager to toggle fullscreen") { $0.toggleFullscreen() },
    ] + (1...9).map { n in
        Binding(keysym: XK_0 + Int32(n), modifiers: control, label: n == 1 ? "Ctrl+1 ... Ctrl+9" : "", help: "tab 1 to 9") { $0.show(index: n - 1) }
    } + [Binding(keysym: XK_0, modifiers: control, label: "Ctrl+0", help: "the last tab") { $0.show(index: -1) }]

    /// The XKB name of the key each bound symbol is on in the US layout (xkeyboard-config's `us` symbols on
    /// the `evdev` key names): letters on the AB/AC/AD rows, digits on AE, Return, Tab and the grave.
    static let usKeyNames: [Int32: String] = [
        XK_Return: "RTRN", XK_Tab: "TAB", XK_grave: "TLDE", XK_h: "AC06", XK_j: "AC07", XK_k: "AC08", XK_l: "AC09",
        XK_q: "AD01", XK_u: "AD07", XK_0: "AE10", XK_F11: "FK11",
    ].merging((1...9).map { (XK_0 + Int32($0), "AE0\($0)") }) { a, _ in a }

    /// Each bound symbol's US key, by keycode: read from XKB when a symbol first has no key in the layout in use
    /// (never on a Latin layout), and again after a keyboard mapping change.
    private static var usKeycodes: [Int32: UInt32]?

    /// The modifiers a binding ignores: Caps Lock and Num Lock (Mod2 on every current X keymap) held or not.
    static let ignored: [UInt32] = [0, UInt32(LockMask), UInt32(Mod2Mask), UInt32(LockMask | Mod2Mask)]

    /// The keycode that does `binding`: its symbol's in the layout in use, else (a layout without the symbol) the
    /// key a US keyboard has it on; nil when neither exists. Only a missing symbol grabs a US key: in Dvorak, the
    /// key where a US keyboard has H types D, and Ctrl+Shift+D stays the client's.
    private static func keycode(of binding: Binding, display: OpaquePointer) -> UInt32? {
        let own = UInt32(XKeysymToKeycode(display, KeySym(binding.keysym)))
        return own != 0 ? own : usKeycode(of: binding.keysym, display: display)
    }

    /// The key a US keyboard has `keysym` on (`usKeyNames`), reading XKB's key names when they are not read yet.
    private static func usKeycode(of keysym: Int32, display: OpaquePointer) -> UInt32? {
        if usKeycodes == nil {
            let keyboard = cxft_key_names(display)
            defer { if let keyboard { XkbFreeKeyboard(keyboard, 0, 1) } }
            usKeycodes = usKeyNames.compactMapValues { name in
                let code = keyboard.map { cxft_keycode_in($0, name) } ?? 0
                return code > 0 ? UInt32(code) : nil
            }
        }
        return usKeycodes?[keysym]
    }

    /// One grab: a keycode with the modifiers of its binding.
    private struct Grab: Equatable {
        let code: UInt32, modifiers: UInt32
    }

    /// What is grabbed on every window now (made when first needed, and again after a keyboard mapping change).
    private static var grabs: [Grab]?

    /// The grabs the bindings need under the keyboard mapping now.
    private static func currentGrabs(display: OpaquePointer) -> [Grab] {
        bindings.compactMap { binding in keycode(of: binding, display: display).map { Grab(code: $0, modifiers: binding.modifiers) } }
    }

    /// Grabs every binding on `window` (errors about a window already gone are expected by the caller).
    static func grab(on window: Window, connection: XDisplayConnection) {
        let display = connection.display
        // A key another client grabbed first on that window (a client's own, another container's) stays its.
        XDisplayConnection.expectErrors(BadAccess, of: 33)    // X_GrabKey (X11/Xproto.h)
        if grabs == nil { grabs = currentGrabs(display: display) }
        for grab in grabs ?? [] {
            for extra in ignored {
                XGrabKey(display, Int32(grab.code), grab.modifiers | extra, window, 1, GrabModeAsync, GrabModeAsync)
            }
        }
    }

    /// Whether a new look at the grabs is queued.
    private static var regrabQueued = false

    /// The keyboard mapping changed (a new layout, or xmodmap's lines, one event each). Xlib's copy is refreshed at
    /// once; the grabs are looked at once after the batch of events, and only when they differ are they made again
    /// on `windows()` (the container's and every client's). A burst of 200 changes with 51 tabs held the window for
    /// 4.5 s when every event made every grab again.
    static func mappingChanged(_ event: inout XMappingEvent, windows: @escaping @MainActor () -> [Window], connection: XDisplayConnection) {
        XRefreshKeyboardMapping(&event)
        guard event.request == MappingKeyboard else { return }
        // Read again when next needed: a key pressed before the grabs are looked at is matched under the new mapping.
        usKeycodes = nil
        guard !regrabQueued else { return }
        regrabQueued = true
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                regrabQueued = false
                let now = currentGrabs(display: connection.display)
                guard now != grabs else { return }
                grabs = now
                for window in windows() {
                    XUngrabKey(connection.display, Int32(AnyKey), UInt32(AnyModifier), window)
                    grab(on: window, connection: connection)
                }
                XFlush(connection.display)
            }
        }
    }

    /// Runs the binding of a key press, if it is one.
    static func handle(_ event: inout XKeyEvent, container: Container) {
        let display = event.display!
        let keysym = Int32(truncatingIfNeeded: XLookupKeysym(&event, 0))
        let held = event.state & (control | shift | UInt32(Mod1Mask) | UInt32(Mod4Mask))
        let binding = bindings.first { $0.modifiers == held && $0.keysym == keysym }
            // A layout without the symbol: the key the US layout has it on.
            ?? bindings.first { binding in
                binding.modifiers == held && XKeysymToKeycode(display, KeySym(binding.keysym)) == 0
                    && usKeycode(of: binding.keysym, display: display) == UInt32(event.keycode)
            }
        binding?.action(container)
    }
}
