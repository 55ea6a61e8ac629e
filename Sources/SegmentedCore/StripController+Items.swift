// The items changing: inserted, removed, moved, set as their difference,
// or reloaded; and what follows each change (who hears of which selection).
// A change the host makes comes after `dropLiftedItemForChange(at:)` and
// its effects: the host hears of the drop before the items change.
extension StripController {
    /// Inserts `item` at `index` (0...count): it grows from nothing while the others glide aside.
    /// - Throws: `StripModel.Failure.indexOutOfRange`; nothing changes then.
    public func insertItem(_ item: SegmentItem, at index: Int, animated: Bool, at now: Double) throws -> [StripEffect] {
        let old = model.selectedIndex
        let change = try model.insertItem(item, at: index, at: now, animated: animated)
        return itemsChanged([change], from: old, cause: .api)
    }

    /// Removes the item at `index` for `cause` (`close`: the user asked for
    /// it; a close asked for by pointer, `closingByPointer`, holds the widths
    /// while the pointer stays). `policy` chooses the next selection when the selected item goes.
    /// - Throws: `StripModel.Failure.indexOutOfRange`; nothing changes then.
    public func removeItem(at index: Int, policy: RemovalSelection, animated: Bool, cause: SelectionCause,
                           at now: Double) throws -> [StripEffect] {
        let old = model.selectedIndex
        let byPointer = cause == .close && closingByPointer == index
        let change = try model.removeItem(at: index, policy: policy, at: now, animated: animated, freezingWidths: byPointer)
        return itemsChanged([change], from: old, cause: cause)
    }

    /// Turns the items into `items` as their difference (`ItemDiff`), the
    /// selection on its item (removed: `policy`), then `selectedIndex` when
    /// given; past 32 steps, a reload (`StripEffect.reload`) with the selection still on its item.
    /// - Throws: `StripModel.Failure.indexOutOfRange` when `selectedIndex` is outside `items`; nothing changes then.
    public func setItems(_ items: [SegmentItem], selectedIndex: Int?, policy: RemovalSelection, animated: Bool,
                         at now: Double) throws -> [StripEffect] {
        if let wanted = selectedIndex, !items.indices.contains(wanted) {
            throw StripModel.Failure.indexOutOfRange(index: wanted, count: items.count)
        }
        let old = model.selectedIndex
        let match = ItemDiff.matches(old: model.items, new: items)
        guard let changes = model.setItems(items, policy: policy, at: now, animated: animated, match: match) else {
            // The selected item where it went; removed, the same index (the last one past the end).
            let following = old.flatMap { match.firstIndex(of: $0) } ?? min(old ?? 0, max(items.count - 1, 0))
            let (titles, details) = StripModel.split(items)
            return [.reload(titles: titles, details: details, selectedIndex: selectedIndex ?? following, sources: match)]
        }
        if let wanted = selectedIndex, wanted != model.selectedIndex {
            _ = try? model.select(wanted, at: now, animated: animated)
        }
        return itemsChanged(changes, from: old, cause: .api, titlesMayDiffer: true)
    }

    /// Changes segment `index`'s item in place (`StripModel.setItem`): the host hears of new frames, and
    /// assistive technologies and linked pages of the item (`itemEdited`); no selection callback.
    /// - Throws: `StripModel.Failure.indexOutOfRange`; nothing changes then.
    public func setItem(_ item: SegmentItem, at index: Int, animated: Bool, at now: Double) throws -> [StripEffect] {
        let framesChanged = try model.setItem(item, at: index, at: now, animated: animated)
        return (framesChanged ? [.reportSelection] : []) + [.itemEdited, .repaint, .update]
    }

    /// What follows a change of the items: hover dropped; the strip's
    /// followers told (`followItems`: the tabs follow their items); the host
    /// told of a new selected index (`cause`; the same item at another index
    /// too, for hosts that keep an index), of each move, and of the changes.
    func itemsChanged(_ changes: [ItemChange], from old: Int?, cause: SelectionCause, titlesMayDiffer: Bool = false) -> [StripEffect] {
        forgetHover()
        let oldCount = changes.reduce(model.titles.count) { count, change in
            switch change.kind {
            case .inserted: count - 1
            case .removed: count + 1
            case .moved: count
            }
        }
        var effects: [StripEffect] = [.followItems(sources: ItemChange.sources(oldCount: oldCount, after: changes), oldSelection: old,
                                                   titlesMayDiffer: titlesMayDiffer)]
        let new = model.selectedIndex
        // Another item (the selected one went), or the same one at another index.
        let moved = changes.contains { $0.selectionMoved }
        if new != old || moved {
            effects.append(.announce(SelectionChange(oldIndex: old, newIndex: new, cause: cause, isSameItem: !moved && old != nil)))
        }
        for change in changes {
            if case let .moved(from, to) = change.kind { effects.append(.moved(from: from, to: to)) }
        }
        if !changes.isEmpty { effects.append(.itemsChanged(changes)) }
        return effects + [.reportSelection, .repaint, .update]
    }

    /// The items were reloaded (the model reset to new titles, measured by
    /// the strip): item j was item `sources[j]` before (nil: new), and
    /// `old` was selected. Another item at the same index is a change too.
    public func reloaded(sources: [Int?], oldSelection old: Int?) -> [StripEffect] {
        forgetHover()
        var effects: [StripEffect] = [.followItems(sources: sources, oldSelection: old, titlesMayDiffer: true)]
        let new = model.selectedIndex
        let sameItem = old != nil && new.flatMap { sources[$0] } == old
        if new != old || !sameItem, old != nil || new != nil {
            effects.append(.announce(SelectionChange(oldIndex: old, newIndex: new, cause: .api, isSameItem: sameItem)))
        }
        return effects + [.reportSelection, .repaint, .update]
    }
}
