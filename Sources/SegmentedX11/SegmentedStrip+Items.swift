import CX11
import Dispatch
import SegmentedCore

// The segments as items (`SegmentItem`; titles are the shortcut): the host's
// changes, decided by the controller (`StripController+Items`), what follows
// a change, and a close asked of the host.
extension SegmentedStrip {
    /// The strip of `items`, as the titles initializer: each item's title (a disabled one in
    /// `disabledTextColor`), badge, icon (a PNG or SVG file, or an icon-theme name: `IconCache`) and tooltip.
    /// - Throws: as the titles initializer.
    public convenience init(connection: XDisplayConnection, parent: Window, frame: PixelRect,
                            items: [SegmentItem], selectedIndex: Int = 0, style: StripStyle = StripStyle()) throws {
        let (titles, details) = StripModel.split(items)
        try self.init(connection: connection, parent: parent, frame: frame, titles: titles, details: details, selectedIndex: selectedIndex,
                      style: style)
    }

    /// The items, one per segment (O(n)).
    public var items: [SegmentItem] { model.items }

    /// Segment `index`'s item, 0..<titles.count.
    public func item(at index: Int) -> SegmentItem { model.item(at: index) }

    /// What is selected when the selected item is removed: the style's.
    public var removalSelection: RemovalSelection {
        get { style.behavior.removalSelection }
        set { style.behavior.removalSelection = newValue }
    }

    /// Whether segments have a close button (on the selected and hovered one) and a middle-click asks the
    /// host to close one (`Callbacks.closeRequested`): the style's `closable`; a change lays the strip out again.
    public var isClosable: Bool {
        get { style.behavior.closable == .on }
        set {
            guard newValue != isClosable else { return }
            var changed = style
            changed.behavior.closable = newValue ? .on : .off
            try? setStyle(changed, animated: true)      // the same fonts: nothing is left to fail
        }
    }

    /// Whether the reorder keys and a held press move items (`Callbacks.moved`): the style's `reorderable`.
    public var isReorderable: Bool {
        get { style.behavior.reorderable == .on }
        set { style.behavior.reorderable = newValue ? .on : .off }
    }

    /// Inserts `item` at `index` (0...count), growing while the others glide aside (`animated`).
    /// - Throws: `StripModel.Failure.indexOutOfRange`; nothing changes then.
    public func insertItem(_ item: SegmentItem, at index: Int, animated: Bool = true) throws {
        try changeItems { try controller.insertItem(item, at: index, animated: animated && hasDrawnFirstFrame, at: $0) }
    }

    /// Removes the item at `index`, its room closing; a removed selection goes by `removalSelection` (cause `.api`).
    /// - Throws: `StripModel.Failure.indexOutOfRange`; nothing changes then.
    public func removeItem(at index: Int, animated: Bool = true) throws {
        try remove(at: index, animated: animated, cause: .api)
    }

    /// `removeItem` for a close the user asked for (`Callbacks.closeRequested`): cause `.close`.
    /// - Throws: `StripModel.Failure.indexOutOfRange`; nothing changes then.
    public func closeItem(at index: Int, animated: Bool = true) throws {
        try remove(at: index, animated: animated, cause: .close)
    }

    private func remove(at index: Int, animated: Bool, cause: SelectionCause) throws {
        try changeItems {
            try controller.removeItem(at: index, policy: removalSelection, animated: animated && hasDrawnFirstFrame, cause: cause, at: $0)
        }
    }

    /// Moves the item at `from` to `to` (both 0..<count), sliding; it keeps its selection.
    /// - Throws: `StripModel.Failure.indexOutOfRange`; nothing changes then.
    public func moveItem(from: Int, to: Int, animated: Bool = true) throws {
        try changeItems { try controller.moveItem(from: from, to: to, animated: animated && hasDrawnFirstFrame, cause: .api, at: $0) }
    }

