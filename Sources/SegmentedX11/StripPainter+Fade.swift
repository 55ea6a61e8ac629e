import CX11
import SegmentedCore

// Edge fades (`LayoutMetrics.edgeFades`): the background composited Over the
// strip's rows through a linear gradient of alpha, from the fade's strength
// at the edge to none `overflowFadeWidth` pixels in, in the same back buffer
// as the titles, so it is part of the frame that is copied to the window.
extension StripPainter {
    /// Fades the left and right edges of the rows [0, `stripHeight`) by
    /// `fades`, each over `fadeWidth` pixels (at most the window's `width`);
    /// nothing without RENDER (the strip then shows no fade).
    func drawEdgeFades(_ fades: EdgeFades, fadeWidth: Int, width: Int, stripHeight: Int, on buffer: BackBuffer) {
        let fadeWidth = min(fadeWidth, width)
        guard buffer.hasRender, fadeWidth > 0, stripHeight > 0, fades != .none else { return }
        var color = background.color
        let source = XRenderCreateSolidFill(buffer.display, &color)
        defer { XRenderFreePicture(buffer.display, source) }
        for (strength, x) in [(fades.left, 0), (fades.right, width - fadeWidth)] where strength > 0 {
            // The gradient runs from its alpha at x = 0 to its alpha at x = fadeWidth, in the mask's own space.
            let atEdge = UInt16((0xFFFF * min(strength, 1)).rounded())
            let alphas: [UInt16] = x == 0 ? [atEdge, 0] : [0, atEdge]
            var line = XLinearGradient(p1: XPointFixed(x: 0, y: 0), p2: XPointFixed(x: XFixed(fadeWidth) << 16, y: 0))
            let stops: [XFixed] = [0, 1 << 16]
            let colors = alphas.map { XRenderColor(red: 0, green: 0, blue: 0, alpha: $0) }
            let mask = XRenderCreateLinearGradient(buffer.display, &line, stops, colors, 2)
            XRenderComposite(buffer.display, Int32(PictOpOver), source, mask, buffer.picture,
                             0, 0, 0, 0, Int32(x), 0, UInt32(fadeWidth), UInt32(stripHeight))
            XRenderFreePicture(buffer.display, mask)
        }
    }
}
