// Icons' geometry: the room an icon adds to its segment and where it sits
// before the title. The X side decodes the icon and says how wide its box
// is (0 when it cannot be drawn); the formulas live here, so core tests
// assert the exact frames.

extension LayoutMetrics {
    /// The width an icon `iconWidth` pixels wide adds to its segment, pixels,
    /// rounded up: the icon + `iconGap` when there is a title to keep apart
    /// from; for an icon-only item (empty title) what the icon needs beyond
    /// the `minimumSegmentWidth` an empty title already has (none at the
    /// defaults: 16 < 24); 0 for no icon (`iconWidth` 0: none, or one that
    /// could not be decoded).
    public func iconExtraWidth(iconWidth: Double, hasTitle: Bool) -> Double {
        guard iconWidth > 0, iconWidth.isFinite else { return 0 }
        return hasTitle ? (iconWidth + iconGap).rounded(.up) : max(0, (iconWidth - minimumSegmentWidth).rounded(.up))
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
    /// `titleHeight`) and badge (`pill`: width and height, nil: none) sit.
    /// The icon comes first (content x grows toward reading's end, so right
    /// to left mirrors it to the title's right), `iconGap` before a non-empty
    /// title, and the three are centered as one on the frame's mid-x; the
    /// pill is placed as `badgePlacement` places it after this wider "title".
    /// The icon is centered on the title band's middle, rounded to a whole pixel.
    public func itemPlacement(at index: Int, iconWidth: Double, titleAdvance: Double, titleTop: Double, titleHeight: Double,
                              pill: (width: Double, height: Double)?) -> ItemPlacement {
        let lead = iconWidth > 0 ? iconWidth + (titleAdvance > 0 ? metrics.iconGap : 0) : 0
        let minX: Double, pillRect: Rect?
        if let pill {
            let badged = badgePlacement(at: index, titleAdvance: lead + titleAdvance, pillWidth: pill.width, pillHeight: pill.height,
                                        titleTop: titleTop)
            (minX, pillRect) = (badged.titleMinX, badged.pill)
        } else {
            (minX, pillRect) = (frame(at: index).midX - (lead + titleAdvance) / 2, nil)
        }
        let icon = iconWidth > 0
            ? Rect(x: minX, y: (titleTop + (titleHeight - iconWidth) / 2).rounded(), width: iconWidth, height: iconWidth) : nil
        return ItemPlacement(icon: icon, titleMinX: minX + lead, pill: pillRect)
    }
}

extension StripModel {
    /// The width `item`'s icon and badge add to its segment, pixels: the
    /// icon's (`LayoutMetrics.iconExtraWidth`, its box from `measureIcon`)
    /// + the badge's (`badgeExtra`); 0 for no item.
    static func itemExtra(_ item: SegmentItem?, metrics: LayoutMetrics, measureBadge: (String) -> Double,
                          measureIcon: (SegmentIcon) -> Double) -> Double {
        guard let item else { return 0 }
        let icon = item.icon.map { metrics.iconExtraWidth(iconWidth: measureIcon($0), hasTitle: !item.title.isEmpty) } ?? 0
        return icon + badgeExtra(item.badge, metrics: metrics, measure: measureBadge)
    }
}
