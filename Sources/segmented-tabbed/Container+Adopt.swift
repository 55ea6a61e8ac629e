import CX11
import Dispatch
import SegmentedTitles
import SegmentedX11

// Tabbing any window, not only XEmbed clients (the dwm tab patch, icewm's
// frame tabs, i3's and sway's tabbed containers): `--adopt`, `--adopt pick`,
// and `_SEGMENTED_TABBED_ADOPT` set on the container's window, which is also
// how another container hands over a tab dropped on our strip.
extension Container {
    /// How long a window manager has to let a window go, seconds, before the window is given back to it.
    static let withdrawDeadline = 2.0

    /// What is under way: windows being withdrawn from the window manager, and the pick.
    struct Adoption {
        /// Each window being taken, with the index its tab goes to (nil: `-p`'s).
        var taking: [Window: Int?] = [:]
        /// Whether `--adopt pick` holds the pointer and the keyboard.
        var isPicking = false
    }

    /// Events of an adoption under way: a window being taken, and the pick's clicks and Escape. Returns whether it was one.
    func adopting(_ event: inout XEvent) -> Bool {
        if adoption.taking[event.xany.window] != nil {
            takingChanged(event.xany.window, destroyed: event.type == DestroyNotify)
            return true
        }
        guard adoption.isPicking else { return false }
        switch event.type {
        case ButtonPress where event.xbutton.window == XDefaultRootWindow(connection.display):
            if event.xbutton.subwindow != 0 { take(event.xbutton.subwindow) }
        case KeyPress where XLookupKeysym(&event.xkey, 0) == KeySym(XK_Escape):
            endPicking()
        case KeyPress, KeyRelease, ButtonRelease:
            break    // the grabs' own: nothing else hears them while picking
        default:
            return false
        }
        return true
    }

    /// `--adopt pick`: a crosshair pointer, as xkill's, and the keyboard held; each
    /// click takes the window under it (`take`), until Escape. A pointer another
    /// program holds ends it at once, with a line on stderr.
    func startPicking() {
        let display = connection.display, root = XDefaultRootWindow(display)
        let cursor = XCreateFontCursor(display, UInt32(XC_crosshair))
        defer { XFreeCursor(display, cursor) }    // the grab keeps it while it holds
        let mask = UInt32(ButtonPressMask | ButtonReleaseMask)
        guard XGrabPointer(display, root, 0, mask, GrabModeAsync, GrabModeAsync, 0, cursor, UInt(CurrentTime)) == GrabSuccess,
              XGrabKeyboard(display, root, 0, GrabModeAsync, GrabModeAsync, UInt(CurrentTime)) == GrabSuccess else {
            XUngrabPointer(display, UInt(CurrentTime))
            ProcessOutput.error("segmented-tabbed: --adopt pick: another program holds the pointer or the keyboard; nothing is picked")
            return report("picking", ["on": false])
        }
        adoption.isPicking = true
        XFlush(display)
        report("picking", ["on": true])
    }

    /// Escape: the grabs go.
    private func endPicking() {
        adoption.isPicking = false
        XUngrabKeyboard(connection.display, UInt(CurrentTime))
        XUngrabPointer(connection.display, UInt(CurrentTime))
        XFlush(connection.display)
        report("picking", ["on": false])
    }

    /// The client window `window` names: itself when it has `WM_STATE`, else
    /// the first one with `WM_STATE` under it (a window manager's frame holds
    /// it), as xwininfo and xkill find it, else itself when it is a child of
    /// the root (no window manager); nil for a subwindow of another's.
    private func clientWindow(of window: Window) -> Window? {
        let display = connection.display
        var queue = [window]
        while !queue.isEmpty, queue.count < 4096 {
            let next = queue.removeFirst()
            if !Properties.longs(of: next, atom: atoms.wmState, type: atoms.wmState, display: display, limit: 1).isEmpty { return next }
            queue += children(of: next)
        }
        return parent(of: window) == XDefaultRootWindow(display) ? window : nil
    }

    /// `window`'s children, bottom to top ([] when it is gone).
    private func children(of window: Window) -> [Window] {
        var root: Window = 0, parent: Window = 0, count: UInt32 = 0
        var children: UnsafeMutablePointer<Window>?
        guard XQueryTree(connection.display, window, &root, &parent, &children, &count) != 0, let children else { return [] }
        defer { XFree(children) }
        return Array(UnsafeBufferPointer(start: children, count: Int(count)))
    }

