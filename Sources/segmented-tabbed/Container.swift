import CX11
import Dispatch
import Glibc
import SegmentedCore
import SegmentedX11

/// The embedder: other programs' windows (XEmbed clients, or any window made
/// or put in ours) as tabs under a strip, one shown at a time.
///
/// The strip holds the tabs' order and the selection; each item's `id` is
/// its client's window id. A client is adopted when it is created in the
/// container's window (`st -w`), asks to be mapped there (`xterm -into`) or
/// is reparented into it: it goes into the save-set (so it outlives the
/// container), under the strip, sized to the rest of the window, and is told
/// `XEMBED_EMBEDDED_NOTIFY`. Only the tab shown is mapped, and has the focus
/// while the container has it (`FOCUS_IN`, `WINDOW_ACTIVATE`). Titles
/// follow `_NET_WM_NAME`, else `WM_NAME`. A tab leaves when its client's
/// window is destroyed, withdrawn (unmapped by the client) or reparented
/// away. Every request about a client's window tolerates BadWindow: the
/// client may be gone (`XDisplayConnection.expectErrors(about:)`).
@MainActor
final class Container {
    /// One adopted window.
    struct Client {
        var title: String
        /// Its class and, on this machine, its command: the tooltip's lines after the title (`about(_:)`).
        var about: [String] = []
        /// Unmaps of ours still to come as UnmapNotify (tab switches), not the client's own.
        var ourUnmaps = 0
        /// Whether it lists WM_DELETE_WINDOW in WM_PROTOCOLS.
        var takesDelete = false
        /// A close was asked once already: the next one kills the client.
        var askedToClose = false
        /// `_XEMBED_INFO`'s mapped flag; nil: the client has no `_XEMBED_INFO`.
        var wantsMapped: Bool?
        /// The client asked to be mapped (a MapRequest, or it was mapped when it came): without `_XEMBED_INFO`,
        /// this is what says it wants to be seen. A window adopted as it is created (`st -w`) has not asked yet.
        var askedToMap = false

        /// Whether the client is to be mapped while its tab is shown.
        var isToBeMapped: Bool { wantsMapped ?? askedToMap }
        /// Whether it is mapped now (by us).
        var isMapped = false
        /// Its WM_HINTS urgency or `_NET_WM_STATE_DEMANDS_ATTENTION`, while its tab is not shown.
        var asksAttention = false
    }

    let connection: XDisplayConnection
    let host: HostWindow
    let strip: SegmentedStrip
    let options: TabbedOptions
    /// Told of each event worth a trace line.
    var report: (String, [String: Any]) -> Void = { _, _ in }
    /// The program exits (the last tab closed with `-c`, or the container closed).
    var finished: (Int32) -> Void = { exit($0) }
    /// Spawns the command again (`-f`, Ctrl+Shift+Return).
    var spawn: () -> Void = {}

    /// The adopted windows (the extensions' files write a client's attention here).
    var clients: [Window: Client] = [:]
    /// Clients' properties changed since they were last read (`propertyNoticed`).
    var changedProperties = Set<ClientProperty>()
    /// Windows being taken from the window manager, and `--adopt pick` (`Container+Adopt`).
    var adoption = Adoption()
    /// Clients in the order they were last shown, most recent first (Ctrl+Tab).
    var usage: [Window] = []
    /// While Ctrl+Tab goes back through the order of use with Ctrl held: that order as it was, and how far back.
    var cycle: (order: [Window], step: Int)?
    /// The client shown now.
    private(set) var shown: Window?
    private var width: Int, height: Int
    let stripHeight: Int
    /// `--autohide`'s state: whether the strip is hidden, and its slide back (`Container+Autohide`).
    var autohide = Autohide()
    let atoms: Atoms
    /// The container was asked to close: it exits when its last client goes.
    private var closing = false
    /// When `-f` last spawned the command (monotonic seconds), or nil.
    private var lastRefill: Double?

