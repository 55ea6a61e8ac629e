import Glibc

/// Kinetic scrolling after a drag: the content keeps its release velocity and
/// slows down exponentially, as UIScrollView's "normal" deceleration does:
/// the velocity is multiplied by `decayPerMillisecond` (0.998) every millisecond.
///
/// With d = 0.998 and t in milliseconds:
///
///     v(t) = v0 d^t                 (pixels per millisecond)
///     x(t) = x0 + v0 (d^t - 1) / ln d
///
/// so the glide would come to rest at x0 - v0 / ln d (v0 x 499.5 ms). It stops
/// when what is left to travel is under half a pixel, so the stop cannot be seen.
struct Glide: Equatable, Sendable {
    /// The velocity multiplier per millisecond.
    static let decayPerMillisecond = 0.998
    /// A glide ends once the distance it has left is below this, pixels.
    static let restDistance = 0.5

    /// Offset at the start, pixels.
    let startOffset: Double
    /// Velocity at the start, pixels per second (positive scrolls toward the end).
    let startVelocity: Double
    /// Start time, seconds.
    let startTime: Double

    /// Starts a glide at `offset` (pixels) with `velocity` (pixels per second) at `time` (seconds).
    init(offset: Double, velocity: Double, time: Double) {
        startOffset = offset
        startVelocity = velocity
        startTime = time
    }

    private static var lnDecay: Double { log(decayPerMillisecond) }

    /// How long the glide lasts, seconds (0 when it is too slow to move half a pixel).
    var duration: Double {
        let v0 = abs(startVelocity) / 1000
        // Left to travel at t: v(t) / |ln d|; the glide ends when that is restDistance.
        let vRest = Self.restDistance * abs(Self.lnDecay)
        guard v0 > vRest else { return 0 }
        return log(vRest / v0) / Self.lnDecay / 1000
    }

    /// The offset at `time` (seconds), pixels; constant after `duration`.
    func offset(at time: Double) -> Double {
        let t = min(max(time - startTime, 0), duration) * 1000
        let v0 = startVelocity / 1000
        return startOffset + v0 * (pow(Self.decayPerMillisecond, t) - 1) / Self.lnDecay
    }

    /// The velocity at `time` (seconds), pixels per second; 0 after `duration`.
    func velocity(at time: Double) -> Double {
        let t = time - startTime
        if t >= duration { return 0 }
        return startVelocity * pow(Self.decayPerMillisecond, max(t, 0) * 1000)
    }

    /// The first time (seconds) the glide reaches `edge` (pixels), or nil if it stops before.
    func time(reaching edge: Double) -> Double? {
        let v0 = startVelocity / 1000
        guard v0 != 0 else { return nil }
        // x(t) = edge  =>  d^t = 1 + (edge - x0) ln d / v0
        let q = 1 + (edge - startOffset) * Self.lnDecay / v0
        guard q > 0, q <= 1 else { return nil }
        let t = log(q) / Self.lnDecay / 1000
        return t <= duration ? startTime + t : nil
    }
}

/// A critically damped spring that pulls the content offset back to an edge
/// after an overscroll: displacement from the edge
///
///     x(t) = (x0 + (v0 + w x0) t) e^(-w t)
///
/// With x0 = 0 (a glide arriving at the edge with speed v0) it goes out to
/// v0 / (w e) and comes back; with v0 = 0 (release past the edge) it returns
/// monotonically. Either way it never crosses the edge.
struct Spring: Equatable, Sendable {
    /// Angular frequency w, 1/s: 2 pi / 0.4 s.
    static let stiffness = 2 * Double.pi / 0.4
    /// The spring ends once within this many pixels of the edge.
    static let restDistance = 0.25

    /// The offset it returns to, pixels.
    let edge: Double
    /// Displacement from `edge` at the start, pixels.
    let startDisplacement: Double
    /// Velocity at the start, pixels per second.
    let startVelocity: Double
    /// Start time, seconds.
    let startTime: Double
    /// How long until it is at rest, seconds.
    let duration: Double

