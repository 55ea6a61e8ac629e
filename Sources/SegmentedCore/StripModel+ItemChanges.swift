// Items inserted, removed and moved in place: the selection follows its item,
// and the frames glide from what was drawn to the new resting layout.

/// What is selected when the selected item is removed (QTabBar's `SelectionBehavior`).
public enum RemovalSelection: String, CaseIterable, Sendable {
    /// The item after it (QTabBar's `SelectRightTab`; the one before when it was the last).
    case next
    /// The item before it (`SelectLeftTab`; the one after when it was the first).
    case previous
    /// The item selected before it (`SelectPreviousTab`; else as `next`).
    case previouslySelected = "previously-selected"
}

/// A title removed while its room closes: drawn in that room until the tween ends.
struct Departure: Equatable, Sendable {
    let title: String
    /// Its room is the lead before the segment now at this index (the count: after the last).
    var slot: Int
    /// When the room has closed, seconds.
    let end: Double
}

/// An item change the strip made and the selection it left.
public struct ItemChange: Equatable, Sendable {
    /// What happened to which index.
    public enum Kind: Equatable, Sendable {
        /// An item was inserted at this index.
        case inserted(Int)
        /// The item at this index was removed.
        case removed(Int)
        /// The item at `from` is now at `to`.
        case moved(from: Int, to: Int)
    }
    /// What happened.
    public var kind: Kind
    /// The selected index before and after (nil with no items).
    public var oldSelectedIndex: Int?, newSelectedIndex: Int?
    /// Whether another item is selected now (the selected one was removed), not only the same one at a new index.
    public var selectionMoved: Bool
    /// The title of the item inserted, removed or moved (a reload's steps are told after the last one, when the
    /// titles at the step's indices are no longer the step's).
    public var title = ""
}

extension ItemChange {
    /// Where each item came from: for each item after `changes` (applied in
    /// order to a list of `oldCount` items), the index it had before, nil for
    /// an inserted item. What follows items by identity (the accessible tabs) reads this.
    public static func sources(oldCount: Int, after changes: [ItemChange]) -> [Int?] {
        var sources: [Int?] = Array(0..<oldCount)
        for change in changes {
            switch change.kind {
            case let .inserted(j): sources.insert(nil, at: min(max(j, 0), sources.count))
            case let .removed(i) where sources.indices.contains(i): sources.remove(at: i)
            case let .moved(from, to) where sources.indices.contains(from) && sources.indices.contains(to):
                sources.insert(sources.remove(at: from), at: to)
            default: break
            }
        }
        return sources
    }
}

extension StripModel {
    /// Inserts `item` at `index` (0...count) at `now` (seconds). The selected
    /// item stays selected (its index grows when the insert is before it; an
    /// empty strip selects the new item). Animated, the new segment grows from
    /// nothing while the others glide aside, in the selection tween's duration
    /// and easing; the offset follows as `setItem` says.
    /// - Throws: `Failure.indexOutOfRange` for an index outside 0...count; nothing changes then.
    @discardableResult
    public func insertItem(_ item: SegmentItem, at index: Int, at now: Double, animated: Bool = true) throws -> ItemChange {
        guard index >= 0, index <= titles.count else { throw Failure.indexOutOfRange(index: index, count: titles.count + 1) }
        let shifted = { (i: Int) -> Int in i >= index ? i + 1 : i }
        var newTitles = titles
        newTitles.insert(item.title, at: index)
        var newDetails = details
        newDetails.insert(item.isPlainTitle ? nil : item, at: index)
        let old = selectedIndex
        let selected = old.map(shifted) ?? index
        for i in departures.indices where departures[i].slot >= index { departures[i].slot += 1 }
        let base = unselectedWidths.rearranged(count: newTitles.count, through: index, measure: widthMeasure(newTitles, newDetails)) {
            if $0.count >= index { $0.insert(Self.unselectedWidth(at: index, titles: newTitles, details: newDetails, metrics: metrics,
                                                                  measureTitle: measureUnselected, measureBadge: measureBadge,
                                                                  measureIcon: measureIcon), at: index) }
        }
        apply(titles: newTitles, details: newDetails, base: base, selecting: selected, previous: selection.previousSelectedIndex.map(shifted),
              remap: shifted, rebase: { $0.rebased(inserting: index, onto: base) }, at: now, animated: animated)
        return ItemChange(kind: .inserted(index), oldSelectedIndex: old, newSelectedIndex: selected, selectionMoved: old == nil, title: item.title)
    }

