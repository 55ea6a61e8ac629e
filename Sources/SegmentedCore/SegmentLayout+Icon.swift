// Icons' geometry: the room an icon adds to its segment and where it sits
// against the title (`LayoutMetrics.iconPosition`). The X side says how wide an icon's box is (its slot,
// whether the icon is decoded yet, or at all); the formulas live here, so core tests
// assert the exact frames.

extension LayoutMetrics {
    /// The width an icon `iconWidth` pixels wide takes beside a title,
    /// pixels, rounded up: the icon + `iconGap` before or after a non-empty
    /// title; 0 above a title, for an icon-only item (empty title) and for no
    /// icon (`iconWidth` 0). What a
    /// title may be elided to leave.
    public func iconWidthBesideTitle(iconWidth: Double, hasTitle: Bool) -> Double {
        guard iconWidth > 0, iconWidth.isFinite, hasTitle, iconPosition != .above else { return 0 }
        return (iconWidth + iconGap).rounded(.up)
    }

    /// The width an icon `iconWidth` pixels wide adds to a segment whose
    /// title is `titleWidth` pixels wide (`StripModel.segmentWidth`, so at
    /// least `minimumSegmentWidth`), pixels, rounded up: beside a non-empty
    /// title, `iconWidthBesideTitle`; above one, or alone, what the icon
    /// needs beyond the title's width (none for a 16 px icon over a title at
    /// least that wide, nor alone in the 24 px minimum); 0 for no icon.
    public func iconExtraWidth(iconWidth: Double, hasTitle: Bool, titleWidth: Double) -> Double {
        guard iconWidth > 0, iconWidth.isFinite else { return 0 }
        return hasTitle && iconPosition != .above ? iconWidthBesideTitle(iconWidth: iconWidth, hasTitle: true)
            : max(0, (iconWidth - titleWidth).rounded(.up))
    }

    /// The height icons above the titles add to the title band, pixels:
    /// `iconSize` + `iconGap` with `iconPosition` `.above`, else 0.
    public var iconRoomAbove: Double {
        iconPosition == .above ? iconSize + iconGap : 0
    }
}

/// Where an item's icon, title and badge sit, content coordinates (pixels).
public struct ItemPlacement: Equatable, Sendable {
    /// The icon's box (`iconSize` square); nil without an icon.
    public var icon: Rect?
    /// The title's left edge (its pen start in left-to-right content).
    public var titleMinX: Double
    /// The badge's pill; nil without a badge.
    public var pill: Rect?
}

extension SegmentLayout {
    /// Where segment `index`'s icon (`iconWidth` pixels square, 0: none),
    /// title (`titleAdvance` pixels wide, its band `titleTop` to `titleTop` +
    /// `titleHeight`) and badge (`pill`: width and height, nil: none) sit,
    /// as `metrics.iconPosition` says:
    /// - before (after): the icon, `iconGap` and a non-empty title (the
    ///   title, the gap and the icon) are centered as one on the content's
    ///   mid-x (`contentMidX(at:)`) (content x grows toward reading's end, so right to left
    ///   mirrors the order), the icon centered on the title band's middle;
    /// - above: the title is placed as if it had no icon, the icon centered
    ///   over it, its foot `iconGap` above the title band.
    ///
    /// The pill is placed as `badgePlacement` places it after the icon and
    /// title as one "title" (above: after the title). The icon's y is rounded to a whole pixel.
    public func itemPlacement(at index: Int, iconWidth: Double, titleAdvance: Double, titleTop: Double, titleHeight: Double,
                              pill: (width: Double, height: Double)?) -> ItemPlacement {
        let position = metrics.iconPosition
        let beside = iconWidth > 0 && position != .above ? iconWidth + (titleAdvance > 0 ? metrics.iconGap : 0) : 0
        let minX: Double, pillRect: Rect?
        if let pill {
            let badged = badgePlacement(at: index, titleAdvance: beside + titleAdvance, pillWidth: pill.width, pillHeight: pill.height,
                                        titleTop: titleTop)
            (minX, pillRect) = (badged.titleMinX, badged.pill)
        } else {
            (minX, pillRect) = (contentMidX(at: index) - (beside + titleAdvance) / 2, nil)
        }
        guard iconWidth > 0 else { return ItemPlacement(icon: nil, titleMinX: minX, pill: pillRect) }
        switch position {
        case .before:
            let y = (titleTop + (titleHeight - iconWidth) / 2).rounded()
            return ItemPlacement(icon: Rect(x: minX, y: y, width: iconWidth, height: iconWidth), titleMinX: minX + beside, pill: pillRect)
        case .after:
            let y = (titleTop + (titleHeight - iconWidth) / 2).rounded()
            return ItemPlacement(icon: Rect(x: minX + beside + titleAdvance - iconWidth, y: y, width: iconWidth, height: iconWidth),
                                 titleMinX: minX, pill: pillRect)
        case .above:
            let y = (titleTop - metrics.iconGap - iconWidth).rounded()
            return ItemPlacement(icon: Rect(x: minX + (titleAdvance - iconWidth) / 2, y: y, width: iconWidth, height: iconWidth),
                                 titleMinX: minX, pill: pillRect)
        }
    }
}

extension StripModel {
    /// The width `item`'s icon and badge add to its segment, whose title is
    /// `titleWidth` pixels wide, pixels: the icon's
    /// (`LayoutMetrics.iconExtraWidth`, its box from `measureIcon`) + the
    /// badge's (`badgeExtra`); 0 for no item.
    static func itemExtra(_ item: SegmentItem?, titleWidth: Double, metrics: LayoutMetrics, measureBadge: (String) -> Double,
                          measureIcon: (SegmentIcon) -> Double) -> Double {
        guard let item else { return 0 }
        let icon = item.icon.map {
            metrics.iconExtraWidth(iconWidth: measureIcon($0), hasTitle: !item.title.isEmpty, titleWidth: titleWidth)
        } ?? 0
        return icon + badgeExtra(item.badge, metrics: metrics, measure: measureBadge)
    }
}
