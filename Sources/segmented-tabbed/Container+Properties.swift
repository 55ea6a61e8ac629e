import CX11
import Dispatch
import Glibc
import SegmentedCore
import SegmentedTitles
import SegmentedX11

/// What the container reads of its clients' properties (titles, icons, XEmbed info, protocols) and of its own
/// (`_TABBED_SELECT_TAB`), and its own title.
extension Container {
    /// A client's property changed (its PropertyNotify): it is read once the batch of events is handled, however
    /// many times it changed meanwhile, so a client rewriting its name or icon in a loop costs one read a batch,
    /// not a round trip per change, and cannot keep the container from its other events.
    func propertyNoticed(_ window: Window, atom: Atom) {
        if changedProperties.isEmpty {
            DispatchQueue.main.async { [weak self] in self?.readChangedProperties() }
        }
        changedProperties.insert(ClientProperty(window: window, atom: atom))
    }

    /// Reads the properties changed since the last reading (`propertyNoticed`), once each.
    func readChangedProperties() {
        let changed = changedProperties
        changedProperties = []
        for property in changed where clients[property.window] != nil { propertyChanged(property.window, atom: property.atom) }
        connection.scheduleEventDrain()     // the reads' round trips may have queued events
    }

    /// Reads what changed in `window`'s `atom` and follows it: the tab's title or icon, XEmbed's mapped flag,
    /// WM_DELETE_WINDOW, attention.
    private func propertyChanged(_ window: Window, atom: Atom) {
        if atom == atoms.netWMName || atom == XA_WM_NAME {
            let title = title(of: window)
            guard var client = clients[window], client.title != title else { return }
            client.title = title
            clients[window] = client
            if let index = index(of: window) {
                var item = strip.item(at: index)
                item.title = shownTitle(title, at: index)
                item.tooltip = tooltip(title, about: client.about)
                try? strip.setItem(item, at: index)
            }
            if window == shown { setContainerTitle(title) }
            report("title", ["window": Int(window), "title": title])
        } else if atom == atoms.xembedInfo {
            guard var client = clients[window] else { return }
            client.wantsMapped = xembedInfo(of: window).map { $0 & XEmbed.mappedFlag != 0 }
            clients[window] = client
            guard window == shown else { return }
            if client.isToBeMapped { map(window) } else { unmap(window) }
        } else if atom == atoms.wmProtocols {
            clients[window]?.takesDelete = protocols(of: window).contains(atoms.wmDelete)
        } else if atom == XA_WM_HINTS || atom == atoms.netWMState {
            attentionChanged(window)
        } else if atom == atoms.netWMIcon, let index = index(of: window) {
            var item = strip.item(at: index)
            item.icon = icon(of: window)
            try? strip.setItem(item, at: index)
        }
    }

    /// `_NET_WM_NAME` (UTF-8), else `WM_NAME`, as one line; "" when neither is set.
    func title(of window: Window) -> String {
        // An empty _NET_WM_NAME, or one of another type (which reads as empty), gives way to WM_NAME, as in tabbed.
        if let name = Properties.text(of: window, atom: atoms.netWMName, type: atoms.utf8String, display: connection.display),
           !name.isEmpty { return name }
        return Properties.text(of: window, atom: XA_WM_NAME, type: 0, display: connection.display) ?? ""
    }

    /// The client's `_NET_WM_ICON` image nearest the strip's icon size (16 px × scale); nil without one.
    func icon(of window: Window) -> SegmentIcon? {
        let longs = Properties.longs(of: window, atom: atoms.netWMIcon, type: XA_CARDINAL, display: connection.display,
                                     limit: Properties.longestIcon)
        return Properties.icon(longs, closestTo: Int((16 * strip.style.scale).rounded()))
    }