    /// Removes the item at `index` at `now` (seconds). The selected item stays
    /// selected; when it is the one removed, `policy` chooses among the enabled
    /// items (a disabled one only when no other is left), and nothing is
    /// selected once the last item goes. Animated, the room of the removed
    /// segment closes as the others glide in.
    ///
    /// `freezingWidths` (a close by pointer) holds the widths where they are
    /// drawn until `releaseWidthFreeze(at:)` (AdwTabBar's fixed tab width,
    /// Chrome): the segment that takes the closed one's place takes its width
    /// too (or keeps its own, when wider), and the room given up stays after the last segment, so the next
    /// close button lands where the pointer is and nothing scrolls. When the
    /// last segment closes, every other moves toward the end by its room
    /// instead, so the one before it ends where it ended.
    /// - Throws: `Failure.indexOutOfRange`; nothing changes then.
    @discardableResult
    public func removeItem(at index: Int, policy: RemovalSelection = .next, at now: Double, animated: Bool = true,
                           freezingWidths: Bool = false) throws -> ItemChange {
        guard titles.indices.contains(index) else { throw Failure.indexOutOfRange(index: index, count: titles.count) }
        let shifted = { (i: Int) -> Int? in i == index ? nil : i > index ? i - 1 : i }
        var newTitles = titles
        newTitles.remove(at: index)
        var newDetails = details
        newDetails.remove(at: index)
        let old = selectedIndex
        let previous = selection.previousSelectedIndex.flatMap(shifted)
        var selected = old.flatMap(shifted)
        if selected == nil, !newTitles.isEmpty {
            selected = Self.successor(removing: index, policy: policy, previous: previous, count: newTitles.count) {
                newDetails.isEmpty || newDetails[$0]?.isEnabled ?? true
            }
        }
        let base = unselectedWidths.rearranged(count: newTitles.count, through: index + 1, measure: widthMeasure(newTitles, newDetails)) {
            $0.remove(at: index)
        }
        let freeze = freezingWidths && !newTitles.isEmpty ? heldWidths(closing: index) : nil
        let removed = titles[index]
        apply(titles: newTitles, details: newDetails, base: base, selecting: selected, previous: selected == previous ? nil : previous,
              remap: shifted, rebase: { $0.rebased(removing: index, onto: base) }, freeze: freeze, at: now, animated: animated)
        // Its title shrinks away in the closing room (one title a room: an older one there goes).
        departures.removeAll { $0.slot == index || $0.slot == index + 1 }
        for i in departures.indices where departures[i].slot > index { departures[i].slot -= 1 }
        if animated, !motion.reducesMotion, !newTitles.isEmpty { departures.append(Departure(title: removed, slot: index, end: now + motion.tweenDuration)) }
        return ItemChange(kind: .removed(index), oldSelectedIndex: old, newSelectedIndex: selected, selectionMoved: old == index, title: removed)
    }

    /// Moves the item at `from` to `to` (both 0..<count) at `now` (seconds):
    /// it keeps its selection; animated, it slides to its new place and the
    /// items it passes slide aside. A move to the same place does nothing.
    /// - Returns: the change, or nil when nothing moved.
    /// - Throws: `Failure.indexOutOfRange` for either index; nothing changes then.
    @discardableResult
    public func moveItem(from: Int, to: Int, at now: Double, animated: Bool = true) throws -> ItemChange? {
        try moveItem(from: from, to: to, at: now, animated: animated, slide: nil)
    }

    /// `moveItem(from:to:at:animated:)` over `slide` (nil: the selection tween).
    func moveItem(from: Int, to: Int, at now: Double, animated: Bool, slide: Tween?) throws -> ItemChange? {
        for i in [from, to] where !titles.indices.contains(i) { throw Failure.indexOutOfRange(index: i, count: titles.count) }
        guard from != to else { return nil }
        let moved = { (i: Int) -> Int in
            if i == from { return to }
            if from < to, i > from, i <= to { return i - 1 }
            if to < from, i >= to, i < from { return i + 1 }
            return i
        }
        var newTitles = titles
        newTitles.insert(newTitles.remove(at: from), at: to)
        var newDetails = details
        newDetails.move(from: from, to: to)
        departures = []    // a slide over a closing room: the removed title is not drawn on
        let old = selectedIndex
        let base = unselectedWidths.rearranged(count: newTitles.count, through: max(from, to) + 1, measure: widthMeasure(newTitles, newDetails)) {
            $0.insert($0.remove(at: from), at: to)
        }
        apply(titles: newTitles, details: newDetails, base: base, selecting: old.map(moved),
              previous: selection.previousSelectedIndex.map(moved), remap: moved,
              rebase: { $0.rebased(moving: from, to: to, onto: base) }, slide: slide, at: now, animated: animated)
        return ItemChange(kind: .moved(from: from, to: to), oldSelectedIndex: old, newSelectedIndex: old.map(moved), selectionMoved: false,
                          title: newTitles[to])
    }

