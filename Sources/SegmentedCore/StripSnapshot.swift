/// The values painting and hosts read: what is drawn at one moment, and the
/// strip as a whole at that moment.

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
    /// Titles removed while their room closes, drawn in it, cut to it (`DepartingSegment`).
    public var departing: [DepartingSegment] = []
}

/// A removed title shrinking away: its room, which closes over the tween, content coordinates.
public struct DepartingSegment: Equatable, Sendable {
    /// The title removed.
    public let title: String
    /// Its room as drawn now (the title band's height), content coordinates; the title is cut to it.
    public let frame: Rect
}

/// What a strip is at one moment, as a value: what the renderer draws, the
/// trace reports, an accessibility bridge or a host reads. Painting is a pure
/// function of it. Lengths are pixels, times seconds.
public struct StripSnapshot: Sendable {
    /// The titles, one per segment.
    public let titles: [String]
    /// Changes whenever the titles do (`StripModel.titlesVersion`).
    public let titlesVersion: Int
    /// The items that are more than a title, by index (see `StripModel.details`).
    public let details: ItemDetails
    /// Segment `index`'s item (0..<titles.count).
    public func item(at index: Int) -> SegmentItem { details[index] ?? SegmentItem(titles[index]) }
    /// Whether segment `index` can be chosen by the user (see `SegmentItem.isEnabled`).
    public func isEnabled(at index: Int) -> Bool { details.isEmpty || details[index]?.isEnabled ?? true }
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
    /// The segment under the pointer as drawn (`StripController.hoveredIndex`); nil when none, or from the model alone.
    public internal(set) var hoveredIndex: Int?
    /// The close button under the pointer, drawn in its hover state (`StripController.hoveredCloseButton`).
    public internal(set) var hoveredCloseButton: Int?
    /// The close button held down, drawn pressed while the pointer is on it (`StripController.pressedCloseButton`).
    public internal(set) var pressedCloseButton: Int?
}
