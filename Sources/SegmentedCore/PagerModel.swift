/// What a button-1 release over the pages amounted to.
public enum PageRelease: Equatable, Sendable {
    /// No press was being tracked.
    case none
    /// A press that never moved past the slop (the pages go on to where they were going).
    case click
    /// A drag let go: the pages settle on `target`; `fling` says whether the
    /// release speed chose it (ViewPager's fling rule) rather than the nearest page.
    case settle(target: Int, fling: Bool)
}

/// Who moves the pages, which decides whether a linked strip follows their position.
public enum PageMotionCause: String, Equatable, Sendable {
    /// The user on the pages: a drag, its settle, wheel notches. A linked strip draws their position.
    case swipe
    /// Turning to a selection made on the strip (a tap, a key, the host): the strip runs its own tween.
    case turn
}

/// A horizontally paged view's position, free of X11: one page per title,
/// each `pageWidth` pixels wide, side by side; the position p (pages, 0-based)
/// is what a linked strip draws (`StripModel.setPagePosition`).
///
/// - A drag past the click slop moves the pages 1:1 with the pointer; past the
///   first or last page with the strip's rubber band (UIScrollView's formula, see `RubberBand`).
/// - A release settles on the nearest page, or, when it is a fling, on the
///   next or previous page in the drag's direction: Android ViewPager's rule
///   (`determineTargetPage`), a fling being faster than
///   `minimumFlingVelocity` (400 dp/s) *and* longer than
///   `minimumFlingDistance` (25 dp), with 1 dp = `dpScale` pixels.
/// - The settle, and every turn, is a `settleDuration` (0.3 s) ease-out from
///   where the pages are drawn (see docs/pages.md for why not a spring).
/// - A turn to a page more than one away starts from the target's neighbour
///   (ViewPager2's long-jump rule), so a jump of 50 pages does not flash 50 pages past.
/// - A press during any motion takes over from the position drawn.
///
/// Right to left is the X11 layer's business: it mirrors x before it gets here.
/// Every method that depends on time takes `now` in seconds on a monotonic clock.
public final class PagerModel {
    /// How many pages there are.
    public let pageCount: Int
    /// One page's width (the view's width), pixels.
    public private(set) var pageWidth: Double
    /// Pixels per density-independent pixel (the style's scale).
    public let dpScale: Double
    /// How far a press may travel and stay a click, pixels.
    public let slop: Double

    /// ViewPager's `MIN_FLING_VELOCITY`, dp per second.
    public static let minimumFlingVelocity = 400.0
    /// ViewPager's `MIN_DISTANCE_FOR_FLING`, dp.
    public static let minimumFlingDistance = 25.0
    /// How long a settle, a turn or a wheel step takes, seconds.
    public static let settleDuration = 0.3
    /// The settle's curve: it leaves at speed and arrives gently.
    public static let settleEasing = CubicBezierEasing.easeOut

    /// The page the pages rest on or are going to.
    public private(set) var targetPage: Int
    /// Reduced motion (`SelectionMotion.reducesMotion`): turns and settles
    /// jump to their page with no tween; turning it on ends a running one there.
    public var reducesMotion = false {
        didSet {
            guard reducesMotion, let motion else { return }
            resting = motion.to
            self.motion = nil
        }
    }
    /// Who moved the pages last.
    public private(set) var cause: PageMotionCause = .turn
    /// Where the pages rest, or are held by a drag, pages.
    private var resting: Double
    private var motion: (from: Double, to: Double, tween: Tween)?
    private var gesture: PointerGesture?
    /// The drag's raw (unbanded) offset at the press, pixels.
    private var rawAtPress = 0.0
    private var velocity = VelocityTracker()
    /// Smooth-scroll increments not yet turned into a page.
    private var scrollRemainder = 0.0

    /// At rest on `page` (clamped to the pages).
    ///
    /// - Parameters:
    ///   - pageCount: pages (may be 0: an empty view).
    ///   - page: the page shown first.
    ///   - pageWidth: pixels (at least 1).
    ///   - dpScale: pixels per dp (1 at scale 1).
    ///   - slop: click slop, pixels.
    public init(pageCount: Int, page: Int = 0, pageWidth: Double, dpScale: Double = 1, slop: Double = 5) {
        self.pageCount = max(0, pageCount)
        self.pageWidth = pageWidth.isFinite ? max(1, pageWidth) : 1
        self.dpScale = dpScale.isFinite && dpScale > 0 ? dpScale : 1
        self.slop = slop
        targetPage = min(max(page, 0), max(pageCount - 1, 0))
        resting = Double(targetPage)
    }

    private var lastPage: Double { Double(max(pageCount - 1, 0)) }

