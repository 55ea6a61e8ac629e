// Badges' geometry: how wide a pill is from its measured text, the room it
// adds to its segment, and where it sits. The X side measures the text; the
// formulas live here, so core tests assert the exact frames.

extension SegmentBadge {
    /// The text drawn in the pill: a count's digits ("99+" above 99, as
    /// Material's and iOS's badges cap it), the short text, nothing for a dot.
    public var drawnText: String {
        switch self {
        case let .count(n): return n > 99 ? "99+" : String(n)
        case .dot: return ""
        case let .text(text): return text
        }
    }

    /// What an assistive technology reads for the badge: the count in full
    /// (the pill's "99+" is for the eye), the text, or "new" for a dot.
    public var spokenText: String {
        switch self {
        case let .count(n): return String(n)
        case .dot: return "new"
        case let .text(text): return text
        }
    }
}

extension LayoutMetrics {
    /// These metrics with `badgeHeight` fitting badge text `textHeight` pixels
    /// tall (the pixel size of the font that draws it: its em, which holds
    /// digits, capitals and CJK, not its line's ascent + descent): the text + 2 ×
    /// `badgeVerticalPadding`, rounded up to a whole pixel.
    public func fittingBadge(textHeight: Double) -> LayoutMetrics {
        var m = self
        m.badgeHeight = (textHeight + 2 * badgeVerticalPadding).rounded(.up)
        return m
    }

    /// A badge's pill width, pixels: a dot is `badgeDotDiameter`; text is its
    /// advance `textWidth` (pixels, rounded up) + 2 × `badgePadding`, at least
    /// `badgeHeight` (so one digit is a circle).
    public func badgePillWidth(_ badge: SegmentBadge, textWidth: Double) -> Double {
        if badge == .dot { return badgeDotDiameter }
        let text = textWidth.isFinite ? max(0, textWidth).rounded(.up) : 0
        return max(badgeHeight, text + 2 * badgePadding)
    }

    /// A badge's pill height, pixels: `badgeDotDiameter` for a dot, else `badgeHeight`.
    public func badgePillHeight(_ badge: SegmentBadge) -> Double {
        badge == .dot ? badgeDotDiameter : badgeHeight
    }

    /// The width a badge `pillWidth` pixels wide adds to its segment, pixels:
    /// `badgeGap` + `pillWidth`, rounded up, so the pill lies inside the
    /// segment and never reaches the next title.
    public func badgeExtraWidth(pillWidth: Double) -> Double {
        (badgeGap + pillWidth).rounded(.up)
    }
}

/// Where a badged title and its pill sit, content coordinates (pixels).
public struct BadgePlacement: Equatable, Sendable {
    /// The title's left edge (its pen start in left-to-right content).
    public var titleMinX: Double
    /// The pill (or the dot's bounding square).
    public var pill: Rect
}

extension SegmentLayout {
    /// Where segment `index`'s title (`titleAdvance` pixels wide) and its
    /// badge (a pill `pillWidth` × `pillHeight`) sit: the two, `badgeGap`
    /// apart, centered as one on the frame's mid-x, the pill after the title
    /// (content x grows toward reading's end, so right to left mirrors it to
    /// the title's left). Vertically the pill is centered on the title's top
    /// (`titleTop`, the strip's baseline - the font's ascent: its top trailing
    /// corner), clamped between the strip's top and bottom insets, which the
    /// strip's height (`fittingText(height:)`) sets at least the title font's
    /// height + the indicator and its gap apart: a pill as tall as that font's
    /// pixel size + 2 × `badgeVerticalPadding` lies inside them.
    public func badgePlacement(at index: Int, titleAdvance: Double, pillWidth: Double, pillHeight: Double,
                               titleTop: Double) -> BadgePlacement {
        let titleMinX = contentMidX(at: index) - (titleAdvance + metrics.badgeGap + pillWidth) / 2
        let lowest = metrics.stripHeight - metrics.insets.bottom - pillHeight
        let y = max(metrics.insets.top, min(titleTop - pillHeight / 2, lowest))
        return BadgePlacement(titleMinX: titleMinX,
                              pill: Rect(x: titleMinX + titleAdvance + metrics.badgeGap, y: y, width: pillWidth, height: pillHeight))
    }
}

extension StripModel {
    /// The width `badge` adds to its segment, pixels
    /// (`LayoutMetrics.badgeExtraWidth(pillWidth:)`), its text measured by
    /// `measure` (pixels); 0 without a badge.
    static func badgeExtra(_ badge: SegmentBadge?, metrics: LayoutMetrics, measure: (String) -> Double) -> Double {
        guard let badge else { return 0 }
        let text = badge == .dot ? 0 : measure(badge.drawnText)
        return metrics.badgeExtraWidth(pillWidth: metrics.badgePillWidth(badge, textWidth: text))
    }

    /// Segment `index`'s unselected width for `titles` and `details`: the
    /// title's (`segmentWidth(_:metrics:)`) + its icon's and badge's extra (`itemExtra`)
    /// + the close button's room (`LayoutMetrics.closeButtonRoom`).
    static func unselectedWidth(at index: Int, titles: [String], details: ItemDetails, metrics: LayoutMetrics,
                                measureTitle: (String) -> Double, measureBadge: (String) -> Double,
                                measureIcon: (SegmentIcon) -> Double) -> Double {
        let title = segmentWidth(measureTitle(titles[index]), metrics: metrics)
        return metrics.closeButtonRoom + (details.isEmpty ? title
            : title + itemExtra(details[index], titleWidth: title, metrics: metrics, measureBadge: measureBadge, measureIcon: measureIcon))
    }
}
