/// The selection and its motion: the selected index, the layout the strip
/// rests in with it, and the transition toward that layout from what was
/// drawn when the selection last changed (frames, indicator and title
/// weights, all at one progress value).
///
/// Flutter keeps the same state in `TabController` (an animation value
/// between indices), apart from `ScrollPosition`; here the scroll is
/// `ScrollPosition`. Today a tween drives the progress; a page swipe can set it.
struct SelectionTransition {
    /// The selected segment; nil only when there are no titles.
    private(set) var selectedIndex: Int?
    /// The layout once the transition has ended.
    private(set) var target: SegmentLayout
    /// What was drawn when the transition began.
    private var fromLayout: SegmentLayout
    private var fromIndicator: Rect?
    private var fromWeights: [Int: Double] = [:]
    /// The tween that drives the progress from `from…` (0) to `target` (1); nil at rest.
    private var tween: Tween?

    /// At rest on `target`, with `selectedIndex` selected.
    init(selectedIndex: Int?, target: SegmentLayout) {
        self.selectedIndex = selectedIndex
        self.target = target
        fromLayout = target
    }

    /// How far the transition is at `now` (seconds): 0 at its start, 1 at rest.
    func progress(at now: Double) -> Double {
        guard let tween, !tween.isFinished(at: now) else { return 1 }
        return tween.progress(at: now)
    }

    /// Whether the transition still moves at `now` (seconds).
    func isMoving(at now: Double) -> Bool {
        guard let tween else { return false }
        return !tween.isFinished(at: now)
    }

    /// The frames, indicator and title weights drawn at `now` (seconds).
    func drawn(at now: Double, metrics: LayoutMetrics) -> (layout: SegmentLayout, indicator: Rect?, weights: [Int: Double]) {
        var layout = target
        var indicator = selectedIndex.map { target.indicatorRect(under: $0) }
        var weights = restingWeights
        if let tween, !tween.isFinished(at: now) {
            let p = tween.progress(at: now)
            layout = fromLayout.interpolated(to: target, fraction: p)
            if let to = indicator {
                let time = (now - tween.startTime) / tween.duration
                indicator = metrics.indicatorAnimation.rect(from: fromIndicator ?? to, to: to, time: time, easing: tween.easing)
            }
            if metrics.titleTransition == .blend { weights = Self.blend(fromWeights, weights, p) }
        }
        return (layout, indicator, weights)
    }

    /// Ends a transition that has finished by `now` (seconds), keeping its end values.
    mutating func settle(at now: Double) {
        guard let tween, tween.isFinished(at: now) else { return }
        self.tween = nil
        fromLayout = target
        fromIndicator = nil
        fromWeights = [:]
    }

    /// Selects `index`, resting in `target`: from what is `drawn` over `tween`,
    /// or at once when `tween` is nil.
    mutating func select(_ index: Int, target: SegmentLayout, from drawn: StripPresentation, tween: Tween?) {
        selectedIndex = index
        self.target = target
        self.tween = tween
        if tween != nil {
            fromLayout = drawn.layout
            fromIndicator = drawn.indicator
            fromWeights = drawn.titleWeights
        } else {
            fromLayout = target
            fromIndicator = nil
            fromWeights = [:]
        }
    }

    /// A new resting layout for the same selection (the viewport changed):
    /// a running transition keeps its clock and bends toward it.
    mutating func relayout(_ target: SegmentLayout) {
        self.target = target
        if tween == nil { fromLayout = target }
    }

    private var restingWeights: [Int: Double] {
        selectedIndex.map { [$0: 1] } ?? [:]
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
