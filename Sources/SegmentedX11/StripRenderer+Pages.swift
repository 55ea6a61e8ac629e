import CXft
import SegmentedCore

// The paged view's frames, drawn by the same renderer as a strip: its back
// buffer, its fonts and the fonts' one text routine (measured = drawn).
extension StripRenderer {
    /// Paints the pages at `pages` (index, left edge in window pixels, each
    /// `width` wide) over the background, each clipped to its rect, through `drawPage`.
    func paintPages(_ pages: [(index: Int, x: Int)], drawPage: PagedView.PageDrawer) {
        fill(&background, x: 0, y: 0, width: width, height: height)
        for page in pages {
            let rect = PixelRect(x: page.x, y: 0, width: width, height: height)
            let left = max(rect.x, 0), right = min(rect.x + rect.width, width)
            guard right > left else { continue }
            var clip = XRectangle(x: Int16(clamping: left), y: 0, width: UInt16(clamping: right - left), height: UInt16(clamping: height))
            XftDrawSetClipRectangles(draw, 0, 0, &clip, 1)
            drawPage(page.index, rect, PageDrawingContext(renderer: self, clipMinX: left, clipMaxX: right))
        }
        XftDrawSetClip(draw, nil)
    }

    /// An Expose or VisibilityNotify of the renderer's window: copies the back
    /// buffer again, or says that the frame must be painted (no frame yet, or
    /// drawing straight to the window). `hasExposed` becomes true once the window can be drawn.
    /// - Returns: whether a paint is needed.
    func exposed(_ event: inout XEvent, hasExposed: inout Bool, hasDrawnFirstFrame: Bool) -> Bool {
        if event.type == Expose {
            guard event.xexpose.count == 0 else { return false }
            hasExposed = true
            guard hasDrawnFirstFrame, hasBackBuffer else { return true }
            copyToWindow()
            return false
        }
        // Viewable but fully covered (an always-on-top fullscreen window): no Expose will come until it is
        // uncovered. The first frame is painted into the back buffer and copied now, so that it is there
        // the moment the window shows, and `firstFrame` is not held back forever.
        guard event.type == VisibilityNotify, !hasExposed, event.xvisibility.state == VisibilityFullyObscured else { return false }
        hasExposed = true
        return true
    }

    /// `rgb` (0xRRGGBB) allocated once for page drawing.
    func pageColor(_ rgb: UInt32) -> XftColor {
        if let color = pageColors[rgb] { return color }
        var color = XftColor()
        allocate(&color, rgb)
        pageColors[rgb] = color
        return color
    }
}

/// What a `PagedView`'s page-draw callback draws with: the view's fonts and
/// colors, drawing into its back buffer through the strip's own text routine
/// (`XftFontChain.draw`, whose advance is what `XftFontChain.advance(of:)`
/// measures), clipped to the page being drawn. Valid only during the callback.
@MainActor
public struct PageDrawingContext {
    unowned let renderer: StripRenderer
    /// The visible columns of the page, window pixels (text outside them is not sent).
    let clipMinX: Int, clipMaxX: Int

    /// The large font of page titles (`StripStyle.pageFont`).
    public var titleFont: XftFontChain { renderer.pageFont }
    /// The font of body text: the strip's unselected title font (`StripStyle.font`).
    public var bodyFont: XftFontChain { renderer.unselectedFont }
    /// The color of page titles, 0xRRGGBB (`StripStyle.pageTextColor`).
    public var titleColor: UInt32 { renderer.style.pageTextColor }
    /// The color of body text, 0xRRGGBB (`StripStyle.textColor`).
    public var bodyColor: UInt32 { renderer.style.textColor }

    /// Room to keep free at each side of a page's text, pixels (16 at scale 1, as the strip's own page title).
    public var margin: Int { Int((StripRenderer.pageMargin * renderer.style.scale).rounded()) }

    /// Draws `text` in `font` with its pen starting at `x` and its baseline at
    /// `baseline` (window pixels) in `color` (0xRRGGBB).
    /// - Returns: the advance drawn, pixels (`font.advance(of: text)`).
    @discardableResult
    public func drawText(_ text: String, font: XftFontChain, x: Int, baseline: Int, color: UInt32) -> Int {
        var xft = renderer.pageColor(color)
        return font.draw(text, on: renderer.draw, color: &xft, x: x, baseline: baseline, clipMinX: clipMinX, clipMaxX: clipMaxX)
    }

    /// Fills `rect` (window pixels) with `color` (0xRRGGBB), inside the page.
    public func fill(_ rect: PixelRect, color: UInt32) {
        var xft = renderer.pageColor(color)
        let left = max(rect.x, clipMinX), right = min(rect.x + rect.width, clipMaxX)
        renderer.fill(&xft, x: left, y: rect.y, width: right - left, height: rect.height)
    }
}
