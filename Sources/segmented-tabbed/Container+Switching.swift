import CX11

// Switching tabs by key: around the ends (Ctrl+Shift+h/l), by number
// (Ctrl+1...9, Ctrl+0), and Ctrl+Tab in order of use, as browsers and
// desktops switch: Ctrl held, each Tab goes one tab further back; letting go
// of Ctrl ends on the tab shown.
extension Container {
    /// Shows the tab `offset` places on from the one shown, around the ends.
    func rotate(by offset: Int) {
        let count = strip.titles.count
        guard count > 0, let selected = strip.selectedIndex, let window = window(at: ((selected + offset) % count + count) % count) else { return }
        show(window)
    }

    /// Shows the tab shown before this one (Ctrl+Tab).
    func showPrevious() {
        guard usage.count > 1 else { return }
        show(usage[1])
    }

    /// Shows tab `index` (Ctrl+1...9; -1: the last, Ctrl+0).
    func show(index: Int) {
        let count = strip.titles.count
        guard let window = window(at: index < 0 ? count - 1 : index) else { return }
        show(window)
    }

    /// Ctrl+Tab: the first press shows the tab shown before this one; each
    /// further press while Ctrl is held goes one further back in the order
    /// of use (around the end); letting go of Ctrl (`endCycle`) makes the tab
    /// shown the most recent. The keyboard is grabbed while Ctrl is held, so
    /// that its release is heard wherever the focus is; when another client
    /// holds the keyboard, each press shows the tab before, as tabbed's Ctrl+Tab.
    func cycleByUse() {
        if cycle == nil {
            guard usage.count > 1 else { return }
            let display = connection.display
            guard XGrabKeyboard(display, host.window, 0, GrabModeAsync, GrabModeAsync, UInt(CurrentTime)) == GrabSuccess else {
                return showPrevious()
            }
            cycle = (usage, 0)
        }
        guard var going = cycle else { return }
        // A tab closed meanwhile is passed over.
        going.order.removeAll { clients[$0] == nil }
        guard going.order.count > 1 else { return endCycle() }
        going.step = (going.step + 1) % going.order.count
        cycle = going
        show(going.order[going.step])
    }

    /// Whether `event`, a key press during a cycle, goes on with it (Tab with Ctrl).
    func cycles(_ event: inout XKeyEvent) -> Bool {
        Int32(truncatingIfNeeded: XLookupKeysym(&event, 0)) == XK_Tab && event.state & UInt32(ControlMask) != 0
    }

    /// The cycle ends (Ctrl let go, or another key): the keyboard is let go, and the tab shown is the most recent.
    func endCycle() {
        guard cycle != nil else { return }
        cycle = nil
        XUngrabKeyboard(connection.display, UInt(CurrentTime))
        if let shown {
            usage.removeAll { $0 == shown }
            usage.insert(shown, at: 0)
        }
        XFlush(connection.display)
    }
}
