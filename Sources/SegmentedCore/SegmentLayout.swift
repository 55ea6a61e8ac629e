/// The unselected width of every segment and their running sums, shared by
/// every layout of one title list so that a layout is cheap to copy and blend.
///
/// The widths are either given (`init(_:)`) or measured on demand
/// (`init(count:minimumWidth:measure:)`): segment i is measured the first time
/// a width or a running sum at or past it is asked for, always in index order,
/// so the running sums are the same numbers, added in the same order, as when
/// every width is given at once. Answers never depend on what is measured
/// yet; only the cost does. A strip of 100,000 titles can so draw its first
/// frame after measuring the titles it shows, and measure the rest after it
/// (`measure(upTo:)`).
///
/// Measuring mutates the object: like the strip that owns it, it is used from
/// one thread at a time (the host's main thread).
public final class SegmentWidths: @unchecked Sendable {
    /// Number of segments.
    public let count: Int
    /// A lower bound of every width, pixels (0 for given widths).
    public let minimumWidth: Double
    /// `measuredWidths[i]` is segment i's width, pixels, for i in 0..<measuredCount.
    private var measuredWidths: [Double] = []
    /// `prefixSums[i]` = sum of the widths of 0..<i, pixels, for i in 0...measuredCount.
    private var prefixSums: [Double] = [0]
    /// Measures segment i (nil once every segment is measured).
    private var measure: ((Int) -> Double)?

    /// Stores `widths` (pixels, one per segment) and their running sums.
    public init(_ widths: [Double]) {
        count = widths.count
        minimumWidth = 0
        measure = nil
        measuredWidths = widths
        prefixSums.reserveCapacity(count + 1)
        for w in widths { prefixSums.append(prefixSums[prefixSums.count - 1] + w) }
    }

    /// `count` segments whose widths `measure` gives (pixels, index to width,
    /// each at least `minimumWidth`), asked for lazily, in index order, once each.
    public init(count: Int, minimumWidth: Double, measure: @escaping (Int) -> Double) {
        self.count = max(0, count)
        self.minimumWidth = minimumWidth
        self.measure = self.count == 0 ? nil : measure
        // Room for every segment, so the arrays never copy as they grow (pages never written are never resident).
        measuredWidths.reserveCapacity(self.count)
        prefixSums.reserveCapacity(self.count + 1)
    }

    /// How many segments are measured: 0..<measuredCount.
    public var measuredCount: Int { measuredWidths.count }

    /// Whether every segment is measured.
    public var isComplete: Bool { measuredCount == count }

    /// Measures segments up to (not including) `end` (clamped to `count`).
    public func measure(upTo end: Int) {
        let end = min(end, count)
        guard measuredCount < end, let measure else { return }
        while measuredCount < end {
            let w = measure(measuredCount)
            precondition(w >= minimumWidth, "a measured width below the minimum it was promised to respect")
            measuredWidths.append(w)
            prefixSums.append(prefixSums[prefixSums.count - 1] + w)
        }
        if measuredCount == count { self.measure = nil }
    }

    /// How long one slice of measuring after a strip's first frame runs
    /// (`measureSlice(now:)`), seconds: short, so that input and frames wait at most that long.
    public static let measuringSlice = 0.004

    /// Segments measured between two looks at the clock in a slice.
    static let segmentsPerClockRead = 32

    /// Measures the segments not measured yet, `segmentsPerClockRead` at a
    /// time, until every one is or `measuringSlice` has passed on `now`
    /// (seconds), at least one run. Returns whether every segment is measured.
    public func measureSlice(now: () -> Double) -> Bool {
        let deadline = now() + Self.measuringSlice
        repeat {
            measure(upTo: measuredCount + Self.segmentsPerClockRead)
        } while !isComplete && now() < deadline
        return isComplete
    }

    /// Width of segment `index` (0..<count), pixels (measuring through it).
    public func width(at index: Int) -> Double {
        precondition(index >= 0 && index < count, "segment index out of range")
        if index >= measuredCount { measure(upTo: index + 1) }
        return measuredWidths[index]
    }

    /// Sum of the widths of segments 0..<`end` (end in 0...count), pixels (measuring through `end` - 1).
    public func sum(upTo end: Int) -> Double {
        precondition(end >= 0 && end <= count, "segment index out of range")
        if end > measuredCount { measure(upTo: end) }
        return prefixSums[end]
    }

    /// Every width, pixels (measuring them all).
    public var widths: [Double] {
        measure(upTo: count)
        return measuredWidths
    }