    /// The atoms the container uses, interned in one round trip.
    @MainActor
    struct Atoms {
        let xembed, xembedInfo, wmProtocols, wmDelete, wmName, netWMName, utf8String, wmState, netWMState, fullscreen, selectTab: Atom
        let demandsAttention, netWMIcon, netWMPid, peerStrip, adoptRequest, moving: Atom
        init(_ connection: XDisplayConnection) {
            let a = connection.atoms(["_XEMBED", "_XEMBED_INFO", "WM_PROTOCOLS", "WM_DELETE_WINDOW", "WM_NAME", "_NET_WM_NAME",
                                      "UTF8_STRING", "WM_STATE", "_NET_WM_STATE", "_NET_WM_STATE_FULLSCREEN", "_TABBED_SELECT_TAB",
                                      "_NET_WM_STATE_DEMANDS_ATTENTION", "_NET_WM_ICON", "_NET_WM_PID", "_SEGMENTED_TABBED",
                                      "_SEGMENTED_TABBED_ADOPT", "_SEGMENTED_TABBED_MOVING"])
            (xembed, xembedInfo, wmProtocols, wmDelete, wmName, netWMName, utf8String, wmState, netWMState, fullscreen, selectTab)
                = (a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], a[8], a[9], a[10])
            (demandsAttention, netWMIcon, netWMPid, peerStrip, adoptRequest, moving) = (a[11], a[12], a[13], a[14], a[15], a[16])
        }
    }

    init(connection: XDisplayConnection, host: HostWindow, strip: SegmentedStrip, options: TabbedOptions, width: Int, height: Int,
         stripHeight: Int) {
        (self.connection, self.host, self.strip, self.options) = (connection, host, strip, options)
        (self.width, self.height, self.stripHeight) = (width, height, stripHeight)
        atoms = Atoms(connection)
        // Children made, mapped and reparented in the window are ours to adopt; our own properties (_TABBED_SELECT_TAB) too.
        XSelectInput(connection.display, host.window,
                     StructureNotifyMask | KeyPressMask | FocusChangeMask | SubstructureRedirectMask | SubstructureNotifyMask
                         | PropertyChangeMask)
        // The user's choice on the strip (a click, a key, the popup list, a close): the container's own calls show by themselves.
        strip.callbacks.selectionChanged = { [unowned self] _, change in
            guard change.cause != .api, let index = change.newIndex, let window = self.window(at: index), window != self.shown else { return }
            self.show(window)
        }
        strip.callbacks.closeRequested = { [unowned self] _, index in
            if let window = self.window(at: index) { self.close(window) }
        }
        // A tab dragged to another place: the numbers follow once it is dropped.
        strip.callbacks.reorderEnded = { [unowned self] _, _, _, _ in
            XUngrabKeyboard(connection.display, UInt(CurrentTime))
            renumber()
        }
        setUpTearOff()
        Keys.grab(on: host.window, connection: connection)
        updateAutohide()    // no tab yet: hidden from the start
    }

    /// The client at tab `index`.
    func window(at index: Int) -> Window? {
        guard strip.titles.indices.contains(index), let id = strip.item(at: index).id else { return nil }
        return Window(id)
    }

    /// The tab of `window`.
    func index(of window: Window) -> Int? {
        let id = String(window)
        return strip.items.firstIndex { $0.id == id }
    }

    // MARK: Events

    /// Handles an event of the container's window or of a client; returns whether it was one.
    func handle(_ event: inout XEvent) -> Bool {
        // What follows a client's changed properties sees them read (a close asked right after WM_PROTOCOLS is set).
        if event.type != PropertyNotify, !changedProperties.isEmpty { readChangedProperties() }
        if adopting(&event) { return true }
        switch event.type {
        case CreateNotify where event.xcreatewindow.parent == host.window:
            adopt(event.xcreatewindow.window, askedToMap: false)
        case MapRequest where event.xmaprequest.parent == host.window:
            let window = event.xmaprequest.window
            // A client's own map request is granted while its tab is shown and its _XEMBED_INFO does not say otherwise.
            if clients[window] == nil {
                adopt(window, askedToMap: true)
            } else {
                clients[window]?.askedToMap = true
                if window == shown, clients[window]?.isToBeMapped == true { map(window) }
            }
        case ReparentNotify where event.xreparent.event == host.window:
            let window = event.xreparent.window
            if event.xreparent.parent == host.window {
                adopt(window, askedToMap: nil)
            } else if clients[window] != nil, parent(of: window) != host.window {
                forget(window, reason: "reparented")    // it went somewhere else of its own accord (and is not back)
            }
        case DestroyNotify where event.xdestroywindow.event == host.window && event.xdestroywindow.window != host.window:
            // A child's; the container's own window destroyed by another client is the host window's to tell.
            forget(event.xdestroywindow.window, reason: "destroyed")
        case UnmapNotify where event.xunmap.event == host.window:
            unmapped(event.xunmap.window)
        case ConfigureRequest where event.xconfigurerequest.parent == host.window:
            // A client's own size is the container's to give: tell it the one it has.
            if clients[event.xconfigurerequest.window] != nil { configure(event.xconfigurerequest.window) }
        case ConfigureNotify where event.xconfigure.window == host.window:
            resized(width: Int(event.xconfigure.width), height: Int(event.xconfigure.height))
            return false    // the host window follows its size too
        case PropertyNotify where clients[event.xproperty.window] != nil:
            propertyNoticed(event.xproperty.window, atom: event.xproperty.atom)
        case PropertyNotify where event.xproperty.window == host.window && event.xproperty.atom == atoms.selectTab:
            selectTabFromProperty()
        case PropertyNotify where event.xproperty.window == host.window && event.xproperty.atom == atoms.adoptRequest:
            if event.xproperty.state == PropertyNewValue { adoptRequested() }
        case ClientMessage where event.xclient.message_type == atoms.xembed && clients[event.xclient.window] != nil:
            // XEMBED_REQUEST_FOCUS: a client shown asks for the keyboard.
            if event.xclient.data.l.1 == XEmbed.Message.requestFocus.rawValue, event.xclient.window == shown { focusShown() }
        case KeyPress where strip.isReordering:
            liftedKey(&event.xkey)
        case KeyPress:
            if cycle != nil, !cycles(&event.xkey) { endCycle() }
            Keys.handle(&event.xkey, container: self)
        case KeyRelease where cycle != nil:
            if [XK_Control_L, XK_Control_R].contains(Int32(truncatingIfNeeded: XLookupKeysym(&event.xkey, 0))) { endCycle() }
        case MappingNotify:
            Keys.mappingChanged(&event.xmapping, windows: { [unowned self] in [host.window] + Array(clients.keys) }, connection: connection)
            return false
        case FocusIn where event.xfocus.window == host.window:
            // The window manager gave the container the focus: it goes on to the tab shown.
            if event.xfocus.detail != NotifyInferior { activated(true) }
            return false
        case FocusOut where event.xfocus.window == host.window:
            if event.xfocus.detail != NotifyInferior { activated(false) }
            return false
        default:
            return false
        }
        return true
    }

    // MARK: Adopting and forgetting

    /// Takes `window` as a tab: save-set, events, keys, reparented under the strip, EMBEDDED_NOTIFY, shown.
    /// `askedToMap`: whether the client asked to be mapped (nil: as it is mapped now, for a window reparented in);
    /// `index`: its tab's place (nil: `-p`'s).
    func adopt(_ window: Window, askedToMap: Bool?, at index: Int? = nil) {
        guard window != strip.window, window != host.window, clients[window] == nil else { return }
        let display = connection.display
        XDisplayConnection.expectErrors(about: window)
        // Only a window that is the container's now: an event about one that has gone elsewhere since is stale
        // (a client reparenting itself in and out). A menu or popup (override-redirect) is its client's, not a tab.
        var attributes = XWindowAttributes()
        guard parent(of: window) == host.window, XGetWindowAttributes(display, window, &attributes) != 0,
              attributes.override_redirect == 0 else { return }
        XSelectInput(display, window, PropertyChangeMask)
        XAddToSaveSet(display, window)
        Keys.grab(on: window, connection: connection)
        var client = Client(title: "")
        client.wantsMapped = xembedInfo(of: window).map { $0 & XEmbed.mappedFlag != 0 }
        client.takesDelete = protocols(of: window).contains(atoms.wmDelete)
        client.title = title(of: window)
        client.about = about(window)
        client.askedToMap = askedToMap ?? (attributes.map_state != IsUnmapped)
        // Moved under the strip, not reparented there: a client that has left again since is not taken back.
        XMoveWindow(display, window, 0, Int32(clientTop))
        // The area under the strip is the client's to the edge: a border of its own (xterm's 2 px) would be drawn over it.
        XSetWindowBorderWidth(display, window, 0)
        clients[window] = client
        XEmbed.send(.embeddedNotify, to: window, atom: atoms.xembed, display: display, data1: Int(host.window), data2: XEmbed.version)
        let index = index.map { min(max($0, 0), strip.titles.count) }
            ?? options.position.index(count: strip.titles.count, shown: shown.flatMap(index(of:)))
        try? strip.insertItem(SegmentItem(title: shownTitle(client.title, at: index), icon: icon(of: window),
                                          tooltip: tooltip(client.title, about: client.about), id: String(window)), at: index)
        renumber()
        report("adopted", ["window": Int(window), "title": client.title, "index": index])
        updateAutohide()
        show(window)
        attentionChanged(window)
        XFlush(display)
    }

    /// The client's window is gone (destroyed, withdrawn or reparented away): its tab leaves.
    func forget(_ window: Window, reason: String) {
        guard let client = clients.removeValue(forKey: window) else { return }
        usage.removeAll { $0 == window }
        if shown == window { shown = nil }
        if let index = index(of: window) {
            try? strip.closeItem(at: index)
            renumber()
            report("closed", ["window": Int(window), "title": client.title, "reason": reason, "count": strip.titles.count])
            updateAutohide()
        }
        updateContainerUrgency()
        if clients.isEmpty {
            if closing || options.closeWithLastTab { finished(0) }
            if options.refillWhenEmpty { refill() }
            setContainerTitle(nil)
        } else if shown == nil, let selected = strip.selectedIndex, let next = self.window(at: selected) {
            show(next)
        }
    }

    /// `-f`: the command again for the empty container, at most once a second (a command whose window ends at
    /// once spawned 150 a second, for ever).
    private func refill() {
        let now = SegmentedStrip.now(), wait = (lastRefill ?? -1) + 1 - now
        guard wait > 0 else {
            lastRefill = now
            return spawn()
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + wait) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.clients.isEmpty else { return }
                self.refill()
            }
        }
    }

    /// An UnmapNotify of a client: one of ours (a tab switch), or the client withdrawing.
    private func unmapped(_ window: Window) {
        guard var client = clients[window] else { return }
        if client.ourUnmaps > 0 {
            client.ourUnmaps -= 1
            clients[window] = client
            return
        }
        // A client that exits has its windows unmapped, then destroyed; one that reparents itself away has its
        // window unmapped, then reparented. Either is told by its own event, which follows: one round trip tells which.
        let display = connection.display
        // Still here and still unmapped: an unmap read after the client mapped the window again (it went out and
        // came back) is stale.
        var attributes = XWindowAttributes()
        guard parent(of: window) == host.window, XGetWindowAttributes(display, window, &attributes) != 0,
              attributes.map_state == IsUnmapped else { return }
        // ICCCM's withdrawal: the window goes back to the root, out of the save-set.
        XReparentWindow(display, window, XRootWindow(display, connection.screen), 0, 0)
        letGo(window)
        forget(window, reason: "withdrawn")
    }

    /// `window`'s parent now (one round trip), or nil when it is gone.
    func parent(of window: Window) -> Window? {
        var root: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(connection.display, window, &root, &parent, &children, &count) != 0 else { return nil }
        if let children { XFree(children) }
        return parent
    }

    // MARK: Showing

    /// Shows `window`'s tab: maps it (if it wants to be), sized under the strip, raised, with the focus; unmaps the one before.
    func show(_ window: Window) {
        guard clients[window] != nil else { return }
        let display = connection.display
        let previous = shown
        shown = window
        // Going back through the order of use keeps it until Ctrl is let go (`Container+Switching`).
        if cycle == nil {
            usage.removeAll { $0 == window }
            usage.insert(window, at: 0)
        }
        if let index = index(of: window), strip.selectedIndex != index { try? strip.setSelectedIndex(index) }
        configure(window)
        if clients[window]?.isToBeMapped == true { map(window) }
        XRaiseWindow(display, window)
        if let previous, previous != window, clients[previous] != nil {
            XEmbed.send(.focusOut, to: previous, atom: atoms.xembed, display: display)
            unmap(previous)
        }
        if host.hasFocus { focusShown() }
        if clients[window]?.asksAttention == true { setAttention(false, of: window, clearingHint: true) }
        setContainerTitle(clients[window]?.title)
        report("selected", ["window": Int(window), "index": index(of: window) ?? -1, "title": clients[window]?.title ?? ""])
        XFlush(display)
    }

    /// Gives the keyboard to the tab shown: its window gets the input focus, `FOCUS_IN` and `WINDOW_ACTIVATE`.
    private func focusShown() {
        guard let shown, clients[shown] != nil else { return }
        let display = connection.display
        XSetInputFocus(display, shown, RevertToParent, UInt(CurrentTime))
        XEmbed.send(.focusIn, to: shown, atom: atoms.xembed, display: display, detail: XEmbed.focusCurrent)
        XEmbed.send(.windowActivate, to: shown, atom: atoms.xembed, display: display)
    }

    /// The container's top-level window gained or lost the focus: the tab shown follows.
    private func activated(_ active: Bool) {
        guard let shown, clients[shown] != nil else { return }
        if active {
            focusShown()
        } else {
            XEmbed.send(.windowDeactivate, to: shown, atom: atoms.xembed, display: connection.display)
        }
    }

    func map(_ window: Window) {
        guard var client = clients[window], !client.isMapped else { return }
        XMapWindow(connection.display, window)
        client.isMapped = true
        clients[window] = client
    }

    func unmap(_ window: Window) {
        guard var client = clients[window], client.isMapped else { return }
        XUnmapWindow(connection.display, window)
        client.isMapped = false
        client.ourUnmaps += 1
        clients[window] = client
    }

    /// Puts `window` under the strip at the rest of the window's size, and
    /// says so in a synthetic ConfigureNotify (ICCCM 4.1.5: a client whose
    /// request was not granted as asked hears where it is).
    func configure(_ window: Window) {
        let display = connection.display
        let area = (width: UInt32(max(1, width)), height: UInt32(max(1, height - clientTop)))
        XMoveResizeWindow(display, window, 0, Int32(clientTop), area.width, area.height)
        var event = XEvent()
        event.xconfigure.type = ConfigureNotify
        event.xconfigure.display = display
        event.xconfigure.event = window
        event.xconfigure.window = window
        event.xconfigure.x = 0
        event.xconfigure.y = Int32(clientTop)
        event.xconfigure.width = Int32(area.width)
        event.xconfigure.height = Int32(area.height)
        event.xconfigure.border_width = 0
        event.xconfigure.above = 0
        event.xconfigure.override_redirect = 0
        XSendEvent(display, window, 0, StructureNotifyMask, &event)
    }

    /// The container's new size: the strip takes the width, the tab shown the rest.
    private func resized(width: Int, height: Int) {
        guard width != self.width || height != self.height else { return }
        (self.width, self.height) = (width, height)
        strip.setFrame(PixelRect(x: 0, y: 0, width: width, height: stripHeight))
        if let shown { configure(shown) }
    }

    // MARK: Titles and properties

    // MARK: Closing

    /// Asks `window`'s client to close: WM_DELETE_WINDOW when it takes it and was not asked yet, else XKillClient.
    func close(_ window: Window) {
        if !changedProperties.isEmpty { readChangedProperties() }     // WM_PROTOCOLS as it is now, whoever asks
        guard var client = clients[window] else { return }
        let display = connection.display
        if client.takesDelete, !client.askedToClose {
            client.askedToClose = true
            clients[window] = client
            var event = XEvent()
            event.xclient.type = ClientMessage
            event.xclient.window = window
            event.xclient.message_type = atoms.wmProtocols
            event.xclient.format = 32
            event.xclient.data.l = (Int(bitPattern: UInt(atoms.wmDelete)), Int(CurrentTime), 0, 0, 0)
            XSendEvent(display, window, 0, NoEventMask, &event)
        } else {
            XKillClient(display, window)
        }
        XFlush(display)
    }

    /// The container itself was asked to close: every client is asked (`-k`: the one shown), and the
    /// container exits once they are gone; with no clients, at once.
    func closeRequested() {
        guard !clients.isEmpty else { return finished(0) }
        if options.closeShownOnly {
            if let shown { close(shown) }
            return
        }
        closing = true
        for window in clients.keys { close(window) }
    }

    // MARK: Keys

    /// Moves the tab shown `offset` places, around the ends (Ctrl+Shift+j/k).
    func moveShown(by offset: Int) {
        let count = strip.titles.count
        guard count > 1, let selected = strip.selectedIndex else { return }
        try? strip.moveItem(from: selected, to: ((selected + offset) % count + count) % count)
        renumber()
    }

    /// Asks the window manager to toggle the container's fullscreen state (F11): EWMH's `_NET_WM_STATE`
    /// client message to the root, action 2 (toggle), `_NET_WM_STATE_FULLSCREEN`, from a normal application (source 1).
    func toggleFullscreen() {
        let display = connection.display
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = host.window
        event.xclient.message_type = atoms.netWMState
        event.xclient.format = 32
        event.xclient.data.l = (2, Int(bitPattern: UInt(atoms.fullscreen)), 0, 1, 0)
        XSendEvent(display, XRootWindow(display, connection.screen), 0, SubstructureNotifyMask | SubstructureRedirectMask, &event)
        XFlush(display)
    }

    /// Closes the tab shown (Ctrl+q).
    func closeShown() {
        if let shown { close(shown) }
    }
}
