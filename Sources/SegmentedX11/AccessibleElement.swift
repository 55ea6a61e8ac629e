import CStripAccessibility
import CX11
import SegmentedCore

/// One object on the bus: what the C side's callbacks ask, answered from the
/// host window or the strip (never a copy).
@MainActor
final class AccessibleElement {
    enum Role { case frame, pageTabList, pageArea, popupMenu }
    let role: Role
    weak var host: HostWindow?
    weak var strip: SegmentedStrip?
    /// A popup menu's list.
    weak var popupList: PopupListWindow?
    /// A list's page area label, if its strip shows one.
    var pageArea: AccessibleElement?
    /// The ATK object, once published.
    private(set) var node: UnsafeMutableRawPointer?

    init(role: Role) {
        self.role = role
    }

    func publish(under parent: UnsafeMutableRawPointer?) {
        guard node == nil else { return }
        let kind: StripAccKind = switch role {
        case .frame: STRIP_ACC_FRAME
        case .pageTabList: STRIP_ACC_PAGE_TAB_LIST
        case .pageArea: STRIP_ACC_LABEL
        case .popupMenu: STRIP_ACC_MENU
        }
        node = strip_acc_node_new(kind, parent, Unmanaged.passUnretained(self).toOpaque())
        StripAccessibility.changed()
    }

    func unpublish() {
        guard let node else { return }
        self.node = nil
        strip_acc_node_remove(node)
        StripAccessibility.changed()
    }

    func name(_ index: Int) -> String? {
        switch role {
        case .frame: return host?.title
        case .pageTabList:
            guard let strip else { return nil }
            return index < 0 ? strip.accessibleName : strip.titles.indices.contains(index) ? Self.drawnText(strip.titles[index]) : nil
        case .pageArea:
            return strip.flatMap { s in s.selectedIndex.map { Self.drawnText(s.titles[$0]) } }
        case .popupMenu:
            guard let popupList, index >= 0 else { return strip?.accessibleName }
            return popupList.title(index).map(Self.drawnText)
        }
    }

    /// A page tab's description (`DrawnTabs.description(ofTab:)`); nil for anything else.
    func description(_ index: Int) -> String? {
        guard role == .pageTabList, index >= 0, let strip else { return nil }
        return strip.drawnTabs.description(ofTab: index).map(Self.drawnText)
    }

    /// A title as it is drawn: control characters in caret notation
    /// (`FontChain.displayCodePoints`), so a screen reader reads what the
    /// user sees and a NUL does not end the name the C side is handed.
    static func drawnText(_ title: String) -> String {
        guard title.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else { return title }
        var drawn = String.UnicodeScalarView()
        for scalar in title.unicodeScalars {
            for codePoint in FontChain.displayCodePoints(scalar.value) { drawn.append(Unicode.Scalar(codePoint) ?? "\u{FFFD}") }
        }
        return String(drawn)
    }

    var count: Int {
        switch role {
        case .pageTabList: return strip?.titles.count ?? 0
        case .popupMenu: return popupList?.rowCount ?? 0
        case .frame, .pageArea: return 0
        }
    }

    var selectedIndex: Int? {
        switch role {
        case .pageTabList: return strip?.selectedIndex
        case .popupMenu: return popupList?.model.highlighted
        case .frame, .pageArea: return nil
        }
    }

    func state(_ index: Int) -> Int32 {
        switch role {
        case .frame:
            guard let host else { return 0 }
            return Int32(STRIP_ACC_SHOWING) | (host.hasFocus ? Int32(STRIP_ACC_ACTIVE) : 0)
        case .pageArea: return strip == nil ? 0 : Int32(STRIP_ACC_SHOWING)
        case .pageTabList:
            guard let strip else { return 0 }
            guard index >= 0 else { return Int32(STRIP_ACC_SHOWING) }
            return Self.flags(strip.drawnTabs.state(ofTab: index, stripHasKeyboard: strip.hasKeyboardFocus))
        case .popupMenu:
            guard let popupList else { return 0 }
            guard index >= 0 else { return Int32(STRIP_ACC_SHOWING) }
            return popupList.accessibleState(ofRow: index)
        }
    }

    /// STRIP_ACC_* flags of a page tab's `state`.
    static func flags(_ state: DrawnTabs.State) -> Int32 {
        let flags = [(DrawnTabs.State.showing, STRIP_ACC_SHOWING), (.selected, STRIP_ACC_SELECTED), (.focused, STRIP_ACC_FOCUSED),
                     (.disabled, STRIP_ACC_DISABLED)]
        return flags.reduce(0) { state.contains($1.0) ? $0 | Int32($1.1) : $0 }
    }