    /// These widths with segment `index`'s replaced by `width` (pixels, at
    /// least `minimumWidth`), as a new object: the layouts of the old widths
    /// stay as they are, so a tween can go from them to the new ones. Measures
    /// through `index` first; `measure` gives the widths not measured yet.
    public func replacing(_ index: Int, with width: Double, measure: @escaping (Int) -> Double) -> SegmentWidths {
        precondition(index >= 0 && index < count, "segment index out of range")
        precondition(width >= minimumWidth, "a width below the minimum")
        return rearranged(count: count, through: index + 1, measure: measure) { $0[index] = width }
    }

    /// New widths of `count` segments made from these: `change` edits the
    /// widths measured so far (measured through `end` first), the rest are
    /// left to `measure`. The old object is unchanged, for the layouts on it.
    func rearranged(count: Int, through end: Int, measure: @escaping (Int) -> Double,
                    _ change: (inout [Double]) -> Void) -> SegmentWidths {
        self.measure(upTo: end)
        var widths = measuredWidths
        change(&widths)
        precondition(widths.count <= count, "more widths than segments")
        let result = SegmentWidths(count: count, minimumWidth: minimumWidth, measure: measure)
        result.measuredWidths = widths
        for w in widths { result.prefixSums.append(result.prefixSums[result.prefixSums.count - 1] + w) }
        if result.isComplete { result.measure = nil }
        return result
    }

    /// A lower bound of the sum of all widths from what is measured (pixels):
    /// the measured sum plus `minimumWidth` for each segment not measured yet;
    /// the exact sum once every segment is measured.
    public var totalLowerBound: Double {
        prefixSums[measuredCount] + minimumWidth * Double(count - measuredCount)
    }
}

/// Room a layout adds when its content is narrower than the viewport, pixels.
struct SpareSpace: Equatable, Sendable {
    /// Before the first segment (and, counted twice in the content width, after the last).
    var lead: Double = 0
    /// Added to every gap between segments.
    var gap: Double = 0
    /// Added to every segment's width.
    var width: Double = 0
}

/// What one segment's frame has on top of its unselected width and place.
struct WidthExtra: Equatable, Sendable {
    /// Index of the segment (`count` for room after the last one, `lead` only).
    var index: Int
    /// Pixels added to its unselected width (selected width - unselected
    /// width, scaled by how far a tween has come), moving every later segment too.
    var extra: Double
    /// Pixels added before it, moving it and every later segment: the room an
    /// inserted segment has not grown into yet, or a removed one has not yet given up.
    var lead = 0.0
    /// Pixels it alone is drawn moved by: a moved segment sliding from where it was.
    var shift = 0.0

    var isZero: Bool { extra == 0 && lead == 0 && shift == 0 }

    /// This at `fraction` 0, `other` (of the same index) at 1.
    func blended(to other: WidthExtra, _ fraction: Double) -> WidthExtra {
        WidthExtra(index: index, extra: lerp(extra, other.extra, fraction), lead: lerp(lead, other.lead, fraction),
                   shift: lerp(shift, other.shift, fraction))
    }
}

/// Segment frames along the strip, by the design's formula:
///
///     x(0) = lead inset
///     x(i + 1) = x(i) + width(i) + spacing
///     content width = lead inset + sum of widths + spacing * (n - 1) + trail inset   (n >= 1)
///     lead inset = max(left inset, indicator overhang of segment 0)
///     trail inset = max(right inset, indicator overhang of segment n - 1)
///
/// The overhang is `LayoutMetrics.indicatorOverhang(segmentWidth:)` of the
/// segment's width before any fill: an end inset grows so that the indicator
/// (a box `title+16`, a fixed width wider than a short title) is centered on
/// the first and last titles too and still inside the content. With the
/// design's metrics no inset grows (a 30 px indicator and 24 px segments).
///
/// When the content is narrower than the viewport, `filling(viewportWidth:)`
/// uses the spare room as `LayoutMetrics.fillMode` says (a lead before the
/// first segment, a wider gap, or wider segments), so the content then fills
/// the viewport exactly.
///
/// Widths are the unselected widths plus a short, sorted list of extras
/// (the selected segment's, or during a tween the blended extras of the old
/// and new selection). Every frame edge follows the widths (linearly, but
/// for a grown end inset), so the blend of two layouts is taken as the
/// layout of the blended widths, and one
/// representation serves the resting layout and every tween frame. A frame is
/// computed in O(extras), never by walking all segments.
public struct SegmentLayout: Equatable, Sendable {
    /// The metrics the frames follow.
    public let metrics: LayoutMetrics
    /// Unselected widths, pixels.
    public let base: SegmentWidths
    /// Width extras sorted by index, at most one per index.
    private(set) var extras: [WidthExtra]
    /// How spare room (content narrower than the viewport) is used: space
    /// before the first segment, added to each gap, added to each width (pixels).
    var fill = SpareSpace()
    /// Room before the first segment, pixels: the left inset, grown to hold
    /// the indicator's overhang (see the formula above). Stored: every frame reads it.
    let leadInset: Double

