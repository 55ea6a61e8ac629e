// Reordering by pointer: a press held still lifts the item under it; it then
// follows the pointer along the strip, drawn over its neighbours, and takes
// a neighbour's place once its center passes the neighbour's (the neighbour
// slides aside). Near an edge the strip scrolls on by itself. The release
// drops the item into its slot; Escape puts it back first. Without the
// hold, a drag scrolls the strip as before.

/// The item lifted by a held press (`StripModel.liftPressedSegment(at:)`) while it is dragged:
/// drawn where the pointer holds it, kept inside the window.
struct ReorderDrag: Equatable, Sendable {
    /// Its index now: it changes as the item passes its neighbours.
    var index: Int
    /// Its index when it was lifted, where Escape puts it back.
    let originalIndex: Int
    /// How far into the content the pointer holds it: the pointer's x + the
    /// content offset - the item's drawn x at the lift, pixels.
    let grab: Double
    /// The pointer's x, viewport pixels.
    var pointerX: Double
    /// When the autoscroll last moved the offset (seconds); nil while the pointer is outside the edge zones.
    var lastAutoscroll: Double?
}

extension StripModel {
    /// How long a press must be held still to lift its item, seconds (GTK's long-press time).
    public static let liftDelay = 0.4
    /// How long a neighbour slides aside, and a dropped item into its slot, seconds (ease-out).
    public static let reorderSlideDuration = 0.25
    /// The autoscroll's speed with the pointer at the very edge, in widths of
    /// the lifted segment per second; it falls linearly to 0 at the edge
    /// zone's inner end, half the lifted segment's width from the edge (AdwTabBar's zone).
    public static let autoscrollWidthsPerSecond = 4.0

    /// Whether an item is lifted and dragged. Any change of the items other
    /// than the drag's own moves (a close, a reload, an insert) ends the drag.
    public var isReordering: Bool { reorder != nil }

    /// The lifted item's index (it changes as the item passes its neighbours); nil when none is lifted.
    public var reorderedIndex: Int? { reorder?.index }

    /// The index the lifted item was lifted from; nil when none is lifted.
    public var reorderOriginIndex: Int? { reorder?.originalIndex }

    /// Lifts the item under the held press at `now` (seconds): the caller
    /// calls this `liftDelay` after the press. The press must not have moved
    /// past the click slop (it would be a drag that scrolls), and the item
    /// must be enabled. The lifted item is selected (its width and the
    /// indicator tween to it; the strip does not scroll), is drawn under the
    /// pointer over its neighbours, and follows it (`reorderMoved(toX:at:)`).
    /// - Returns: the lifted index, or nil when nothing was lifted.
    public func liftPressedSegment(at now: Double) -> Int? {
        guard scrolling.isPressed, !scrolling.isDragging, reorder == nil, let p = pointer,
              let index = segment(atX: p.x, y: p.y, at: now), isEnabled(at: index) else { return nil }
        settle(at: now)
        let drawn = presentation(at: now)
        scrolling.stop(at: now)
        if index != selectedIndex {
            selection.select(index, target: resting(selecting: index), from: drawn, tween: tween(at: now))
            followedPagePosition = nil
        }
        reorder = ReorderDrag(index: index, originalIndex: index, grab: p.x + drawn.contentOffset - drawn.layout.frame(at: index).x,
                              pointerX: p.x)
        return index
    }

    /// The pointer moved to `x` (viewport pixels) at `now` (seconds) with an
    /// item lifted: the item is drawn following it. The caller then takes
    /// the places it passes one by one (`nextReorderMove(at:)`).
    public func reorderMoved(toX x: Double, at now: Double) {
        guard reorder != nil else { return }
        pointer = (x, pointer?.y ?? 0)
        reorder?.pointerX = x
        if autoscrollVelocity == 0 {
            reorder?.lastAutoscroll = nil
        } else if reorder?.lastAutoscroll == nil {
            reorder?.lastAutoscroll = now
        }
    }

    /// Whether the strip scrolls on by itself (the pointer in an edge zone, with content beyond that edge).
    var isAutoscrolling: Bool { reorder != nil && autoscrollVelocity != 0 }

    /// The autoscroll's velocity now, pixels per second (positive toward the end); 0 outside the edge zones or at the content's end.
    private var autoscrollVelocity: Double {
        guard let r = reorder, r.index < titles.count else { return 0 }
        let width = selection.target.width(at: r.index), zone = width / 2
        guard zone > 0 else { return 0 }
        let offset = scrolling.resting
        if r.pointerX < zone, offset > 0 {
            return -Self.autoscrollWidthsPerSecond * width * min(1, (zone - r.pointerX) / zone)
        }
        if r.pointerX > viewportWidth - zone, offset < maximumOffset {
            return Self.autoscrollWidthsPerSecond * width * min(1, (r.pointerX - (viewportWidth - zone)) / zone)
        }
        return 0
    }

