/// The lengths of the strip's design and where things sit, in pixels.
///
/// The defaults are the design this project is built on (issue 2): insets
/// left 5, right 5, top 0, bottom 2; spacing 15; a 44 px strip; a 30 x 3
/// indicator; a 5 px click slop. `StripStyle.metrics` is this type, so each
/// default is declared here only; how a selection moves is `SelectionMotion`.
public struct LayoutMetrics: Equatable, Sendable {
    /// Height of the strip, pixels.
    public var stripHeight: Double = 44
    /// Insets around the content, pixels.
    public var insets = EdgeInsets(left: 5, right: 5, top: 0, bottom: 2)
    /// Gap between two segments, pixels.
    public var spacing: Double = 15
    /// The narrowest a segment gets, pixels, so that an empty or
    /// whitespace-only title can still be seen (its indicator) and clicked.
    public var minimumSegmentWidth: Double = 24
    /// The widest a segment gets, pixels; a longer title is elided with "…".
    /// nil (the default) means no limit.
    public var maximumSegmentWidth: Double?
    /// Indicator width, pixels (with `indicatorSizing` `.fixed`).
    public var indicatorWidth: Double = 30
    /// How the indicator's width is chosen.
    public var indicatorSizing: IndicatorSizing = .fixed
    /// Where the indicator sits (for an underline).
    public var indicatorLocation: IndicatorLocation = .bottom
    /// An underline (default) or a box behind the title.
    public var indicatorShape: IndicatorShape = .underline
    /// A box's distance from the top and bottom of the title band, pixels.
    public var indicatorBoxInset: Double = 6
    /// What to do with spare room when the content is narrower than the viewport.
    public var fillMode: FillMode = .start
    /// Indicator height, pixels.
    public var indicatorHeight: Double = 3
    /// The least room between an underline and the title's ink box (the
    /// font's ascent + descent), pixels; see `fittingText(height:)`.
    public var indicatorGap: Double = 2
    /// A press and release at most this far apart (pixels, Euclidean) is a
    /// click; motion past it turns the press into a drag.
    public var clickSlop: Double = 5
    /// A badge pill's height, pixels: the strip sets it to the pixel size of
    /// its unselected title font, which draws badges' text, + 2 ×
    /// `badgeVerticalPadding` (`fittingBadge(textHeight:)`): 19 for the
    /// default 15 px font; 16 until then.
    public var badgeHeight: Double = 16
    /// Room above and below a badge's text (its font's pixel size) inside its pill, pixels.
    public var badgeVerticalPadding: Double = 2
    /// Room left and right of a badge's text inside its pill, pixels.
    public var badgePadding: Double = 4
    /// A dot badge's diameter, pixels.
    public var badgeDotDiameter: Double = 6
    /// The gap between a title's trailing edge and its badge, pixels.
    public var badgeGap: Double = 2
    /// The side of the square box an icon is fitted into, pixels (16 × scale: a menu icon's size).
    public var iconSize: Double = 16
    /// The gap between an icon and its title, pixels (beside it, or under an icon above it).
    public var iconGap: Double = 6
    /// Where an item's icon sits: before the title (default), after it, or above it.
    public var iconPosition: IconPosition = .before
    /// Whether an edge beyond which titles continue fades into the background (`edgeFades`).
    public var overflowFade: OverflowFade = .on
    /// How far into the window an edge's fade reaches, pixels (36: AdwTabBar's).
    public var overflowFadeWidth: Double = 36
    /// Whether every segment keeps room for a close button at its trailing
    /// end (`closeButtonRoom`), so nothing moves when one shows on hover: the strip sets it when closable.
    public var reservesCloseButton = false
    /// A close button's side, pixels: its hit area (16 × scale, a small icon button's).
    public var closeButtonSize: Double = 16
    /// The gap between a segment's content and its close button, pixels.
    public var closeButtonGap: Double = 4

    /// The design's metrics.
    public init() {}

    /// Every length multiplied by `factor` (HiDPI): strip height, insets,
    /// spacing, indicator, minimum and maximum segment widths, the click
    /// slop, the badge's lengths, the icon's (its box rounded to whole
    /// pixels), the close button's (its side rounded too) and the overflow fade's width (rounded too). The shape, sizing and placement stay as they are.
    public func scaled(by factor: Double) -> LayoutMetrics {
        guard factor != 1, factor.isFinite, factor > 0 else { return self }
        var m = self
        m.stripHeight = (stripHeight * factor).rounded()
        m.insets = EdgeInsets(left: insets.left * factor, right: insets.right * factor,
                              top: insets.top * factor, bottom: insets.bottom * factor)
        m.spacing = spacing * factor
        m.minimumSegmentWidth = minimumSegmentWidth * factor
        m.maximumSegmentWidth = maximumSegmentWidth.map { $0 * factor }
        m.indicatorWidth = indicatorWidth * factor
        m.indicatorHeight = indicatorHeight * factor
        m.indicatorGap = indicatorGap * factor
        m.indicatorBoxInset = indicatorBoxInset * factor
        m.clickSlop = clickSlop * factor
        m.badgeHeight = badgeHeight * factor
        m.badgeVerticalPadding = badgeVerticalPadding * factor
        m.badgePadding = badgePadding * factor
        m.badgeDotDiameter = badgeDotDiameter * factor
        m.badgeGap = badgeGap * factor
        m.iconSize = (iconSize * factor).rounded()
        m.iconGap = iconGap * factor
        m.overflowFadeWidth = (overflowFadeWidth * factor).rounded()
        m.closeButtonSize = (closeButtonSize * factor).rounded()
        m.closeButtonGap = closeButtonGap * factor
        return m
    }
}

