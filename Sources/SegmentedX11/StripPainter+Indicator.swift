import CX11
import SegmentedCore

/// The indicator's drawing, and the box's title mask: where a box would hide
/// the titles on it, the part of them it covers is drawn again in
/// `StripStyle.boxTitleColor` (JXCategoryView's title mask), clipped to the box.
extension StripPainter {
    /// One row span of the indicator, window pixels: left, top, width, height.
    struct Span {
        var x: Int, y: Int, width: Int, height: Int
    }

    /// The indicator's spans in window pixels, with rounded corners as one
    /// span per row (spans never overlap, so a translucent fill stays even).
    func indicatorSpans(_ rect: Rect, offset: Double, viewportWidth width: Int) -> [Span] {
        let x = style.direction.windowPixelMinX(contentX: rect.x, width: rect.width.rounded(), contentOffset: offset,
                                                viewportWidth: width)
        // Top and bottom edges rounded, not the height: at a fractional scale
        // (y 58.5, height 4.5) the bar ends on the inset, not a row past it.
        func pixel(_ v: Double) -> Int { v.isFinite ? Int(min(max(v.rounded(), -1e9), 1e9)) : 0 }
        let y = pixel(rect.y)
        let w = pixel(rect.width), h = max(1, pixel(rect.y + rect.height) - y)
        let radius = min(indicatorRadius, Double(min(w, h)) / 2)
        guard radius >= 1 else { return [Span(x: x, y: y, width: w, height: h)] }
        return (0..<h).map { row in
            // Distance from the nearest corner circle's center row, and the inset it asks for.
            let dy = max(0, radius - (Double(row) + 0.5), (Double(row) + 0.5) - (Double(h) - radius))
            let inset = dy > 0 ? radius - (radius * radius - dy * dy).squareRoot() : 0
            let i = Int(inset.rounded())
            return Span(x: x + i, y: y + row, width: w - 2 * i, height: 1)
        }
    }

    /// The indicator at its opacity, composited Over what is drawn in `buffer`.
    func drawIndicator(_ rect: Rect, offset: Double, on buffer: BackBuffer) {
        for s in indicatorSpans(rect, offset: offset, viewportWidth: buffer.width) {
            buffer.fillOver(&indicatorColor, corePixel: buffer.hasRender ? 0 : coreIndicatorPixel,
                            x: s.x, y: s.y, width: s.width, height: s.height)
        }
    }

    /// Limits drawing to the box `rect` (its rounded corners too) within the
    /// rows [0, `stripHeight`), and paints the box afresh there over the
    /// background, wiping the titles drawn on it: the titles drawn next, in
    /// the mask color, are then the only ink inside the box.
    func maskToBox(_ rect: Rect, offset: Double, stripHeight: Int, on buffer: BackBuffer) {
        let width = buffer.width
        // An empty list clips everything away, as a box out of view should.
        buffer.clip(to: indicatorSpans(rect, offset: offset, viewportWidth: width).compactMap { s -> XRectangle? in
            let left = max(s.x, 0), top = max(s.y, 0), right = min(s.x + s.width, width), bottom = min(s.y + s.height, stripHeight)
            guard right > left, bottom > top else { return nil }
            return XRectangle(x: Int16(clamping: left), y: Int16(clamping: top), width: UInt16(clamping: right - left),
                              height: UInt16(clamping: bottom - top))
        })
        buffer.fill(&background, x: 0, y: 0, width: width, height: stripHeight)
        drawIndicator(rect, offset: offset, on: buffer)
    }
}
