// The strip's segments as items: reading them, changing one, and which can be chosen.
extension StripModel {
    /// A model of `items` (see `init(titles:...)` for the other parameters):
    /// plain titles are kept as titles, the rest in `details`; `measureBadge`
    /// gives a badge's drawn text's advance, pixels (`StripModel.measureBadge`),
    /// `measureIcon` an icon's box side (`StripModel.measureIcon`).
    /// - Throws: `Failure.indexOutOfRange` as `init(titles:...)`.
    public convenience init(items: [SegmentItem], selectedIndex: Int = 0, viewportWidth: Double, metrics: LayoutMetrics = LayoutMetrics(),
                            motion: SelectionMotion = SelectionMotion(), measuresLazily: Bool = false,
                            measureUnselected: @escaping (String) -> Double, measureSelected: @escaping (String) -> Double,
                            measureBadge: @escaping (String) -> Double = { _ in 0 },
                            measureIcon: @escaping (SegmentIcon) -> Double = { _ in 0 }) throws {
        try self.init(titles: [], viewportWidth: viewportWidth, metrics: metrics, motion: motion,
                      measureUnselected: measureUnselected, measureSelected: measureSelected)
        self.measureBadge = measureBadge
        self.measureIcon = measureIcon
        try reset(items: items, selectedIndex: selectedIndex, metrics: metrics, motion: motion, measuresLazily: measuresLazily,
                  measureUnselected: measureUnselected, measureSelected: measureSelected)
    }

    /// `reset(titles:...)` with items.
    /// - Throws: `Failure.indexOutOfRange`; the model is then unchanged.
    public func reset(items: [SegmentItem], selectedIndex: Int, metrics: LayoutMetrics, motion: SelectionMotion, measuresLazily: Bool,
                      measureUnselected: @escaping (String) -> Double, measureSelected: @escaping (String) -> Double) throws {
        let (titles, details) = Self.split(items)
        try reset(titles: titles, details: details, selectedIndex: selectedIndex, metrics: metrics, motion: motion,
                  measuresLazily: measuresLazily, measureUnselected: measureUnselected, measureSelected: measureSelected)
    }

    /// The titles of `items`, and the items that are more than a title by index.
    public static func split(_ items: [SegmentItem]) -> (titles: [String], details: ItemDetails) {
        var details = ItemDetails(titleCount: items.count)
        for (i, item) in items.enumerated() where !item.isPlainTitle { details[i] = item }
        return (items.map(\.title), details)
    }

    /// Every item, one per segment (made from `titles` and `details`: O(n)).
    public var items: [SegmentItem] {
        titles.indices.map { item(at: $0) }
    }

    /// Segment `index`'s item (0..<titles.count).
    public func item(at index: Int) -> SegmentItem { details[index] ?? SegmentItem(titles[index]) }

    /// Whether segment `index` can be chosen by a click, a key or an assistive technology.
    public func isEnabled(at index: Int) -> Bool { details.isEmpty || details[index]?.isEnabled ?? true }

    /// Changes segment `index`'s item at `now` (seconds) without a reset: the
    /// selection, the scroll and any motion stay. When the title, the icon or the badge
    /// changes, so do its widths (unselected and selected), and the frames glide to them
    /// as a selection's do: a running tween keeps its clock and bends toward
    /// the new resting layout (as a resize does); at rest a tween of
    /// `motion.tweenDuration` on `motion.easing` starts from what is drawn
    /// (with `animated` false, the new widths at once). An offset resting on
    /// the selection's centering follows the new centering with the frames;
    /// any other offset stays where it is, clamped to the new content.
    /// - Returns: whether the frames change (the title, the icon or the badge changed).
    /// - Throws: `Failure.indexOutOfRange`; nothing changes then.
    @discardableResult
    public func setItem(_ item: SegmentItem, at index: Int, at now: Double, animated: Bool = true) throws -> Bool {
        guard titles.indices.contains(index) else { throw Failure.indexOutOfRange(index: index, count: titles.count) }
        let old = details[index]
        details[index] = item.isPlainTitle ? nil : item
        guard item.title != titles[index] || item.badge != old?.badge || item.icon != old?.icon else { return false }
        settle(at: now)
        let drawn = presentation(at: now)
        let wasCentered = !scrolling.isMoving(at: now) && !isPressed && scrolling.resting == targetOffset
        let oldBase = unselectedWidths
        titles[index] = item.title
        selectedWidths[index] = nil
        let newBase = oldBase.replacing(index, with: Self.unselectedWidth(at: index, titles: titles, details: details, metrics: metrics,
                                                                          measureTitle: measureUnselected, measureBadge: measureBadge,
                                                                          measureIcon: measureIcon),
                                        measure: widthMeasure(titles, details))
        unselectedWidths = newBase
        let glide = animated ? tween(at: now) : nil
        selection.relayout(resting(selecting: selectedIndex), rebasing: { $0.rebased(onto: newBase, changing: index) }, tween: glide)
        if let p = followedPagePosition, selection.followsPagePosition {
            setPagePosition(p, at: now)
            return true
        }
        let maximum = ContentOffset.maximum(contentWidth: selection.target.contentWidth, viewportWidth: viewportWidth)
        if scrolling.retargetCentering(to: targetOffset, drawn: drawn.contentOffset, maximum: maximum, at: now) { return true }
        if wasCentered {
            scrolling.center(from: drawn.contentOffset, to: targetOffset, tween: glide)
        } else if !isPressed, !scrolling.isMoving(at: now) {
            scrolling.rest(at: min(max(scrolling.resting, 0), maximum))
        }
        return true
    }

    /// The enabled segment a navigation key goes to from `current`: the
    /// nearest enabled one before or after it (Left, Right; the wrapping keys
    /// go on from the other end), the first or last enabled one (Home, End),
    /// the one at a position if it is enabled; nil when there is none that way.
    func enabledTarget(of key: NavigationKey, from current: Int) -> Int? {
        let n = titles.count
        switch key {
        case .previous: return stride(from: current - 1, through: 0, by: -1).first { isEnabled(at: $0) }
        case .next: return current + 1 < n ? (current + 1..<n).first { isEnabled(at: $0) } : nil
        case .first: return (0..<n).first { isEnabled(at: $0) }
        case .last: return stride(from: n - 1, through: 0, by: -1).first { isEnabled(at: $0) }
        case let .position(index): return index >= 0 && index < n && isEnabled(at: index) ? index : nil
        case .nextWrapping: return (1..<max(n, 1)).lazy.map { (current + $0) % n }.first { self.isEnabled(at: $0) }
        case .previousWrapping: return (1..<max(n, 1)).lazy.map { (current - $0 + n) % n }.first { self.isEnabled(at: $0) }
        }
    }
}
