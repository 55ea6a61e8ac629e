/// The selection and its motion: the selected index, the layout the strip
/// rests in with it, and the transition that is drawn on the way there.
///
/// The transition is one leg between two drawn states (frames, indicator and
/// title selection) at one fraction 0...1, the page position's offset within the
/// leg. Whatever drives that fraction, the strip drawn is the same function of
/// it (Flutter's `TabController.animation` value drives `TabBar` alike for a
/// tap and a swipe):
/// - a tap, key or host selection: a tween from what was drawn (the leg's start)
///   to the new resting layout, so that the indicator goes straight to the
///   target and a second tap bends the motion;
/// - a page position p between pages i and i + 1 (a swipe, its settle, or a
///   host's own pager): the leg from the layout resting on i to the one
///   resting on i + 1, at f = p - i.
///
/// Flutter keeps the scroll apart from the `TabController`; here it is `ScrollPosition`.
struct SelectionTransition {
    /// One end of a leg: what is drawn there.
    struct Endpoint: Equatable {
        var layout: SegmentLayout
        var indicator: Rect?
        var titleSelection: [Int: Double]
    }

    /// What moves the fraction along the leg.
    enum Driver: Equatable {
        /// A tween's eased progress (a selection).
        case tween(Tween)
        /// A fraction set from outside (the page position's offset).
        case fraction(Double)
    }

    /// The selected segment; nil only when there are no titles.
    private(set) var selectedIndex: Int? {
        didSet { if selectedIndex != oldValue, oldValue != nil { previousSelectedIndex = oldValue } }
    }
    /// The segment selected before the selected one, if any (`RemovalSelection.previouslySelected`).
    private(set) var previousSelectedIndex: Int?
    /// The layout once the transition has ended.
    private(set) var target: SegmentLayout
    /// The leg drawn now; nil at rest on `target`.
    private var leg: (from: Endpoint, to: Endpoint, driver: Driver)?

    /// At rest on `target`, with `selectedIndex` selected.
    init(selectedIndex: Int?, target: SegmentLayout) {
        self.selectedIndex = selectedIndex
        self.target = target
    }

    /// The resting drawing of `layout` with `index` selected.
    static func resting(_ layout: SegmentLayout, selecting index: Int?) -> Endpoint {
        Endpoint(layout: layout, indicator: index.map { layout.indicatorRect(under: $0) }, titleSelection: index.map { [$0: 1] } ?? [:])
    }

    /// The fraction of the leg drawn at `now` (seconds); nil at rest or after a finished tween.
    func fraction(at now: Double) -> Double? {
        guard let leg else { return nil }
        switch leg.driver {
        case let .tween(tween): return tween.isFinished(at: now) ? nil : tween.progress(at: now)
        case let .fraction(f): return f
        }
    }

    /// Whether a tween still moves the transition at `now` (seconds); a fraction set from outside does not move by itself.
    func isMoving(at now: Double) -> Bool {
        guard case let .tween(tween)? = leg?.driver else { return false }
        return !tween.isFinished(at: now)
    }

    /// Whether the page position drives the transition (a swipe or a host's pager).
    var followsPagePosition: Bool {
        if case .fraction? = leg?.driver { return true }
        return false
    }

    /// The frames, indicator and title selection drawn at `now` (seconds).
    func drawn(at now: Double, motion: SelectionMotion) -> (layout: SegmentLayout, indicator: Rect?, titleSelection: [Int: Double]) {
        guard let leg else {
            let rest = Self.resting(target, selecting: selectedIndex)
            return (rest.layout, rest.indicator, rest.titleSelection)
        }
        guard let f = fraction(at: now) else { return (leg.to.layout, leg.to.indicator, drawnTitleSelection(leg.to.titleSelection, motion)) }
        let layout = leg.from.layout.interpolated(to: leg.to.layout, fraction: f)
        var indicator = leg.to.indicator ?? leg.from.indicator
        if let to = leg.to.indicator {
            indicator = motion.indicatorAnimation.rect(from: leg.from.indicator ?? to, to: to, fraction: f)
        }
        let selection = motion.titleTransition == .blend ? Self.blend(leg.from.titleSelection, leg.to.titleSelection, f)
            : drawnTitleSelection(leg.to.titleSelection, motion)
        return (layout, indicator, selection)
    }