    /// The position drawn at `now` (seconds), pages: p = i + f is f of the way
    /// from page i to page i + 1. Below 0 or above the last page while rubber-banding.
    public func position(at now: Double) -> Double {
        guard let motion else { return resting }
        if motion.tween.isFinished(at: now) { return motion.to }
        return lerp(motion.from, motion.to, motion.tween.progress(at: now))
    }

    /// Whether the pages still move on their own at `now` (seconds).
    public func isAnimating(at now: Double) -> Bool {
        guard let motion else { return false }
        return !motion.tween.isFinished(at: now)
    }

    /// Whether button 1 is held on the pages.
    public var isPressed: Bool { gesture != nil }
    /// Whether the press has become a drag.
    public var isDragging: Bool { gesture?.isDrag ?? false }

    /// Ends a motion that has finished by `now` (seconds), resting where it ended.
    public func settle(at now: Double) {
        guard let motion, motion.tween.isFinished(at: now) else { return }
        resting = motion.to
        self.motion = nil
    }

    /// The pages that show at `position` in a view `pageWidth` wide, each with
    /// its left edge in view pixels (left to right): at most two, none outside 0..<count.
    public static func visiblePages(at position: Double, pageWidth: Double, pageCount: Int) -> [(index: Int, x: Double)] {
        guard pageCount > 0, position.isFinite, pageWidth > 0 else { return [] }
        let first = Int(position.rounded(.down))
        var out: [(Int, Double)] = []
        for index in [first, first + 1] where (0..<pageCount).contains(index) {
            let x = (Double(index) - position) * pageWidth
            if x < pageWidth, x + pageWidth > 0 { out.append((index, x)) }
        }
        return out
    }

    /// `visiblePages(at:pageWidth:pageCount:)` at `now` (seconds).
    public func visiblePages(at now: Double) -> [(index: Int, x: Double)] {
        Self.visiblePages(at: position(at: now), pageWidth: pageWidth, pageCount: pageCount)
    }

    /// A new page width (the view was resized), pixels: the position in pages stays.
    public func resize(pageWidth newWidth: Double) {
        guard newWidth.isFinite else { return }
        let w = max(1, newWidth)
        rawAtPress *= w / pageWidth
        pageWidth = w
    }

    /// Button 1 went down at (`x`, `y`), view pixels (mirrored for right to
    /// left), at `now` (seconds); `eventTime` (seconds, default `now`) is the
    /// input's own time, for the release velocity. Any motion stops where it is drawn.
    public func press(x: Double, y: Double, at now: Double, eventTime: Double? = nil) {
        guard pageCount > 0 else { return }
        resting = position(at: now)
        motion = nil
        gesture = PointerGesture(pressX: x, pressY: y, slop: slop)
        let span = lastPage * pageWidth
        rawAtPress = RubberBand.raw(shown: resting * pageWidth, maximum: span, dimension: pageWidth)
        velocity = VelocityTracker()
        velocity.add(x: x, time: eventTime ?? now)
    }

    /// Records where the held pointer was at `eventTime` (seconds), for the release velocity only.
    public func recordPointerSample(x: Double, eventTime: Double) {
        guard gesture != nil else { return }
        velocity.add(x: x, time: eventTime)
    }

    /// The held pointer moved to (`x`, `y`), view pixels: past the slop the
    /// pages follow it 1:1, rubber-banding past the first and last page.
    /// - Returns: whether the position changed.
    @discardableResult
    public func move(x: Double, y: Double, eventTime: Double) -> Bool {
        guard var g = gesture else { return false }
        velocity.add(x: x, time: eventTime)
        let isDrag = g.move(toX: x, y: y)
        gesture = g
        guard isDrag else { return false }
        cause = .swipe
        let raw = rawAtPress - (x - g.pressX)
        let shown = RubberBand.offset(raw: raw, maximum: lastPage * pageWidth, dimension: pageWidth) / pageWidth
        defer { resting = shown }
        return shown != resting
    }

    /// The page a drag released at position `position` settles on:
    /// ViewPager's rule. A fling (|`velocity`| > 400 dp/s and |`travel`| > 25 dp,
    /// both the pointer's, pixels and pixels per second) goes to the next page
    /// in the drag's direction (pointer moving left: floor(p) + 1; right:
    /// floor(p)); otherwise the nearest page. Clamped to the pages.
    public func releaseTarget(position p: Double, velocity v: Double, travel: Double) -> (page: Int, fling: Bool) {
        let fling = abs(v) > Self.minimumFlingVelocity * dpScale && abs(travel) > Self.minimumFlingDistance * dpScale
        let page: Double
        if fling {
            page = v < 0 ? p.rounded(.down) + 1 : p.rounded(.down)
        } else {
            page = p.rounded(.toNearestOrAwayFromZero)
        }
        return (Int(min(max(page, 0), lastPage)), fling)
    }

