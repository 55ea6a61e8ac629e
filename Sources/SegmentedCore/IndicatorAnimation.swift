/// How the indicator travels from one segment to another during a tween.
///
/// Each mode maps the tween's *time* fraction `t` (0...1, before easing) and
/// the tween's easing to the indicator's rect; all start exactly at `from`
/// and end exactly at `to`, and are continuous in between.
public enum IndicatorAnimation: String, Equatable, Sendable, CaseIterable {
    /// Both edges on the tween's easing curve (the design's default).
    case slide
    /// Android TabLayout's elastic mode: the leading edge decelerates
    /// (1 - (1 - t)^2) and the trailing edge accelerates (t^2), so the
    /// indicator stretches toward the target, then shrinks onto it.
    case elastic
    /// JXCategoryView's lengthen style: in the first half the leading edge
    /// reaches the target's leading edge while the trailing edge stays; in the
    /// second half the trailing edge follows. Each half is eased.
    case lengthen

    /// The indicator at time fraction `t` of a tween with `easing`, from `from` to `to` (pixels).
    public func rect(from: Rect, to: Rect, time t: Double, easing: CubicBezierEasing) -> Rect {
        let t = min(max(t, 0), 1)
        if t == 0 { return from }
        if t == 1 { return to }
        let e = easing.transform(t)
        let y = lerp(from.y, to.y, e), height = lerp(from.height, to.height, e)
        let movingRight = to.midX >= from.midX
        // Edges as (trailing, leading) in the direction of travel.
        let fromTrail = movingRight ? from.x : from.maxX, fromLead = movingRight ? from.maxX : from.x
        let toTrail = movingRight ? to.x : to.maxX, toLead = movingRight ? to.maxX : to.x
        var trail: Double, lead: Double
        switch self {
        case .slide:
            return from.interpolated(to: to, fraction: e)
        case .elastic:
            lead = lerp(fromLead, toLead, 1 - (1 - t) * (1 - t))
            trail = lerp(fromTrail, toTrail, t * t)
        case .lengthen:
            if t < 0.5 {
                lead = lerp(fromLead, toLead, easing.transform(2 * t))
                trail = fromTrail
            } else {
                lead = toLead
                trail = lerp(fromTrail, toTrail, easing.transform(2 * t - 1))
            }
        }
        let left = min(trail, lead), right = max(trail, lead)
        return Rect(x: left, y: y, width: right - left, height: height)
    }
}
