import CX11
import Dispatch
import SegmentedCore

// Tabs that move, close and appear: the host's calls (items inserted,
// removed and moved in place, a reload applied as its difference), decided
// by the controller (`StripController+Items`), what follows a change, and a
// close asked of the host.
extension SegmentedStrip {
    /// What is selected when the selected item is removed (`removeItem`, `closeItem`, a reload): the style's.
    public var removalSelection: RemovalSelection {
        get { style.behavior.removalSelection }
        set { style.behavior.removalSelection = newValue }
    }

    /// Whether segments have a close button (shown on the selected and the
    /// hovered one; every segment keeps its room) and a middle-click asks the
    /// host to close a segment (`Callbacks.closeRequested`): the style's
    /// `closable`. A change lays the strip out again (`setStyle`).
    public var isClosable: Bool {
        get { style.behavior.closable == .on }
        set {
            guard newValue != isClosable else { return }
            var changed = style
            changed.behavior.closable = newValue ? .on : .off
            // The same fonts as now: nothing is left to fail.
            try? setStyle(changed, animated: true)
        }
    }

    /// Whether the reorder keys move the selected item (`Callbacks.moved`): the style's `reorderable`.
    public var isReorderable: Bool {
        get { style.behavior.reorderable == .on }
        set { style.behavior.reorderable = newValue ? .on : .off }
    }

    /// Inserts `item` at `index` (0...count): it grows from nothing while the
    /// others glide aside (the style's tween; `animated` false: at once). The
    /// selected item stays selected; an empty strip selects the new one.
    /// - Throws: `StripModel.Failure.indexOutOfRange`; nothing changes then.
    public func insertItem(_ item: SegmentItem, at index: Int, animated: Bool = true) throws {
        try changeItems { try controller.insertItem(item, at: index, animated: animated && hasDrawnFirstFrame, at: $0) }
    }

    /// Removes the item at `index`: its room closes as the others glide in.
    /// The selected item stays selected; when it is the one removed,
    /// `removalSelection` chooses the next (cause `.api`). Removing the last
    /// item leaves an empty strip with no indicator.
    /// - Throws: `StripModel.Failure.indexOutOfRange`; nothing changes then.
    public func removeItem(at index: Int, animated: Bool = true) throws {
        try remove(at: index, animated: animated, cause: .api)
    }

    /// `removeItem(at:animated:)` for a close the user asked for
    /// (`Callbacks.closeRequested`): a selection it moves has cause `.close`.
    /// - Throws: `StripModel.Failure.indexOutOfRange`; nothing changes then.
    public func closeItem(at index: Int, animated: Bool = true) throws {
        try remove(at: index, animated: animated, cause: .close)
    }

    private func remove(at index: Int, animated: Bool, cause: SelectionCause) throws {
        try changeItems {
            try controller.removeItem(at: index, policy: removalSelection, animated: animated && hasDrawnFirstFrame, cause: cause, at: $0)
        }
    }

    /// Moves the item at `from` to `to` (both 0..<count): it slides there and
    /// those it passes slide aside; it keeps its selection. A move to the same
    /// place does nothing.
    /// - Throws: `StripModel.Failure.indexOutOfRange`; nothing changes then.
    public func moveItem(from: Int, to: Int, animated: Bool = true) throws {
        try changeItems { try controller.moveItem(from: from, to: to, animated: animated && hasDrawnFirstFrame, cause: .api, at: $0) }
    }

    /// Turns the items into `items` as their difference (`ItemDiff`: matched
    /// by id, else by title), animated in one tween: new items grow, removed
    /// ones close, moved ones slide, changed ones glide to their widths. The
    /// selected item stays selected wherever it now is (removed:
    /// `removalSelection`); `selectedIndex`, when given, is selected after.
    /// A difference of more than 32 steps is applied at once, the selection
    /// still on its item.
    /// - Throws: `StripModel.Failure.indexOutOfRange` when `selectedIndex` is outside the new items; the strip is then unchanged.
    public func setItems(_ items: [SegmentItem], selectedIndex: Int? = nil, animated: Bool = true) throws {
        if let wanted = selectedIndex, !items.indices.contains(wanted) {
            throw StripModel.Failure.indexOutOfRange(index: wanted, count: items.count)
        }
        guard !isDestroyed else { return }
        try changeItems {
            try controller.setItems(items, selectedIndex: selectedIndex, policy: removalSelection, animated: animated && hasDrawnFirstFrame, at: $0)
        }
    }

    /// A change of the items the host asked for: a lifted item drops where it
    /// is first (the change is not the drag's own), then the controller's
    /// `change` at the time now (seconds) is carried out.
    private func changeItems(_ change: (Double) throws -> [StripEffect]) throws {
        dropLiftedItemForChange()
        let now = Self.now()
        perform(try change(now), at: now)
    }

    /// A reload of the items (`StripEffect.reload`, its `selectedIndex` inside
    /// `titles`): `titles` with `details`, the items that are more than a
    /// title, by index; `sources[j]` is the index item j had before (nil: a new item).
    func replace(titles: [String], details: ItemDetails, selectedIndex: Int?, sources: [Int?]) throws {
        dropLiftedItemForChange()
        let old = model.selectedIndex
        let index = selectedIndex ?? min(old ?? 0, max(titles.count - 1, 0))
        // The same fonts: an item that keeps its title and details keeps its width.
        try planner.reset(model, titles: titles, details: details, selectedIndex: index, sources: sources)
        scheduler.cancelTimer()
        let now = Self.now()
        perform(controller.reloaded(sources: sources, oldSelection: old), at: now)
    }

    /// What follows a change of the items (`StripEffect.followItems`): the
    /// rest measured, the popup list closed (its rows are the old titles),
    /// the tooltip gone, the linked pages (one per title, on the selection,
    /// before the host hears of the change) and the tabs of assistive
    /// technologies, which follow their items.
    func followItems(sources: [Int?], oldSelection old: Int?, titlesMayDiffer: Bool) {
        if hasDrawnFirstFrame { measureRemainingTitles() }
        closePopupList()
        tooltips.pointerLeft()
        linkedPages?.titlesChanged()
        accessible?.itemsChanged(sources: sources.map { Int32($0 ?? -1) }, selectedBefore: old, titlesMayDiffer: titlesMayDiffer,
                                 focused: hasKeyboardFocus)
    }

    /// Asks the host to close segment `index` (`Callbacks.closeRequested`),
    /// deferred to the main queue so that the caller (an event, the
    /// accessibility bridge) is done first. Returns false when the strip is
    /// not closable, `index` is out of range or its item is disabled. A close `byPointer` that the
    /// host makes in its callback holds the widths (`StripModel.removeItem(freezingWidths:)`).
    func requestClose(_ index: Int, byPointer: Bool = false) -> Bool {
        // A disabled item shows no close button, and nothing the user does closes it (the host still can).
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