    /// A layout where every segment has its unselected width, except those
    /// named in `extras` (any order; one entry per index).
    init(metrics: LayoutMetrics, base: SegmentWidths, extras: [WidthExtra] = []) {
        self.metrics = metrics
        self.base = base
        self.extras = extras.filter { !$0.isZero && $0.index >= 0 && ($0.index < base.count || $0.index == base.count && $0.extra == 0) }
            .sorted { $0.index < $1.index }
        let firstExtra = self.extras.first.map { $0.index == 0 ? $0.extra : 0 } ?? 0
        leadInset = base.count > 0 ? Self.endInset(metrics.insets.left, metrics: metrics, segmentWidth: base.width(at: 0) + firstExtra)
            : metrics.insets.left
    }

    /// An end inset `inset` grown to the indicator's overhang past an end
    /// segment `segmentWidth` pixels wide (its width before any fill), pixels.
    private static func endInset(_ inset: Double, metrics: LayoutMetrics, segmentWidth: Double) -> Double {
        max(inset, metrics.indicatorOverhang(segmentWidth: segmentWidth))
    }

    /// Room after the last segment, pixels: the right inset, grown to hold the
    /// indicator's overhang. It needs the last width, so it is asked for only
    /// with the exact content width (every width measured); a lower bound uses the right inset.
    private var trailInset: Double {
        let last = base.count - 1
        return last < 0 ? metrics.insets.right : Self.endInset(metrics.insets.right, metrics: metrics, segmentWidth: base.width(at: last) + extra(at: last))
    }

    /// The resting layout for a selection: the selected segment measured in
    /// the selected font (`selectedWidth`, pixels), every other one in the
    /// unselected font. `selectedIndex` nil means nothing is selected.
    public init(metrics: LayoutMetrics, base: SegmentWidths, selectedIndex: Int?, selectedWidth: Double) {
        var extras = [WidthExtra]()
        if let i = selectedIndex, i >= 0, i < base.count {
            extras.append(WidthExtra(index: i, extra: selectedWidth - base.width(at: i)))
        }
        self.init(metrics: metrics, base: base, extras: extras)
    }

    public static func == (a: SegmentLayout, b: SegmentLayout) -> Bool {
        a.metrics == b.metrics && a.base === b.base && a.extras == b.extras && a.fill == b.fill
    }

    /// This layout using the spare room of a `viewportWidth`-pixel viewport
    /// the way `metrics.fillMode` says; unchanged when the content is at least as wide.
    public func filling(viewportWidth: Double) -> SegmentLayout {
        var result = self
        result.fill = SpareSpace()
        // Content known to be wider already (most long lists, long before all are measured): no spare room.
        guard viewportWidth.isFinite, !result.contentWidthSurelyReaches(viewportWidth) else { return result }
        let n = Double(count)
        let spare = viewportWidth - result.contentWidth
        guard n > 0, spare > 0 else { return result }
        switch metrics.fillMode {
        case .start: break
        case .center: result.fill.lead = spare / 2
        case .spread:
            if n > 1 { result.fill.gap = spare / (n - 1) } else { result.fill.lead = spare / 2 }
        case .stretch: result.fill.width = spare / n
        }
        return result
    }

    /// Number of segments.
    public var count: Int { base.count }

    private func extra(at index: Int) -> Double {
        for e in extras where e.index == index { return e.extra }
        return 0
    }

    /// The extras of the segments before `index` and the leads through it, pixels.
    private func extrasBefore(_ index: Int) -> Double {
        var sum = 0.0
        for e in extras {
            if e.index > index { break }
            sum += e.index == index ? e.lead : e.extra + e.lead
        }
        return sum
    }

    /// How far segment `index` alone is drawn moved, pixels (a slide under way).
    func shift(at index: Int) -> Double {
        for e in extras where e.index == index { return e.shift }
        return 0
    }

    /// The segments drawn moved from their place (sliding), by index.
    public var shiftedIndices: [Int] { extras.filter { $0.shift != 0 }.map(\.index) }

