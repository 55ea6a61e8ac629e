import CX11

// The drawing half of the one owner of Xft and fontconfig (suckless drw.c's
// model); `FontChain` is the text half. Every other file draws through these:
// a color as Xft draws it, and a surface (one XftDraw on a drawable).

/// A color as the text and the fills are drawn in: its pixel and its XRender value.
public typealias DrawColor = XftColor

/// One long-lived XftDraw on a drawable, every frame drawn through it:
/// text (`FontChain.draw(_:on:...)`), fills and the clip. Pointing it at
/// another drawable keeps it (`retarget`), as drw.c keeps its XftDraw.
@MainActor
public final class DrawSurface {
    /// The XftDraw.
    let handle: OpaquePointer
    private let display: OpaquePointer

    /// A surface on `drawable` in `visual` and `colormap`; nil when Xft cannot make one (no memory).
    init?(display: OpaquePointer, drawable: Drawable, visual: UnsafeMutablePointer<Visual>?, colormap: Colormap) {
        guard let handle = XftDrawCreate(display, drawable, visual, colormap) else { return nil }
        self.handle = handle
        self.display = display
    }

    /// A surface on `drawable` in the screen's default visual and colormap.
    public convenience init?(connection: XDisplayConnection, drawable: Drawable) {
        let display = connection.display, screen = connection.screen
        self.init(display: display, drawable: drawable, visual: XDefaultVisual(display, screen), colormap: XDefaultColormap(display, screen))
    }

    deinit {
        // On the main queue, as every use (see `XDisplayConnection.deinit`).
        MainActor.assumeIsolated { XftDrawDestroy(handle) }
    }

    /// Points the surface at `drawable` (freeing the picture of the old one).
    func retarget(_ drawable: Drawable) {
        XftDrawChange(handle, drawable)
    }

    /// The XRender picture of the drawable, clip included (0 without RENDER); made on first use.
    var picture: Picture { XftDrawPicture(handle) }

    /// Limits drawing to `rects` (an empty list clips everything away).
    func clip(to rects: [XRectangle]) {
        var rects = rects
        XftDrawSetClipRectangles(handle, 0, 0, &rects, Int32(rects.count))
    }

    /// Drawing is no longer clipped.
    func unclip() {
        XftDrawSetClip(handle, nil)
    }

    /// Fills the rectangle with `color`, replacing the pixels (coordinates as given: the caller clips).
    func fill(_ color: inout DrawColor, x: Int, y: Int, width: Int, height: Int) {
        XftDrawRect(handle, &color, Int32(x), Int32(y), UInt32(max(width, 0)), UInt32(max(height, 0)))
    }
}

/// Colors allocated as Xft allocates them (`XftColorAllocValue`: a TrueColor
/// pixel, or a colormap cell), and freed.
enum DrawColors {
    /// `render` allocated in `colormap`; nil when the colormap has no free cell.
    static func allocate(display: OpaquePointer, visual: UnsafeMutablePointer<Visual>, colormap: Colormap,
                         _ render: XRenderColor) -> DrawColor? {
        var value = render, color = DrawColor()
        return XftColorAllocValue(display, visual, colormap, &value, &color) != 0 ? color : nil
    }

    /// Frees a color `allocate` gave.
    static func free(_ color: DrawColor, display: OpaquePointer, visual: UnsafeMutablePointer<Visual>, colormap: Colormap) {
        var color = color
        XftColorFree(display, visual, colormap, &color)
    }
}
