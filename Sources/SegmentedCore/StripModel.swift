import Glibc

/// What to draw at one moment: the segment frames, the indicator and the
/// content offset, all in pixels. Painting is a pure function of this value.
public struct StripPresentation: Equatable, Sendable {
    /// Segment frames, content coordinates.
    public let layout: SegmentLayout
    /// The indicator, content coordinates; nil when nothing is selected.
    public let indicator: Rect?
    /// Pixels scrolled past the content's left edge.
    public let contentOffset: Double
    /// How selected each title is drawn, 0 (absent) to 1: during a tween the
    /// incoming title goes from 0 to 1 and the outgoing one from 1 to 0 on the
    /// tween's curve, as the segment widths do; at rest only the selected
    /// index, at 1. With `TitleTransition.switchAtStart`, always the selected index at 1.
    public let titleSelection: [Int: Double]
}

/// What a button-1 release amounted to.
public enum PointerRelease: Equatable, Sendable {
    /// No press was being tracked, or a click hit no segment.
    case none
    /// A click on segment `index`; `changed` is false when it was already selected.
    case click(index: Int, changed: Bool)
    /// The end of a drag at `contentOffset` pixels. `velocity` is the
    /// content's velocity at release (pixels per second, positive toward the
    /// end); `gliding` says whether it keeps moving (a glide, or a spring back
    /// from past an edge).
    case dragEnded(contentOffset: Double, velocity: Double, gliding: Bool)
}

/// What moved the content offset last; the host reports it when the motion ends.
public enum ScrollCause: String, Equatable, Sendable {
    /// Centering after a selection.
    case selection
    /// A drag that ended without speed.
    case drag
    /// A glide after a fast drag (possibly bouncing off an edge).
    case glide
    /// A spring back after a drag released past an edge.
    case spring
    /// Wheel notches (animated steps).
    case wheel
    /// Smooth (touchpad) scrolling, applied at once.
    case touchpad
}

/// Keys that move the selection.
public enum NavigationKey: Equatable, Sendable {
    /// The segment before the selected one (Left, Ctrl+PageUp); no wrap.
    case previous
    /// The segment after the selected one (Right, Ctrl+PageDown); no wrap.
    case next
    /// The first segment (Home).
    case first
    /// The last segment (End).
    case last
}

/// How the content offset moves on its own.
enum OffsetMotion: Equatable {
    /// Still, at `restingOffset`.
    case rest
    /// A tween (selection centering or a wheel step).
    case tween(from: Double, to: Double, tween: Tween)
    /// A glide; `bounce`, when it reaches an edge, takes over from then on.
    case glide(Glide, bounce: Spring?)
    /// A spring back to an edge.
    case spring(Spring)

    func offset(at now: Double, resting: Double) -> Double {
        switch self {
        case .rest: return resting
        case let .tween(from, to, tween): return tween.isFinished(at: now) ? to : lerp(from, to, tween.progress(at: now))
        case let .glide(glide, bounce):
            if let bounce, now >= bounce.startTime { return bounce.offset(at: now) }
            return glide.offset(at: now)
        case let .spring(spring): return spring.offset(at: now)
        }
    }

    func isFinished(at now: Double) -> Bool {
        switch self {
        case .rest: return true
        case let .tween(_, _, tween): return tween.isFinished(at: now)
        case let .glide(glide, bounce):
            if let bounce { return now >= bounce.startTime + bounce.duration }
            return now >= glide.startTime + glide.duration
        case let .spring(spring): return now >= spring.startTime + spring.duration
        }
    }
}

/// What a strip is at one moment, as a value: what the renderer draws, the
/// trace reports, an accessibility bridge or a host reads. Painting is a pure
/// function of it. Lengths are pixels, times seconds.
public struct StripSnapshot: Sendable {
    /// The titles, one per segment.
    public let titles: [String]
    /// The design numbers (scaled).
    public let metrics: LayoutMetrics
    /// The selected segment; nil only when there are no titles.
    public let selectedIndex: Int?
    /// Width of the visible part of the strip.
    public let viewportWidth: Double
    /// The layout once every tween has ended.
    public let restingLayout: SegmentLayout
    /// The largest content offset of the resting layout (measures every title).
    public var maximumOffset: Double {
        ContentOffset.maximum(contentWidth: restingLayout.contentWidth, viewportWidth: viewportWidth)
    }
    /// The offset that centers the selection in the resting layout.
    public let targetOffset: Double
    /// How far one wheel notch scrolls (measures every title).
    public var wheelStep: Double {
        StripModel.wheelStep(widths: restingLayout.base, spacing: metrics.spacing, viewportWidth: viewportWidth)
    }
    /// When this snapshot was taken, on the model's clock.
    public let time: Double
    /// What is drawn at `time`.
    public let presentation: StripPresentation
    /// Whether anything moves at `time`.
    public let isAnimating: Bool
    /// Whether a press has become a drag.
    public let isDragging: Bool
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
    public let titles: [String]
    /// The design numbers (`metrics`), and how a selection moves (`motion`).
    public let metrics: LayoutMetrics, motion: SelectionMotion
    /// Widths in the unselected font, pixels.
    public let unselectedWidths: SegmentWidths
    /// Width of the visible part of the strip, pixels.
    public private(set) var viewportWidth: Double

