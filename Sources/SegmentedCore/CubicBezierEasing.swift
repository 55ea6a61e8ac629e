/// A CSS-style cubic Bézier easing curve through (0, 0), (x1, y1), (x2, y2), (1, 1).
///
/// Evaluation follows Flutter's `Cubic.transform` (flutter/lib/src/animation/
/// curves.dart): solve x(s) = t for the curve parameter s, then return y(s).
/// Here Newton's method is tried first and bisection finishes the job, so the
/// result is within 1e-9 of the exact curve with no dependency.
public struct CubicBezierEasing: Equatable, Sendable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    /// Creates the curve from its two inner control points; `x1` and `x2` must
    /// lie in [0, 1] so that x(s) is monotonic.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        precondition((0...1).contains(x1) && (0...1).contains(x2), "control x outside [0, 1]")
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// CSS `ease-in-out`: (0.42, 0, 0.58, 1).
    public static let easeInOut = CubicBezierEasing(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
    /// CSS `ease-out`: (0, 0, 0.58, 1).
    public static let easeOut = CubicBezierEasing(x1: 0, y1: 0, x2: 0.58, y2: 1)
    /// The identity curve.
    public static let linear = CubicBezierEasing(x1: 0, y1: 0, x2: 1, y2: 1)

    private static func bezier(_ a: Double, _ b: Double, _ s: Double) -> Double {
        // B(s) with P0 = 0, P3 = 1: 3(1-s)^2 s a + 3(1-s) s^2 b + s^3.
        let u = 1 - s
        return 3 * u * u * s * a + 3 * u * s * s * b + s * s * s
    }

    private static func bezierSlope(_ a: Double, _ b: Double, _ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * a + 6 * u * s * (b - a) + 3 * s * s * (1 - b)
    }

    /// The eased value for a time fraction `t` (clamped to [0, 1]); 0 maps to 0 and 1 to 1 exactly.
    public func transform(_ t: Double) -> Double {
        if !(t > 0) { return 0 }
        if t >= 1 { return 1 }
        var s = t
        for _ in 0..<8 {
            let error = Self.bezier(x1, x2, s) - t
            if abs(error) < 1e-12 { return Self.bezier(y1, y2, s) }
            let slope = Self.bezierSlope(x1, x2, s)
            if abs(slope) < 1e-9 { break }
            s -= error / slope
        }
        var lo = 0.0, hi = 1.0
        s = t
        for _ in 0..<100 {
            let x = Self.bezier(x1, x2, s)
            if abs(x - t) < 1e-12 { break }
            if x < t { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return Self.bezier(y1, y2, s)
    }
}
