import CX11

/// The translucent image of a tab dragged out of its strip: an
/// override-redirect window that follows the pointer, holding the tab as it
/// was drawn at `opacity`.
///
/// Under a compositing manager, with a 32-bit ARGB visual (the Composite
/// extension's) and RENDER, the tab is composited into the window's
/// background pixmap with that alpha, and what is under it shows through.
/// Without one, alpha would only darken the tab: the window is the tab's
/// pixels as drawn, opaque, in the default visual (and asks for the opacity
/// through `_NET_WM_WINDOW_OPACITY`, which a compositor started later reads).
/// The server redraws the background itself, so the window needs no Expose
/// handling.
@MainActor
final class DragImageWindow {
    /// The image's opacity, 0...1 (Chrome's dragged tab image is about this; AdwTabBar's drag icon is opaque).
    static let opacity = 0.8

    private let connection: XDisplayConnection
    private var display: OpaquePointer { connection.display }
    private let window: Window
    private let pixmap: Pixmap
    /// Where the pointer holds the image, pixels from its window's outer corner: the image's middle.
    private let grab: (x: Int, y: Int)
    /// The strip window's top-left corner on the root, pixels, read once: the image follows
    /// pointer positions in the strip's window with no round trip each frame.
    private let origin: (x: Int, y: Int)

    /// The image of `frame` (window pixels of `buffer`), held by the pointer at its middle; `origin`: where
    /// `buffer`'s window is on the root, pixels. Nil when the frame is empty or the server refuses the window.
    /// `border`: the 0xRRGGBB color of its 1 px border (the strip's separator's), which sets it off from what is under it.
    init?(connection: XDisplayConnection, buffer: BackBuffer, frame: PixelRect, origin: (x: Int, y: Int), border: UInt32,
          colors: ColorCache) {
        let display = connection.display, screen = connection.screen, root = XRootWindow(display, screen)
        let width = min(max(frame.width, 0), buffer.width), height = min(max(frame.height, 0), buffer.height)
        guard width > 0, height > 0 else { return nil }
        var info = XVisualInfo()
        // Alpha shows only through a compositing manager (EWMH's _NET_WM_CM_Sn owner, GTK's test for "composited").
        let composited = XGetSelectionOwner(display, XInternAtom(display, "_NET_WM_CM_S\(screen)", 0)) != 0
        let argbFormat = composited && buffer.hasRender && buffer.picture != 0 && XMatchVisualInfo(display, screen, 32, TrueColor, &info) != 0
            ? XRenderFindVisualFormat(display, info.visual) : nil
        let argb = argbFormat.map { $0.pointee.type == PictTypeDirect && $0.pointee.direct.alphaMask != 0 } ?? false
        let depth = argb ? Int32(32) : XDefaultDepth(display, screen)
        let visual = argb ? info.visual : XDefaultVisual(display, screen)
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.border_pixel = argb ? 0xFF00_0000 | UInt(border) : colors.color(border).pixel
        attributes.colormap = argb ? XCreateColormap(display, root, visual, AllocNone) : XDefaultColormap(display, screen)
        let mask = UInt(CWOverrideRedirect | CWBorderPixel | CWColormap)
        let window = XCreateWindow(display, root, 0, 0, UInt32(width), UInt32(height), 1, depth, UInt32(InputOutput), visual, mask, &attributes)
        if argb { XFreeColormap(display, attributes.colormap) }    // the window keeps it while it lives
        guard window != 0 else { return nil }
        let pixmap = XCreatePixmap(display, window, UInt32(width), UInt32(height), UInt32(depth))
        let x = Int32(min(max(frame.x, 0), buffer.width - width)), y = Int32(min(max(frame.y, 0), buffer.height - height))
        if argb, let format = argbFormat {
            let target = XRenderCreatePicture(display, pixmap, format, 0, nil)
            var alpha = XRenderColor(red: 0, green: 0, blue: 0, alpha: UInt16(Self.opacity * 0xFFFF))
            let mask = XRenderCreateSolidFill(display, &alpha)
            XRenderComposite(display, Int32(PictOpSrc), buffer.picture, mask, target, x, y, 0, 0, 0, 0, UInt32(width), UInt32(height))
            XRenderFreePicture(display, mask)
            XRenderFreePicture(display, target)
        } else {
            XCopyArea(display, buffer.drawable, pixmap, buffer.gc, x, y, UInt32(width), UInt32(height), 0, 0)
            var opacity = UInt(Self.opacity * 0xFFFF_FFFF)
            _ = withUnsafeBytes(of: &opacity) {
                XChangeProperty(display, window, XInternAtom(display, "_NET_WM_WINDOW_OPACITY", 0), XA_CARDINAL, 32, PropModeReplace,
                                $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
            }
        }
        XSetWindowBackgroundPixmap(display, window, pixmap)
        (self.connection, self.window, self.pixmap, self.origin) = (connection, window, pixmap, origin)
        grab = (width / 2 + 1, height / 2 + 1)    // the border is outside the image
    }

    /// Shows the image with the pointer at `pointer` (pixels in the strip's window), where it holds the tab.
    func show(pointerAt pointer: (x: Double, y: Double)) {
        move(pointerAt: pointer)
        XMapRaised(display, window)
    }

    /// Moves the image with the pointer, now at `pointer` (pixels in the strip's window).
    func move(pointerAt pointer: (x: Double, y: Double)) {
        let x = origin.x + Int(pointer.x) - grab.x, y = origin.y + Int(pointer.y) - grab.y
        XMoveWindow(display, window, Int32(clamping: x), Int32(clamping: y))
        XFlush(display)    // nothing else may be sent this frame: no repaint follows a move
    }

    /// The window and its image go with it (on the main queue, as every use).
    deinit {
        MainActor.assumeIsolated {
            XDestroyWindow(display, window)
            XFreePixmap(display, pixmap)
        }
    }
}
