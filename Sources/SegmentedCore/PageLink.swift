/// The rules that link a strip to its pages, so that either drives the
/// other (the job of TabLayout's `TabLayoutOnPageChangeListener` and
/// `ViewPagerOnTabSelectedListener`, or of Flutter's shared `TabController`):
///
/// - the user moves the pages (a drag, its settle, wheel notches): the strip
///   draws their position, `StripModel.setPagePosition`, frame by frame;
/// - a swipe's target is decided (at release, or by a notch): the strip
///   selects it then, once, and `selectionChanged` is called once, however
///   many pages the drag passed;
/// - the strip's selection changes (a tap, a key, the host): the pages turn to
///   it in the strip's tween duration and curve, from the target's neighbour
///   for a jump of more than one page; the strip tweens straight to it.
///
/// Free of X11, so tests drive both models with a virtual clock.
public final class PageLink {
    /// The pages' position and gesture.
    public let pager: PagerModel
    /// The strip's model, the same for the strip's lifetime (new titles or a new style reset it in place).
    public let stripModel: StripModel
    /// The pages chose a new selection (old, new): called once per decided swipe, before its settle is drawn.
    public var selectionChanged: (_ old: Int?, _ new: Int) -> Void = { _, _ in }

    /// Links `pager` and `stripModel`; the pages are turned to the strip's selection at once.
    public init(pager: PagerModel, stripModel: StripModel) {
        self.pager = pager
        self.stripModel = stripModel
        pager.turn(to: stripModel.selectedIndex ?? 0, at: 0, animated: false)
    }

    /// After the pages moved at `now` (seconds): while the user moves them,
    /// the strip draws their position.
    /// - Returns: whether the strip was set.
    @discardableResult
    public func pagesMoved(at now: Double) -> Bool {
        guard pager.cause == .swipe, pager.isDragging || pager.isAnimating(at: now) || stripModel.followsPagePosition else { return false }
        stripModel.setPagePosition(pager.position(at: now), at: now)
        return true
    }

    /// Button 1 went up over the pages (view pixels) at `now` (seconds): the
    /// pages settle, and the strip selects the page decided.
    public func pointerReleased(x: Double, y: Double, at now: Double, eventTime: Double? = nil) -> PageRelease {
        let release = pager.release(x: x, y: y, at: now, eventTime: eventTime)
        if case let .settle(target, _) = release { decide(target, at: now) }
        pagesMoved(at: now)
        return release
    }

    /// Wheel notches over the pages at `now` (seconds): one page each (see `PagerModel.turn(by:at:)`).
    /// The press on the pages was lost without a release (see `PagerModel.cancelPress`):
    /// a drag's nearest page is selected (cause swipe) as at a release.
    public func pressLost(at now: Double) -> PageRelease {
        let release = pager.cancelPress(at: now)
        if case let .settle(target, _) = release { decide(target, at: now) }
        pagesMoved(at: now)
        return release
    }

    @discardableResult
    public func turn(by notches: Int, at now: Double) -> Int? {
        guard let target = pager.turn(by: notches, at: now) else { return nil }
        decide(target, at: now)
        pagesMoved(at: now)
        return target
    }

    /// Smooth scrolling over the pages at `now` (seconds): a page per whole notch (see `PagerModel.scroll(increments:at:)`).
    @discardableResult
    public func scroll(increments: Double, at now: Double) -> Int? {
        guard let target = pager.scroll(increments: increments, at: now) else { return nil }
        decide(target, at: now)
        pagesMoved(at: now)
        return target
    }

    /// The strip's selection changed to `index` at `now` (seconds) by a tap,
    /// a key or the host: the pages turn to it with the strip's duration and easing.
    public func stripSelected(_ index: Int, at now: Double, animated: Bool = true) {
        pager.turn(to: index, at: now, animated: animated, duration: stripModel.motion.tweenDuration, easing: stripModel.motion.easing)
    }

    private func decide(_ target: Int, at now: Double) {
        let old = stripModel.selectedIndex
        // The strip takes up the pages' position first, so the selection changes with nothing jumping.
        stripModel.setPagePosition(pager.position(at: now), at: now)
        if (try? stripModel.selectFollowingPages(target, at: now)) == true { selectionChanged(old, target) }
    }
}
