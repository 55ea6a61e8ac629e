/// A window's position in its parent and its size, in whole pixels (X window
/// geometry is integral): what a host gives a strip as its frame.
public struct PixelRect: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Left and top edges in the parent window, width and height, pixels.
    public var x, y, width, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    /// X geometry notation, `WxH+X+Y`.
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
