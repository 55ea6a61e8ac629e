import SegmentedCore

/// Colors and fonts of the strip; colors are 0xRRGGBB, fonts fontconfig patterns.
///
/// The defaults are the design of issue 2.
public struct StripStyle: Equatable, Sendable {
    /// Font of unselected titles.
    public var font = "sans-serif:pixelsize=15"
    /// Font of the selected title.
    public var selectedFont = "sans-serif:pixelsize=17:weight=bold"
    /// Font of the page title under the strip.
    public var pageFont = "sans-serif:pixelsize=28:weight=bold"
    /// Unselected title color.
    public var textColor: UInt32 = 0x555555
    /// Unselected title under the pointer: a little darker than `textColor`.
    public var hoverTextColor: UInt32 = 0x333333
    /// Selected title and indicator color.
    public var accentColor: UInt32 = 0xE53935
    /// Background of the strip and page.
    public var backgroundColor: UInt32 = 0xFFFFFF
    /// The 1 px line under the strip.
    public var separatorColor: UInt32 = 0xE5E5E5
    /// The page title's color.
    public var pageTextColor: UInt32 = 0x333333
    /// The widest a segment gets, pixels; longer titles are elided with "…" (nil: no limit).
    public var maximumSegmentWidth: Double?
    /// How wide the indicator is (default: the design's fixed 30 px).
    public var indicatorSizing: IndicatorSizing = .fixed
    /// Fixed indicator width, pixels.
    public var indicatorWidth: Double = 30
    /// Indicator height, pixels.
    public var indicatorHeight: Double = 3
    /// Indicator at the bottom (default) or the top of the strip.
    public var indicatorLocation: IndicatorLocation = .bottom
    /// An underline (default) or a box behind the selected title.
    public var indicatorShape: IndicatorShape = .underline
    /// Opacity of the indicator, 0 to 1 (a box is usually light: 0.15).
    public var indicatorOpacity: Double = 1
    /// Corner radius of the indicator, pixels.
    public var indicatorCornerRadius: Double = 0
    /// Spare room when the titles are narrower than the window.
    public var fillMode: FillMode = .start
    /// Multiplies every length and font size (HiDPI); 1 at 96 dpi.
    public var scale: Double = 1
    /// How the indicator travels during a selection tween.
    public var indicatorAnimation: IndicatorAnimation = .slide
    /// Duration of a selection tween, seconds.
    public var tweenDuration: Double = 0.3
    /// Easing of a selection tween.
    public var easing: CubicBezierEasing = .easeInOut
    /// Left to right (default) or right to left: the first segment at the right, everything mirrored.
    public var direction: LayoutDirection = .leftToRight
    /// Whether titles blend (color in linear light, size, weight at the midpoint) or switch at the start of a tween.
    public var titleTransition: TitleTransition = .blend

    /// `metrics` with this style's segment and indicator settings.
    public func applied(to metrics: LayoutMetrics) -> LayoutMetrics {
        var m = metrics
        if let limit = maximumSegmentWidth { m.maximumSegmentWidth = limit }
        m.indicatorSizing = indicatorSizing
        m.indicatorWidth = indicatorWidth
        m.indicatorHeight = indicatorHeight
        m.indicatorLocation = indicatorLocation
        m.fillMode = fillMode
        m.indicatorAnimation = indicatorAnimation
        m.indicatorShape = indicatorShape
        m.tweenDuration = tweenDuration
        m.easing = easing
        m.titleTransition = titleTransition
        return m.scaled(by: scale)
    }

    /// The design's style.
    public init() {}

    /// The control-point y values an easing may use: overshoot (a bounce) up
    /// to one whole distance each way. Beyond it, retargeting mid-tween from
    /// an overshot position compounds the overshoot without bound.
    public static let easingYRange: ClosedRange<Double> = -1...2

    /// A style value outside what the strip can draw.
    public struct InvalidValue: Error, Equatable, CustomStringConvertible {
        /// The field and the accepted range.
        public let description: String
    }

    /// Checks every number of the style: finite and within the range the
    /// strip can draw (units as in each field's documentation).
    /// - Throws: `InvalidValue` naming the first field out of range.
    public func validate() throws {
        func check(_ value: Double, _ range: ClosedRange<Double>, _ name: String) throws {
            guard value.isFinite, range.contains(value) else {
                throw InvalidValue(description: "StripStyle.\(name) is \(value); it must be a finite number from \(range.lowerBound) to \(range.upperBound)")
            }
        }
        try check(scale, 0.25...8, "scale")
        try check(indicatorWidth, 0...10_000, "indicatorWidth")
        try check(indicatorHeight, 0...1_000, "indicatorHeight")
        try check(indicatorOpacity, 0...1, "indicatorOpacity")
        try check(indicatorCornerRadius, 0...10_000, "indicatorCornerRadius")
        try check(tweenDuration, 0.001...3_600, "tweenDuration")
        if let limit = maximumSegmentWidth { try check(limit, 1...1_000_000, "maximumSegmentWidth") }
        if case let .title(increment) = indicatorSizing { try check(increment, -1_000...1_000, "indicatorSizing.title(increment:)") }
        try check(easing.y1, Self.easingYRange, "easing.y1")
        try check(easing.y2, Self.easingYRange, "easing.y2")
    }
}
