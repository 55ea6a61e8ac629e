// A drawn layout carried over to the items after an insert, a removal or a
// move, with the same frames: a tween from it to the new resting layout then
// grows the inserted segment from nothing, closes the removed one's room and
// slides the moved one (every other segment keeps its width and glides to its place).
extension SegmentLayout {
    /// This layout's frames over `newBase`, these widths with a segment
    /// inserted at `index` (0...count): the inserted segment is drawn 0 wide
    /// without the spacing before it (after it, at index 0), so every other
    /// segment is where it was drawn.
    func rebased(inserting index: Int, onto newBase: SegmentWidths) -> SegmentLayout {
        precondition(newBase.count == count + 1 && index >= 0 && index <= count, "an insert that does not match the widths")
        var extras = self.extras.map { e in WidthExtra(index: e.index >= index ? e.index + 1 : e.index, extra: e.extra, lead: e.lead, shift: e.shift) }
        // A strip that was empty has no spacing to take back: the segment only grows.
        let gap = count == 0 ? 0 : metrics.spacing + fill.gap
        extras.append(WidthExtra(index: index, extra: -(newBase.width(at: index) + fill.width), lead: -gap))
        return rebuilt(onto: newBase, merging: extras)
    }

    /// This layout's frames over `newBase`, these widths without segment
    /// `index`: its drawn width and the spacing after it (before it, when it
    /// was the last) stay as room before the segment that followed it.
    func rebased(removing index: Int, onto newBase: SegmentWidths) -> SegmentLayout {
        precondition(newBase.count == count - 1 && index >= 0 && index < count, "a removal that does not match the widths")
        let removed = self.extras.first { $0.index == index }
        var extras = self.extras.filter { $0.index != index }.map { e in
            WidthExtra(index: e.index > index ? e.index - 1 : e.index, extra: e.extra, lead: e.lead, shift: e.shift)
        }
        if newBase.count > 0 {
            extras.append(WidthExtra(index: index, extra: 0, lead: (removed?.lead ?? 0) + width(at: index) + metrics.spacing + fill.gap))
        }
        return rebuilt(onto: newBase, merging: extras)
    }

    /// This layout's frames over `newBase`, these widths with segment `from`
    /// moved to `to`: the segments between keep their drawn places through
    /// leads, and the moved one is drawn where it was through a shift.
    func rebased(moving from: Int, to: Int, onto newBase: SegmentWidths) -> SegmentLayout {
        precondition(newBase.count == count && from >= 0 && from < count && to >= 0 && to < count, "a move that does not match the widths")
        let newIndex = { (i: Int) -> Int in
            if i == from { return to }
            if from < to, i > from, i <= to { return i - 1 }
            if to < from, i >= to, i < from { return i + 1 }
            return i
        }
        var extras = self.extras.map { e in WidthExtra(index: e.index < count ? newIndex(e.index) : e.index, extra: e.extra, lead: e.lead, shift: 0) }
        let room = width(at: from) + metrics.spacing + fill.gap
        // The segments passed over are drawn `room` toward where the moved one was.
        if from < to {
            extras += [WidthExtra(index: from, extra: 0, lead: room), WidthExtra(index: to + 1, extra: 0, lead: -room)]
        } else if to < from {
            extras += [WidthExtra(index: to + 1, extra: 0, lead: -room), WidthExtra(index: from + 1, extra: 0, lead: room)]
        }
        var result = rebuilt(onto: newBase, merging: extras)
        let shift = frame(at: from).x - result.minX(at: to)
        result = result.rebuilt(onto: newBase, merging: result.extras + [WidthExtra(index: to, extra: 0, shift: shift)])
        return result
    }

    /// This layout with segment `index` drawn at content x `x` (pixels) through
    /// its shift, its slot and every other frame unchanged: a lifted item under the pointer.
    func shifting(_ index: Int, toX x: Double) -> SegmentLayout {
        guard index >= 0, index < count else { return self }
        var extras = self.extras.filter { $0.index != index }
        var own = self.extras.first { $0.index == index } ?? WidthExtra(index: index, extra: 0)
        own.shift = x - minX(at: index)
        extras.append(own)
        var result = SegmentLayout(metrics: metrics, base: base, extras: extras)
        result.fill = fill
        return result
    }

    /// The room added before segment `index` (`count`: after the last), pixels: a removed segment's closing room.
    func lead(at index: Int) -> Double {
        for e in extras where e.index == index { return e.lead }
        return 0
    }

    /// A layout over `base` with `extras` (any order; those of one index are
    /// added together) and this layout's spare-room fill.
    private func rebuilt(onto base: SegmentWidths, merging extras: [WidthExtra]) -> SegmentLayout {
        var byIndex = [Int: WidthExtra]()
        for e in extras {
            let sum = byIndex[e.index] ?? WidthExtra(index: e.index, extra: 0)
            byIndex[e.index] = WidthExtra(index: e.index, extra: sum.extra + e.extra, lead: sum.lead + e.lead, shift: sum.shift + e.shift)
        }
        var result = SegmentLayout(metrics: metrics, base: base, extras: Array(byIndex.values))
        // The lead inset follows the first segment's width (a grown inset): a lead keeps segment 0 where it was.
        if base.count > 0, result.leadInset != leadInset {
            let first = byIndex[0] ?? WidthExtra(index: 0, extra: 0)
            byIndex[0] = WidthExtra(index: 0, extra: first.extra, lead: first.lead + leadInset - result.leadInset, shift: first.shift)
            result = SegmentLayout(metrics: metrics, base: base, extras: Array(byIndex.values))
        }
        result.fill = fill
        return result
    }
}
