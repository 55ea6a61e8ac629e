/// A key the strip's host routed to it, as its adapter reads the keysym:
/// what the key could mean, for the controller to decide what it does.
public struct StripKey: Equatable, Sendable {
    /// The Menu key or Shift+F10: the popup list of every title.
    public var opensPopupList = false
    /// Escape: puts a lifted item back.
    public var isEscape = false
    /// Ctrl+Shift+Page Up, Page Down, Home or End: a reorder key (AdwTabBar's), when the strip is reorderable.
    public var reorder: ReorderKey?
    /// What the key selects (`NavigationKey`); nil for a key that is not a navigation key.
    public var navigation: NavigationKey?

    public init(opensPopupList: Bool = false, isEscape: Bool = false, reorder: ReorderKey? = nil, navigation: NavigationKey? = nil) {
        self.opensPopupList = opensPopupList
        self.isEscape = isEscape
        self.reorder = reorder
        self.navigation = navigation
    }
}

/// Where a reorder key moves the selected item.
public enum ReorderKey: Equatable, Sendable {
    /// One place toward the start (Ctrl+Shift+Page Up) or the end (Page Down).
    case previous, next
    /// To the start (Ctrl+Shift+Home) or the end (End).
    case first, last
}

// Keys, selections, the reorder drag and the popup list's row.
extension StripController {
    /// A key: the popup list's keys open it; while an item is lifted, Escape
    /// puts it back and every other key waits for the drop (it would move the
    /// selection under it); a reorder key moves the selected item; a
    /// navigation key selects, animated as a click (cause `key`).
    /// - Returns: whether the strip used the key, and the effects.
    public func key(_ key: StripKey, at now: Double) -> (used: Bool, effects: [StripEffect]) {
        if key.opensPopupList { return (true, [.openPopupList(atPointer: false)]) }
        if model.isReordering { return (true, key.isEscape ? cancelReorder(at: now) : []) }
        if isReorderable, let reorder = key.reorder, let index = model.selectedIndex {
            let last = model.titles.count - 1
            let target = switch reorder {
            case .previous: max(index - 1, 0)
            case .next: min(index + 1, last)
            case .first: 0
            case .last: last
            }
            return (true, [.dismissTooltip] + move(from: index, to: target, cause: .key, at: now))
        }
        guard let navigation = key.navigation else { return (false, []) }
        var effects: [StripEffect] = [.dismissTooltip]
        effects += releaseHeldWidths(at: now)
        let old = model.selectedIndex
        guard old != nil else { return (true, effects) }
        if let index = model.select(navigation, at: now) {
            effects.append(.selectionChanged(SelectionChange(oldIndex: old, newIndex: index, cause: .key), animated: true))
        }
        // Changed or only re-centered (a key at an end): either way it moves and settles.
        return (true, effects + [.reportSelection, .repaint, .update])
    }

    /// Selects `index` for `cause` (the host's, an assistive technology's, a
    /// row of the popup list): the selection callback hears of a change;
    /// selecting the selected segment only centers it.
    /// - Throws: `StripModel.Failure.indexOutOfRange`; nothing changes then.
    public func select(_ index: Int, animated: Bool = true, cause: SelectionCause, at now: Double) throws -> [StripEffect] {
        let old = model.selectedIndex
        var effects = [StripEffect]()
        if try model.select(index, at: now, animated: animated) {
            effects.append(.selectionChanged(SelectionChange(oldIndex: old, newIndex: index, cause: cause), animated: animated))
        }
        return effects + [.reportSelection, .repaint, .update]
    }

    /// Selects `index` for an assistive technology, as a key does (cause `.accessibility`); nil when it
    /// refuses: no such segment, or a disabled one (as a click on it does).
    public func selectForAccessibility(_ index: Int, at now: Double) -> [StripEffect]? {
        guard model.titles.indices.contains(index), model.isEnabled(at: index) else { return nil }
        return try? select(index, cause: .accessibility, at: now)
    }