    /// A spring toward `edge` starting at `offset` with `velocity` (pixels, pixels per second) at `time` (seconds).
    /// The velocity must point away from the edge or be 0, so the spring never crosses it.
    init(edge: Double, offset: Double, velocity: Double, time: Double) {
        self.edge = edge
        startDisplacement = offset - edge
        startVelocity = velocity
        startTime = time
        var t = 0.0
        let w = Self.stiffness
        let x0 = offset - edge
        func x(_ t: Double) -> Double { (x0 + (velocity + w * x0) * t) * exp(-w * t) }
        // Past the peak (t > 1/w when launched from the edge) and inside the rest distance.
        while t < 10, !(t > 1 / w && abs(x(t)) < Self.restDistance) && !(x0 == 0 && velocity == 0) {
            t += 0.001
        }
        duration = t
    }

    /// The offset at `time` (seconds), pixels; exactly `edge` from `duration` on.
    func offset(at time: Double) -> Double {
        let t = time - startTime
        if t >= duration { return edge }
        let tt = max(t, 0)
        let w = Self.stiffness
        return edge + (startDisplacement + (startVelocity + w * startDisplacement) * tt) * exp(-w * tt)
    }
}

/// The rubber band: how far the content moves when the pointer has pulled it
/// `overscroll` pixels past an edge, as in UIScrollView:
/// (1 - 1 / (overscroll x 0.55 / dimension + 1)) x dimension.
/// It grows ever more slowly and never reaches `dimension`.
enum RubberBand {
    /// The resistance constant of UIScrollView.
    static let coefficient = 0.55

    /// Displayed overscroll (pixels) for a pulled `overscroll` (pixels, >= 0) in a viewport `dimension` pixels wide.
    static func displacement(overscroll: Double, dimension: Double) -> Double {
        guard overscroll > 0, dimension > 0 else { return 0 }
        return (1 - 1 / (overscroll * coefficient / dimension + 1)) * dimension
    }

    /// The pulled overscroll (pixels) that shows `displacement` pixels: the
    /// inverse of `displacement(overscroll:dimension:)`, so a press on a
    /// content that is springing back picks it up where it is drawn.
    static func overscroll(displacement: Double, dimension: Double) -> Double {
        guard displacement > 0, dimension > 0 else { return 0 }
        let ratio = min(displacement / dimension, 0.999_999)
        return dimension * (1 / (1 - ratio) - 1) / coefficient
    }

    /// The raw drag offset that `offset(raw:maximum:dimension:)` shows as `shown` (pixels).
    static func raw(shown: Double, maximum: Double, dimension: Double) -> Double {
        if shown < 0 { return -overscroll(displacement: -shown, dimension: dimension) }
        if shown > maximum { return maximum + overscroll(displacement: shown - maximum, dimension: dimension) }
        return shown
    }

    /// The offset shown for a raw, unclamped drag offset (pixels): inside
    /// [0, maximum] unchanged, past either edge pulled back by the rubber band.
    static func offset(raw: Double, maximum: Double, dimension: Double) -> Double {
        if raw < 0 { return -displacement(overscroll: -raw, dimension: dimension) }
        if raw > maximum { return maximum + displacement(overscroll: raw - maximum, dimension: dimension) }
        return raw
    }
}

/// Estimates the pointer's velocity at release from its recent positions.
///
/// Uses the samples of the last `window` seconds (0.1 s); a pointer that
/// rested for `stillness` seconds (0.05 s) before the release has no velocity.
struct VelocityTracker: Equatable, Sendable {
    static let window = 0.1
    static let stillness = 0.05
    private var samples: [(time: Double, x: Double)] = []

    init() {}

    static func == (a: VelocityTracker, b: VelocityTracker) -> Bool {
        a.samples.map(\.time) == b.samples.map(\.time) && a.samples.map(\.x) == b.samples.map(\.x)
    }

    /// Records the pointer at `x` (pixels) at `time` (seconds).
    mutating func add(x: Double, time: Double) {
        samples.append((time, x))
        samples.removeAll { $0.time < time - Self.window }
    }

    /// Pointer velocity (pixels per second) at `time`, from the samples of the last window.
    func velocity(at time: Double) -> Double {
        guard let last = samples.last, time - last.time <= Self.stillness else { return 0 }
        guard let first = samples.first(where: { $0.time >= time - Self.window }), last.time > first.time else { return 0 }
        return (last.x - first.x) / (last.time - first.time)
    }
}
