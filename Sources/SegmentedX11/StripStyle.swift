import SegmentedCore

/// Everything a host configures about a strip, by meaning: how it looks, how
/// it is measured, how it moves, its scale and its direction.
///
/// The defaults are the design of issue 2. The lengths are the core's
/// `LayoutMetrics` and the motion the core's `SelectionMotion`, so each default
/// is declared once, where the model reads it. Every user setting is declared
/// in `StripSetting.all`, which gives its range, its X resource, its flag and
/// its documentation; `validate()` checks that table. Each field of a part can
/// also be read and written on the style itself (`style.accentColor` is
/// `style.appearance.accentColor`).
@dynamicMemberLookup
public struct StripStyle: Equatable, Sendable {
    /// Colors (0xRRGGBB), fonts (fontconfig patterns) and how the indicator is painted.
    public struct Appearance: Equatable, Sendable {
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
        /// Opacity of the indicator, 0 to 1; nil (the default) draws it at
        /// `automaticIndicatorOpacity(for:)`: 1 for an underline, 0.2 for a box.
        public var indicatorOpacity: Double?
        /// Corner radius of the indicator, pixels at scale 1.
        public var indicatorCornerRadius: Double = 0
        /// Color of the titles where a box covers them (0xRRGGBB); nil (the
        /// default) is `StripStyle.indicatorTitleColor`'s choice: the title's own color while it reads on the box.
        public var indicatorTitleColor: UInt32?
        /// Titles of disabled items (0xRRGGBB); nil (the default) is
        /// `StripStyle.effectiveDisabledTextColor`: the text color at 38 % over the background.
        public var disabledTextColor: UInt32?
        /// A badge's pill (and dot), 0xRRGGBB: Material's red, as the accent.
        public var badgeColor: UInt32 = 0xE53935
        /// A badge's text in its pill, 0xRRGGBB.
        public var badgeTextColor: UInt32 = 0xFFFFFF

        public init() {}

        /// The opacity an indicator of `shape` is drawn at when none is set:
        /// 1 for an underline; 0.2 for a box (HMSegmentedControl's
        /// `selectionIndicatorBoxOpacity`), as an opaque box in the accent color would hide the accent title on it.
        public static func automaticIndicatorOpacity(for shape: IndicatorShape) -> Double { shape == .box ? 0.2 : 1 }
    }

    /// Lengths in pixels at scale 1 and where things sit: the core's own type.
    public typealias Metrics = LayoutMetrics
    /// How a selection moves: the core's own type.
    public typealias Motion = SelectionMotion

    /// Colors, fonts and how the indicator is painted.
    public var appearance = Appearance()
    /// Lengths at scale 1, the indicator's shape and placement.
    public var metrics = LayoutMetrics()
    /// Durations, easing and animation modes.
    public var motion = SelectionMotion()
    /// Multiplies every length and font size (HiDPI); 1 at 96 dpi.
    public var scale: Double = 1
    /// Left to right (default) or right to left: the first segment at the right, everything mirrored.
    public var direction: LayoutDirection = .leftToRight
    /// What the user may do with the tabs: close and reorder them, and what a removal selects.
    public var behavior = Behavior()
    /// The icon theme items' icon names are looked up in (then hicolor); nil:
    /// the one the desktop's XSETTINGS manager names (`Net/IconThemeName`)
    /// when the first name is looked up, else Adwaita.
    public var iconThemeName: String?

    /// What the user may do with the tabs (the strip's `isClosable`, `isReorderable` and `removalSelection`).
    public struct Behavior: Equatable, Sendable {
        /// `on`: a middle-click asks the host to close a segment.
        public var closable = Switch.off
        /// `on`: Ctrl+Shift+Page Up, Page Down, Home and End move the selected item.
        public var reorderable = Switch.off
        /// What is selected when the selected item is removed.
        public var removalSelection = RemovalSelection.next
    }

    /// A setting that is on or off.
    public enum Switch: String, CaseIterable, Sendable {
        case on, off
    }

    /// The design's style.
    public init() {}

    public subscript<T>(dynamicMember field: WritableKeyPath<Appearance, T>) -> T {
        get { appearance[keyPath: field] }
        set { appearance[keyPath: field] = newValue }
    }

    public subscript<T>(dynamicMember field: WritableKeyPath<LayoutMetrics, T>) -> T {
        get { metrics[keyPath: field] }
        set { metrics[keyPath: field] = newValue }
    }

    public subscript<T>(dynamicMember field: WritableKeyPath<SelectionMotion, T>) -> T {
        get { motion[keyPath: field] }
        set { motion[keyPath: field] = newValue }
    }

    /// The opacity the indicator is drawn at, 0 to 1: `indicatorOpacity`, or the automatic one for its shape.
    public var effectiveIndicatorOpacity: Double {
        appearance.indicatorOpacity ?? Appearance.automaticIndicatorOpacity(for: metrics.indicatorShape)
    }

    /// The opacity of a disabled title's automatic color: Material Design's
    /// disabled-content alpha (38 %).
    public static let disabledTextOpacity = 0.38