    /// The index selected after the selected item at `index` was removed, in
    /// the new items (`count` of them, at least one): by `policy`, the nearest
    /// enabled item that way, then the other way, then the neighbour itself.
    static func successor(removing index: Int, policy: RemovalSelection, previous: Int?, count: Int,
                          isEnabled: (Int) -> Bool) -> Int {
        if policy == .previouslySelected, let previous, isEnabled(previous) { return previous }
        // In the new items the one after the removed is at `index`, the one before at `index - 1`.
        let after = Array(index..<count), before = Array((0..<min(index, count)).reversed())
        let order = policy == .previous ? before + after : after + before
        return order.first(where: isEnabled) ?? order[0]
    }

    /// The model's state after an item change: new titles, items and widths,
    /// `selected` selected; the drawn strip carried over by `rebase` (indices
    /// by `remap`) and tweened to the new resting layout when `animated`;
    /// `freeze` holds the widths (a close by pointer), and any other change lets them go;
    /// `slide` (nil: the selection tween) is the tween.
    private func apply(titles newTitles: [String], details newDetails: ItemDetails, base: SegmentWidths, selecting selected: Int?,
                       previous: Int?, remap: (Int) -> Int?, rebase: (SegmentLayout) -> SegmentLayout, freeze: WidthFreeze? = nil,
                       slide: Tween? = nil, at now: Double, animated: Bool) {
        settle(at: now)
        let drawn = presentation(at: now)
        if reorder != nil, !reorderStepping {
            // Another change (a close, a reload, the host) ends a reorder drag: the item glides from where it is drawn.
            reorder = nil
            _ = scrolling.cancelPress(at: now, maximum: maximumOffset)
        }
        let wasCentered = scrolling.isCentering || !scrolling.isMoving(at: now) && !isPressed && scrolling.resting == targetOffset
        let selectionMoved = selected != selectedIndex.flatMap(remap)
        titles = newTitles
        details = newDetails
        unselectedWidths = base
        selectedWidths = [:]
        followedPagePosition = nil
        widthFreeze = freeze
        let tween = animated && !newTitles.isEmpty ? slide ?? tween(at: now) : nil
        var start: SelectionTransition.Endpoint?
        if tween != nil {
            var titleSelection = [Int: Double]()
            for (i, w) in drawn.titleSelection { if let j = remap(i) { titleSelection[j] = w } }
            start = SelectionTransition.Endpoint(layout: rebase(drawn.layout), indicator: drawn.indicator, titleSelection: titleSelection)
        }
        selection.itemsChanged(selecting: selected, previous: previous, target: resting(selecting: selected), from: start, tween: tween)
        if isPressed || reorder != nil {
            return    // the press (or the reorder drag) goes on over the new items; its drag clamps the offset
        } else if freeze == nil, wasCentered || selectionMoved {
            scrolling.center(from: drawn.contentOffset, to: targetOffset, tween: tween)
        } else {
            scrolling.stop(at: now)
            scrolling.rest(at: clampedToContent(scrolling.resting))
        }
    }

    /// `offset` (pixels) clamped to the resting layout's content, measuring no further than the clamp needs.
    func clampedToContent(_ offset: Double) -> Double {
        let x = max(offset, 0)
        return selection.target.contentWidthSurelyReaches(x + viewportWidth) ? x : min(x, maximumOffset)
    }

    /// The unselected width of segment i of `titles` and `details`, as `reset` measures it.
    func widthMeasure(_ titles: [String], _ details: ItemDetails) -> (Int) -> Double {
        { [metrics, measureUnselected, measureBadge, measureIcon] i in
            Self.unselectedWidth(at: i, titles: titles, details: details, metrics: metrics, measureTitle: measureUnselected,
                                 measureBadge: measureBadge, measureIcon: measureIcon)
        }
    }
}

