/// A window's position in its parent and its size, in whole pixels (X window
/// geometry is integral): what a host gives a strip as its frame.
public struct PixelRect: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Left edge in the parent window, pixels.
    public var x: Int
    /// Top edge in the parent window, pixels.
    public var y: Int
    /// Width, pixels.
    public var width: Int
    /// Height, pixels.
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
