/// What to draw at one moment: the segment frames, the indicator and the
/// content offset, all in pixels. Painting is a pure function of this value.
public struct StripPresentation: Equatable, Sendable {
    /// Segment frames, content coordinates.
    public let layout: SegmentLayout
    /// The indicator, content coordinates; nil when nothing is selected.
    public let indicator: Rect?
    /// Pixels scrolled past the content's left edge.
    public let contentOffset: Double
}

/// What a button-1 release amounted to.
public enum PointerRelease: Equatable, Sendable {
    /// No press was being tracked, or a click hit no segment.
    case none
    /// A click on segment `index`; `changed` is false when it was already selected.
    case click(index: Int, changed: Bool)
    /// The end of a drag that left the content offset at `contentOffset` pixels.
    case dragEnded(contentOffset: Double)
}

/// The strip's state machine, free of X11: titles and their measured widths,
/// the selected index, the viewport, the tweens of layout, indicator and
/// content offset, and the press/drag gesture.
///
/// Every method that depends on time takes `now` in seconds on a monotonic
/// clock of the caller's choosing, so tests step time exactly.
public final class StripModel {
    /// The titles, one per segment.
    public let titles: [String]
    /// The design numbers.
    public let metrics: LayoutMetrics
    /// Widths in the unselected font, pixels.
    public let unselectedWidths: SegmentWidths
    /// The selected segment; nil only when there are no titles.
    public private(set) var selectedIndex: Int?
    /// Width of the visible part of the strip, pixels.
    public private(set) var viewportWidth: Double

    private let measureSelected: (String) -> Double
    private var selectedWidths: [Int: Double] = [:]

    private var targetLayout: SegmentLayout
    private var layoutFrom: SegmentLayout
    private var indicatorFrom: Rect?
    private var layoutTween: Tween?

    private var restingOffset: Double = 0
    private var offsetFrom: Double = 0
    private var offsetTo: Double = 0
    private var offsetTween: Tween?

    private var gesture: PointerGesture?
    private var offsetAtPress: Double = 0

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
    ///   - measureUnselected: a title's advance width in the unselected font, pixels.
    ///   - measureSelected: a title's advance width in the selected font, pixels.
    /// - Throws: `Failure.indexOutOfRange` when `selectedIndex` is not a valid index of a non-empty list.
    public init(titles: [String], selectedIndex: Int = 0, viewportWidth: Double, metrics: LayoutMetrics = LayoutMetrics(),
                measureUnselected: (String) -> Double, measureSelected: @escaping (String) -> Double) throws {
        if !titles.isEmpty, !titles.indices.contains(selectedIndex) {
            throw Failure.indexOutOfRange(index: selectedIndex, count: titles.count)
        }
        self.titles = titles
        self.metrics = metrics
        self.viewportWidth = max(0, viewportWidth)
        self.measureSelected = measureSelected
        unselectedWidths = SegmentWidths(titles.map { max(0, measureUnselected($0)) })
        self.selectedIndex = titles.isEmpty ? nil : selectedIndex
        targetLayout = SegmentLayout(metrics: metrics, base: unselectedWidths)
        layoutFrom = targetLayout
        if let i = self.selectedIndex {
            targetLayout = resting(selecting: i)
            layoutFrom = targetLayout
            restingOffset = targetOffset
        }
    }

    /// Width of segment `index` in the selected font, pixels (measured once, then cached).
    public func selectedWidth(at index: Int) -> Double {
        if let w = selectedWidths[index] { return w }
        let w = max(0, measureSelected(titles[index]))
        selectedWidths[index] = w
        return w
    }

    private func resting(selecting index: Int) -> SegmentLayout {
        SegmentLayout(metrics: metrics, base: unselectedWidths, selectedIndex: index, selectedWidth: selectedWidth(at: index))
    }

    /// The layout the strip rests in once every tween has ended.
    public var restingLayout: SegmentLayout { targetLayout }

    /// The content offset that centers the selected segment in the resting
    /// layout, clamped to the content (pixels); 0 with no titles.
    public var targetOffset: Double {
        guard let i = selectedIndex else { return 0 }
        return ContentOffset.centering(targetLayout.frame(at: i), contentWidth: targetLayout.contentWidth,
                                       viewportWidth: viewportWidth)
    }

    /// What is drawn at `now` (seconds).
    public func presentation(at now: Double) -> StripPresentation {
        var layout = targetLayout
        var indicator = selectedIndex.map { targetLayout.indicatorRect(under: $0) }
        if let tween = layoutTween, !tween.isFinished(at: now) {
            let p = tween.progress(at: now)
            layout = layoutFrom.interpolated(to: targetLayout, fraction: p)
            if let to = indicator { indicator = (indicatorFrom ?? to).interpolated(to: to, fraction: p) }
        }
        var offset = restingOffset
        if let tween = offsetTween {
            offset = tween.isFinished(at: now) ? offsetTo : lerp(offsetFrom, offsetTo, tween.progress(at: now))
        }
        return StripPresentation(layout: layout, indicator: indicator, contentOffset: offset)
    }