extension StripModel {
    /// Turns the items into `new` in place at `now` (seconds), by
    /// `ItemDiff.steps` (matched by id, else title): the selected item stays
    /// selected wherever it now is (removed, `policy` chooses), and with
    /// `animated` every step glides in one tween from what is drawn.
    /// - Returns: the structural changes in order, or nil (nothing changed)
    ///   when it would take more than `limit` steps: the caller then resets
    ///   (`ItemDiff.matches` tells where the selected item went). `match`, when given, is
    ///   `ItemDiff.matches(old: items, new: new)`, made once by a caller that needs it too.
    @discardableResult
    public func setItems(_ new: [SegmentItem], policy: RemovalSelection = .next, at now: Double, animated: Bool = true,
                         limit: Int = 32, match given: [Int?]? = nil) -> [ItemChange]? {
        let old = items, match = given ?? ItemDiff.matches(old: old, new: new)
        guard let steps = ItemDiff.steps(old: old, new: new, match: match, limit: limit) else { return nil }
        let wanted = Self.selection(after: match, selected: selectedIndex,
                                    previous: selection.previousSelectedIndex, policy: policy, count: new.count) { new[$0].isEnabled }
        var changes = [ItemChange]()
        for step in steps {
            // Each index is valid by construction: the steps are made for the list as it is then.
            switch step {
            case let .remove(i): if let c = try? removeItem(at: i, policy: policy, at: now, animated: animated) { changes.append(c) }
            case let .move(from, to): if let c = try? moveItem(from: from, to: to, at: now, animated: animated) { changes.append(c) }
            case let .insert(j): if let c = try? insertItem(new[j], at: j, at: now, animated: animated) { changes.append(c) }
            case let .update(j): _ = try? setItem(new[j], at: j, at: now, animated: animated)
            }
        }
        // The removals one by one chose on the way; the choice is made against the old list.
        if let wanted, wanted != selectedIndex { _ = try? select(wanted, at: now, animated: animated) }
        return changes
    }

    /// The new index selected after a reload: the selected item's, if it is
    /// kept; else by `policy`, the nearest kept enabled item after it (or
    /// before it, or the previously selected one), then the other way; when
    /// no enabled item is kept, the old index clamped to the new `count`,
    /// moved to the nearest enabled new item if there is one; nil with no items.
    static func selection(after match: [Int?], selected: Int?, previous: Int?, policy: RemovalSelection, count: Int,
                          isEnabled: (Int) -> Bool) -> Int? {
        guard count > 0 else { return nil }
        guard let selected else { return 0 }
        if let j = match.firstIndex(of: selected) { return j }
        var newIndex = [Int: Int]()
        for (j, i) in match.enumerated() { if let i, isEnabled(j) { newIndex[i] = j } }
        if policy == .previouslySelected, let previous, let j = newIndex[previous] { return j }
        let after = newIndex.filter { $0.key > selected }.min { $0.key < $1.key }?.value
        let before = newIndex.filter { $0.key < selected }.max { $0.key < $1.key }?.value
        if let j = policy == .previous ? before ?? after : after ?? before { return j }
        let clamped = min(selected, count - 1)
        return (0..<count).filter(isEnabled).min { abs($0 - clamped) < abs($1 - clamped) } ?? clamped
    }
}

extension StripModel {
    /// The removed titles still shrinking at `now` (seconds) in `layout`, the
    /// drawn one: each in its room, the lead before its slot less the spacing
    /// (and fill gap) that closes with it; none once the room is under half a pixel.
    func departing(in layout: SegmentLayout, at now: Double) -> [DepartingSegment] {
        guard !departures.isEmpty else { return [] }
        return departures.compactMap { d in
            guard d.end > now, d.slot <= layout.count else { return nil }
            let lead = layout.lead(at: d.slot), width = lead - metrics.spacing - layout.fill.gap
            guard width >= 0.5 else { return nil }
            return DepartingSegment(title: d.title, frame: Rect(x: layout.minX(at: d.slot) - lead, y: metrics.insets.top, width: width,
                                                                height: metrics.stripHeight - metrics.insets.top - metrics.insets.bottom))
        }
    }
}