extension LayoutMetrics {
    /// The strip height that fits titles `textHeight` pixels tall (the
    /// tallest font's ascent + descent) with the indicator beside them, pixels:
    ///
    ///     max(stripHeight, textHeight + insets.top + below), below = insets.bottom + indicatorHeight + indicatorGap
    ///
    /// rounded up to a whole pixel. With the defaults that is 44 px (at scale
    /// 1) up to a 37 px tall font, so the design's strip stays as it is for
    /// ordinary fonts, and a larger font makes the strip taller instead of
    /// letting the underline cross its descenders (or ascenders, at the top).
    /// With icons above the titles, `iconRoomAbove` + `below` more, so the
    /// icon keeps from the strip's top what the title keeps from its foot:
    /// 56 px for a 20 px tall font.
    public func fittingText(height textHeight: Double) -> LayoutMetrics {
        var m = self
        let below = insets.bottom + indicatorHeight + indicatorGap
        let needed = textHeight + insets.top + below + (iconPosition == .above ? iconRoomAbove + below : 0)
        m.stripHeight = max(stripHeight, needed.rounded(.up))
        return m
    }

    /// The indicator's width under a segment `segmentWidth` pixels wide, as
    /// `indicatorSizing` says: `indicatorWidth`; the segment's width plus the
    /// increment, at least 1 px; or the segment's width plus `spacing`.
    public func indicatorWidth(segmentWidth: Double) -> Double {
        switch indicatorSizing {
        case .fixed: return indicatorWidth
        case let .title(increment): return max(1, segmentWidth + increment)
        case .segment: return segmentWidth + spacing
        }
    }

    /// How far the indicator centered under a segment `segmentWidth` pixels
    /// wide reaches past each of its sides, pixels (negative when narrower):
    /// (`indicatorWidth(segmentWidth:)` - `segmentWidth`) / 2. An end inset
    /// below it grows to it (`SegmentLayout`), so an indicator is centered on
    /// its title at every index and never crosses the content's edge.
    public func indicatorOverhang(segmentWidth: Double) -> Double {
        (indicatorWidth(segmentWidth: segmentWidth) - segmentWidth) / 2
    }

    /// The baseline (pixels from the strip's top) of a title whose font has
    /// `ascent` and `descent` (pixels): its ascent + descent centered in the
    /// title band (the strip less its top and bottom insets), then moved, when
    /// it would come closer than `indicatorGap` to an underline, away from it.
    /// A box indicator lies behind the title and moves nothing.
    /// With icons above the titles (`iconPosition` `.above`), the icon's
    /// room (`iconRoomAbove`) and the title are centered as one block, the
    /// title at its foot, whether or not that item has an icon.
    public func titleBaseline(ascent: Int, descent: Int) -> Int {
        let bandTop = insets.top, bandHeight = stripHeight - insets.top - insets.bottom
        let block = iconRoomAbove + Double(ascent + descent)
        let centered = Int((bandTop + (bandHeight - block) / 2 + iconRoomAbove).rounded()) + ascent
        guard indicatorShape == .underline else { return centered }
        switch indicatorLocation {
        case .bottom:
            let lowest = Int((stripHeight - insets.bottom - indicatorHeight - indicatorGap).rounded(.down)) - descent
            return min(centered, lowest)
        case .top:
            let highest = Int((insets.top + indicatorHeight + indicatorGap).rounded(.up)) + ascent
            return max(centered, highest)
        }
    }
}

/// How wide the indicator is.
public enum IndicatorSizing: Equatable, Sendable {
    /// `indicatorWidth` pixels (the design's 30 px), centered under the segment.
    case fixed
    /// The segment's title width plus `increment` pixels (which may be negative), centered.
    case title(increment: Double)
    /// The whole segment: its title width plus the spacing, half on each side (its hit area).
    case segment
}

/// Where the indicator is drawn in the strip.
public enum IndicatorLocation: String, Equatable, Sendable, CaseIterable {
    /// Bottom edge on the bottom inset (the design's default).
    case bottom
    /// Top edge on the top inset.
    case top
}

/// What a strip does with room to spare (content narrower than the viewport).
public enum FillMode: String, Equatable, Sendable, CaseIterable {
    /// Segments from the left inset, the room after them (the design's default).
    case start
    /// The segments centered.
    case center
    /// The room shared among the gaps (one segment: centered).
    case spread
    /// The room shared among the segments' widths.
    case stretch
}

/// How titles change font and color when the selection moves.
public enum TitleTransition: String, Equatable, Sendable, CaseIterable {
    /// Continuously, on the tween's curve: color interpolated in linear
    /// light, pixel size interpolated between the unselected and selected
    /// fonts (in whole pixels), the weight switching at the midpoint; the
    /// segment widths follow (`StripPresentation.titleSelection`).
    case blend
    /// At once, when the tween starts: the new title is drawn selected and
    /// the old one unselected from the first frame.
    case switchAtStart = "switch"
}

/// Where an item's icon sits against its title (right to left mirrors before and after).
public enum IconPosition: String, Equatable, Sendable, CaseIterable {
    /// Before the title, `iconGap` from it, the two centered as one (QTabBar's, AdwTabBar's).
    case before
    /// After the title, `iconGap` from it.
    case after
    /// Centered above the title, `iconGap` over it; the strip grows by `iconSize` + `iconGap` (Material's tabs).
    case above
}

/// The indicator's shape.
public enum IndicatorShape: String, Equatable, Sendable, CaseIterable {
    /// A bar `indicatorHeight` high under (or over) the title.
    case underline
    /// A (rounded) rectangle behind the title, filling the title band less `indicatorBoxInset` above and below.
    case box
}