    /// Moves the item at `from` to `to` for `cause` (a reorder key's, the host's): one change, or none for the same place.
    /// - Throws: `StripModel.Failure.indexOutOfRange`; nothing changes then.
    public func moveItem(from: Int, to: Int, animated: Bool, cause: SelectionCause, at now: Double) throws -> [StripEffect] {
        let old = model.selectedIndex
        guard let change = try model.moveItem(from: from, to: to, at: now, animated: animated) else { return [] }
        return itemsChanged([change], from: old, cause: cause)
    }

    private func move(from: Int, to: Int, cause: SelectionCause, at now: Double) -> [StripEffect] {
        (try? moveItem(from: from, to: to, animated: true, cause: cause, at: now)) ?? []
    }

    // MARK: - Reordering by pointer

    /// The lift wait (`StripModel.liftDelay`) ended with the press still
    /// held: its item lifts unless the press moved past the slop (it scrolls)
    /// or is not on an enabled item. The frame that shows it lifted reaches
    /// the server before the host hears of it.
    public func liftDue(at now: Double) -> [StripEffect] {
        guard model.isPressed else { return [] }
        // A motion still waiting may be the one that took the press past the slop.
        var effects = applyPendingMotion(at: now)
        let old = model.selectedIndex
        guard let index = model.liftPressedSegment(at: now) else { return effects }
        effects.append(.dismissTooltip)
        if index != old { effects.append(.selectionChanged(SelectionChange(oldIndex: old, newIndex: index, cause: .click), animated: true)) }
        return effects + [.reportSelection, .paintNow, .reorderBegan(index), .repaint, .update]
    }

    /// One frame of the clock: while an item is lifted, the autoscroll moves on and the item passes what it reaches.
    public func frame(at now: Double) -> [StripEffect] {
        guard model.isReordering, !isDraggedOut else { return [] }
        model.stepAutoscroll(at: now)
        let effects: [StripEffect] = model.scrollCause == .autoscroll ? [.reportScroll] : []
        return effects + reorderMoves(at: now)
    }

    /// The places the lifted item passed, each its own change (hosts follow one move at a time).
    func reorderMoves(at now: Double) -> [StripEffect] {
        var effects = [StripEffect]()
        while true {
            let old = model.selectedIndex
            guard let move = model.nextReorderMove(at: now) else { return effects }
            effects += itemsChanged([move], from: old, cause: .drag)
        }
    }

    /// The release (or a lost press) drops the lifted item into its slot.
    func dropLiftedItem(at now: Double) -> [StripEffect] {
        guard let drop = model.dropLiftedItem(at: now) else { return [] }
        return endDragOut() + [.reportSelection, .repaint, .reorderEnded(from: drop.from, to: drop.to, cancelled: false), .update]
    }

    /// Before a change of the items that is not the drag's own (the host's, a
    /// close, a reload): a lifted item is dropped where it is, and the host hears of it.
    public func dropLiftedItemForChange(at now: Double) -> [StripEffect] {
        model.isReordering ? dropLiftedItem(at: now) : []
    }

    /// Escape puts the lifted item back where it was lifted and drops it there.
    func cancelReorder(at now: Double) -> [StripEffect] {
        guard let origin = model.reorderOriginIndex else { return [] }
        let old = model.selectedIndex
        let moves = model.cancelReorder(at: now)
        var effects = endDragOut()
        if !moves.isEmpty { effects += itemsChanged(moves, from: old, cause: .drag) }
        effects += [.reportSelection, .repaint, .reorderEnded(from: origin, to: origin, cancelled: true), .update]
        return effects
    }

    // MARK: - The popup list

    /// The popup list closed on `row` (nil: nothing chosen): the row is selected (cause `menu`), or centered
    /// again. The list held the pointer, so the strip heard nothing of where it went: nothing is hovered
    /// until the pointer comes back (the ungrab's EnterNotify when it is over the strip).
    public func popupListChose(_ row: Int?, at now: Double) -> [StripEffect] {
        let effects = left(at: now)
        guard let row else { return effects }
        return effects + ((try? select(row, cause: .menu, at: now)) ?? [])
    }
}
