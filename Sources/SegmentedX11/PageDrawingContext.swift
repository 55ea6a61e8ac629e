import CX11
import SegmentedCore

/// What a `PagedView`'s page-draw callback draws with: the view's fonts and
/// colors, drawing into its back buffer through the strip's own text routine
/// (`FontChain.draw`, whose advance is what `FontChain.advance(of:)`
/// measures), clipped to the page being drawn. Valid only during the callback.
@MainActor
public struct PageDrawingContext {
    let buffer: BackBuffer
    let colors: ColorCache
    let style: StripStyle
    /// The large font of page titles (`StripStyle.pageFont`).
    public let titleFont: FontChain
    /// The font of body text: the strip's unselected title font (`StripStyle.font`).
    public let bodyFont: FontChain
    /// The visible columns of the page, window pixels (text outside them is not sent).
    let clipMinX: Int, clipMaxX: Int

    /// The color of page titles, 0xRRGGBB (`StripStyle.pageTextColor`).
    public var titleColor: UInt32 { style.pageTextColor }
    /// The color of body text, 0xRRGGBB (`StripStyle.textColor`).
    public var bodyColor: UInt32 { style.textColor }

    /// Room to keep free at each side of a page's text, pixels (16 at scale 1, as the strip's own page title).
    public var margin: Int { Int((PageTitlePainter.margin * style.scale).rounded()) }

    /// Draws `text` in `font` with its pen starting at `x` and its baseline at
    /// `baseline` (window pixels) in `color` (0xRRGGBB).
    /// - Returns: the advance drawn, pixels (`font.advance(of: text)`).
    @discardableResult
    public func drawText(_ text: String, font: FontChain, x: Int, baseline: Int, color: UInt32) -> Int {
        var xft = colors.color(color)
        return font.draw(text, on: buffer.surface, color: &xft, x: x, baseline: baseline, clipMinX: clipMinX, clipMaxX: clipMaxX)
    }

    /// Fills `rect` (window pixels) with `color` (0xRRGGBB), inside the page.
    public func fill(_ rect: PixelRect, color: UInt32) {
        var xft = colors.color(color)
        let left = max(rect.x, clipMinX), right = min(rect.x + rect.width, clipMaxX)
        buffer.fill(&xft, x: left, y: rect.y, width: right - left, height: rect.height)
    }
}
