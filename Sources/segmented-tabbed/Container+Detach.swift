import CX11
import Dispatch
import SegmentedX11

// Tabs leaving the container as windows of their own: Ctrl+Shift+d, and a tab
// dragged out of the strip (tabbed's TODO, "detach/attach windows"; Chrome's
// tear-off). One dropped on another container's strip moves there.
extension Container {
    /// How long a container given a tab has to take it before the tab is a
    /// window of its own instead, seconds: a stalled or dead peer keeps nothing.
    static let moveDeadline = 2.0

    /// Ctrl+Shift+d: the tab shown leaves where it is on the screen.
    func detachShown() {
        guard let window = shown else { return }
        var x: Int32 = 0, y: Int32 = 0, child: Window = 0
        XTranslateCoordinates(connection.display, host.window, XDefaultRootWindow(connection.display), 0, Int32(clientTop), &x, &y, &child)
        detach(window, to: (Int(x), Int(y)))
    }

    /// A tab let go dragged out of the strip at `point` (root pixels): on
    /// another container's strip it moves there (`move`), elsewhere its
    /// window leaves with its top-left corner at the point.
    func tearOff(_ index: Int, at point: (x: Int, y: Int)) {
        guard let window = window(at: index), clients[window] != nil else { return }
        if let peer = peer(at: point) {
            move(window, to: peer.container, atStripX: peer.stripX, point: point)
        } else {
            detach(window, to: point)
        }
    }