    /// Takes `requested`, another program's top-level window, as a tab at
    /// `index` (nil: `-p`'s place), as a window manager would. The window is
    /// the client window of `requested`: itself when it has `WM_STATE`, else
    /// the one with `WM_STATE` under it (a window manager's frame, as pick and
    /// xwininfo find it), else itself when it is a child of the root. With no
    /// window manager running (no one holds SubstructureRedirect on the root)
    /// it is taken at once; a window the window manager manages is first
    /// withdrawn for its client, as ICCCM 4.1.4 has a client do (unmapped,
    /// and a synthetic UnmapNotify sent to the root), and taken once the
    /// window manager has let it go (`takingChanged`); one not let go within
    /// `withdrawDeadline` is mapped again, for the window manager (`adoptFailed`).
    /// Refused: the root, our own windows and their ancestors (a window
    /// manager's frame of ours), override-redirect windows, a window that is
    /// gone, a subwindow of another program's, and one no one shows (unmapped
    /// and unmanaged: a window manager's own hidden windows, say).
    func take(_ requested: Window, at index: Int? = nil) {
        let display = connection.display, root = XDefaultRootWindow(display)
        guard requested != 0, requested != root else { return refuse(requested) }
        XDisplayConnection.expectErrors(about: requested)
        guard let window = clientWindow(of: requested), window != root, clients[window] == nil, adoption.taking[window] == nil,
              !isOurs(window) else { return refuse(requested) }
        XDisplayConnection.expectErrors(about: window)
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, window, &attributes) != 0, attributes.override_redirect == 0 else {
            return refuse(requested)
        }
        let state = wmState(of: window)
        if !windowManagerRuns { return takeNow(window, at: index) }
        if state == nil || state == UInt(WithdrawnState) {
            // No one's: taken only when it is shown, a top-level window of its program's own.
            guard attributes.map_state != IsUnmapped, parent(of: window) == root else { return refuse(requested) }
            return takeNow(window, at: index)
        }
        adoption.taking.updateValue(index, forKey: window)
        XSelectInput(display, window, StructureNotifyMask | PropertyChangeMask)
        XUnmapWindow(display, window)
        var unmap = XEvent()
        unmap.xunmap = XUnmapEvent(type: UnmapNotify, serial: 0, send_event: 1, display: display, event: root, window: window,
                                   from_configure: 0)
        XSendEvent(display, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &unmap)
        XFlush(display)
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.withdrawDeadline) { [weak self] in
            MainActor.assumeIsolated { self?.giveBackIfNotLetGo(window) }
        }
    }

    /// A tab another container moves to us (`move`): taken where it was
    /// dropped when it still waits for us, a top-level window, unmapped, that
    /// its sender marked for us (`_SEGMENTED_TABBED_MOVING` is our window: a
    /// request naming any other window, a forged one, is refused).
    func takeMoved(_ window: Window, at index: Int) {
        let display = connection.display
        XDisplayConnection.expectErrors(about: window)
        var attributes = XWindowAttributes()
        guard window != 0, clients[window] == nil, XGetWindowAttributes(display, window, &attributes) != 0,
              attributes.map_state == IsUnmapped, attributes.override_redirect == 0, parent(of: window) == XDefaultRootWindow(display),
              Properties.longs(of: window, atom: atoms.moving, type: XA_WINDOW, display: display, limit: 1).first == UInt(host.window)
        else { return report("adoptFailed", ["window": Int(window), "reason": "not waiting"]) }
        XDeleteProperty(display, window, atoms.moving)
        takeNow(window, at: index)
    }

    /// Whether a window manager runs: a client holds SubstructureRedirect on the root (only one can).
    private var windowManagerRuns: Bool {
        var attributes = XWindowAttributes()
        XGetWindowAttributes(connection.display, XDefaultRootWindow(connection.display), &attributes)
        return attributes.all_event_masks & SubstructureRedirectMask != 0
    }

    /// `window`'s WM_STATE state (NormalState, IconicState, WithdrawnState), nil without one.
    private func wmState(of window: Window) -> UInt? {
        Properties.longs(of: window, atom: atoms.wmState, type: atoms.wmState, display: connection.display, limit: 1).first
    }

    /// An event about a window being taken: it is taken once the window manager has let it go, and forgotten if it went.
    func takingChanged(_ window: Window, destroyed: Bool) {
        guard let index = adoption.taking[window] else { return }
        if destroyed {
            adoption.taking[window] = nil
        } else if isLetGo(window) {
            adoption.taking[window] = nil
            takeNow(window, at: index)
        }
    }

    /// Whether no one manages `window` now: a child of the root, unmapped, its `WM_STATE` absent or Withdrawn.
    private func isLetGo(_ window: Window) -> Bool {
        let display = connection.display
        var attributes = XWindowAttributes()
        guard parent(of: window) == XDefaultRootWindow(display), XGetWindowAttributes(display, window, &attributes) != 0,
              attributes.map_state == IsUnmapped else { return false }
        let state = wmState(of: window)
        return state == nil || state == UInt(WithdrawnState) || !windowManagerRuns    // a dead one's WM_STATE stays
    }

    /// Into the save-set first (so our death leaves it a top-level window), then reparented and adopted, shown.
    /// A window that became an ancestor of ours meanwhile (two containers taking each other), or that the server
    /// would not reparent, is given back as it was: out of the save-set, mapped (`adoptFailed`).
    private func takeNow(_ window: Window, at index: Int?) {
        let display = connection.display
        guard !isOurs(window) else { return refuse(window) }
        XAddToSaveSet(display, window)
        XReparentWindow(display, window, host.window, 0, Int32(clientTop))
        guard parent(of: window) == host.window else {
            XRemoveFromSaveSet(display, window)
            XMapWindow(display, window)
            return refuse(window)
        }
        adopt(window, askedToMap: true, at: index)
    }

    /// The deadline of a withdrawal: a window manager that kept the window keeps it, mapped again.
    private func giveBackIfNotLetGo(_ window: Window) {
        guard adoption.taking.removeValue(forKey: window) != nil else { return }
        XSelectInput(connection.display, window, NoEventMask)
        XMapWindow(connection.display, window)
        XFlush(connection.display)
        ProcessOutput.error("segmented-tabbed: window 0x\(String(window, radix: 16)): the window manager did not let it go "
                            + "within \(Int(Self.withdrawDeadline)) s; it is left there")
        report("adoptFailed", ["window": Int(window), "reason": "the window manager kept it"])
    }

    /// A window that cannot be a tab: a line on stderr (a user who named it hears why) and `adoptFailed`.
    private func refuse(_ window: Window) {
        ProcessOutput.error("segmented-tabbed: window 0x\(String(window, radix: 16)) is not adopted: it is not another program's "
                            + "top-level window")
        report("adoptFailed", ["window": Int(window), "reason": "refused"])
    }

    /// Whether `window` is one of ours or holds ours (the root, a window manager's frame of ours).
    private func isOurs(_ window: Window) -> Bool {
        if window == strip.window { return true }
        var ancestor: Window? = host.window
        while let current = ancestor, current != 0 {
            if current == window { return true }
            ancestor = parent(of: current)
        }
        return false
    }

    /// `_SEGMENTED_TABBED_ADOPT` was set or appended to: read and deleted in
    /// one request, its first 256 values taken (the rest dropped). WINDOW or
    /// CARDINAL: ids to take at `-p`'s place (what a user's script sets);
    /// INTEGER: (window, strip column) pairs, tabs other containers dropped
    /// on our strip (`takeMoved`). Anything else is refused whole (`adoptFailed`, malformed).
    func adoptRequested() {
        let display = connection.display
        // Read whole, and so deleted by the same request (a second request to delete it could come after a new one).
        let (type, all) = Properties.typedLongs(of: host.window, atom: atoms.adoptRequest, type: 0, display: display, limit: 1 << 16,
                                                delete: true)
        let longs = all.prefix(256)
        switch type {
        case XA_INTEGER where longs.count % 2 == 0:
            for pair in stride(from: longs.startIndex, to: longs.endIndex, by: 2) {
                let column = Int(Int32(truncatingIfNeeded: longs[pair + 1]))
                takeMoved(Window(UInt32(truncatingIfNeeded: longs[pair])), at: strip.insertionIndex(atWindowX: column))
            }
        case XA_WINDOW, XA_CARDINAL:
            for window in longs { take(Window(UInt32(truncatingIfNeeded: window))) }
        case 0 where longs.isEmpty:
            break    // deleted: the PropertyNotify of our own delete, or of another reader's
        default:
            report("adoptFailed", ["reason": "malformed request"])
        }
    }
}