    /// Whether anything still moves at `now` (seconds); false means the caller
    /// can stop its frame timer.
    public func isAnimating(at now: Double) -> Bool {
        if let t = layoutTween, !t.isFinished(at: now) { return true }
        if let t = offsetTween, !t.isFinished(at: now) { return true }
        return false
    }

    /// Whether the pointer is held down on the strip.
    public var isPressed: Bool { gesture != nil }

    /// Whether the current press has become a drag.
    public var isDragging: Bool { gesture?.isDrag ?? false }

    /// Drops the tweens that have ended by `now` (seconds), leaving their end values.
    public func settle(at now: Double) {
        if let t = layoutTween, t.isFinished(at: now) {
            layoutTween = nil
            layoutFrom = targetLayout
            indicatorFrom = nil
        }
        if let t = offsetTween, t.isFinished(at: now) {
            offsetTween = nil
            restingOffset = offsetTo
        }
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
        if changed {
            selectedIndex = index
            let newTarget = resting(selecting: index)
            if animated {
                layoutFrom = drawn.layout
                indicatorFrom = drawn.indicator
                layoutTween = Tween(startTime: now, duration: metrics.tweenDuration, easing: metrics.easing)
            } else {
                layoutFrom = newTarget
                indicatorFrom = nil
                layoutTween = nil
            }
            targetLayout = newTarget
        }
        let to = targetOffset
        if animated, drawn.contentOffset != to {
            offsetFrom = drawn.contentOffset
            offsetTo = to
            offsetTween = Tween(startTime: now, duration: metrics.tweenDuration, easing: metrics.easing)
        } else {
            offsetTween = nil
            restingOffset = to
        }
        return changed
    }

    /// Changes the viewport width (pixels) at `now` (seconds). The offset stays
    /// in range and the selected segment stays visible: a running scroll tween
    /// keeps its clock and retargets to the new centered offset; at rest the
    /// offset moves the least that shows the selected segment whole (centering
    /// it when it is wider than the viewport). During a drag it is only clamped.
    public func resize(viewportWidth newWidth: Double, at now: Double) {
        settle(at: now)
        viewportWidth = max(0, newWidth)
        if offsetTween != nil {
            offsetTo = targetOffset
            return
        }
        let drawn = presentation(at: now)
        let clamped = ContentOffset.clamped(restingOffset, contentWidth: drawn.layout.contentWidth, viewportWidth: viewportWidth)
        if isDragging || selectedIndex == nil {
            restingOffset = clamped
        } else if let i = selectedIndex {
            restingOffset = ContentOffset.revealing(targetLayout.frame(at: i), from: clamped,
                                                    contentWidth: targetLayout.contentWidth, viewportWidth: viewportWidth)
        }
    }

    /// Button 1 went down at (`x`, `y`), viewport pixels, at `now` (seconds).
    /// A press on the strip stops a running scroll where it is drawn, so a
    /// drag takes over from there. Presses below the strip are ignored.
    ///
    /// - Returns: whether the press landed on the strip.
    @discardableResult
    public func pointerPressed(x: Double, y: Double, at now: Double) -> Bool {
        guard y >= 0, y < metrics.stripHeight, x >= 0, x < viewportWidth else { return false }
        let drawn = presentation(at: now)
        settle(at: now)
        if offsetTween != nil {
            offsetTween = nil
            restingOffset = drawn.contentOffset
        }
        gesture = PointerGesture(pressX: x, pressY: y, slop: metrics.clickSlop)
        offsetAtPress = restingOffset
        return true
    }

    /// The pointer moved to (`x`, `y`), viewport pixels, with button 1 held.
    /// Once it is further than the click slop from the press, the content
    /// offset follows it 1:1, clamped to [0, max].
    ///
    /// - Returns: whether the content offset changed.
    @discardableResult
    public func pointerMoved(x: Double, y: Double, at now: Double) -> Bool {
        guard var g = gesture else { return false }
        let isDrag = g.move(toX: x, y: y)
        gesture = g
        guard isDrag else { return false }
        let content = presentation(at: now).layout.contentWidth
        let offset = ContentOffset.clamped(offsetAtPress - (x - g.pressX), contentWidth: content, viewportWidth: viewportWidth)
        defer { restingOffset = offset }
        return offset != restingOffset
    }

    /// Button 1 went up at (`x`, `y`), viewport pixels, at `now` (seconds).
    /// A click selects the segment hit-tested under the release point through
    /// the frames drawn at `now`; the end of a drag selects nothing.
    public func pointerReleased(x: Double, y: Double, at now: Double) -> PointerRelease {
        guard var g = gesture else { return .none }
        gesture = nil
        if g.move(toX: x, y: y) {
            return .dragEnded(contentOffset: restingOffset)
        }
        let drawn = presentation(at: now)
        guard let index = drawn.layout.hitTest(x: x + drawn.contentOffset, y: y) else { return .none }
        let changed = (try? select(index, at: now)) ?? false
        return .click(index: index, changed: changed)
    }
}
