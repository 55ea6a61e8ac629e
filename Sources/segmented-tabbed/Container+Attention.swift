import CX11
import SegmentedCore
import SegmentedX11

// Tabs whose clients ask for attention: WM_HINTS' urgency or
// `_NET_WM_STATE_DEMANDS_ATTENTION` on a tab not shown marks it with the
// strip's dot badge, and the container's own urgency hint follows.
extension Container {
    /// Reads whether `window`'s client asks for attention (WM_HINTS' urgency, or
    /// `_NET_WM_STATE_DEMANDS_ATTENTION`); a tab not shown is marked with the strip's dot badge.
    func attentionChanged(_ window: Window) {
        guard clients[window] != nil else { return }
        var asks = Properties.longs(of: window, atom: atoms.netWMState, type: XA_ATOM, display: connection.display)
            .contains(UInt(atoms.demandsAttention))
        if let hints = XGetWMHints(connection.display, window) {
            asks = asks || hints.pointee.flags & Int(XUrgencyHint) != 0
            XFree(hints)
        }
        // The tab shown is seen already: its client's hint is cleared, as tabbed does.
        setAttention(asks && window != shown, of: window, clearingHint: asks && window == shown)
    }

    /// Marks (or unmarks) `window`'s tab as asking for attention; `clearingHint` also takes the urgency
    /// out of the client's WM_HINTS. The container's own urgency hint follows.
    func setAttention(_ asks: Bool, of window: Window, clearingHint: Bool) {
        let display = connection.display
        if clearingHint, let hints = XGetWMHints(display, window) {
            if hints.pointee.flags & Int(XUrgencyHint) != 0 {
                hints.pointee.flags &= ~Int(XUrgencyHint)
                XSetWMHints(display, window, hints)
            }
            XFree(hints)
        }
        guard var client = clients[window], client.asksAttention != asks else { return }
        client.asksAttention = asks
        clients[window] = client
        if let index = index(of: window) {
            var item = strip.item(at: index)
            item.badge = asks ? .dot : nil
            try? strip.setItem(item, at: index)
        }
        updateContainerUrgency()
        report("attention", ["window": Int(window), "asking": asks])
    }

    /// The container's WM_HINTS urgency: set while any tab asks for attention.
    func updateContainerUrgency() {
        let display = connection.display
        let urgent = clients.values.contains { $0.asksAttention }
        let hints = XGetWMHints(display, host.window) ?? XAllocWMHints()
        guard let hints else { return }
        defer { XFree(hints) }
        let flags = urgent ? hints.pointee.flags | Int(XUrgencyHint) : hints.pointee.flags & ~Int(XUrgencyHint)
        guard flags != hints.pointee.flags else { return }
        hints.pointee.flags = flags
        XSetWMHints(display, host.window, hints)
    }

    /// Shows the next tab after the one shown that asks for attention (Ctrl+u), around the ends.
    func showAttention() {
        let count = strip.titles.count
        let start = strip.selectedIndex ?? -1
        for step in 1...max(count, 1) {
            guard let window = window(at: (start + step) % max(count, 1)), clients[window]?.asksAttention == true else { continue }
            return show(window)
        }
    }
}
