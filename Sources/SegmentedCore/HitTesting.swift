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
    public func hitTest(x: Double, y: Double) -> Int? {
        guard count > 0, y >= 0, y < metrics.stripHeight, x >= 0, x < contentWidth else { return nil }
        // The last segment whose hit area (from the middle of the gap before it) starts at or before x.
        var lo = 0, hi = count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            let previousEnd = minX(at: mid - 1) + width(at: mid - 1)
            if (previousEnd + minX(at: mid)) / 2 <= x { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}
