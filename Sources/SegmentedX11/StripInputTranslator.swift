import CX11
import SegmentedCore

/// Turns the X events and keys of a strip's window into the core's input, in
/// the model's start-edge coordinates: a right-to-left strip's pointer columns
/// are mirrored (in whole pixels, as drawing is), its horizontal wheel buttons
/// swap, and Left and Right swap.
struct StripInputTranslator: Sendable {
    /// The strip's layout direction.
    let direction: LayoutDirection

    /// The pointer input of a core ButtonPress, ButtonRelease or MotionNotify
    /// event, in window pixels with the server's time in seconds; nil for any other event.
    func pointerInput(_ event: inout XEvent) -> PointerInput? {
        switch event.type {
        case ButtonPress:
            return .press(button: event.xbutton.button, x: Double(event.xbutton.x), y: Double(event.xbutton.y),
                          state: event.xbutton.state, time: Double(event.xbutton.time) / 1000)
        case ButtonRelease:
            return .release(button: event.xbutton.button, x: Double(event.xbutton.x), y: Double(event.xbutton.y),
                            state: event.xbutton.state, time: Double(event.xbutton.time) / 1000)
        case MotionNotify:
            return .motion(x: Double(event.xmotion.x), y: Double(event.xmotion.y), scroll: (0, 0),
                           time: Double(event.xmotion.time) / 1000)
        default:
            return nil
        }
    }

    /// `input` (window pixels) in the model's coordinates for a window `viewportWidth` pixels wide.
    func toModel(_ input: PointerInput, viewportWidth: Int) -> PointerInput {
        guard direction == .rightToLeft else { return input }
        let w = Double(viewportWidth)
        switch input {
        case let .press(button, x, y, state, time):
            // The horizontal wheel buttons (6 left, 7 right) swap: toward the content's start is rightward.
            let mirrored = button == 6 ? 7 : button == 7 ? 6 : button
            return .press(button: mirrored, x: direction.viewportX(windowX: x, viewportWidth: w), y: y, state: state, time: time)
        case let .release(button, x, y, state, time):
            return .release(button: button, x: direction.viewportX(windowX: x, viewportWidth: w), y: y, state: state, time: time)
        case let .motion(x, y, scroll, time):
            return .motion(x: direction.viewportX(windowX: x, viewportWidth: w), y: y, scroll: (-scroll.dx, scroll.dy), time: time)
        case .ignored:
            return input
        }
    }

    /// Where the pointer entered the window (window pixels), in the model's coordinates.
    func crossing(x: Int32, y: Int32, viewportWidth: Int) -> (x: Double, y: Double) {
        (direction.viewportX(windowX: Double(x), viewportWidth: Double(viewportWidth)), Double(y))
    }

    /// What a key could mean to the strip (`StripKey`): the popup list's
    /// keys (Menu, Shift+F10), Escape, a reorder key (Ctrl+Shift+Page Up,
    /// Page Down, Home, End: AdwTabBar's) and the navigation it asks for.
    func stripKey(keysym: KeySym, state: UInt32) -> StripKey {
        let shift = state & UInt32(ShiftMask) != 0, held = UInt32(ControlMask | ShiftMask)
        var key = StripKey(opensPopupList: keysym == KeySym(XK_Menu) || (keysym == KeySym(XK_F10) && shift),
                           isEscape: keysym == KeySym(XK_Escape), navigation: navigationKey(keysym: keysym, state: state))
        if state & held == held {
            switch Int32(truncatingIfNeeded: keysym) {
            case XK_Page_Up, XK_KP_Page_Up: key.reorder = .previous
            case XK_Page_Down, XK_KP_Page_Down: key.reorder = .next
            case XK_Home, XK_KP_Home: key.reorder = .first
            case XK_End, XK_KP_End: key.reorder = .last
            default: break
            }
        }
        return key
    }

    /// The navigation a key asks for: Left/Right (and Ctrl+PageUp/PageDown) the
    /// previous/next segment, Home/End the first/last, Alt+1 to Alt+8 the
    /// first to the eighth and Alt+9 the last, Ctrl+Tab and Ctrl+Shift+Tab the
    /// next and previous with wrapping (Firefox's, GNOME's and Chrome's keys);
    /// nil for any other key. The lock modifiers (Caps, Num) change nothing.
    /// - Parameters:
    ///   - keysym: the X keysym (from `XLookupKeysym`).
    ///   - state: the event's modifier state (`ControlMask`...).
    func navigationKey(keysym: KeySym, state: UInt32) -> NavigationKey? {
        let control = state & UInt32(ControlMask) != 0
        let alt = state & UInt32(Mod1Mask) != 0 && !control, shift = state & UInt32(ShiftMask) != 0
        // Left and Right move toward the screen's left and right: in a right-to-left strip that is next and previous.
        let rtl = direction == .rightToLeft
        switch Int32(truncatingIfNeeded: keysym) {
        case XK_Left, XK_KP_Left: return rtl ? .next : .previous
        case XK_Right, XK_KP_Right: return rtl ? .previous : .next
        case XK_Home, XK_KP_Home: return .first
        case XK_End, XK_KP_End: return .last
        case XK_Page_Up where control, XK_KP_Page_Up where control: return .previous
        case XK_Page_Down where control, XK_KP_Page_Down where control: return .next
        case XK_1...XK_8 where alt: return .position(Int(keysym) - Int(XK_1))
        case XK_9 where alt: return .last
        case XK_Tab where control: return shift ? .previousWrapping : .nextWrapping
        case XK_ISO_Left_Tab where control: return .previousWrapping
        default: return nil
        }
    }
}
