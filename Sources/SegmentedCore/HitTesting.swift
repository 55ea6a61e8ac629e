extension SegmentLayout {
    /// The segment under a point of the strip, or nil.
    ///
    /// `x` is in content coordinates (viewport x + content offset), `y` in
    /// strip coordinates, both pixels. Each segment's hit area extends to the
    /// middle of the gap on each side (half the spacing, or half the wider gap
    /// a spread fill makes), so the gaps have no dead zone and are shared
    /// evenly; a point in the left inset goes to the first segment and one in
    /// the right inset to the last.
    /// Points outside [0, content width) or below the strip hit nothing.
    /// A binary search over the same frames that are drawn: O(log n).
    ///
    /// The boundary between segments j and j + 1 is
    /// (minX(j) + width(j) + minX(j + 1)) / 2. Since minX(j) + width(j) =
    /// minX(j + 1) - the gap, it is also minX(j + 1) - gap / 2, which reads one
    /// running sum instead of a sum and a width: the search's last levels miss
    /// the cache (100,000 titles keep 1.6 MB of widths and sums), so each probe
    /// reading one array instead of two is most of its cost. That form can
    /// round differently in the last bit, so the search runs on it and the
    /// answer is then settled with the exact form on its neighbours.
    public func hitTest(x: Double, y: Double) -> Int? {
        guard count > 0, y >= 0, y < metrics.stripHeight, x >= 0, contentWidthSurelyReaches(x) || x < contentWidth else { return nil }
        // The last segment whose hit area (from the middle of the gap before it) starts at or
        // before x: the one before the first segment j + 1 whose hit area starts past x.
        let end = count - 1
        let halfGap = (metrics.spacing + fill.gap) / 2
        var index = firstIndex(before: end) { j in minX(at: j + 1) - halfGap > x }
        while index > 0, boundary(after: index - 1) > x { index -= 1 }
        while index < end, boundary(after: index) <= x { index += 1 }
        return index
    }

    /// Where the hit areas of segments `index` and `index + 1` meet: the middle
    /// of the gap between them, content pixels.
    private func boundary(after index: Int) -> Double {
        (minX(at: index) + width(at: index) + minX(at: index + 1)) / 2
    }
}
