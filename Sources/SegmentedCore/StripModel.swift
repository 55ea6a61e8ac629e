import Glibc

/// Keys that move the selection.
public enum NavigationKey: Equatable, Sendable {
    /// The segment before the selected one (Left, Ctrl+PageUp); no wrap.
    case previous
    /// The segment after the selected one (Right, Ctrl+PageDown); no wrap.
    case next
    /// The first segment (Home).
    case first
    /// The last segment (End; Alt+9, as browsers and GNOME have it).
    case last
    /// The segment at this index, 0-based (Alt+1 to Alt+8 select the first to the eighth).
    case position(Int)
    /// The segment after the selected one, the first after the last (Ctrl+Tab).
    case nextWrapping
    /// The segment before the selected one, the last before the first (Ctrl+Shift+Tab).
    case previousWrapping
}

/// The strip's state machine, free of X11: titles and their measured widths
/// and the viewport, coordinating two parts: the selection and its transition
/// (`SelectionTransition`: selected index, resting layout, the tween of frames,
/// indicator and title selection) and the scroll (`ScrollPosition`: the content
/// offset, its motion and the press/drag gesture), plus the hovered segment.
///
/// Every method that depends on time takes `now` in seconds on a monotonic
/// clock of the caller's choosing, so tests step time exactly.
public final class StripModel {
    /// The titles, one per segment.
    public internal(set) var titles: [String] {
        didSet { titlesVersion &+= 1 }
    }
    /// A number that changes whenever `titles` does (a cache of what it drew
    /// for them knows it is stale without comparing 100,000 strings).
    public private(set) var titlesVersion = 0
    /// The items that are more than a title (`SegmentItem.isPlainTitle` false),
    /// by index; the rest are their titles alone, so a strip of plain titles
    /// keeps no item at all (`item(at:)` reads both).
    public internal(set) var details = ItemDetails()
    /// The design numbers (`metrics`), and how a selection moves (`motion`).
    public private(set) var metrics: LayoutMetrics, motion: SelectionMotion
    /// Widths in the unselected font, pixels.
    public internal(set) var unselectedWidths: SegmentWidths
    /// Width of the visible part of the strip, pixels.
    public private(set) var viewportWidth: Double

    private var measureSelected: (String) -> Double
    var measureUnselected: (String) -> Double = { _ in 0 }
    /// A badge's drawn text's advance, pixels (`SegmentBadge.drawnText`):
    /// set before `reset`, which the widths measured from then on use; 0 (the
    /// default) leaves each pill its least width.
    public var measureBadge: (String) -> Double = { _ in 0 }
    /// The side of an icon's box, pixels (0: no room for it): set before
    /// `reset`, as `measureBadge`. The X layer gives every icon its box,
    /// decoded or not, so that measuring never waits on a file.
    public var measureIcon: (SegmentIcon) -> Double = { _ in 0 }
    var selectedWidths: [Int: Double] = [:]
    var selection: SelectionTransition
    var scrolling = ScrollPosition()
    var pointer: (x: Double, y: Double)?
    /// The page position last set by `setPagePosition`, while the strip follows it.
    var followedPagePosition: Double?
    /// Widths held since a close by pointer, until `releaseWidthFreeze` (`StripModel+WidthFreeze`).
    var widthFreeze: WidthFreeze?
    /// The item lifted and dragged to reorder it, until it is dropped (`StripModel+Reorder`).
    var reorder: ReorderDrag?
    /// Whether the reorder drag itself is moving its item (any other change of the items ends the drag).
    var reorderStepping = false
    /// Removed titles whose room still closes (`StripModel+ItemChanges`).
    var departures: [Departure] = []

    /// The selected segment; nil only when there are no titles.
    public var selectedIndex: Int? { selection.selectedIndex }
    /// What moved the content offset last.
    public var scrollCause: ScrollCause { scrolling.cause }

    /// Errors from the model's setters.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// A selected index outside 0..<count.
        case indexOutOfRange(index: Int, count: Int)

