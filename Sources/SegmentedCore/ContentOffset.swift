/// Scroll arithmetic for the strip's content offset (pixels scrolled past the
/// content's left edge; 0 shows the first segment at the left).
public enum ContentOffset {
    /// The largest offset, pixels: max(0, content width - viewport width).
    public static func maximum(contentWidth: Double, viewportWidth: Double) -> Double {
        max(0, contentWidth - viewportWidth)
    }

    /// `offset` clamped to [0, maximum] (pixels).
    public static func clamped(_ offset: Double, contentWidth: Double, viewportWidth: Double) -> Double {
        min(max(offset, 0), maximum(contentWidth: contentWidth, viewportWidth: viewportWidth))
    }

    /// The offset that centers `frame` in the viewport, clamped to the content
    /// (pixels): clamp(frame mid-x - viewport width / 2, 0, max(0, content width -
    /// viewport width)), as in Flutter's `TabBar` and the design of issue 2.
    public static func centering(_ frame: Rect, contentWidth: Double, viewportWidth: Double) -> Double {
        clamped(frame.midX - viewportWidth / 2, contentWidth: contentWidth, viewportWidth: viewportWidth)
    }

    /// The offset nearest to `offset` that shows all of `frame` (pixels); when
    /// the frame is wider than the viewport it is centered instead.
    public static func revealing(_ frame: Rect, from offset: Double, contentWidth: Double, viewportWidth: Double) -> Double {
        var result = offset
        if frame.width > viewportWidth {
            return centering(frame, contentWidth: contentWidth, viewportWidth: viewportWidth)
        }
        if frame.x < result { result = frame.x }
        if frame.maxX > result + viewportWidth { result = frame.maxX - viewportWidth }
        return clamped(result, contentWidth: contentWidth, viewportWidth: viewportWidth)
    }
}
