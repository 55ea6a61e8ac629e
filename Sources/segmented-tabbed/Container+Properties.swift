import CX11
import SegmentedCore
import SegmentedX11

/// What the container reads of its clients' properties (titles, icons, XEmbed info, protocols) and of its own
/// (`_TABBED_SELECT_TAB`), and its own title.
extension Container {
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