    /// Width of segment `index`, pixels.
    public func width(at index: Int) -> Double {
        base.width(at: index) + extra(at: index) + fill.width
    }

    /// Left edge of segment `index` in content coordinates, pixels.
    /// A sliding segment's is where its slot is, not where it is drawn
    /// (`frame(at:)`), so that the edges stay in index order for the searches.
    public func minX(at index: Int) -> Double {
        leadInset + fill.lead + base.sum(upTo: index) + extrasBefore(index)
            + (metrics.spacing + fill.gap + fill.width) * Double(index)
    }

    /// Frame of segment `index` in content coordinates (pixels), where it is
    /// drawn: the title band, from the top inset to strip height - bottom inset.
    public func frame(at index: Int) -> Rect {
        Rect(x: minX(at: index) + shift(at: index), y: metrics.insets.top, width: width(at: index),
             height: metrics.stripHeight - metrics.insets.top - metrics.insets.bottom)
    }

    /// Content width, pixels: lead inset + widths + spacing between + trail inset;
    /// 0 when there are no segments.
    public var contentWidth: Double {
        base.count > 0 ? contentWidth(widthSum: base.sum(upTo: base.count), trailInset: trailInset) : 0
    }

    /// The content width with the unselected widths adding up to `widthSum`
    /// pixels and `trailInset` after the last segment.
    private func contentWidth(widthSum: Double, trailInset: Double) -> Double {
        let n = base.count
        return leadInset + 2 * fill.lead + widthSum + extras.reduce(0) { $0 + $1.extra + $1.lead } + fill.width * Double(n)
            + (metrics.spacing + fill.gap) * Double(n - 1) + trailInset
    }

    /// How much wider than a bound the content must be for the bound to decide
    /// a comparison, pixels: far more than the rounding of any sum of widths.
    static let boundMargin = 1.0

    /// Whether the content is known to be at least `width` pixels wide (and
    /// wider by `boundMargin`) from the widths measured so far, with every
    /// unmeasured width counted at its lower bound; measures more (doubling
    /// what is measured) until that is certain or every width is measured.
    /// False means "not certain": the caller then uses the exact `contentWidth`,
    /// measured in full by now. A strip of many titles answers the clamps
    /// of its first frame (fill, centering, indicator) from the titles it shows.
    public func contentWidthSurelyReaches(_ width: Double) -> Bool {
        guard base.count > 0 else { return false }
        while true {
            // The right inset is a lower bound of the trail inset, which needs the last width.
            if contentWidth(widthSum: base.totalLowerBound, trailInset: metrics.insets.right) >= width + Self.boundMargin { return true }
            if base.isComplete { return false }
            base.measure(upTo: max(2 * base.measuredCount, 64))
        }
    }

    /// The content offset that centers segment `index` in a viewport
    /// `viewportWidth` pixels wide, clamped to the content:
    /// `ContentOffset.centering(frame(at: index), contentWidth:viewportWidth:)`,
    /// measuring no further than the clamp needs.
    public func centeringOffset(of index: Int, viewportWidth: Double) -> Double {
        let f = frame(at: index)
        let wanted = f.midX - viewportWidth / 2
        // The upper clamp cannot bind when the content reaches a viewport past the wanted offset.
        if contentWidthSurelyReaches(viewportWidth + max(wanted, 0)) { return max(wanted, 0) }
        return ContentOffset.centering(f, contentWidth: contentWidth, viewportWidth: viewportWidth)
    }

    /// The indicator under segment `index` (pixels, content coordinates):
    /// `indicatorHeight` high, centered on the segment's mid-x at every index
    /// (the end insets grow to hold it; an underline on the content's,
    /// `contentMidX(at:)`, clear of a close button's room), as wide as
    /// `LayoutMetrics.indicatorWidth(segmentWidth:)` says (fixed `indicatorWidth`; the title's width plus an
    /// increment, at least 1 px; or the segment with its spacing), with its
    /// bottom edge at strip height - bottom inset, or (`.top`) its top edge at the top inset.
    /// A `.box` spans the title band less `indicatorBoxInset` above and below.
    public func indicatorRect(under index: Int) -> Rect {
        let f = frame(at: index)
        if metrics.indicatorShape == .box || metrics.indicatorSizing == .segment {
            return indicatorRect(under: f, centeredOn: f.midX, width: metrics.indicatorWidth(segmentWidth: f.width))
        }
        // An underline lies under the title, not under the close button's room.
        let width = metrics.indicatorWidth(segmentWidth: f.width - metrics.closeButtonRoom)
        return indicatorRect(under: f, centeredOn: contentMidX(at: index), width: width)
    }