    /// The color disabled items' titles are drawn in (0xRRGGBB):
    /// `disabledTextColor`, or `textColor` at `disabledTextOpacity` composited
    /// Over `backgroundColor` per 8-bit channel, round(c x 0.38 + b x 0.62)
    /// (`ColorBlend.over`): the default #555555 on white is #BEBEBE.
    public var effectiveDisabledTextColor: UInt32 {
        appearance.disabledTextColor
            ?? ColorBlend.over(appearance.textColor, Self.disabledTextOpacity, on: appearance.backgroundColor)
    }

    /// The least contrast ratio the accent keeps against a box before the
    /// titles on it change color: WCAG 2's 3:1 for large text and graphics.
    public static let minimumBoxContrast = 3.0

    /// The box indicator's color where it lies on the background (0xRRGGBB):
    /// the accent composited Over the background at the effective opacity.
    public var boxColor: UInt32 {
        ColorBlend.over(appearance.accentColor, max(0, min(1, effectiveIndicatorOpacity)), on: appearance.backgroundColor)
    }

    /// The color titles are drawn in where a box covers them, or nil where
    /// they keep their own colors: `indicatorTitleColor` when set (box only);
    /// else nil while the accent reads on `boxColor` (contrast at least
    /// `minimumBoxContrast`: the default 0.2 box, 3.2:1); else white or
    /// black, whichever contrasts more with the box (an opaque box: black on
    /// the default red, 5.0:1), as JXCategoryView's title mask draws them.
    public var boxTitleColor: UInt32? {
        guard metrics.indicatorShape == .box else { return nil }
        if let color = appearance.indicatorTitleColor { return color }
        let box = boxColor
        if ColorBlend.contrast(appearance.accentColor, box) >= Self.minimumBoxContrast { return nil }
        return ColorBlend.contrast(0xFFFFFF, box) >= ColorBlend.contrast(0x000000, box) ? 0xFFFFFF : 0x000000
    }

    /// The core's layout metrics for this style, every length multiplied by
    /// `scale`, with room for a close button in every segment when
    /// `behavior.closable` is on: what the model lays out with.
    public var layoutMetrics: LayoutMetrics {
        var m = metrics.scaled(by: scale)
        m.reservesCloseButton = behavior.closable == .on
        return m
    }

    /// `layoutMetrics` with the strip made tall enough for the tallest of
    /// `fonts` (ascent + descent, pixels: `LayoutMetrics.fittingText(height:)`).
    @MainActor func layoutMetrics(fitting fonts: [FontChain]) -> LayoutMetrics {
        let tallest = fonts.map { $0.ascent + $0.descent }.max() ?? 0
        return layoutMetrics.fittingText(height: Double(tallest))
    }

    /// `layoutMetrics(fitting:)` of the title fonts (`font`, `selectedFont`)
    /// opened on `connection`, the style validated first.
    /// - Throws: `InvalidValue` for a style out of range, `FontChain.Failure`
    ///   when one of its fonts cannot be opened.
    @MainActor func layoutMetrics(fittingFontsOn connection: XDisplayConnection) throws -> LayoutMetrics {
        try validate()
        return layoutMetrics(fitting: try [self.font, self.selectedFont].map { try connection.fontChain(pattern: $0, scale: scale) })
    }

    /// The control-point y values an easing may use: overshoot (a bounce) up
    /// to one whole distance each way. Beyond it, retargeting mid-tween from
    /// an overshot position compounds the overshoot without bound.
    public static let easingYRange: ClosedRange<Double> = -1...2

    /// A style value outside what the strip can draw.
    public struct InvalidValue: Error, Equatable, CustomStringConvertible {
        /// The field and the accepted range.
        public let description: String
    }

    /// The range every design length of `metrics` that is not a user
    /// setting (strip height, insets, spacing, minimum segment width, box
    /// inset, indicator gap, click slop) must be in, pixels at scale 1: finite, not
    /// negative, and no more than the largest window side (16384 px).
    public static let designLengthRange: ClosedRange<Double> = 0...16384

    /// Checks every number of the style against the ranges of `StripSetting.all`
    /// (the same ranges the flags and X resources accept), then the design
    /// lengths against `designLengthRange`.
    /// - Throws: `InvalidValue` naming the first field out of range.
    public func validate() throws {
        for setting in StripSetting.all {
            try setting.validate(self)
        }
        let i = metrics.insets
        let lengths: [(String, Double)] = [
            ("stripHeight", metrics.stripHeight), ("insets.left", i.left), ("insets.right", i.right), ("insets.top", i.top),
            ("insets.bottom", i.bottom), ("spacing", metrics.spacing), ("minimumSegmentWidth", metrics.minimumSegmentWidth),
            ("indicatorBoxInset", metrics.indicatorBoxInset), ("indicatorGap", metrics.indicatorGap), ("clickSlop", metrics.clickSlop),
        ]
        // `contains` is false for NaN, so a NaN is refused too.
        for (name, value) in lengths where !Self.designLengthRange.contains(value) {
            throw InvalidValue(description: "StripStyle.\(name) is \(value); it must be a finite number from 0 to 16384 (pixels)")
        }
    }
}