    /// What a tab's tooltip says after the title: the client's class
    /// (`WM_CLASS`, "class (instance)") and, for a client of this machine
    /// (`WM_CLIENT_MACHINE` is this host's name, as EWMH asks before trusting
    /// `_NET_WM_PID`), its command from /proc/PID/cmdline, each cut to 200
    /// characters; what is not known is left out.
    func about(_ window: Window) -> [String] {
        let display = connection.display
        var lines = [String]()
        if let names = Properties.text(of: window, atom: XA_WM_CLASS, type: XA_STRING, display: display)?
            .split(separator: "\0", omittingEmptySubsequences: true), let name = names.last {
            lines.append(names.count > 1 && names[0] != name ? "\(name) (\(names[0]))" : String(name))
        }
        var host = [CChar](repeating: 0, count: 256)
        if gethostname(&host, host.count - 1) == 0,
           Properties.text(of: window, atom: XA_WM_CLIENT_MACHINE, type: 0, display: display)
               == String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
           let pid = Properties.longs(of: window, atom: atoms.netWMPid, type: XA_CARDINAL, display: display).first, pid > 0,
           let command = Self.command(ofProcess: pid) {
            lines.append(command)
        }
        return lines.map { TerminalText.shortened($0, limit: 200) }
    }

    /// A tab's tooltip: the client's full title, then `about`.
    func tooltip(_ title: String, about: [String]) -> String {
        ([title] + about).joined(separator: "\n")
    }

    /// The command line of process `pid` (/proc/PID/cmdline, its arguments joined by spaces, at most 4 KiB
    /// read); nil when it cannot be read (gone, another user's, a kernel thread).
    nonisolated static func command(ofProcess pid: UInt) -> String? {
        let fd = open("/proc/\(pid)/cmdline", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { Glibc.close(fd) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let arguments = bytes[..<count].split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        return arguments.isEmpty ? nil : arguments.joined(separator: " ")
    }

    func xembedInfo(of window: Window) -> UInt? {
        XEmbed.flags(Properties.longs(of: window, atom: atoms.xembedInfo, type: atoms.xembedInfo, display: connection.display))
    }

    func protocols(of window: Window) -> [Atom] {
        Properties.longs(of: window, atom: atoms.wmProtocols, type: XA_ATOM, display: connection.display).map { Atom($0) }
    }

    /// The container's title (`_NET_WM_NAME`, `WM_NAME`, the frame's accessible name): the tab shown's, or with
    /// no tab the program's name, as at start.
    func setContainerTitle(_ title: String?) {
        host.title = title ?? "segmented-tabbed"
    }

    /// `_TABBED_SELECT_TAB` on the container's window: select the tab of the window id it holds (tabbed's scripts).
    /// The property holds text starting with the id, as tabbed reads it (`strtoul` of "0x... title"), or a
    /// 32-bit WINDOW or CARDINAL value.
    func selectTabFromProperty() {
        let display = connection.display
        let text = Properties.text(of: host.window, atom: atoms.selectTab, type: 0, display: display)
        let number = text.flatMap { text -> UInt? in
            // As strtoul reads it: the digits at the start, whatever follows them ("0x600001 title", "0x600001garbage").
            let hex = text.hasPrefix("0x") || text.hasPrefix("0X")
            let digits = text.dropFirst(hex ? 2 : 0).prefix { hex ? $0.isHexDigit : ("0"..."9").contains($0) }
            return UInt(digits, radix: hex ? 16 : 10)
        } ?? Properties.longs(of: host.window, atom: atoms.selectTab, type: 0, display: display).first
        guard let number, clients[Window(number)] != nil else { return }
        show(Window(number))
    }

    /// Tab `index`'s title for a client titled `title`: with `--numbers`, 1 to 9 before the first nine.
    func shownTitle(_ title: String, at index: Int) -> String {
        options.numbers && index < 9 ? "\(index + 1) \(title)" : title
    }

    /// With `--numbers`, every tab whose number changed (a tab added, closed or moved before it) takes its new title.
    func renumber() {
        guard options.numbers else { return }
        for index in strip.titles.indices {
            guard let window = window(at: index), let client = clients[window] else { continue }
            let title = shownTitle(client.title, at: index)
            guard strip.titles[index] != title else { continue }
            var item = strip.item(at: index)
            item.title = title
            try? strip.setItem(item, at: index)
        }
    }
}

/// One property of one client, changed and not read yet.
struct ClientProperty: Hashable {
    let window: Window
    let atom: Atom
}
