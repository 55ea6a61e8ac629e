import CX11
import SegmentedCore

// Icons: a picture from `IconCache` composited Over the back buffer in the
// box the core places (`SegmentLayout.itemPlacement`), alpha included. The
// box is an item's whenever it names an icon; one that cannot be drawn leaves it empty.
extension StripPainter {
    /// Composites `icon` centered in `box` (content coordinates, pixels; a
    /// picture not square is centered on its short side): a symbolic icon
    /// as a mask over `color` (the title's color as drawn, blended and
    /// disabled included), another through the disabled strength when
    /// `disabled` (through `disabledMask`, the icon cache's). The buffer's clip applies: XRender clips to the surface's
    /// picture's clip.
    func drawIcon(_ icon: IconCache.Picture, in box: Rect, disabled: Bool, disabledMask: Picture, color: XRenderColor, offset: Double,
                  on buffer: BackBuffer) {
        let side = Int(box.width.rounded())
        let x = style.direction.windowPixelMinX(contentX: box.x, width: Double(side), contentOffset: offset, viewportWidth: buffer.width)
            + (side - icon.width) / 2
        let y = Int(box.y.rounded()) + (side - icon.height) / 2
        guard x < buffer.width, x + icon.width > 0 else { return }
        let destination = buffer.picture
        guard icon.isSymbolic else {
            XRenderComposite(buffer.display, Int32(PictOpOver), icon.picture, disabled ? disabledMask : 0, destination,
                             0, 0, 0, 0, Int32(x), Int32(y), UInt32(icon.width), UInt32(icon.height))
            return
        }
        var color = color
        let fill = XRenderCreateSolidFill(buffer.display, &color)
        XRenderComposite(buffer.display, Int32(PictOpOver), fill, icon.picture, destination,
                         0, 0, 0, 0, Int32(x), Int32(y), UInt32(icon.width), UInt32(icon.height))
        XRenderFreePicture(buffer.display, fill)
    }
}