    /// Turns the items into `items` as their difference (`ItemDiff`, by id, else by title), in one tween; the
    /// selection stays on its item (removed: `removalSelection`), then `selectedIndex` is selected when given.
    /// - Throws: `StripModel.Failure.indexOutOfRange` for `selectedIndex`; the strip is then unchanged.
    public func setItems(_ items: [SegmentItem], selectedIndex: Int? = nil, animated: Bool = true) throws {
        if let wanted = selectedIndex, !items.indices.contains(wanted) {
            throw StripModel.Failure.indexOutOfRange(index: wanted, count: items.count)
        }
        guard !isDestroyed else { return }
        try changeItems {
            try controller.setItems(items, selectedIndex: selectedIndex, policy: removalSelection, animated: animated && hasDrawnFirstFrame, at: $0)
        }
    }

    /// `setItems` of plain titles.
    /// - Throws: as `setItems`.
    public func setTitles(_ titles: [String], selectedIndex: Int? = nil, animated: Bool = true) throws {
        try setItems(titles.map(SegmentItem.init), selectedIndex: selectedIndex, animated: animated)
    }

    /// `setItems` of `titles` and `details` as `TitlesFile.loadContents` reads them.
    /// - Throws: as `setItems`.
    public func setItems(titles: [String], details: ItemDetails, selectedIndex: Int? = nil, animated: Bool = true) throws {
        try setItems(titles.indices.map { details[$0] ?? SegmentItem(titles[$0]) }, selectedIndex: selectedIndex, animated: animated)
    }

    /// Changes segment `index`'s item in place: selection, scroll and motion stay; a new title glides the
    /// frames to its widths (`StripModel.setItem`). No selection callback fires.
    /// - Throws: `StripModel.Failure.indexOutOfRange`; nothing changes then.
    public func setItem(_ item: SegmentItem, at index: Int, animated: Bool = true) throws {
        guard !isDestroyed else {
            guard model.titles.indices.contains(index) else { throw StripModel.Failure.indexOutOfRange(index: index, count: model.titles.count) }
            return
        }
        let now = Self.now()
        perform(try controller.setItem(item, at: index, animated: animated, at: now), at: now)
    }

    /// A change the host asked for: a lifted item drops where it is first, then `change` at now (seconds).
    private func changeItems(_ change: (Double) throws -> [StripEffect]) throws {
        dropLiftedItemForChange()
        let now = Self.now()
        perform(try change(now), at: now)
    }

    /// A reload (`StripEffect.reload`): `sources[j]` is the index item j had before (nil: a new item).
    func replace(titles: [String], details: ItemDetails, selectedIndex: Int, sources: [Int?]) throws {
        dropLiftedItemForChange()
        let old = model.selectedIndex
        // The same fonts: an item that keeps its title and details keeps its width.
        try planner.reset(model, titles: titles, details: details, selectedIndex: selectedIndex, sources: sources)
        scheduler.cancelTimer()
        let now = Self.now()
        perform(controller.reloaded(sources: sources, oldSelection: old), at: now)
    }

    /// What follows a change of the items (`StripEffect.followItems`): the rest measured; the popup list
    /// (the old titles) and the tooltip gone; the linked pages and assistive technologies' tabs follow.
    func followItems(sources: [Int?], oldSelection old: Int?, titlesMayDiffer: Bool) {
        if hasDrawnFirstFrame { measureRemainingTitles() }
        closePopupList()
        tooltips.pointerLeft()
        linkedPages?.titlesChanged()
        accessible?.itemsChanged(sources: sources.map { Int32($0 ?? -1) }, selectedBefore: old, titlesMayDiffer: titlesMayDiffer,
                                 focused: hasKeyboardFocus)
    }

    /// Asks the host to close segment `index` (`Callbacks.closeRequested`) once the caller (an event, the
    /// accessibility bridge) is done; false when `StripController.mayClose` says no. A close `byPointer`
    /// that the host makes in the callback holds the widths.
    func requestClose(_ index: Int, byPointer: Bool = false) -> Bool {
        guard !isDestroyed, controller.mayClose(index) else { return false }
        let title = model.titles[index]
        DispatchQueue.main.async { [weak self] in
            // The titles may have changed meanwhile: only the same title at the same index is closed.
            guard let self, !isDestroyed, model.titles.indices.contains(index), model.titles[index] == title else { return }
            controller.closingByPointer = byPointer ? index : nil
            defer { controller.closingByPointer = nil }
            callbacks.closeRequested?(self, index)
        }
        return true
    }
}