    /// One frame of the autoscroll at `now` (seconds): the offset moves on by
    /// the velocity for the time since the last frame (at most 50 ms: a late
    /// frame does not jump), clamped to the content, and the lifted item,
    /// still under the pointer, may pass neighbours (`nextReorderMove(at:)`).
    public func stepAutoscroll(at now: Double) {
        guard let r = reorder else { return }
        let velocity = autoscrollVelocity
        guard velocity != 0, let last = r.lastAutoscroll else {
            reorder?.lastAutoscroll = velocity != 0 ? now : nil
            return
        }
        let dt = min(max(now - last, 0), 0.05)
        scrolling.move(to: min(max(scrolling.resting + velocity * dt, 0), maximumOffset), cause: .autoscroll)
        reorder?.lastAutoscroll = now
    }

    /// Moves the lifted item one place at `now` (seconds) when its center is
    /// past a neighbour's center in the resting layout; the neighbour slides
    /// aside. Called until it returns nil, it takes every place the item
    /// passed, one change at a time (hosts hear of each in turn).
    /// - Returns: the move made, or nil when the item is where it belongs (or none is lifted).
    public func nextReorderMove(at now: Double) -> ItemChange? {
        guard let r = reorder else { return nil }
        // Where the pointer holds it, not where it is drawn: kept inside the window, it could not pass a narrower first or last segment.
        let rest = selection.target, offset = scrolling.offset(at: now)
        let center = r.pointerX - r.grab + offset + rest.width(at: r.index) / 2
        let next: Int
        if r.index + 1 < titles.count, center > rest.frame(at: r.index + 1).midX {
            next = r.index + 1
        } else if r.index > 0, center < rest.frame(at: r.index - 1).midX {
            next = r.index - 1
        } else {
            return nil
        }
        reorderStepping = true
        defer { reorderStepping = false }
        guard let change = try? moveItem(from: r.index, to: next, at: now, animated: true, slide: slide(at: now)) else { return nil }
        reorder?.index = next
        return change
    }

    /// The lifted item's left edge in the viewport (pixels): under the pointer where it holds it, kept inside the window.
    func liftedMinX(_ r: ReorderDrag, width: Double) -> Double {
        min(max(r.pointerX - r.grab, 0), max(viewportWidth - width, 0))
    }

    /// A neighbour's or the dropped item's slide from `now` (seconds); nil under reduced motion.
    private func slide(at now: Double) -> Tween? {
        motion.reducesMotion ? nil : Tween(startTime: now, duration: Self.reorderSlideDuration, easing: .easeOut)
    }

    /// Drops the lifted item at `now` (seconds), the press released (or
    /// lost): it slides from where it is drawn into its slot. The offset stays.
    /// - Returns: the index it was lifted from and the one it is at; nil when none was lifted.
    @discardableResult
    public func dropLiftedItem(at now: Double) -> (from: Int, to: Int)? {
        guard let r = reorder else { return nil }
        settle(at: now)
        let drawn = presentation(at: now)
        reorder = nil
        _ = scrolling.cancelPress(at: now, maximum: maximumOffset)
        scrolling.stop(at: now)
        let start = SelectionTransition.Endpoint(layout: drawn.layout, indicator: drawn.indicator, titleSelection: drawn.titleSelection)
        selection.itemsChanged(selecting: selectedIndex, previous: selection.previousSelectedIndex, target: selection.target,
                               from: start, tween: slide(at: now))
        return (r.originalIndex, r.index)
    }

    /// Escape during a reorder drag, at `now` (seconds): the item goes back
    /// to where it was lifted (those it passed slide back) and is dropped
    /// there, and the strip scrolls back to center it (an autoscroll may
    /// have taken its place out of view).
    /// - Returns: the move back (none when it had not moved); nothing without a reorder drag.
    @discardableResult
    public func cancelReorder(at now: Double) -> [ItemChange] {
        guard let r = reorder else { return [] }
        var changes = [ItemChange]()
        reorderStepping = true
        if r.index != r.originalIndex, let back = try? moveItem(from: r.index, to: r.originalIndex, at: now, animated: true, slide: slide(at: now)) {
            reorder?.index = r.originalIndex
            changes.append(back)
        }
        reorderStepping = false
        dropLiftedItem(at: now)
        scrolling.center(from: scrolling.offset(at: now), to: targetOffset, tween: slide(at: now))
        return changes
    }
}