    private func indicatorRect(under f: Rect, centeredOn midX: Double, width: Double) -> Rect {
        let x = midX - width / 2
        if metrics.indicatorShape == .box {
            let inset = min(metrics.indicatorBoxInset, f.height / 2)
            return Rect(x: x, y: f.y + inset, width: width, height: f.height - 2 * inset)
        }
        let y = metrics.indicatorLocation == .top ? metrics.insets.top
            : metrics.stripHeight - metrics.insets.bottom - metrics.indicatorHeight
        return Rect(x: x, y: y, width: width, height: metrics.indicatorHeight)
    }

    /// The same frames over `newBase`, whose widths are this layout's base
    /// but for segment `index`: an extra at `index` makes up the difference,
    /// so every frame is unchanged, and a tween from the result to a layout
    /// of `newBase` glides segment `index` to its new width.
    func rebased(onto newBase: SegmentWidths, changing index: Int) -> SegmentLayout {
        precondition(newBase.count == base.count, "layouts of different lengths")
        var merged = extras.filter { $0.index != index }
        var changed = extras.first { $0.index == index } ?? WidthExtra(index: index, extra: 0)
        changed.extra += base.width(at: index) - newBase.width(at: index)
        merged.append(changed)
        var result = SegmentLayout(metrics: metrics, base: newBase, extras: merged)
        result.fill = fill
        return result
    }

    /// This layout at `fraction` 0, `other` at 1: the layout of the blended
    /// widths, every frame edge linear in between (except while a grown end
    /// inset follows a fixed-width indicator's overhang, which keeps the end
    /// title's center still). Both must share `base`.
    public func interpolated(to other: SegmentLayout, fraction: Double) -> SegmentLayout {
        precondition(base === other.base, "layouts of different title lists")
        var merged = [WidthExtra]()
        merged.reserveCapacity(extras.count + other.extras.count)
        var i = 0, j = 0
        while i < extras.count || j < other.extras.count {
            let a = i < extras.count ? extras[i] : nil
            let b = j < other.extras.count ? other.extras[j] : nil
            if let a, b == nil || a.index < b!.index {
                merged.append(a.blended(to: WidthExtra(index: a.index, extra: 0), fraction))
                i += 1
            } else if let b, a == nil || b.index < a!.index {
                merged.append(WidthExtra(index: b.index, extra: 0).blended(to: b, fraction))
                j += 1
            } else {
                merged.append(a!.blended(to: b!, fraction))
                i += 1
                j += 1
            }
        }
        var result = SegmentLayout(metrics: metrics, base: base, extras: merged)
        result.fill = SpareSpace(lead: lerp(fill.lead, other.fill.lead, fraction), gap: lerp(fill.gap, other.fill.gap, fraction),
                                 width: lerp(fill.width, other.fill.width, fraction))
        return result
    }

    /// The first index whose frame's right edge is past `x` (content pixels),
    /// or `count` if none: a binary search over the frames, O(log n).
    public func firstIndex(endingAfter x: Double) -> Int {
        firstIndex(before: count) { minX(at: $0) + width(at: $0) > x }
    }

    /// The first index in 0..<`end` where `isPast` holds, or `end` if none,
    /// for a predicate that holds from some index on. An exponential search
    /// from the widths measured so far, then a binary search: the same index
    /// a binary search over all of 0..<`end` finds, with widths measured at
    /// most about twice as far as the answer; O(log n).
    func firstIndex(before end: Int, where isPast: (Int) -> Bool) -> Int {
        var lo = 0, hi = min(max(base.measuredCount, 1), end)
        while hi < end, !isPast(hi - 1) {
            lo = hi
            hi = min(2 * hi, end)
        }
        while lo < hi {
            let mid = (lo + hi) / 2
            if isPast(mid) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// The first index whose frame's left edge is at or past `x` (content
    /// pixels), or `count` if none; O(log n).
    public func firstIndex(startingAtOrAfter x: Double) -> Int {
        firstIndex(before: count) { minX(at: $0) >= x }
    }

    /// Indices of the segments that intersect the viewport
    /// [`contentOffset`, `contentOffset + viewportWidth`) (pixels); O(log n).
    public func visibleRange(contentOffset: Double, viewportWidth: Double) -> Range<Int> {
        let first = firstIndex(endingAfter: contentOffset)
        let end = firstIndex(startingAtOrAfter: contentOffset + viewportWidth)
        return first..<max(first, end)
    }
}