    /// Title selection with `TitleTransition.switchAtStart`: the selected title at 1, whatever is drawn.
    private func drawnTitleSelection(_ selection: [Int: Double], _ motion: SelectionMotion) -> [Int: Double] {
        motion.titleTransition == .blend ? selection : selectedIndex.map { [$0: 1] } ?? [:]
    }

    /// Ends a tween that has finished by `now` (seconds), keeping its end values.
    mutating func settle(at now: Double) {
        guard case let .tween(tween)? = leg?.driver, tween.isFinished(at: now) else { return }
        leg = nil
    }

    /// Selects `index`, resting in `target`: from what is `drawn` over `tween`,
    /// or at once when `tween` is nil.
    mutating func select(_ index: Int, target: SegmentLayout, from drawn: StripPresentation, tween: Tween?) {
        selectedIndex = index
        self.target = target
        if let tween {
            let start = Endpoint(layout: drawn.layout, indicator: drawn.indicator, titleSelection: drawn.titleSelection)
            leg = (start, Self.resting(target, selecting: index), .tween(tween))
        } else {
            leg = nil
        }
    }

    /// The items changed under the selection (an insert, a removal, a move):
    /// `index` is selected (the same item, or the removal's choice), `previous`
    /// is the previously selected item's new index, resting in `target`; the
    /// leg goes from `start` (what was drawn, carried over to the new items)
    /// over `tween`, or everything rests at once when either is nil.
    mutating func itemsChanged(selecting index: Int?, previous: Int?, target: SegmentLayout, from start: Endpoint?, tween: Tween?) {
        selectedIndex = index
        previousSelectedIndex = previous
        self.target = target
        if let start, let tween {
            leg = (start, Self.resting(target, selecting: index), .tween(tween))
        } else {
            leg = nil
        }
    }

    /// Selects `index` (resting in `target`) while the page position keeps drawing the leg it is on.
    mutating func selectFollowingPages(_ index: Int, target: SegmentLayout) {
        selectedIndex = index
        self.target = target
    }

    /// Draws the leg from `from` to `to` at `fraction` (0...1), set from outside;
    /// at rest on the target when `to` is it at fraction 1 (or `from` at 0).
    mutating func follow(from: Endpoint, to: Endpoint, fraction: Double) {
        let rest = Self.resting(target, selecting: selectedIndex)
        if (fraction <= 0 && from == rest) || (fraction >= 1 && to == rest) {
            leg = nil
        } else {
            leg = (from, to, .fraction(min(max(fraction, 0), 1)))
        }
    }

    /// A new resting layout for the same selection (the viewport changed):
    /// a running tween keeps its clock and bends toward it.
    mutating func relayout(_ target: SegmentLayout) {
        self.target = target
        if var running = leg, case .tween = running.driver {
            running.to = Self.resting(target, selecting: selectedIndex)
            leg = running
        }
    }

    /// A new resting layout over other widths (an item's title changed):
    /// `rebase` carries a layout of the old widths over to the new ones with
    /// the same frames. A running tween keeps its clock and bends toward
    /// `target`; at rest, `tween` (nil: at once) glides from the old resting
    /// drawing to `target`; a leg that follows the page position keeps drawing the same.
    mutating func relayout(_ target: SegmentLayout, rebasing rebase: (SegmentLayout) -> SegmentLayout, tween: Tween?) {
        let old = self.target
        self.target = target
        switch leg?.driver {
        case .tween?:
            leg!.from.layout = rebase(leg!.from.layout)
            leg!.to = Self.resting(target, selecting: selectedIndex)
        case .fraction?:
            leg!.from.layout = rebase(leg!.from.layout)
            leg!.to.layout = rebase(leg!.to.layout)
        case nil:
            guard let tween else { return }
            var start = Self.resting(old, selecting: selectedIndex)
            start.layout = rebase(old)
            leg = (start, Self.resting(target, selecting: selectedIndex), .tween(tween))
        }
    }

    /// `from` + (`to` - `from`) x `p` for every index in either, dropping zeros.
    private static func blend(_ from: [Int: Double], _ to: [Int: Double], _ p: Double) -> [Int: Double] {
        var out = [Int: Double]()
        for index in Set(from.keys).union(to.keys) {
            let a = from[index] ?? 0, b = to[index] ?? 0
            let w = a + (b - a) * p
            if w > 0 { out[index] = w }
        }
        return out
    }
}
