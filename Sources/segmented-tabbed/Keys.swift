import CXft
import SegmentedX11

/// The container's keys, tabbed's (its config.def.h, Ctrl as the modifier),
/// grabbed on the container's window and on every client so that they reach
/// the container while a client has the focus.
@MainActor
enum Keys {
    /// One key: a keysym (its first level, as `XLookupKeysym(event, 0)` reads it), the modifiers held, what it does.
    struct Binding {
        let keysym: Int32
        let modifiers: UInt32
        let action: (Container) -> Void
    }

    static let control = UInt32(ControlMask), shift = UInt32(ShiftMask)

    static let bindings: [Binding] = [
        Binding(keysym: XK_Return, modifiers: control | shift) { $0.spawn() },
        Binding(keysym: XK_l, modifiers: control | shift) { $0.rotate(by: 1) },
        Binding(keysym: XK_h, modifiers: control | shift) { $0.rotate(by: -1) },
        Binding(keysym: XK_j, modifiers: control | shift) { $0.moveShown(by: -1) },
        Binding(keysym: XK_k, modifiers: control | shift) { $0.moveShown(by: 1) },
        Binding(keysym: XK_Tab, modifiers: control) { $0.showPrevious() },
        Binding(keysym: XK_grave, modifiers: control) { $0.strip.openPopupList() },
        Binding(keysym: XK_q, modifiers: control) { $0.closeShown() },
        Binding(keysym: XK_u, modifiers: control) { $0.showAttention() },
    ] + (1...9).map { n in Binding(keysym: XK_0 + Int32(n), modifiers: control) { $0.show(index: n - 1) } }
        + [Binding(keysym: XK_0, modifiers: control) { $0.show(index: -1) }]

    /// The modifiers a binding ignores: Caps Lock and Num Lock (Mod2 on every current X keymap) held or not.
    static let ignored: [UInt32] = [0, UInt32(LockMask), UInt32(Mod2Mask), UInt32(LockMask | Mod2Mask)]

    /// Grabs every binding on `window` (errors about a window already gone are expected by the caller).
    static func grab(on window: Window, connection: XDisplayConnection) {
        let display = connection.display
        for binding in bindings {
            let code = XKeysymToKeycode(display, KeySym(binding.keysym))
            guard code != 0 else { continue }
            for extra in ignored {
                XGrabKey(display, Int32(code), binding.modifiers | extra, window, 1, GrabModeAsync, GrabModeAsync)
            }
        }
    }

    /// Runs the binding of a key press, if it is one.
    static func handle(_ event: inout XKeyEvent, container: Container) {
        let keysym = Int32(truncatingIfNeeded: XLookupKeysym(&event, 0))
        let held = event.state & (control | shift | UInt32(Mod1Mask) | UInt32(Mod4Mask))
        bindings.first { $0.keysym == keysym && $0.modifiers == held }?.action(container)
    }
}
