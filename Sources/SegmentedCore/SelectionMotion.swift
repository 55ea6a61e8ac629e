/// How a selection moves: the tween's duration and curve, the indicator's
/// travel and the titles' change, in seconds where timed.
///
/// The defaults are the design of issue 2: a 0.3 s ease-in-out slide with
/// blended titles. `StripStyle.motion` is this type, so each default is
/// declared here only.
public struct SelectionMotion: Equatable, Sendable {
    /// How the indicator travels during a selection tween.
    public var indicatorAnimation: IndicatorAnimation = .slide
    /// Duration of a selection tween, seconds.
    public var tweenDuration: Double = 0.3
    /// Easing curve of every tween.
    public var easing: CubicBezierEasing = .easeInOut
    /// How the outgoing and incoming titles change during a selection tween.
    public var titleTransition: TitleTransition = .blend
    /// Reduced motion (the desktop's `Gtk/EnableAnimations` 0, or the
    /// `reducedMotion` setting): selections, wheel steps, width changes,
    /// slides and page turns jump to their end with no tween, and a drag
    /// released with speed or past an edge stops at once (in range) instead
    /// of gliding or springing.
    public var reducesMotion = false

    /// The design's motion.
    public init() {}
}
