// The strip drawn from a page position: a swipe of linked pages, or a host's pager.
extension StripModel {
    /// The page position the strip draws at `now` (seconds): the position set by
    /// `setPagePosition` while the strip follows one, else the selected index
    /// (0 with no titles). Pages count from 0; p = i + f is f (0...1) of the
    /// way from page i to page i + 1.
    public func pagePosition(at now: Double) -> Double {
        if let p = followedPagePosition, selection.followsPagePosition { return p }
        return Double(selectedIndex ?? 0)
    }

    /// Whether the strip is drawn from a page position (a swipe, its settle, or a host's pager) rather than resting or tweening.
    public var followsPagePosition: Bool { selection.followsPagePosition }

    /// Draws the strip at page position `position` at `now` (seconds), with no
    /// tween: between pages i = floor(p) and i + 1 at f = p - i,
    /// - the frames and title selection are f of the way from the layout resting
    ///   on i (title i selected) to the one resting on i + 1;
    /// - the indicator is `motion.indicatorAnimation.rect(from:to:fraction: f)`
    ///   between its resting rects under i and i + 1;
    /// - the content offset is lerp(c(i), c(i + 1), f), where c(k) is the
    ///   offset that centers k in the layout resting on k (clamped).
    ///
    /// This is Android TabLayout's `setScrollPosition(position, positionOffset)`
    /// and Flutter's `TabController.animation` value. The position is clamped
    /// to 0...count - 1; a non-finite one is ignored. The selection does not
    /// change (see `selectFollowingPages(_:at:)` and `select(_:at:animated:)`).
    public func setPagePosition(_ position: Double, at now: Double) {
        guard !titles.isEmpty, position.isFinite else { return }
        let p = min(max(position, 0), Double(titles.count - 1))
        settle(at: now)
        let i = Int(p.rounded(.down)), next = min(i + 1, titles.count - 1)
        let f = p - Double(i)
        let from = resting(selecting: i), to = resting(selecting: next)
        selection.follow(from: SelectionTransition.resting(from, selecting: i), to: SelectionTransition.resting(to, selecting: next),
                         fraction: f)
        followedPagePosition = selection.followsPagePosition ? p : nil
        guard !isPressed else { return }
        scrolling.follow(lerp(from.centeringOffset(of: i, viewportWidth: viewportWidth),
                              to.centeringOffset(of: next, viewportWidth: viewportWidth), f))
    }

    /// Selects `index` as the pages decide it (a swipe released toward it)
    /// while the strip goes on following the page position to it: nothing
    /// jumps, and the next `setPagePosition` calls draw the rest of the way.
    /// - Returns: whether the selection changed.
    /// - Throws: `Failure.indexOutOfRange`.
    @discardableResult
    public func selectFollowingPages(_ index: Int, at now: Double) throws -> Bool {
        guard titles.indices.contains(index) else {
            throw Failure.indexOutOfRange(index: index, count: titles.count)
        }
        guard index != selectedIndex else { return false }
        guard selection.followsPagePosition else { return try select(index, at: now) }
        selection.selectFollowingPages(index, target: resting(selecting: index))
        return true
    }
}
