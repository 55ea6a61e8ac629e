// Widths held after a close by pointer, as AdwTabBar holds its tab width and
// Chrome its tabs: while the pointer stays in the strip, the next close
// button lands where the last one was (when the next title is no wider than
// the closed one; a wider one keeps its own width, never elided), so a row
// of tabs closes by clicks in one place. Leaving the strip lets the layout
// glide to its resting widths.

/// The widths held since a close by pointer (`StripModel.removeItem(freezingWidths:)`).
struct WidthFreeze: Equatable, Sendable {
    /// The slot whose width is held for the segment now in it; nil when only rooms are held.
    var pinnedIndex: Int?
    /// That slot's width without any fill, pixels.
    var pinnedWidth = 0.0
    /// Where the segments end while the last ones close (content x after the last and its spacing, pixels):
    /// room is held before the first so that the new last one ends where the closed one did.
    var endAnchor: Double?
    /// Room held after the last segment (segments closed before it), pixels.
    var trailRoom = 0.0
    /// The spare-room fill of the layout before the first close, held as it was.
    var fill = SpareSpace()
}

extension StripModel {
    /// Whether widths are held since a close by pointer.
    public var holdsWidths: Bool { widthFreeze != nil }

    /// The widths to hold once segment `index` of the resting layout closes:
    /// the segment after it takes its slot's width, and that segment's own
    /// room (its width and the gap) is held at the end; the last one's room is held before the first.
    func heldWidths(closing index: Int) -> WidthFreeze {
        let old = selection.target
        var freeze = widthFreeze ?? WidthFreeze(fill: old.fill)
        let gap = metrics.spacing + old.fill.gap
        if index + 1 < old.count {
            freeze.pinnedIndex = index
            freeze.pinnedWidth = old.width(at: index) - old.fill.width
            freeze.trailRoom += old.width(at: index + 1) + gap
        } else {
            if let pinned = freeze.pinnedIndex, pinned >= index { freeze.pinnedIndex = nil }
            if freeze.endAnchor == nil { freeze.endAnchor = old.minX(at: old.count) }
        }
        return freeze
    }

    /// The resting layout with `index` selected and `freeze`'s widths held:
    /// the pinned slot at its width, or the segment's own when that is wider
    /// (selected or not), room before the first (so that the last ends at
    /// the end anchor, whatever the new selection's width) and after the
    /// last segment, and the fill as it was.
    func frozenResting(selecting index: Int?, _ freeze: WidthFreeze) -> SegmentLayout {
        let n = unselectedWidths.count
        var byIndex = [Int: WidthExtra]()
        if let i = index, i < n, i != freeze.pinnedIndex {
            byIndex[i] = WidthExtra(index: i, extra: selectedWidth(at: i) - unselectedWidths.width(at: i))
        }
        if let p = freeze.pinnedIndex, p < n {
            // Never narrower than the segment's own width: a title is not elided to hold a slot.
            let own = p == index ? selectedWidth(at: p) : unselectedWidths.width(at: p)
            byIndex[p] = WidthExtra(index: p, extra: max(freeze.pinnedWidth, own) - unselectedWidths.width(at: p))
        }
        byIndex[n] = WidthExtra(index: n, extra: 0, lead: freeze.trailRoom)
        var layout = SegmentLayout(metrics: metrics, base: unselectedWidths, extras: Array(byIndex.values))
        layout.fill = freeze.fill
        if n > 0, let anchor = freeze.endAnchor {
            byIndex[0, default: WidthExtra(index: 0, extra: 0)].lead += max(0, anchor - layout.minX(at: n))
            layout = SegmentLayout(metrics: metrics, base: unselectedWidths, extras: Array(byIndex.values))
            layout.fill = freeze.fill
        }
        return layout
    }

    /// Lets the widths held since a close by pointer go at `now` (seconds):
    /// the pointer left the strip. The layout glides to its resting widths
    /// in the selection tween's duration and easing (`animated` false: at
    /// once), and the offset to the nearest one inside the new content.
    /// - Returns: whether widths were held.
    @discardableResult
    public func releaseWidthFreeze(at now: Double, animated: Bool = true) -> Bool {
        guard widthFreeze != nil else { return false }
        settle(at: now)
        let drawn = presentation(at: now)
        widthFreeze = nil
        let glide = animated ? tween(at: now) : nil
        selection.relayout(resting(selecting: selectedIndex), rebasing: { $0 }, tween: glide)
        guard !isPressed else { return true }
        let offset = clampedToContent(scrolling.isMoving(at: now) ? scrolling.resting : drawn.contentOffset)
        if offset != drawn.contentOffset {
            scrolling.center(from: drawn.contentOffset, to: offset, tween: glide)
        }
        return true
    }
}
