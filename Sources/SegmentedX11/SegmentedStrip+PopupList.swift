import CX11
import SegmentedCore

// The popup list of every title (`PopupListWindow`, its rows `PopupListModel`):
// opened by a right-click on the strip, the Menu key or Shift+F10; a row
// chosen selects its title with cause `menu`.
extension SegmentedStrip {
    /// Opens the popup list of every title under the selected segment (as
    /// the Menu key and Shift+F10 do; a right-click opens it at the pointer).
    /// Nothing happens with no titles, with the list open already, or when
    /// another client holds the pointer or keyboard grab.
    public func openPopupList() {
        guard let index = model.selectedIndex ?? (model.titles.isEmpty ? nil : 0) else { return }
        openPopupList(under: segmentOnRoot(index), heldPress: false)
    }

    /// Opens the popup list under `anchor` (root pixels); `heldPress` when a
    /// held pointer press opens it (its release over a row chooses the row).
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
        eventsMayBeQueued()
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

    /// How long the popup list last took to open, seconds: from the request to its rows on the server (the grabs taken).
    public var lastPopupListOpenSeconds: Double { popupListOpenSeconds }

    /// The popup list while it is open: its window, root frame (pixels), the rows shown and the highlighted one.
    public var shownPopupList: (window: Window, frame: PixelRect, rows: Range<Int>, highlighted: Int?)? {
        guard let popupList, popupList.window != 0 else { return nil }
        return (popupList.window, popupList.frame, popupList.model.shownRows, popupList.model.highlighted)
    }

    private func popupListFinished(_ row: Int?) {
        popupList = nil
        eventsMayBeQueued()
        guard !isDestroyed else { return }
        callbacks.popupListChanged?(self)
        let now = Self.now()
        perform(controller.popupListChose(row, at: now), at: now)
    }
}
