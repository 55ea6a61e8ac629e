// How the content offset moves on its own, and what moved it last.

/// What moved the content offset last; the host reports it when the motion ends.
public enum ScrollCause: String, Equatable, Sendable {
    /// Centering after a selection.
    case selection
    /// A drag that ended without speed.
    case drag
    /// A glide after a fast drag (possibly bouncing off an edge).
    case glide
    /// A spring back after a drag released past an edge.
    case spring
    /// Wheel notches (animated steps).
    case wheel
    /// Smooth (touchpad) scrolling, applied at once.
    case touchpad
    /// The strip scrolling on by itself while an item is dragged near an edge (a reorder).
    case autoscroll
}

/// How the content offset moves on its own.
enum OffsetMotion: Equatable {
    /// Still, at `restingOffset`.
    case rest
    /// A tween (selection centering or a wheel step).
    case tween(from: Double, to: Double, tween: Tween)
    /// A glide; `bounce`, when it reaches an edge, takes over from then on.
    case glide(Glide, bounce: Spring?)
    /// A spring back to an edge.
    case spring(Spring)

    func offset(at now: Double, resting: Double) -> Double {
        switch self {
        case .rest: return resting
        case let .tween(from, to, tween): return tween.isFinished(at: now) ? to : lerp(from, to, tween.progress(at: now))
        case let .glide(glide, bounce):
            if let bounce, now >= bounce.startTime { return bounce.offset(at: now) }
            return glide.offset(at: now)
        case let .spring(spring): return spring.offset(at: now)
        }
    }

    func isFinished(at now: Double) -> Bool {
        switch self {
        case .rest: return true
        case let .tween(_, _, tween): return tween.isFinished(at: now)
        case let .glide(glide, bounce):
            if let bounce { return now >= bounce.startTime + bounce.duration }
            return now >= glide.startTime + glide.duration
        case let .spring(spring): return now >= spring.startTime + spring.duration
        }
    }
}