        public var description: String {
            switch self {
            case let .indexOutOfRange(index, count):
                return count == 0 ? "index \(index) is out of range: there are no titles"
                    : "index \(index) is out of range 0...\(count - 1)"
            }
        }
    }

    /// Creates the model at rest with `selectedIndex` selected and centered.
    ///
    /// - Parameters:
    ///   - titles: one title per segment (may be empty).
    ///   - selectedIndex: the initially selected segment; ignored when `titles` is empty.
    ///   - viewportWidth: width of the visible strip, pixels.
    ///   - measuresLazily: false (the default) measures every title in the
    ///     unselected font now; true measures a title only when a frame, a
    ///     clamp or a hit-test first needs it, or when the caller asks
    ///     (`unselectedWidths.measure(upTo:)`). Every answer is the same either
    ///     way (see `SegmentWidths`); only when the measuring is paid differs.
    ///   - measureUnselected: a title's advance width in the unselected font, pixels.
    ///   - measureSelected: a title's advance width in the selected font, pixels (asked for lazily).
    ///   Widths are the ceiling of the advance, at least `metrics.minimumSegmentWidth`.
    /// - Throws: `Failure.indexOutOfRange` when `selectedIndex` is not a valid index of a non-empty list.
    public init(titles: [String], selectedIndex: Int = 0, viewportWidth: Double, metrics: LayoutMetrics = LayoutMetrics(),
                motion: SelectionMotion = SelectionMotion(), measuresLazily: Bool = false,
                measureUnselected: @escaping (String) -> Double, measureSelected: @escaping (String) -> Double) throws {
        (self.titles, self.metrics, self.motion) = ([], metrics, motion)
        self.viewportWidth = viewportWidth.isFinite ? max(0, viewportWidth) : 0
        self.measureSelected = measureSelected
        unselectedWidths = SegmentWidths(count: 0, minimumWidth: metrics.minimumSegmentWidth) { _ in 0 }
        selection = SelectionTransition(selectedIndex: nil, target: SegmentLayout(metrics: metrics, base: unselectedWidths))
        try reset(titles: titles, selectedIndex: selectedIndex, metrics: metrics, motion: motion, measuresLazily: measuresLazily,
                  measureUnselected: measureUnselected, measureSelected: measureSelected)
    }

    /// Starts over in place with new titles, metrics, motion or fonts (see
    /// `init` for the parameters), keeping the viewport: at rest with
    /// `selectedIndex` selected and centered, no press, hover or page position.
    /// A strip keeps one model for its lifetime (a `PageLink` holds it), so new
    /// titles or a new style reset it rather than replace it.
    /// - Throws: `Failure.indexOutOfRange` as `init`; the model is then unchanged.
    public func reset(titles: [String], selectedIndex: Int, metrics: LayoutMetrics, motion: SelectionMotion, measuresLazily: Bool,
                      measureUnselected: @escaping (String) -> Double, measureSelected: @escaping (String) -> Double) throws {
        try reset(titles: titles, details: ItemDetails(titleCount: titles.count), selectedIndex: selectedIndex, metrics: metrics, motion: motion, measuresLazily: measuresLazily,
                  measureUnselected: measureUnselected, measureSelected: measureSelected)
    }

    /// `reset(titles:...)` with `details`, the items that are more than a
    /// title, by index (`split(_:)` makes both from items; an index outside
    /// `titles` is ignored by every reader).
    public func reset(titles: [String], details: [Int: SegmentItem], selectedIndex: Int, metrics: LayoutMetrics, motion: SelectionMotion,
               measuresLazily: Bool, measureUnselected: @escaping (String) -> Double, measureSelected: @escaping (String) -> Double) throws {
        try reset(titles: titles, details: ItemDetails(details, titleCount: titles.count), selectedIndex: selectedIndex, metrics: metrics,
                  motion: motion, measuresLazily: measuresLazily, measureUnselected: measureUnselected, measureSelected: measureSelected)
    }

    /// `reset(titles:details:...)` with the details as the model keeps them (`split(_:)`, or another model's `details`);
    /// made for another number of titles, they are taken by index (O(n)).
    /// `sources[j]`, when given, is the index item j had before (nil: a new item), and the measuring is the one the
    /// old widths were measured with: an item whose title and details are unchanged keeps its width, unmeasured.
    public func reset(titles: [String], details: ItemDetails, selectedIndex: Int, metrics: LayoutMetrics, motion: SelectionMotion,
                      measuresLazily: Bool, measureUnselected: @escaping (String) -> Double, measureSelected: @escaping (String) -> Double,
                      sources: [Int?]? = nil) throws {
        if !titles.isEmpty, !titles.indices.contains(selectedIndex) {
            throw Failure.indexOutOfRange(index: selectedIndex, count: titles.count)
        }
        let old = (titles: self.titles, details: self.details, widths: unselectedWidths, metrics: self.metrics)
        self.titles = titles
        self.details = details.titleCount == titles.count ? details : ItemDetails(details.byIndex, titleCount: titles.count)
        self.measureUnselected = measureUnselected
        (self.metrics, self.motion) = (metrics, motion)
        self.measureSelected = measureSelected
        selectedWidths = [:]
        var measure = widthMeasure(titles, self.details)
        if let sources, sources.count == titles.count, old.metrics == metrics {
            let (measureNew, details) = (measure, self.details)
            measure = { i in
                if let s = sources[i], s < old.widths.measuredCount, old.titles[s] == titles[i], old.details[s] == details[i] {
                    return old.widths.width(at: s)
                }
                return measureNew(i)
            }
        }
        unselectedWidths = SegmentWidths(count: titles.count, minimumWidth: metrics.minimumSegmentWidth, measure: measure)
        if !measuresLazily { unselectedWidths.measure(upTo: titles.count) }
        let index = titles.isEmpty ? nil : selectedIndex
        widthFreeze = nil
        reorder = nil
        departures = []
        selection = SelectionTransition(selectedIndex: nil, target: SegmentLayout(metrics: metrics, base: unselectedWidths))
        selection = SelectionTransition(selectedIndex: index, target: resting(selecting: index))
        scrolling = ScrollPosition()
        scrolling.reducesMotion = motion.reducesMotion
        pointer = nil
        followedPagePosition = nil
        scrolling.rest(at: targetOffset)
    }

    /// Width of segment `index` in the selected font with its icon's and badge's extra and the close button's room, pixels (measured once, then cached).
    public func selectedWidth(at index: Int) -> Double {
        if let w = selectedWidths[index] { return w }
        let title = Self.segmentWidth(measureSelected(titles[index]), metrics: metrics)
        let w = title + Self.itemExtra(details[index], titleWidth: title, metrics: metrics, measureBadge: measureBadge, measureIcon: measureIcon)
            + metrics.closeButtonRoom
        selectedWidths[index] = w
        return w
    }

    /// A segment's width from its title's advance (pixels): the ceiling of the
    /// advance, at least `minimumSegmentWidth` and at most `maximumSegmentWidth`
    /// (when set); a non-finite advance counts as 0.
    public static func segmentWidth(_ advance: Double, metrics: LayoutMetrics) -> Double {
        let width = max(metrics.minimumSegmentWidth, advance.isFinite ? advance.rounded(.up) : 0)
        guard let limit = metrics.maximumSegmentWidth else { return width }
        return min(width, max(limit.rounded(.down), metrics.minimumSegmentWidth))
    }

    /// The layout resting with `index` selected, filling the viewport (or with the widths held since a close by pointer).
    func resting(selecting index: Int?) -> SegmentLayout {
        if let widthFreeze { return frozenResting(selecting: index, widthFreeze) }
        return SegmentLayout(metrics: metrics, base: unselectedWidths, selectedIndex: index,
                      selectedWidth: index.map { selectedWidth(at: $0) } ?? 0).filling(viewportWidth: viewportWidth)
    }

    /// The layout the strip rests in once every tween has ended.
    public var restingLayout: SegmentLayout { selection.target }

    /// The largest content offset of the resting layout, pixels.
    public var maximumOffset: Double {
        ContentOffset.maximum(contentWidth: selection.target.contentWidth, viewportWidth: viewportWidth)
    }

    /// The content offset that centers the selected segment in the resting
    /// layout, clamped to the content (pixels); 0 with no titles.
    public var targetOffset: Double {
        guard let i = selectedIndex else { return 0 }
        return selection.target.centeringOffset(of: i, viewportWidth: viewportWidth)
    }

    /// How far one wheel notch scrolls, pixels: three segments' worth (three
    /// times the mean unselected width plus spacing), at most 80 % of the
    /// viewport so a notch never skips content that was not yet seen.
    public var wheelStep: Double {
        Self.wheelStep(widths: unselectedWidths, spacing: metrics.spacing, viewportWidth: viewportWidth)
    }

    /// `wheelStep` for unselected `widths`, `spacing` and `viewportWidth` (pixels).
    static func wheelStep(widths: SegmentWidths, spacing: Double, viewportWidth: Double) -> Double {
        let n = widths.count
        guard n > 0 else { return 0 }
        let mean = widths.sum(upTo: n) / Double(n) + spacing
        return max(1, min(3 * mean, 0.8 * viewportWidth))
    }

    /// What is drawn at `now` (seconds).
    public func presentation(at now: Double) -> StripPresentation {
        let drawn = selection.drawn(at: now, motion: motion)
        let offset = scrolling.offset(at: now)
        var layout = drawn.layout, indicator = drawn.indicator
        if let reorder {
            // The lifted item is drawn under the pointer, inside the window, the indicator under it when it is the selected one.
            layout = layout.shifting(reorder.index, toX: liftedMinX(reorder, width: layout.width(at: reorder.index)) + offset)
            if reorder.index == selectedIndex { indicator = layout.indicatorRect(under: reorder.index) }
        }
        return StripPresentation(layout: layout, indicator: indicator, contentOffset: offset, titleSelection: drawn.titleSelection,
                                 departing: departing(in: layout, at: now))
    }

    /// Whether anything still moves at `now` (seconds); false means the caller
    /// can stop its frame timer.
    public func isAnimating(at now: Double) -> Bool {
        selection.isMoving(at: now) || scrolling.isMoving(at: now) || isAutoscrolling
    }

    /// Whether the pointer is held down on the strip.
    public var isPressed: Bool { scrolling.isPressed }

    /// Whether the current press has become a drag.
    public var isDragging: Bool { scrolling.isDragging }

    /// Drops the tweens and motions that have ended by `now` (seconds), leaving their end values.
    public func settle(at now: Double) {
        selection.settle(at: now)
        scrolling.settle(at: now)
        departures.removeAll { $0.end <= now }
    }

    /// The selection tween starting at `now` (seconds); nil under reduced motion (`SelectionMotion.reducesMotion`).
    func tween(at now: Double) -> Tween? {
        motion.reducesMotion ? nil : Tween(startTime: now, duration: motion.tweenDuration, easing: motion.easing)
    }

    /// Selects segment `index` at `now` (seconds) and starts the 0.3 s tween of
    /// frames, indicator and offset from what is drawn at `now` toward the new
    /// resting layout, with the selection centered. Selecting the selected
    /// segment only re-centers it. With `animated` false everything jumps.
    ///
    /// - Returns: whether the selection changed.
    /// - Throws: `Failure.indexOutOfRange`.
    @discardableResult
    public func select(_ index: Int, at now: Double, animated: Bool = true) throws -> Bool {
        guard titles.indices.contains(index) else {
            throw Failure.indexOutOfRange(index: index, count: titles.count)
        }
        let drawn = presentation(at: now)
        settle(at: now)
        let changed = index != selectedIndex
        // A strip drawn between pages (a host's pager let go mid-way) goes to the selection as well.
        if changed || selection.followsPagePosition {
            selection.select(index, target: resting(selecting: index), from: drawn, tween: animated ? tween(at: now) : nil)
        }
        followedPagePosition = nil
        scrolling.center(from: drawn.contentOffset, to: targetOffset, tween: animated ? tween(at: now) : nil)
        return changed
    }

    /// Takes over from another model of the same titles (a new style: other
    /// fonts, metrics or indicator) whose drawing at `now` (seconds) was
    /// `drawn`: with `animated`, the indicator and the content offset tween
    /// from where they were drawn to their new resting places (the frames,
    /// measured in other fonts, start at rest); otherwise everything rests at once.
    public func takeOver(from drawn: StripPresentation, at now: Double, animated: Bool) {
        let tween = animated ? tween(at: now) : nil
        if let index = selectedIndex, tween != nil {
            let start = StripPresentation(layout: selection.target, indicator: drawn.indicator,
                                          contentOffset: drawn.contentOffset, titleSelection: [index: 1])
            selection.select(index, target: selection.target, from: start, tween: tween)
        }
        scrolling.center(from: drawn.contentOffset, to: targetOffset, tween: tween)
    }

    /// Moves the selection by a navigation key at `now` (seconds), animated
    /// exactly as a click, passing over disabled items (`isEnabled(at:)`).
    /// Returns the newly selected index, or nil when the selection did not
    /// change (at an end, no enabled item that way, a position past the
    /// last or disabled: the selected segment is re-centered as a click on
    /// it would; no titles). Only the wrapping keys wrap.
    @discardableResult
    public func select(_ key: NavigationKey, at now: Double) -> Int? {
        guard let current = selectedIndex else { return nil }
        let index = enabledTarget(of: key, from: current) ?? current
        // At an end (Home on the first title, Right on the last): the selection
        // stays, but it is scrolled back into the center, as a click on the
        // selected title does, so that a user who pressed Home sees the first title.
        let changed = (try? select(index, at: now)) ?? false
        return changed ? index : nil
    }

    /// Scrolls the content by `delta` pixels (positive toward the end) at
    /// `now` (seconds), clamped to the content. Animated (wheel notches): a
    /// 0.2 s ease-out from what is drawn, and notches that arrive during the
    /// step add up. Not animated (touchpad): applied at once.
    /// - Returns: whether the offset will change (false at an edge already reached, or during a press).
    @discardableResult
    public func scroll(by delta: Double, animated: Bool, at now: Double) -> Bool {
        scrolling.scroll(by: delta, animated: animated, at: now, maximum: maximumOffset)
    }

    /// Changes the viewport width (pixels) at `now` (seconds). The offset stays
    /// in range and the selected segment stays visible: a running centering
    /// tween keeps its clock and retargets to the new centered offset; at rest
    /// the offset moves the least that shows the selected segment whole
    /// (centering it when it is wider than the viewport). A glide, spring or
    /// wheel step stops where it is drawn. During a drag it is only clamped.
    public func resize(viewportWidth newWidth: Double, at now: Double) {
        settle(at: now)
        let drawn = presentation(at: now)
        viewportWidth = max(0, newWidth)
        // The spare room depends on the viewport: the resting layout changes,
        // a running tween keeps its clock and bends toward it.
        selection.relayout(resting(selecting: selectedIndex))
        if let p = followedPagePosition, selection.followsPagePosition {
            // The legs' layouts fill the new viewport: draw the same position in them.
            setPagePosition(p, at: now)
            return
        }
        let drawnMaximum = ContentOffset.maximum(contentWidth: drawn.layout.contentWidth, viewportWidth: viewportWidth)
        if scrolling.retargetCentering(to: targetOffset, drawn: drawn.contentOffset, maximum: drawnMaximum, at: now) { return }
        scrolling.stop(at: now)
        let target = selection.target
        let clamped = ContentOffset.clamped(scrolling.resting, contentWidth: target.contentWidth, viewportWidth: viewportWidth)
        if isDragging || selectedIndex == nil {
            scrolling.rest(at: clamped)
        } else if let i = selectedIndex {
            scrolling.rest(at: ContentOffset.revealing(target.frame(at: i), from: clamped,
                                                       contentWidth: target.contentWidth, viewportWidth: viewportWidth))
        }
    }

    /// The strip at `now` (seconds) as a value.
    public func snapshot(at now: Double) -> StripSnapshot {
        StripSnapshot(titles: titles, titlesVersion: titlesVersion, details: details, metrics: metrics, selectedIndex: selectedIndex, viewportWidth: viewportWidth,
                      restingLayout: restingLayout, targetOffset: targetOffset,
                      time: now, presentation: presentation(at: now), isAnimating: isAnimating(at: now), isDragging: isDragging)
    }

    /// The fastest a glide starts, pixels per second (Android's maximum fling velocity, 8000 dp/s).
    public static let maximumGlideVelocity = 8000.0
}
