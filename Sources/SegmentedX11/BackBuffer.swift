import CX11

/// A window's back buffer: a Pixmap the window's size, drawn through one
/// long-lived surface (`DrawSurface`) and copied to the window (drw.c's
/// model). An Expose only copies it again; a resize makes a new Pixmap and
/// points the same surface at it.
///
/// When the server has no memory for the buffer (BadAlloc, which arrives
/// after the fact), the surface is pointed at the window and frames are drawn
/// straight to it until a later resize gets a buffer again.
@MainActor
final class BackBuffer {
    let display: OpaquePointer
    let window: Window
    /// The one surface every frame is drawn through.
    let surface: DrawSurface
    /// Copies the buffer to the window, and fills rectangles with core requests without RENDER.
    let gc: GC
    /// Whether the server has the RENDER extension; without it translucent fills are core fills.
    let hasRender: Bool
    /// The back buffer, or 0 while frames are drawn straight to the window.
    private(set) var pixmap: Pixmap = 0
    /// The XRender picture of the surface's drawable, made when the drawable changes (0 without RENDER).
    private(set) var picture: Picture = 0
    /// The buffer's size, pixels (at least 1 by 1).
    private(set) var width: Int, height: Int
    private let depth: Int32
    /// The gc's foreground pixel as last set, so that core fills set it only when it changes.
    private var foreground: UInt?

    /// A buffer for `window`, `width` by `height` pixels, in the screen's default depth and visual.
    init(connection: XDisplayConnection, window: Window, width: Int, height: Int) {
        display = connection.display
        self.window = window
        let screen = connection.screen, visual = XDefaultVisual(display, screen)
        depth = XDefaultDepth(display, screen)
        self.width = max(1, width)
        self.height = max(1, height)
        // The font library asked the server when it opened the fonts; Xlib keeps the answer per display.
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        hasRender = XRenderQueryExtension(display, &eventBase, &errorBase) != 0 && XRenderFindVisualFormat(display, visual) != nil
        // Only a server out of memory refuses it: nothing can be drawn then.
        guard let surface = DrawSurface(display: display, drawable: window, visual: visual, colormap: XDefaultColormap(display, screen)) else {
            fatalError("segmented-strip: no memory to draw in window \(window)")
        }
        self.surface = surface
        gc = XCreateGC(display, window, 0, nil)
        // The back buffer is always whole: no GraphicsExpose/NoExpose event after every copy.
        XSetGraphicsExposures(display, gc, 0)
        if !hasRender {
            XErrorReporting.warnOnce("no RENDER", "the X server has no RENDER extension; drawing the indicator with core X requests")
        }
        XErrorReporting.register(UInt(window), owner: UInt(window), drawable: UInt(window))
        makeBackBuffer()
    }

    deinit {
        // On the main queue, as every use (see `XDisplayConnection.deinit`).
        MainActor.assumeIsolated {
            if pixmap != 0, !XErrorReporting.isFailedPixmap(UInt(pixmap)) { XFreePixmap(display, pixmap) }
            _ = XFreeGC(display, gc)
            XErrorReporting.retire([UInt(pixmap), UInt(picture), UInt(window)], display: display)
        }
    }

    /// Whether frames go to a back buffer (false: straight to the window, and an Expose needs a repaint).
    var hasBackBuffer: Bool { pixmap != 0 }

    /// Where frames are drawn: the back buffer, or the window without one.
    var drawable: Drawable { pixmap != 0 ? pixmap : window }

    /// Asks for a back buffer of the current size and points the surface at
    /// it. A refusal (BadAlloc) comes later, to the error handler, which
    /// matches it by the request's serial; `dropRefusedBackBuffer()` then
    /// falls back to the window. No round trip here.
    private func makeBackBuffer() {
        let serial = XNextRequest(display)
        let buffer = XCreatePixmap(display, window, UInt32(width), UInt32(height), UInt32(depth))
        XErrorReporting.expectPixmap(UInt(buffer), serial: serial, owner: UInt(window))
        retarget(buffer)
    }

