/// An axis-aligned rectangle in pixels, origin at the top-left, y growing down.
public struct Rect: Equatable, Sendable, CustomStringConvertible {
    /// Left edge, pixels.
    public var x: Double
    /// Top edge, pixels.
    public var y: Double
    /// Width, pixels (never negative in a layout).
    public var width: Double
    /// Height, pixels.
    public var height: Double

    /// Creates a rectangle from its left, top, width and height, all in pixels.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Right edge (`x + width`), pixels.
    public var maxX: Double { x + width }
    /// Horizontal center (`x + width / 2`), pixels.
    public var midX: Double { x + width / 2 }

    /// Component-wise linear interpolation: `self` at `fraction` 0, `other` at 1.
    public func interpolated(to other: Rect, fraction: Double) -> Rect {
        Rect(x: lerp(x, other.x, fraction), y: lerp(y, other.y, fraction),
             width: lerp(width, other.width, fraction), height: lerp(height, other.height, fraction))
    }

    public var description: String { "(\(x), \(y), \(width) x \(height))" }
}

/// Insets around the strip's content, in pixels.
public struct EdgeInsets: Equatable, Sendable {
    /// Inset before the first segment, pixels.
    public var left: Double
    /// Inset after the last segment, pixels.
    public var right: Double
    /// Inset above the title band, pixels.
    public var top: Double
    /// Inset below the title band (the indicator's bottom edge sits on it), pixels.
    public var bottom: Double

    /// Creates insets; all values in pixels.
    public init(left: Double, right: Double, top: Double, bottom: Double) {
        self.left = left
        self.right = right
        self.top = top
        self.bottom = bottom
    }
}

/// Linear interpolation: exactly `a` at `t` = 0 and exactly `b` at `t` = 1
/// (the two-product form, so an ended tween lands on its target bit for bit).
@inlinable
public func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double {
    a * (1 - t) + b * t
}