    /// `window` leaves the container as a top-level window at `point` (root
    /// pixels), at its size: its tab closes first (`closed`, reason
    /// `detached`), then it leaves the save-set and is reparented to the root,
    /// which ends the embedding as the XEmbed spec has an embedder do, and is
    /// mapped, for the window manager to take. The client runs on.
    func detach(_ window: Window, to point: (x: Int, y: Int)) {
        guard clients[window] != nil else { return }
        let display = connection.display
        // Kept on the screen: a tab let go at its corner would leave a window with one pixel showing.
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, window, &attributes)
        let screen = connection.screen
        let point = (x: max(0, min(point.x, Int(XDisplayWidth(display, screen)) - Int(attributes.width))),
                     y: max(0, min(point.y, Int(XDisplayHeight(display, screen)) - Int(attributes.height))))
        forget(window, reason: "detached")
        letGo(window)
        // Unmapped first, and its place asked for, before the one map request the window manager sees: reparenting a
        // mapped window maps it again at once, and twm then placed it by its own rule before the hint was there.
        XUnmapWindow(display, window)
        Self.askToBePlaced(window, at: point, display: display)
        XReparentWindow(display, window, XDefaultRootWindow(display), Int32(clamping: point.x), Int32(clamping: point.y))
        XMapWindow(display, window)
        XFlush(display)
    }

    /// Adds USPosition (and the place, in the obsolete fields ICCCM keeps for
    /// it) to `window`'s WM_NORMAL_HINTS, its other hints kept: a window
    /// manager otherwise places a new window where it likes (twm, placing by
    /// its own rule, put torn-off xterms at +52+52), not at `point` (root pixels).
    static func askToBePlaced(_ window: Window, at point: (x: Int, y: Int), display: OpaquePointer) {
        var hints = XSizeHints(), supplied = 0
        if XGetWMNormalHints(display, window, &hints, &supplied) == 0 { hints = XSizeHints() }
        hints.flags |= USPosition
        (hints.x, hints.y) = (Int32(clamping: point.x), Int32(clamping: point.y))
        XSetWMNormalHints(display, window, &hints)
    }

    /// A key while a tab is lifted: the keyboard is the container's then
    /// (`setUpTearOff`), so Escape puts the tab back, wherever the focus was
    /// (in the tab's client, most often); other keys go nowhere until the drop.
    func liftedKey(_ event: inout XKeyEvent) {
        if XLookupKeysym(&event, 0) == KeySym(XK_Escape) { strip.handleKey(keysym: KeySym(XK_Escape), state: 0) }
    }

    /// What the container holds on a window it lets go: the save-set (unless `keepingSaveSet`: a move keeps it
    /// until the peer has taken the window), its key grabs (keys typed in a detached xterm are its own again;
    /// another container's grabs on it would fail with BadAccess) and its events.
    func letGo(_ window: Window, keepingSaveSet: Bool = false) {
        let display = connection.display
        if !keepingSaveSet { XRemoveFromSaveSet(display, window) }
        XUngrabKey(display, Int32(AnyKey), UInt32(AnyModifier), window)
        XSelectInput(display, window, NoEventMask)
    }

    /// Tabs the strip lifts tear off (`lifted` traced, for tests to wait on), and the strip's window is marked
    /// as a container's (`_SEGMENTED_TABBED`, the container's window), for peers to find under a dropped tab (`peer(at:)`).
    func setUpTearOff() {
        strip.callbacks.tornOff = { [unowned self] _, index, point in tearOff(index, at: point) }
        // The keyboard held while a tab is lifted, as a drag and drop holds it: Escape is the drag's (`liftedKey`).
        strip.callbacks.reorderBegan = { [unowned self] _, index in
            XGrabKeyboard(connection.display, host.window, 0, GrabModeAsync, GrabModeAsync, UInt(CurrentTime))
            report("lifted", ["index": index])
        }
        var container = UInt(host.window)
        _ = withUnsafeBytes(of: &container) {
            XChangeProperty(connection.display, strip.window, atoms.peerStrip, XA_WINDOW, 32, PropModeReplace,
                            $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
    }

    /// The other container whose strip is under `point` (root pixels), and the
    /// point's column in that strip's window: the windows under the point, from
    /// the root down (a window manager's frames between), until one carries
    /// `_SEGMENTED_TABBED`. Only the server is asked, never the peer.
    func peer(at point: (x: Int, y: Int)) -> (container: Window, stripX: Int)? {
        let display = connection.display, root = XDefaultRootWindow(display)
        var parent = root
        for _ in 0..<32 {
            var x: Int32 = 0, y: Int32 = 0, child: Window = 0
            guard XTranslateCoordinates(display, root, parent, Int32(clamping: point.x), Int32(clamping: point.y), &x, &y, &child) != 0,
                  child != 0 else { return nil }
            XDisplayConnection.expectErrors(about: child)
            if let container = Properties.longs(of: child, atom: atoms.peerStrip, type: XA_WINDOW, display: display).first,
               container != 0, Window(container) != host.window, Window(container) != root {
                XTranslateCoordinates(display, root, child, Int32(clamping: point.x), Int32(clamping: point.y), &x, &y, &parent)
                return (Window(container), Int(x))
            }
            parent = child
        }
        return nil
    }

    /// Moves `window`'s tab to the container `peer`, dropped at column
    /// `stripX` of its strip. Nothing is lost on the way: the tab closes here
    /// and its window goes to the root, unmapped and out of our save-set,
    /// before the peer is asked (`_SEGMENTED_TABBED_ADOPT`, appended as
    /// INTEGER: the window and the column) to take it (`adoptRequested`); a peer that dies then leaves it
    /// there, and one that has not taken it within `moveDeadline` (stalled or
    /// gone) leaves it to us to map at `point`, a torn-off window.
    func move(_ window: Window, to peer: Window, atStripX stripX: Int, point: (x: Int, y: Int)) {
        let display = connection.display, root = XDefaultRootWindow(display)
        forget(window, reason: "moved")
        // Still in our save-set until the deadline: if we die before the peer takes it, the server maps it on the root.
        letGo(window, keepingSaveSet: true)
        XUnmapWindow(display, window)
        XReparentWindow(display, window, root, Int32(clamping: point.x), Int32(clamping: point.y))
        var marked = UInt(peer)
        _ = withUnsafeBytes(of: &marked) {
            XChangeProperty(display, window, atoms.moving, XA_WINDOW, 32, PropModeReplace, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
        XDisplayConnection.expectErrors(about: peer)
        let request = [UInt(window), UInt(bitPattern: stripX)]
        _ = request.withUnsafeBytes {
            XChangeProperty(display, peer, atoms.adoptRequest, XA_INTEGER, 32, PropModeAppend, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 2)
        }
        XFlush(display)
        DispatchQueue.main.asyncAfter(deadline: .now() + Self.moveDeadline) { [weak self] in
            MainActor.assumeIsolated { self?.mapIfNotTaken(window) }
        }
    }

    /// The move's deadline: the window leaves our save-set (the peer's holds it now), and one the peer did not
    /// take (still on the root, unmapped) is mapped there, for the window manager, with its mark gone.
    private func mapIfNotTaken(_ window: Window) {
        let display = connection.display
        XRemoveFromSaveSet(display, window)
        var attributes = XWindowAttributes()
        guard parent(of: window) == XDefaultRootWindow(display), XGetWindowAttributes(display, window, &attributes) != 0,
              attributes.map_state == IsUnmapped else {
            XFlush(display)
            return
        }
        report("moveFailed", ["window": Int(window)])
        XDeleteProperty(display, window, atoms.moving)
        XMapWindow(display, window)
        XFlush(display)
    }
}