    /// Root-window extents, pixels: a page tab's as drawn (outside the window when scrolled out, as GTK's).
    func extents(_ index: Int) -> PixelRect? {
        switch role {
        case .frame: return host?.rootFrame
        case .pageArea: return strip.flatMap(Self.pageArea)
        case .pageTabList:
            guard let strip else { return nil }
            let origin = strip.rootOrigin()
            let frame: (x: Int, y: Int, width: Int, height: Int)? = index < 0 ? (0, 0, strip.size.width, strip.size.height)
                : strip.drawnTabs.frame(ofTab: index)
            return frame.map { PixelRect(x: origin.x + $0.x, y: origin.y + $0.y, width: $0.width, height: $0.height) }
        case .popupMenu: return index < 0 ? popupList?.frame : popupList?.rowRootFrame(index)
        }
    }

    /// The page area under `strip` (where the selected title is shown), root pixels: the linked
    /// `PagedView`'s window, or the strip window's rows under the strip.
    private static func pageArea(of strip: SegmentedStrip) -> PixelRect? {
        if let pages = strip.linkedPages, let frame = pages.rootFrame { return frame }
        let origin = strip.rootOrigin(), top = min(strip.preferredHeight, strip.size.height)
        return PixelRect(x: origin.x, y: origin.y + top, width: strip.size.width, height: strip.size.height - top)
    }

    func hit(x: Int, y: Int) -> Int? {
        switch role {
        case .pageTabList:
            // The click's own translation: the hit-test of what is drawn, at the window pixel under (x, y).
            guard let strip else { return nil }
            let origin = strip.rootOrigin()
            return strip.drawnTabs.tab(atWindowX: Double(x - origin.x), y: Double(y - origin.y))
        case .popupMenu: return popupList?.row(atRootX: x, rootY: y)
        case .frame, .pageArea: return nil
        }
    }

    func select(_ index: Int) -> Bool {
        switch role {
        case .pageTabList: return strip?.selectForAccessibility(index) ?? false
        case .popupMenu: return popupList?.choose(index) ?? false
        case .frame, .pageArea: return false
        }
    }

    /// Whether its rows have a "close" action: the tabs of a closable strip.
    var isClosable: Bool { role == .pageTabList && strip?.isClosable == true }

    /// A screen reader's "close" on tab `index`: the host is asked, as by a middle-click.
    func close(_ index: Int) -> Bool {
        guard role == .pageTabList, let strip else { return false }
        return strip.requestClose(index)
    }

    /// The strip's selection moved.
    func selectionChanged(from old: Int?, to new: Int?, focused: Bool) {
        guard let node else { return }
        strip_acc_selection_changed(node, Int32(old ?? -1), Int32(new ?? -1), focused ? 1 : 0)
        if let area = pageArea?.node { strip_acc_name_changed(area) }
        StripAccessibility.changed()
    }

    /// The strip's items changed: `sources[j]` is the index the item now at
    /// `j` had before (-1: a new item), `selectedBefore` the index selected
    /// before. The tab objects follow their items, and the selection is told
    /// by item (`strip_acc_items_changed`); `titlesMayDiffer` for a reload or
    /// an item set, where a kept item's title may be another.
    func itemsChanged(sources: [Int32], selectedBefore: Int?, titlesMayDiffer: Bool, focused: Bool) {
        guard let node else { return }
        strip_acc_items_changed(node, sources, Int32(sources.count), Int32(selectedBefore ?? -1), focused ? 1 : 0,
                                titlesMayDiffer ? 1 : 0)
        if let area = pageArea?.node { strip_acc_name_changed(area) }
        StripAccessibility.changed()
    }

    /// The strip gained or lost the keyboard.
    func focusChanged(_ focused: Bool) {
        guard let node else { return }
        strip_acc_focus_changed(node, focused ? 1 : 0)
        StripAccessibility.changed()
    }

    /// The frame's window gained or lost the keyboard focus.
    func windowActivated(_ active: Bool) {
        guard let node else { return }
        strip_acc_window_activated(node, active ? 1 : 0)
        StripAccessibility.changed()
    }

    /// The object's own name changed.
    func nameChanged() {
        guard let node else { return }
        strip_acc_name_changed(node)
        StripAccessibility.changed()
    }
}
