/// Tells a click from a drag for one button-1 press, by the click slop.
///
/// A press and release at most `slop` pixels apart (Euclidean) is a click;
/// once the pointer has moved further than that while held, the press is a
/// drag for good, even if it comes back.
public struct PointerGesture: Equatable, Sendable {
    /// Where the press happened, pixels (window coordinates).
    public let pressX: Double, pressY: Double
    /// Allowed travel for a click, pixels.
    public let slop: Double
    /// Whether the press has become a drag.
    public private(set) var isDrag = false

    /// Starts tracking a press at (`x`, `y`) pixels.
    public init(pressX x: Double, pressY y: Double, slop: Double) {
        pressX = x
        pressY = y
        self.slop = slop
    }

    /// Feeds a pointer position (pixels); returns whether the press is now a drag.
    @discardableResult
    public mutating func move(toX x: Double, y: Double) -> Bool {
        if !isDrag {
            let dx = x - pressX, dy = y - pressY
            if dx * dx + dy * dy > slop * slop { isDrag = true }
        }
        return isDrag
    }
}