    /// Points the surface at `drawable` (a new back buffer, or the window)
    /// and frees the old back buffer; the error handler learns the new ids.
    private func retarget(_ drawable: Drawable) {
        let oldPixmap = pixmap, oldPicture = picture
        surface.retarget(drawable)   // frees the old picture
        if oldPixmap != 0, !XErrorReporting.isFailedPixmap(UInt(oldPixmap)) { XFreePixmap(display, oldPixmap) }
        pixmap = drawable == window ? 0 : drawable
        // Made now, not on first use, so that the handler knows its id before any error about it.
        picture = surface.picture
        XErrorReporting.register(UInt(picture), owner: UInt(window), drawable: UInt(drawable))
        XErrorReporting.retire([UInt(oldPixmap), UInt(oldPicture)], display: display)
    }

    /// When the server refused the current back buffer: draws straight to the
    /// window from now on (one warning per program) until the next resize.
    /// - Returns: whether it switched (the frame on screen is then lost: repaint).
    func dropRefusedBackBuffer() -> Bool {
        guard pixmap != 0, XErrorReporting.isFailedPixmap(UInt(pixmap)) else { return false }
        XErrorReporting.warnOnce("back buffer", "no memory on the X server for a \(width)x\(height) back buffer; drawing straight to the window")
        retarget(window)
        return true
    }

    /// Recreates the back buffer for a new window size (pixels) and points
    /// the same surface at it; drawing straight to the window, tries a buffer again.
    func resize(width newWidth: Int, height newHeight: Int) {
        let w = max(1, newWidth), h = max(1, newHeight)
        guard w != width || h != height else { return }
        width = w
        height = h
        makeBackBuffer()
    }

    /// Limits drawing to the rows [y, y + height) of the buffer.
    func clip(y: Int, height rows: Int) {
        let rect = XRectangle(x: 0, y: Int16(clamping: y), width: UInt16(clamping: width), height: UInt16(clamping: max(0, rows)))
        surface.clip(to: [rect])
    }

    /// Limits drawing to `rects` (an empty list clips everything away).
    func clip(to rects: [XRectangle]) {
        surface.clip(to: rects)
    }

    /// Drawing is no longer clipped.
    func unclip() {
        surface.unclip()
    }

    /// Fills a rectangle clipped to the buffer (X coordinates are 16-bit).
    func fill(_ color: inout DrawColor, x: Int, y: Int, width w: Int, height h: Int) {
        let left = max(x, 0), top = max(y, 0)
        let right = min(x + w, width), bottom = min(y + h, height)
        guard right > left, bottom > top else { return }
        surface.fill(&color, x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Composites `color` (premultiplied) Over the rectangle, clipped to the
    /// buffer and to the surface's clip; without RENDER, fills it with the
    /// opaque `corePixel` instead (core fills have no alpha).
    func fillOver(_ color: inout XRenderColor, corePixel: UInt, x: Int, y: Int, width w: Int, height h: Int) {
        let left = max(x, 0), top = max(y, 0), right = min(x + w, width), bottom = min(y + h, height)
        guard right > left, bottom > top else { return }
        if hasRender {
            // `fill` replaces pixels (PictOpSrc); the surface's own picture carries its clip.
            XRenderFillRectangle(display, PictOpOver, surface.picture, &color, Int32(left), Int32(top),
                                 UInt32(right - left), UInt32(bottom - top))
        } else {
            if foreground != corePixel {
                XSetForeground(display, gc, corePixel)
                foreground = corePixel
            }
            XFillRectangle(display, drawable, gc, Int32(left), Int32(top), UInt32(right - left), UInt32(bottom - top))
        }
    }

    /// Copies the back buffer to the window (nothing to do when frames are drawn straight to it).
    func copyToWindow() {
        guard pixmap != 0 else { return }
        XCopyArea(display, pixmap, window, gc, 0, 0, UInt32(width), UInt32(height), 0, 0)
    }
}
