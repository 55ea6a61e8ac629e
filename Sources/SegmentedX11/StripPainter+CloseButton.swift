import CX11
import SegmentedCore

// Close buttons: a × in the title's color in the square the core places
// (`SegmentLayout.closeButtonFrame`), on a faint disc while the pointer is
// over it (a flat button's hover, as GTK's tab close button), a stronger
// one while it is pressed. Anti-aliased through RENDER's triangles; without
// RENDER, in whole pixels.
extension StripPainter {
    /// The × is this fraction of the button's side, corner to corner (8 px of 16).
    nonisolated static let closeGlyphRatio = 0.5
    /// The hover disc's opacity over the background, and the pressed one's.
    nonisolated static let closeHoverAlpha = 0.15, closePressedAlpha = 0.3

    /// Draws segment `button`'s × (content coordinates, pixels) in `color`,
    /// over a disc of `color` at `closeHoverAlpha` when `hovered`
    /// (`closePressedAlpha` when `pressed`).
    func drawCloseButton(in button: Rect, color: XRenderColor, hovered: Bool, pressed: Bool, offset: Double, on buffer: BackBuffer) {
        let side = Int(button.width.rounded())
        let x = style.direction.windowPixelMinX(contentX: button.x, width: Double(side), contentOffset: offset, viewportWidth: buffer.width)
        let y = Int(button.y.rounded())
        guard x < buffer.width, x + side > 0, side > 0 else { return }
        if hovered || pressed, buffer.hasRender {
            var disc = Self.scaled(color, by: pressed ? Self.closePressedAlpha : Self.closeHoverAlpha)
            let radius = Double(side) / 2
            for row in 0..<side {
                let dy = abs(Double(row) + 0.5 - radius)
                let inset = Int((radius - (max(0, radius * radius - dy * dy)).squareRoot()).rounded())
                buffer.fillOver(&disc, corePixel: 0, x: x + inset, y: y + row, width: side - 2 * inset, height: 1)
            }
        }
        let half = Double(side) * Self.closeGlyphRatio / 2
        let center = (x: Double(x) + Double(side) / 2, y: Double(y) + Double(side) / 2)
        // A stroke of 1.5 px at scale 1, as the symbolic window-close icon's.
        let stroke = max(1, Double(side) * 1.5 / 16)
        guard buffer.hasRender else {
            // Core fills: a square the stroke's width along each diagonal.
            var pixel = DrawColor(pixel: 0, color: color)
            let s = Int(stroke.rounded()), n = Int((2 * half).rounded())
            for k in 0...n {
                let px = Int(center.x - half) + k
                buffer.fill(&pixel, x: px, y: Int(center.y - half) + k, width: s, height: s)
                buffer.fill(&pixel, x: px, y: Int(center.y + half) - k, width: s, height: s)
            }
            return
        }
        // Each stroke is a quadrilateral, two triangles: the diagonal pushed half the stroke each side.
        let n = stroke / 2 / 2.squareRoot()
        func point(_ px: Double, _ py: Double) -> XPointFixed {
            XPointFixed(x: XFixed((px * 65536).rounded()), y: XFixed((py * 65536).rounded()))
        }
        var triangles = [XTriangle]()
        for direction in [1.0, -1.0] {
            let a = (x: center.x - half, y: center.y - half * direction), b = (x: center.x + half, y: center.y + half * direction)
            let p1 = point(a.x + n, a.y - n * direction), p2 = point(b.x + n, b.y - n * direction)
            let p3 = point(b.x - n, b.y + n * direction), p4 = point(a.x - n, a.y + n * direction)
            triangles += [XTriangle(p1: p1, p2: p2, p3: p3), XTriangle(p1: p1, p2: p3, p3: p4)]
        }
        var fillColor = color
        let fill = XRenderCreateSolidFill(buffer.display, &fillColor)
        XRenderCompositeTriangles(buffer.display, Int32(PictOpOver), fill, buffer.picture,
                                  XRenderFindStandardFormat(buffer.display, Int32(PictStandardA8)), 0, 0, &triangles, Int32(triangles.count))
        XRenderFreePicture(buffer.display, fill)
    }

    /// `color` (premultiplied) at `alpha` of its opacity.
    private static func scaled(_ color: XRenderColor, by alpha: Double) -> XRenderColor {
        func f(_ v: UInt16) -> UInt16 { UInt16((Double(v) * alpha).rounded()) }
        return XRenderColor(red: f(color.red), green: f(color.green), blue: f(color.blue), alpha: f(color.alpha))
    }
}
