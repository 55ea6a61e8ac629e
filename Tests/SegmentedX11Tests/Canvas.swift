import CX11
import SegmentedX11

/// An off-screen Pixmap with an XftDraw (for the test's own fills) and the
/// strip's surface on it (for `FontChain.draw`), and black and white, for drawing tests.
final class Canvas {
    let display: OpaquePointer
    let pixmap: Pixmap
    let draw: OpaquePointer
    let surface: DrawSurface
    let width: Int, height: Int
    var white = XftColor()
    var black = XftColor()

    @MainActor
    init?(_ connection: XDisplayConnection, width: Int, height: Int) {
        display = connection.display
        let screen = connection.screen
        self.width = width
        self.height = height
        pixmap = XCreatePixmap(display, XRootWindow(display, screen), UInt32(width), UInt32(height), UInt32(XDefaultDepth(display, screen)))
        guard let draw = XftDrawCreate(display, pixmap, XDefaultVisual(display, screen), XDefaultColormap(display, screen)),
              let surface = DrawSurface(connection: connection, drawable: pixmap) else {
            XFreePixmap(display, pixmap)
            return nil
        }
        self.draw = draw
        self.surface = surface
        var w = XRenderColor(red: 0xFFFF, green: 0xFFFF, blue: 0xFFFF, alpha: 0xFFFF)
        var b = XRenderColor(red: 0, green: 0, blue: 0, alpha: 0xFFFF)
        XftColorAllocValue(display, XDefaultVisual(display, screen), XDefaultColormap(display, screen), &w, &white)
        XftColorAllocValue(display, XDefaultVisual(display, screen), XDefaultColormap(display, screen), &b, &black)
    }

    deinit {
        XftDrawDestroy(draw)
        XFreePixmap(display, pixmap)
    }

    /// Clears to white, runs `body`, and reads every pixel back.
    func snapshot(_ body: (Canvas) -> Void) -> [UInt] {
        XftDrawRect(draw, &white, 0, 0, UInt32(width), UInt32(height))
        body(self)
        XSync(display, 0)
        guard let image = XGetImage(display, pixmap, 0, 0, UInt32(width), UInt32(height), UInt.max, ZPixmap) else { return [] }
        defer { cxft_destroy_image(image) }
        var pixels = [UInt]()
        pixels.reserveCapacity(width * height)
        for y in 0..<height { for x in 0..<width { pixels.append(cxft_get_pixel(image, Int32(x), Int32(y))) } }
        return pixels
    }
}
