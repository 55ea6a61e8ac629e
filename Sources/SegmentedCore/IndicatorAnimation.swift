/// How the indicator travels from one segment to another as the page
/// position moves between them.
///
/// Each mode maps the fraction `f` (0...1) of the way from one page to the
/// next (a swipe's page offset as dragged, or a tween's eased progress) to the
/// indicator's rect; all start exactly at `from`, end exactly at `to`, and are
/// continuous in between. Because the rect is a function of `f` alone, a swipe
/// and a tween that reach the same position draw the same indicator (the
/// design of Flutter's `TabController.animation` and Android's
/// `TabIndicatorInterpolator.updateIndicatorForOffset`).
public enum IndicatorAnimation: String, Equatable, Sendable, CaseIterable {
    /// Both edges move together: lerp(from, to, f) (the design's default).
    case slide
    /// Android TabLayout's elastic mode: the leading edge decelerates
    /// (1 - (1 - f)^2) and the trailing edge accelerates (f^2), so the
    /// indicator stretches toward the target, then shrinks onto it.
    case elastic
    /// JXCategoryView's lengthen style: in the first half the leading edge
    /// reaches the target's leading edge (at 2f) while the trailing edge stays;
    /// in the second half the trailing edge follows (at 2f - 1).
    case lengthen

    /// The indicator `fraction` of the way from `from` to `to` (pixels); `fraction` is clamped to 0...1.
    public func rect(from: Rect, to: Rect, fraction f: Double) -> Rect {
        let f = f.isFinite ? min(max(f, 0), 1) : 0
        if f == 0 { return from }
        if f == 1 { return to }
        let y = lerp(from.y, to.y, f), height = lerp(from.height, to.height, f)
        let movingRight = to.midX >= from.midX
        // Edges as (trailing, leading) in the direction of travel.
        let fromTrail = movingRight ? from.x : from.maxX, fromLead = movingRight ? from.maxX : from.x
        let toTrail = movingRight ? to.x : to.maxX, toLead = movingRight ? to.maxX : to.x
        var trail: Double, lead: Double
        switch self {
        case .slide:
            return from.interpolated(to: to, fraction: f)
        case .elastic:
            lead = lerp(fromLead, toLead, 1 - (1 - f) * (1 - f))
            trail = lerp(fromTrail, toTrail, f * f)
        case .lengthen:
            if f < 0.5 {
                lead = lerp(fromLead, toLead, 2 * f)
                trail = fromTrail
            } else {
                lead = toLead
                trail = lerp(fromTrail, toTrail, 2 * f - 1)
            }
        }
        let left = min(trail, lead), right = max(trail, lead)
        return Rect(x: left, y: y, width: right - left, height: height)
    }
}
