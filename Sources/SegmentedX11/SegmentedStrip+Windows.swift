import CX11
import SegmentedCore

// The strip's other windows, which the controller asks for: the popup list of
// every title, the tooltip (`TooltipModel` decides when), the image of a tab
// dragged out; and where the strip is on the root window, for them and for
// assistive technologies.
extension SegmentedStrip {
    /// Opens the popup list of every title under the selected segment (as the Menu key does); nothing happens
    /// with no titles, with the list open, or when another client holds the pointer or keyboard grab.
    public func openPopupList() {
        guard let index = model.selectedIndex ?? (model.titles.isEmpty ? nil : 0) else { return }
        openPopupList(under: segmentOnRoot(index), heldPress: false)
    }

    /// Opens the popup list under `anchor` (root pixels); `heldPress`: its release over a row chooses the row.
    func openPopupList(under anchor: Rect, heldPress: Bool) {
        guard !isDestroyed, popupList == nil, !model.titles.isEmpty else { return }
        let start = Self.now()
        tooltips.dismiss()
        let model = self.model
        let list = PopupListWindow(connection: connection, titles: model.titles, selected: model.selectedIndex,
                                   isEnabled: { model.isEnabled(at: $0) }, font: planner.unselectedFont, style: style, colors: colors)
        list.finished = { [weak self] row in self?.popupListFinished(row) }
        list.frameObserver = popupListFrameObserver
        let opened = list.open(under: anchor, xinput2: xinput != nil, heldPress: heldPress)
        connection.scheduleEventDrain()
        guard opened else { return }
        popupListOpenSeconds = Self.now() - start
        popupList = list
        list.accessible = StripAccessibility.register(popup: list, strip: self)
        callbacks.popupListChanged?(self)
    }

    /// Closes the popup list, if it is open, with nothing chosen.
    public func closePopupList() {
        guard let popupList else { return }
        popupList.close()
        popupListFinished(nil)
    }

    private func popupListFinished(_ row: Int?) {
        popupList = nil
        connection.scheduleEventDrain()
        guard !isDestroyed else { return }
        callbacks.popupListChanged?(self)
        let now = Self.now()
        perform(controller.popupListChose(row, at: now), at: now)
    }

    /// How long the popup list last took to open, seconds: from the request to its rows on the server.
    public var lastPopupListOpenSeconds: Double { popupListOpenSeconds }

    /// The popup list while it is open: its window, root frame (pixels), the rows shown and the highlighted one.
    public var shownPopupList: (window: Window, frame: PixelRect, rows: Range<Int>, highlighted: Int?)? {
        guard let popupList, popupList.window != 0 else { return nil }
        return (popupList.window, popupList.frame, popupList.model.shownRows, popupList.model.highlighted)
    }

    /// Gives the tooltip model its texts and its window, once. Weak: a wait under way may outlive the strip.
    func connectTooltips() {
        tooltips.text = { [weak self] index in
            guard let self, model.titles.indices.contains(index) else { return nil }
            return TooltipModel.text(for: model.item(at: index), titleIsElided: planner.titleIsElided(at: index, of: model))
        }
        tooltips.show = { [weak self] index, text in
            guard let self, !isDestroyed else { return }
            tooltipWindow.show(text, segment: segmentOnRoot(index), font: planner.unselectedFont, style: style, colors: colors)
            connection.scheduleEventDrain()
            callbacks.tooltipChanged?(self, index)
        }
        tooltips.hide = { [weak self] in
            guard let self else { return }
            tooltipWindow.hide()
            guard !isDestroyed else { return }
            connection.scheduleEventDrain()
            callbacks.tooltipChanged?(self, nil)
        }
    }

    /// The tooltip shown now: its segment, root frame (pixels) and lines; nil when none is.
    public var shownTooltip: (index: Int, frame: PixelRect, lines: [String])? {
        guard let index = tooltips.shownIndex, let frame = tooltipWindow.frame else { return nil }
        return (index, frame, tooltipWindow.lines)
    }

    /// The tooltip's X window, 0 when none is shown.
    public var tooltipWindowID: Window { tooltipWindow.window }

    /// Shows the image of segment `index` as drawn now, its middle at the pointer, or hides it (nil).
    func showDragImage(of index: Int?) {
        dragImage = nil
        if let index, let tab = drawnTabs.frame(ofTab: index) {
            let frame = PixelRect(x: tab.x, y: tab.y, width: tab.width, height: tab.height)
            dragImage = DragImageWindow(connection: connection, buffer: buffer, frame: frame, origin: rootOrigin(),
                                        border: style.separatorColor, colors: colors)
            dragImage?.show(pointerAt: pointerInWindow)
        }
        XFlush(connection.display)
    }

    /// The index an item dropped at window column `x` (pixels) takes, as drawn now (`DrawnTabs.insertionIndex(atWindowX:)`).
    public func insertionIndex(atWindowX x: Int) -> Int { drawnTabs.insertionIndex(atWindowX: Double(x)) }

    /// The strip's tabs as drawn now, in window pixels.
    var drawnTabs: DrawnTabs { DrawnTabs(snapshot: snapshot, direction: style.direction, windowWidth: buffer.width) }

    /// The strip window's top-left corner on the root window, pixels (one round trip).
    func rootOrigin() -> (x: Int, y: Int) { connection.rootOrigin(of: window) }

    /// The pointer's last position on the root window, pixels (one round trip).
    var pointerOnRoot: (x: Int, y: Int) {
        let origin = rootOrigin()
        return (origin.x + Int(pointerInWindow.x), origin.y + Int(pointerInWindow.y))
    }

    /// Segment `index`'s drawn columns in the viewport, the strip's height, on the root window (pixels).
    func segmentOnRoot(_ index: Int) -> Rect {
        let columns = drawnTabs.visibleColumns(ofTab: index) ?? (0, 0)
        let origin = rootOrigin()
        return Rect(x: Double(origin.x + columns.x), y: Double(origin.y), width: Double(columns.width), height: metrics.stripHeight)
    }

    /// Whether the strip has the keyboard: it is its host window's `focusedStrip`.
    var hasKeyboardFocus: Bool { StripAccessibility.frame(of: parent)?.host?.focusedStrip === self }

    /// Selects `index` for an assistive technology (`StripController.selectForAccessibility`); false: refused.
    func selectForAccessibility(_ index: Int) -> Bool {
        let now = Self.now()
        guard !isDestroyed, let effects = controller.selectForAccessibility(index, at: now) else { return false }
        perform(effects, at: now)
        return true
    }
}