    /// Button 1 went up at (`x`, `y`), view pixels, at `now` (seconds). A
    /// drag settles (see `releaseTarget`); a click that caught the pages
    /// moving lets them go on to `targetPage`.
    public func release(x: Double, y: Double, at now: Double, eventTime: Double? = nil) -> PageRelease {
        guard var g = gesture else { return .none }
        gesture = nil
        guard g.move(toX: x, y: y) else {
            if resting != Double(targetPage) { startMotion(to: targetPage, from: resting, at: now) }
            return .click
        }
        let v = velocity.velocity(at: eventTime ?? now)
        let decided = releaseTarget(position: resting, velocity: v, travel: x - g.pressX)
        targetPage = decided.page
        cause = .swipe
        startMotion(to: decided.page, from: resting, at: now)
        return .settle(target: decided.page, fling: decided.fling)
    }

    /// The press was lost without a release (another client took the pointer,
    /// or the window was unmapped mid-drag, so the button went up elsewhere) at
    /// `now` (seconds): a drag settles on the nearest page as a release with no
    /// speed would, a press that never moved lets the pages go on to `targetPage`.
    /// Without this the pages would stay held and follow a pointer with no button down.
    /// - Returns: what the lost press amounted to (`.none` when nothing was held).
    public func cancelPress(at now: Double) -> PageRelease {
        guard let g = gesture else { return .none }
        gesture = nil
        guard g.isDrag else {
            if resting != Double(targetPage) { startMotion(to: targetPage, from: resting, at: now) }
            return .click
        }
        let decided = releaseTarget(position: resting, velocity: 0, travel: 0)
        targetPage = decided.page
        cause = .swipe
        startMotion(to: decided.page, from: resting, at: now)
        return .settle(target: decided.page, fling: false)
    }

    private func startMotion(to page: Int, from start: Double, at now: Double,
                             duration: Double = PagerModel.settleDuration, easing: CubicBezierEasing = PagerModel.settleEasing) {
        let end = Double(page)
        if start == end || reducesMotion {
            resting = end
            motion = nil
        } else {
            motion = (start, end, Tween(startTime: now, duration: duration, easing: easing))
        }
    }

    /// Turns to `page` (clamped) at `now` (seconds) because it was selected
    /// elsewhere (cause `.turn`): over `duration` seconds on `easing` from the
    /// position drawn, or, for a page more than one away, from its neighbour on
    /// the side of the drawn position (ViewPager2's long-jump rule). At once when
    /// not `animated`. A held press is let go.
    public func turn(to page: Int, at now: Double, animated: Bool = true,
                     duration: Double = PagerModel.settleDuration, easing: CubicBezierEasing = PagerModel.settleEasing) {
        guard pageCount > 0 else { return }
        let target = min(max(page, 0), pageCount - 1)
        let drawn = position(at: now)
        gesture = nil
        cause = .turn
        targetPage = target
        guard animated else {
            motion = nil
            resting = Double(target)
            return
        }
        let end = Double(target)
        let start = abs(end - drawn) > 1 ? end + (drawn < end ? -1 : 1) : drawn
        startMotion(to: target, from: start, at: now, duration: duration, easing: easing)
    }

    /// Turns `notches` pages (positive toward the last page) at `now`
    /// (seconds), as wheel notches over the pages do (cause `.swipe`: a linked
    /// strip follows the position). Notches that arrive during a step add up.
    /// - Returns: the page now aimed at, or nil when nothing changes (an end reached, a press held).
    @discardableResult
    public func turn(by notches: Int, at now: Double) -> Int? {
        guard pageCount > 0, notches != 0, gesture == nil else { return nil }
        let drawn = position(at: now)
        let base = isAnimating(at: now) ? targetPage : Int(drawn.rounded(.toNearestOrAwayFromZero))
        let target = min(max(base + notches, 0), pageCount - 1)
        if target == targetPage, !isAnimating(at: now), drawn == Double(target) { return nil }
        targetPage = target
        cause = .swipe
        startMotion(to: target, from: drawn, at: now)
        return target
    }

    /// Smooth (touchpad) scrolling of `increments` wheel notches (XI2 scroll
    /// valuators; positive toward the last page) at `now` (seconds): every
    /// whole notch turns a page, the remainder waits for more in the same direction.
    /// - Returns: as `turn(by:at:)`.
    @discardableResult
    public func scroll(increments: Double, at now: Double) -> Int? {
        guard increments.isFinite, increments != 0 else { return nil }
        if scrollRemainder != 0, (scrollRemainder > 0) != (increments > 0) { scrollRemainder = 0 }
        scrollRemainder += increments
        let notches = Int(scrollRemainder.rounded(.towardZero))
        guard notches != 0 else { return nil }
        scrollRemainder -= Double(notches)
        return turn(by: notches, at: now)
    }
}
