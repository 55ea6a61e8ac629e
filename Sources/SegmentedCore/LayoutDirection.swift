/// Which way the strip reads.
///
/// The model (layout, hit-test, offsets, tweens) always works in content
/// coordinates measured from the content's start edge; a right-to-left strip
/// starts at the right, so the window mirrors those coordinates: the first
/// segment sits at the right edge, the content offset scrolls leftward, and
/// pointer positions are mirrored on the way in.
public enum LayoutDirection: String, Equatable, Sendable, CaseIterable {
    /// The first segment at the left (the default).
    case leftToRight = "ltr"
    /// The first segment at the right (Arabic, Hebrew, Persian UIs).
    case rightToLeft = "rtl"

    /// The window x (pixels from the window's left edge) of the left edge of a
    /// span `[contentX, contentX + width)` of content scrolled by `contentOffset`
    /// in a viewport `viewportWidth` wide.
    public func windowMinX(contentX: Double, width: Double, contentOffset: Double, viewportWidth: Double) -> Double {
        switch self {
        case .leftToRight: return contentX - contentOffset
        case .rightToLeft: return viewportWidth - (contentX + width - contentOffset)
        }
    }

    /// `windowMinX` in whole pixels, rounded where the start edge is, so that
    /// a right-to-left strip is the exact mirror image of a left-to-right one.
    public func windowPixelMinX(contentX: Double, width: Double, contentOffset: Double, viewportWidth: Int) -> Int {
        switch self {
        case .leftToRight: return Int((contentX - contentOffset).rounded())
        case .rightToLeft: return viewportWidth - Int((contentX + width - contentOffset).rounded())
        }
    }

    /// The viewport x (pixels from the start edge, as the model takes pointer
    /// positions) of window x `x`.
    public func viewportX(windowX x: Double, viewportWidth: Double) -> Double {
        switch self {
        case .leftToRight: return x
        case .rightToLeft: return viewportWidth - x
        }
    }
}
