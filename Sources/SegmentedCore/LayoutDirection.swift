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

    /// The window x (whole pixels from the window's left edge) of the left edge
    /// of a span `[contentX, contentX + width)` of content scrolled by
    /// `contentOffset` in a viewport `viewportWidth` wide, rounded where the
    /// start edge is, so that a right-to-left strip is the exact mirror image
    /// of a left-to-right one.
    /// Values far outside any window (an overshooting curve, absurd widths)
    /// are clamped to ±2^30 pixels rather than trapping in the conversion.
    public func windowPixelMinX(contentX: Double, width: Double, contentOffset: Double, viewportWidth: Int) -> Int {
        switch self {
        case .leftToRight: return Self.pixel(contentX - contentOffset)
        case .rightToLeft: return viewportWidth - Self.pixel(contentX + width - contentOffset)
        }
    }

    /// `value` rounded to a whole pixel, clamped to ±2^30 (NaN: 0).
    static func pixel(_ value: Double) -> Int {
        guard !value.isNaN else { return 0 }
        return Int(min(max(value.rounded(), -0x4000_0000), 0x4000_0000))
    }

    /// The viewport x (pixels from the start edge, as the model takes pointer
    /// positions) of the pointer in window pixel column `x`.
    public func viewportX(windowX x: Double, viewportWidth: Double) -> Double {
        switch self {
        case .leftToRight: return x
        // Pixel column x mirrors to column width - 1 - x, as drawing does.
        case .rightToLeft: return viewportWidth - 1 - x
        }
    }
}
