// Edge fades: a window edge beyond which titles continue fades into the
// background, more strongly the more is left to scroll that way (AdwTabBar's
// overflow). The X side draws the gradients; the strengths are computed here.

/// Whether the edges beyond which titles continue fade.
public enum OverflowFade: String, Equatable, Sendable, CaseIterable {
    /// Each such edge fades over `LayoutMetrics.overflowFadeWidth` (the default).
    case on
    /// No fade.
    case off
}

/// How strongly each window edge fades, 0 (none) to 1 (the edge itself in
/// the background color): left and right as the window shows them.
public struct EdgeFades: Equatable, Sendable {
    public var left: Double
    public var right: Double

    public init(left: Double, right: Double) {
        (self.left, self.right) = (left, right)
    }

    /// Neither edge fades.
    public static let none = EdgeFades(left: 0, right: 0)
}

extension LayoutMetrics {
    /// The distance left to scroll over which an edge's fade grows from none
    /// to full, pixels: a third of `overflowFadeWidth` (12 px at scale 1), so
    /// that the fade is whole a few pixels before an end and gone at it.
    public var overflowFadeRamp: Double { overflowFadeWidth / 3 }

    /// The fades of a viewport `viewportWidth` pixels wide at `contentOffset`
    /// over content `contentWidth` wide: at each edge, min(1, what is left to
    /// scroll that way / `overflowFadeRamp`), clamped at 0 (an end, or past
    /// it in a rubber band). Right to left mirrors them: the content's start
    /// is at the right. None with `overflowFade` `.off` or a zero width.
    public func edgeFades(contentOffset: Double, contentWidth: Double, viewportWidth: Double,
                          direction: LayoutDirection) -> EdgeFades {
        guard overflowFade == .on, overflowFadeWidth > 0, contentOffset.isFinite else { return .none }
        let maximum = ContentOffset.maximum(contentWidth: contentWidth, viewportWidth: viewportWidth)
        func strength(_ left: Double) -> Double { min(1, max(0, left) / overflowFadeRamp) }
        let towardStart = strength(min(contentOffset, maximum)), towardEnd = strength(maximum - contentOffset)
        return direction == .leftToRight ? EdgeFades(left: towardStart, right: towardEnd) : EdgeFades(left: towardEnd, right: towardStart)
    }
}

extension SegmentLayout {
    /// `LayoutMetrics.edgeFades` for this layout's content. When a lower
    /// bound of the content's width (`contentWidthSurelyReaches`) already
    /// leaves a whole ramp to scroll toward the end, that bound stands in for
    /// the width, so a long, lazily measured list is not measured to the end
    /// for its fade.
    public func edgeFades(contentOffset: Double, viewportWidth: Double, direction: LayoutDirection) -> EdgeFades {
        let enough = contentOffset + viewportWidth + metrics.overflowFadeRamp
        let width = enough.isFinite && contentWidthSurelyReaches(enough) ? enough : contentWidth
        return metrics.edgeFades(contentOffset: contentOffset, contentWidth: width, viewportWidth: viewportWidth, direction: direction)
    }
}