    private let measureSelected: (String) -> Double
    private var selectedWidths: [Int: Double] = [:]
    private var selection: SelectionTransition
    private var scrolling = ScrollPosition()
    private var pointer: (x: Double, y: Double)?
    /// The page position last set by `setPagePosition`, while the strip follows it.
    private var followedPagePosition: Double?

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
        if !titles.isEmpty, !titles.indices.contains(selectedIndex) {
            throw Failure.indexOutOfRange(index: selectedIndex, count: titles.count)
        }
        self.titles = titles
        (self.metrics, self.motion) = (metrics, motion)
        self.viewportWidth = viewportWidth.isFinite ? max(0, viewportWidth) : 0
        self.measureSelected = measureSelected
        unselectedWidths = SegmentWidths(count: titles.count, minimumWidth: metrics.minimumSegmentWidth) { [titles, metrics] i in
            Self.segmentWidth(measureUnselected(titles[i]), metrics: metrics)
        }
        if !measuresLazily { unselectedWidths.measure(upTo: titles.count) }
        let index = titles.isEmpty ? nil : selectedIndex
        selection = SelectionTransition(selectedIndex: nil, target: SegmentLayout(metrics: metrics, base: unselectedWidths))
        selection = SelectionTransition(selectedIndex: index, target: resting(selecting: index))
        scrolling.rest(at: targetOffset)
    }

    /// Width of segment `index` in the selected font, pixels (measured once, then cached).
    public func selectedWidth(at index: Int) -> Double {
        if let w = selectedWidths[index] { return w }
        let w = Self.segmentWidth(measureSelected(titles[index]), metrics: metrics)
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

    private func resting(selecting index: Int?) -> SegmentLayout {
        SegmentLayout(metrics: metrics, base: unselectedWidths, selectedIndex: index,
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
        return StripPresentation(layout: drawn.layout, indicator: drawn.indicator, contentOffset: scrolling.offset(at: now),
                                 titleSelection: drawn.titleSelection)
    }

    /// Whether anything still moves at `now` (seconds); false means the caller
    /// can stop its frame timer.
    public func isAnimating(at now: Double) -> Bool {
        selection.isMoving(at: now) || scrolling.isMoving(at: now)
    }

    /// Whether the pointer is held down on the strip.
    public var isPressed: Bool { scrolling.isPressed }

    /// Whether the current press has become a drag.
    public var isDragging: Bool { scrolling.isDragging }

    /// Drops the tweens and motions that have ended by `now` (seconds), leaving their end values.
    public func settle(at now: Double) {
        selection.settle(at: now)
        scrolling.settle(at: now)
    }

    private func tween(at now: Double) -> Tween {
        Tween(startTime: now, duration: motion.tweenDuration, easing: motion.easing)
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
    /// exactly as a click. Returns the newly selected index, or nil when the
    /// selection did not change (at an end: no wrap, and the selected segment
    /// is re-centered as a click on it would; no titles).
    @discardableResult
    public func select(_ key: NavigationKey, at now: Double) -> Int? {
        guard let current = selectedIndex else { return nil }
        let index: Int
        switch key {
        case .previous: index = max(current - 1, 0)
        case .next: index = min(current + 1, titles.count - 1)
        case .first: index = 0
        case .last: index = titles.count - 1
        }
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

    /// Button 1 went down at (`x`, `y`), viewport pixels, at `now` (seconds).
    /// A press on the strip stops any scroll motion where it is drawn, so a
    /// drag takes over from there. Presses below the strip are ignored.
    ///
    /// `eventTime` (seconds, any clock, default `now`) is when the input
    /// happened, such as the X server's timestamp: release velocity is measured
    /// on it, so it stays right when events are handled late or in batches.
    ///
    /// - Returns: whether the press landed on the strip.
    @discardableResult
    public func pointerPressed(x: Double, y: Double, at now: Double, eventTime: Double? = nil) -> Bool {
        guard y >= 0, y < metrics.stripHeight, x >= 0, x < viewportWidth else { return false }
        selection.settle(at: now)
        scrolling.press(x: x, y: y, at: now, eventTime: eventTime ?? now, slop: metrics.clickSlop, maximum: maximumOffset,
                        viewportWidth: viewportWidth)
        pointer = (x, y)
        return true
    }

    /// Records where the held pointer was at `eventTime` (seconds, the clock of
    /// `pointerPressed`) for the release velocity, without moving anything:
    /// for motion events that compression folds into a later one.
    public func recordPointerSample(x: Double, eventTime: Double) {
        scrolling.record(x: x, eventTime: eventTime)
    }

    /// The pointer moved to (`x`, `y`), viewport pixels, at `now` (seconds),
    /// with or without button 1 held (hover is tracked either way). Once a
    /// press has moved further than the click slop it is a drag: the content
    /// follows the pointer 1:1 inside [0, max] and with rubber-band resistance past either edge.
    ///
    /// - Returns: whether the content offset changed.
    @discardableResult
    public func pointerMoved(x: Double, y: Double, at now: Double, eventTime: Double? = nil) -> Bool {
        pointer = (x, y)
        // A hover scrolls nothing: only a held press reads the clamp, which
        // needs every title measured (a pointer resting where a long list's
        // window maps would otherwise measure it all before the first frame).
        guard scrolling.isPressed else { return false }
        return scrolling.move(x: x, y: y, eventTime: eventTime ?? now, maximum: maximumOffset, viewportWidth: viewportWidth)
    }

    /// The pointer left the window: no segment is hovered.
    public func pointerLeft() {
        pointer = nil
    }

    /// The segment under the pointer at `now` (seconds), hit-tested through
    /// the frames drawn then; nil while dragging, outside the strip or after the pointer left.
    public func hoveredIndex(at now: Double) -> Int? {
        guard let p = pointer, !isDragging else { return nil }
        let drawn = presentation(at: now)
        return drawn.layout.hitTest(x: p.x + drawn.contentOffset, y: p.y)
    }

    /// Button 1 went up at (`x`, `y`), viewport pixels, at `now` (seconds).
    /// A click selects the segment hit-tested under the release point through
    /// the frames drawn at `now`. A drag selects nothing: released past an
    /// edge it springs back; released with speed (over 50 px/s) it glides,
    /// bouncing off an edge it reaches.
    public func pointerReleased(x: Double, y: Double, at now: Double, eventTime: Double? = nil) -> PointerRelease {
        guard let release = scrolling.release(x: x, y: y, at: now, eventTime: eventTime ?? now, maximum: maximumOffset,
                                              viewportWidth: viewportWidth) else { return .none }
        pointer = (x, y)
        if case let .drag(offset, velocity, gliding) = release {
            return .dragEnded(contentOffset: offset, velocity: velocity, gliding: gliding)
        }
        let drawn = presentation(at: now)
        guard let index = drawn.layout.hitTest(x: x + drawn.contentOffset, y: y) else {
            // A press that caught a bounce past an edge and selected nothing lets it spring back.
            scrolling.springBackIfOutOfRange(at: now, maximum: maximumOffset)
            return .none
        }
        let changed = (try? select(index, at: now)) ?? false
        return .click(index: index, changed: changed)
    }

    /// The press was lost without a release at `now` (seconds): another client
    /// took the pointer, or the window was unmapped mid-drag so the button went
    /// up over another window. A drag ends where it is drawn with no speed
    /// (springing back when past an edge); a press that never moved selects
    /// nothing, since the button did not come up here. Without this the held
    /// press would go on following a pointer with no button down.
    public func pointerPressLost(at now: Double) -> PointerRelease {
        guard let release = scrolling.cancelPress(at: now, maximum: maximumOffset) else { return .none }
        if case let .drag(offset, velocity, gliding) = release {
            return .dragEnded(contentOffset: offset, velocity: velocity, gliding: gliding)
        }
        scrolling.springBackIfOutOfRange(at: now, maximum: maximumOffset)
        return .none
    }

    /// The strip at `now` (seconds) as a value.
    public func snapshot(at now: Double) -> StripSnapshot {
        StripSnapshot(titles: titles, metrics: metrics, selectedIndex: selectedIndex, viewportWidth: viewportWidth,
                      restingLayout: restingLayout, targetOffset: targetOffset,
                      time: now, presentation: presentation(at: now), isAnimating: isAnimating(at: now), isDragging: isDragging)
    }

    /// The fastest a glide starts, pixels per second (Android's maximum fling velocity, 8000 dp/s).
    public static let maximumGlideVelocity = 8000.0
}
