extension SegmentLayout {
    /// The segment under a point of the strip, or nil.
    ///
    /// `x` is in content coordinates (viewport x + content offset), `y` in
    /// strip coordinates, both pixels. Each segment's hit area extends half the
    /// spacing to each side, so the gaps have no dead zone; a point in the left
    /// inset goes to the first segment and one in the right inset to the last.
    /// Points outside [0, content width) or below the strip hit nothing.
    /// A binary search over the same frames that are drawn: O(log n).
    public func hitTest(x: Double, y: Double) -> Int? {
        guard count > 0, y >= 0, y < metrics.stripHeight, x >= 0, x < contentWidth else { return nil }
        let half = metrics.spacing / 2
        // The last segment whose hit area starts at or before x.
        var lo = 0, hi = count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if minX(at: mid) - half <= x { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }
}
