import CX11

extension XDisplayConnection {
    /// Maps `window`, an override-redirect window of the strip's own (a
    /// tooltip, the popup list), raised, with `_NET_WM_WINDOW_TYPE` set to
    /// `type` (an EWMH name such as `_NET_WM_WINDOW_TYPE_TOOLTIP`) for
    /// compositors; then a round trip, not a flush, so that the window is on
    /// the server (viewable, ready for a grab) before anything is said of it.
    func mapPopup(_ window: Window, type: String) {
        var atom = XInternAtom(display, type, 0)
        withUnsafeBytes(of: &atom) { bytes in
            _ = XChangeProperty(display, window, XInternAtom(display, "_NET_WM_WINDOW_TYPE", 0), XA_ATOM, 32, PropModeReplace,
                                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
        }
        XMapRaised(display, window)
        XSync(display, 0)
    }
}
