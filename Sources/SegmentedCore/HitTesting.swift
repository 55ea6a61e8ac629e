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
        guard count > 0, y >= 0, y < metrics.stripHeight, x >= 0, contentWidthSurelyReaches(x) || x < contentWidth else { return nil }
        // The last segment whose hit area (from the middle of the gap before it) starts at or
        // before x: the one before the first segment j + 1 whose hit area starts past x.
        return firstIndex(before: count - 1) { j in boundary(after: j) > x }
    }

    /// Where the hit areas of segments `index` and `index + 1` meet: the middle
    /// of the gap between them, content pixels.
    private func boundary(after index: Int) -> Double {
        (minX(at: index) + width(at: index) + minX(at: index + 1)) / 2
    }
}

extension SegmentLayout {
    /// Where an item dropped at content `x` (pixels, from the start edge) goes:
    /// before the first segment whose middle is past `x`, else after the last
    /// (`count`). Chrome's and AdwTabBar's rule for a tab dropped on a bar.
    public func insertionIndex(atX x: Double) -> Int {
        (0..<count).first { frame(at: $0).midX > x } ?? count
    }
}
