import CXft
import SegmentedCore

/// Paints the strip into a back-buffer Pixmap through one long-lived XftDraw
/// and copies it to the window. Painting is a pure function of a
/// `StripPresentation`; an Expose only copies the buffer again.
///
/// When the server has no memory for the back buffer (BadAlloc, which arrives
/// after the fact), the same XftDraw is pointed at the window and frames are
/// drawn straight to it until a later resize gets a buffer again. Without the
/// RENDER extension the indicator is filled with core requests; with a full
/// colormap, colors are the nearest ones in it.
@MainActor
final class StripRenderer {
    let display: OpaquePointer
    let window: Window
    /// Copies the buffer to the window; its foreground is the indicator's color for core fills (no RENDER).
    let gc: GC
    private let depth: Int32
    /// The back buffer, or 0 while frames are drawn straight to the window.
    private(set) var pixmap: Pixmap = 0
    /// The XRender picture of the XftDraw's drawable, made when the drawable changes (0 without RENDER).
    private var picture: Picture = 0
    let draw: OpaquePointer
    /// Whether the server has the RENDER extension; without it the indicator is a core fill.
    let hasRender: Bool
    private(set) var width: Int
    private(set) var height: Int
    /// Thickness of the line under the strip, pixels (1 at scale 1).
    let separatorHeight: Int

    let unselectedFont: XftFontChain
    let selectedFont: XftFontChain
    /// The page title font (`StripStyle.pageFont`), opened with the title fonts.
    let pageFont: XftFontChain

    var background = XftColor()
    var text = XftColor()
    private var hoverText = XftColor()
    private var accent = XftColor()
    private var separator = XftColor()
    /// The indicator's color at its opacity, premultiplied as XRender expects, composited Over.
    var indicatorColor = XRenderColor()
    private let indicatorShape: IndicatorShape
    let indicatorRadius: Double
    /// The titles' color where a box covers them (`StripStyle.boxTitleColor`); nil: their own colors.
    var boxTitle: XftColor?
    var pageText = XftColor()
    private let visual: UnsafeMutablePointer<Visual>
    /// Colors allocated in the colormap, freed with the renderer (nearest colors of a full colormap are borrowed, not freed).
    private var allocatedColors: [XftColor] = []
    /// The colormap's cells, read once when an allocation first fails.
    private var colormapCells: [XColor]?
    /// Pen checkpoints of long titles, by (segment, selected font), built on first draw.
    private var longTitles: [Int: XftFontChain.PenCheckpoints] = [:]
    private var pageTitles: [Int: XftFontChain.PenCheckpoints] = [:]
    /// Page titles elided to the page's width, by segment, with the width (pixels) they were elided to.
    private var elidedPageTitles: [Int: (width: Int, text: String)] = [:]
    /// Room kept free at each side of the page title, pixels (scaled).
    private let pageMargin: Int
    /// Elided titles by (segment, selected font), with the width they were elided to.
    private var elidedTitles: [Int: (width: Int, text: String)] = [:]
    /// Whether frames show the page title. Not the first frame: the page
    /// font's fallback for the title's script and its large glyphs cost a
    /// tenth of the startup, and the strip is what the first frame is for.
    /// The strip sets it right after the first frame, and paints again.
    var drawsPageTitle = false
    /// Titles longer than this many UTF-8 bytes get a checkpoint index.
    static let longTitleBytes = XftFontChain.longestShapedTitle
    private let colormap: Colormap
    private let screen: Int32
    let style: StripStyle
    /// Fonts between the unselected and the selected one for blended titles, by bold << 16 | pixel size; made on first use.
    private var blendFonts: [Int: XftFontChain] = [:]
    /// Blended title colors, by base (0 text, 1 hover) << 16 | selection in 1/255 steps.
    private var blendColors: [Int: XftColor] = [:]
    /// Colors a page-draw callback asked for, by 0xRRGGBB.
    var pageColors: [UInt32: XftColor] = [:]

    /// A child window of `parent` at (`x`, `y`), `width` by `height` pixels,
    /// in the style's background, selecting the events a strip and a paged
    /// view both handle, with its renderer.
    ///
    /// No KeyPressMask: keys go to the host's focus window, which routes them
    /// through `handleKey`. VisibilityChangeMask: a window mapped fully covered
    /// gets no Expose, only a VisibilityNotify.
    /// - Throws: what the renderer's init throws; the window is destroyed first.
    static func childWindow(connection: XDisplayConnection, parent: Window, x: Int, y: Int, width: Int, height: Int,
                            style: StripStyle) throws -> (window: Window, renderer: StripRenderer) {
        let display = connection.display, screen = connection.screen
        var attributes = XSetWindowAttributes()
        attributes.background_pixel = connection.pixel(ofRGB: style.backgroundColor)
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = ExposureMask | StructureNotifyMask | ButtonPressMask | ButtonReleaseMask
            | PointerMotionMask | EnterWindowMask | LeaveWindowMask | VisibilityChangeMask
        let window = XCreateWindow(display, parent, Int32(clamping: x), Int32(clamping: y), UInt32(width), UInt32(height), 0,
                                   XDefaultDepth(display, screen), UInt32(InputOutput), XDefaultVisual(display, screen),
                                   UInt(CWBackPixel | CWBitGravity | CWEventMask), &attributes)
        do {
            return (window, try StripRenderer(connection: connection, window: window, width: width, height: height, style: style))
        } catch {
            XDestroyWindow(display, window)
            throw error
        }
    }

    init(connection: XDisplayConnection, window: Window, width: Int, height: Int, style: StripStyle) throws {
        display = connection.display
        self.window = window
        self.style = style
        let screen = connection.screen
        self.screen = screen
        visual = XDefaultVisual(display, screen)
        colormap = XDefaultColormap(display, screen)
        depth = XDefaultDepth(display, screen)
        separatorHeight = Self.separatorHeight(scale: style.scale)
        indicatorShape = style.indicatorShape
        indicatorRadius = style.indicatorCornerRadius * style.scale
        unselectedFont = try connection.fontChain(pattern: style.font, scale: style.scale)
        selectedFont = try connection.fontChain(pattern: style.selectedFont, scale: style.scale)
        pageFont = try connection.fontChain(pattern: style.pageFont, scale: style.scale)
        pageMargin = Int((Self.pageMargin * style.scale).rounded())
        self.width = max(1, width)
        self.height = max(1, height)
        // Xft asked the server when it opened the fonts; Xlib keeps the answer per display.
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        hasRender = XRenderQueryExtension(display, &eventBase, &errorBase) != 0 && XRenderFindVisualFormat(display, visual) != nil
        draw = XftDrawCreate(display, window, visual, colormap)
        gc = XCreateGC(display, window, 0, nil)
        // The back buffer is always whole: no GraphicsExpose/NoExpose event after every copy.
        XSetGraphicsExposures(display, gc, 0)
        allocate(&background, style.backgroundColor)
        allocate(&text, style.textColor)
        allocate(&hoverText, style.hoverTextColor)
        allocate(&accent, style.accentColor)
        allocate(&separator, style.separatorColor)
        let alpha = max(0, min(1, style.effectiveIndicatorOpacity))
        func channel(_ shift: UInt32) -> UInt16 { UInt16((Double((style.accentColor >> shift) & 0xFF) * 0x101 * alpha).rounded()) }
        indicatorColor = XRenderColor(red: channel(16), green: channel(8), blue: channel(0), alpha: UInt16((0xFFFF * alpha).rounded()))
        allocate(&pageText, style.pageTextColor)
        if let rgb = style.boxTitleColor {
            var color = XftColor()
            allocate(&color, rgb)
            boxTitle = color
        }
        if !hasRender {
            // Core fills have no alpha: the indicator only ever lies on the
            // background, so its translucent color over the background is the same picture.
            var opaque = XftColor()
            allocate(&opaque, style.boxColor)
            XSetForeground(display, gc, opaque.pixel)
            XErrorReporting.warnOnce("no RENDER", "the X server has no RENDER extension; drawing the indicator with core X requests")
        }
        XErrorReporting.register(UInt(window), owner: UInt(window), drawable: UInt(window))
        makeBackBuffer()
    }

    /// Thickness of the line under the strip at `scale`, pixels (1 at scale 1).
    nonisolated static func separatorHeight(scale: Double) -> Int { max(1, Int(scale.rounded())) }

    /// Room kept free at each side of an elided page title, pixels at scale 1.
    static let pageMargin = 16.0

    /// Allocates `rgb` (0xRRGGBB) in the colormap; when the colormap is full,
    /// borrows the nearest color it has (with one warning per program).
    func allocate(_ color: inout XftColor, _ rgb: UInt32) {
        // 8-bit channels widened to XRender's 16 bits (0xAB -> 0xABAB).
        var render = XRenderColor(red: UInt16((rgb >> 16) & 0xFF) * 0x101, green: UInt16((rgb >> 8) & 0xFF) * 0x101,
                                  blue: UInt16(rgb & 0xFF) * 0x101, alpha: 0xFFFF)
        if XftColorAllocValue(display, visual, colormap, &render, &color) != 0 {
            allocatedColors.append(color)
            return
        }
        // Only a PseudoColor or GrayScale colormap with no free cell gets here.
        let nearest = nearestCell(to: render)
        color = XftColor(pixel: nearest.pixel, color: XRenderColor(red: nearest.red, green: nearest.green, blue: nearest.blue, alpha: 0xFFFF))
        let shown = (UInt32(nearest.red >> 8) << 16) | (UInt32(nearest.green >> 8) << 8) | UInt32(nearest.blue >> 8)
        XErrorReporting.warnOnce("colormap full", "the X server's colormap is full; drawing with the nearest colors it has (#\(Self.hex(rgb)) as #\(Self.hex(shown)))")
    }

    private static func hex(_ rgb: UInt32) -> String {
        let digits = String(rgb, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    /// The colormap cell nearest to `target` by squared distance in 16-bit RGB.
    private func nearestCell(to target: XRenderColor) -> XColor {
        if colormapCells == nil {
            let count = max(1, Int(visual.pointee.map_entries))
            var cells = (0..<count).map { XColor(pixel: UInt($0), red: 0, green: 0, blue: 0, flags: 0, pad: 0) }
            XQueryColors(display, colormap, &cells, Int32(count))
            colormapCells = cells
        }
        func distance(_ c: XColor) -> Int {
            let r = Int(c.red) - Int(target.red), g = Int(c.green) - Int(target.green), b = Int(c.blue) - Int(target.blue)
            return r * r + g * g + b * b
        }
        return colormapCells!.min { distance($0) < distance($1) }!
    }

    /// Whether freeing the renderer also gives up the window's id (false when
    /// another renderer takes over the same window: a new style).
    var retiresWindow = true

    deinit {
        // On the main queue, as every use (see `XDisplayConnection.deinit`).
        MainActor.assumeIsolated {
            for c in allocatedColors {
                var color = c
                XftColorFree(display, visual, colormap, &color)
            }
            XftDrawDestroy(draw)
            if pixmap != 0, !XErrorReporting.isFailedPixmap(UInt(pixmap)) { XFreePixmap(display, pixmap) }
            _ = XFreeGC(display, gc)
            XErrorReporting.retire([UInt(pixmap), UInt(picture)] + (retiresWindow ? [UInt(window)] : []), display: display)
        }
    }

    /// Drops what was cached per segment index (new titles).
    func forgetTitles() {
        longTitles = [:]
        pageTitles = [:]
        elidedTitles = [:]
        elidedPageTitles = [:]
    }

    /// Whether frames go to a back buffer (false: straight to the window, and an Expose needs a repaint).
    var hasBackBuffer: Bool { pixmap != 0 }

    /// Asks for a back buffer of the current size and points the XftDraw at
    /// it. A refusal (BadAlloc) comes later, to the error handler, which
    /// matches it by the request's serial; `dropRefusedBackBuffer()` then
    /// falls back to the window. No round trip here.
    private func makeBackBuffer() {
        let serial = XNextRequest(display)
        let buffer = XCreatePixmap(display, window, UInt32(width), UInt32(height), UInt32(depth))
        XErrorReporting.expectPixmap(UInt(buffer), serial: serial, owner: UInt(window))
        retarget(buffer)
    }

    /// Points the XftDraw at `drawable` (a new back buffer, or the window)
    /// and frees the old back buffer; the error handler learns the new ids.
    private func retarget(_ drawable: Drawable) {
        let oldPixmap = pixmap, oldPicture = picture
        XftDrawChange(draw, drawable)   // frees the old picture
        if oldPixmap != 0, !XErrorReporting.isFailedPixmap(UInt(oldPixmap)) { XFreePixmap(display, oldPixmap) }
        pixmap = drawable == window ? 0 : drawable
        // Made now, not on first use, so that the handler knows its id before any error about it.
        picture = XftDrawPicture(draw)
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
    /// the same XftDraw at it; drawing straight to the window, tries a buffer again.
    func resize(width newWidth: Int, height newHeight: Int) {
        let w = max(1, newWidth), h = max(1, newHeight)
        guard w != width || h != height else { return }
        width = w
        height = h
        makeBackBuffer()
    }

    /// Paints one frame into the back buffer (or the window, without one); `hovered` is drawn in the hover color unless it is selected.
    func paint(_ snapshot: StripSnapshot, hovered: Int?) {
        let presentation = snapshot.presentation
        let metrics = snapshot.metrics
        let offset = presentation.contentOffset
        let stripHeight = Int(metrics.stripHeight)
        fill(&background, x: 0, y: 0, width: width, height: height)

        // Titles are centered in their (possibly tweening) frames, so a title
        // whose font grew overhangs its frame a little mid-tween: widen the
        // visible range by one spacing on each side so it does not pop in.
        let layout = presentation.layout
        let visible = layout.visibleRange(contentOffset: offset - metrics.spacing,
                                          viewportWidth: Double(width) + 2 * metrics.spacing)
        // Titles never paint outside the strip, however large their font.
        clip(y: 0, height: stripHeight)
        let box = indicatorShape == .box ? presentation.indicator : nil
        if let box { drawIndicator(box, offset: offset) }    // behind the titles
        // Where a box would hide its titles, those it covers are drawn again over it in `boxTitle`, clipped to it.
        for mask in boxTitle != nil && box != nil ? [nil, boxTitle] : [nil] {
            var indices = visible
            if mask != nil, let box {
                maskToBox(box, offset: offset, stripHeight: stripHeight)
                indices = layout.visibleRange(contentOffset: box.x - metrics.spacing, viewportWidth: box.width + 2 * metrics.spacing)
            }
            for index in indices {
                let selection = presentation.titleSelection[index] ?? 0
                let blended = selection > 0 && selection < 1
                var title = snapshot.titles[index]
                // A long title is not re-measured at the in-between sizes: it switches font at the
                // midpoint and keeps its cached checkpoints, so a tween over it costs what a frame at rest does.
                let blendedFont = blended && title.utf8.count <= Self.longTitleBytes
                let selected = blendedFont ? selection >= 1 : selection >= 0.5
                let chain = blendedFont ? blendFont(selection: selection) : selected ? selectedFont : unselectedFont
                let key = index * 2 + (selected ? 1 : 0)
                // Titles drawn at an in-between size are drawn for a few frames in passing: no per-title caches.
                var checkpoints = blendedFont ? nil : self.checkpoints(for: title, key: key, chain: chain)
                let frameWidth = Int(layout.frame(at: index).width.rounded(.down))
                if snapshot.metrics.maximumSegmentWidth != nil, (checkpoints?.advance ?? chain.advance(of: title)) > frameWidth {
                    // Elide a title wider than its (capped) segment; cached per width, as a tween changes it.
                    if !blendedFont, let cached = elidedTitles[key], cached.width == frameWidth {
                        title = cached.text
                    } else {
                        title = chain.elided(title, fitting: frameWidth)
                        if !blendedFont { elidedTitles[key] = (frameWidth, title) }
                    }
                    checkpoints = nil
                }
                let advance = Double(checkpoints?.advance ?? chain.advance(of: title))
                let frame = layout.frame(at: index)
                let x = style.direction.windowPixelMinX(contentX: frame.midX - advance / 2, width: advance, contentOffset: offset,
                                                        viewportWidth: width)
                let baseline = metrics.titleBaseline(ascent: chain.ascent, descent: chain.descent)
                let hover = index == hovered
                // Passed as `&color`, not through `withUnsafePointer`: that closure would check its
                // main-actor isolation at run time for every title of every frame.
                var color = mask ?? (blended ? blendColor(selection: selection, hovered: hover) : selected ? accent : hover ? hoverText : text)
                chain.draw(title, on: draw, color: &color, x: x, baseline: baseline, clipMinX: 0, clipMaxX: width, checkpoints: checkpoints)
            }
        }
        XftDrawSetClip(draw, nil)

        if indicatorShape == .underline, let indicator = presentation.indicator {
            drawIndicator(indicator, offset: offset)
        }
        fill(&separator, x: 0, y: stripHeight, width: width, height: separatorHeight)

        // A strip with a paged view under it (its window no taller than the strip) has no page area of its own.
        if drawsPageTitle, let selected = snapshot.selectedIndex, height > stripHeight + separatorHeight {
            var title = snapshot.titles[selected]
            let pageTop = Double(stripHeight + separatorHeight)
            var pageCheckpoints: XftFontChain.PenCheckpoints?
            if title.utf8.count > Self.longTitleBytes {
                pageCheckpoints = pageTitles[selected] ?? pageFont.penCheckpoints(for: title)
                pageTitles[selected] = pageCheckpoints
            }
            var advance = pageCheckpoints?.advance ?? pageFont.advance(of: title)
            // A title wider than the page is elided to it, less a margin at each side; cached per width.
            let room = width - 2 * pageMargin
            if advance > room {
                if let cached = elidedPageTitles[selected], cached.width == room {
                    title = cached.text
                } else {
                    title = pageFont.elided(title, fitting: room)
                    elidedPageTitles[selected] = (room, title)
                }
                pageCheckpoints = nil
                advance = pageFont.advance(of: title)
            }
            let baseline = Self.baseline(top: pageTop, height: Double(height) - pageTop, font: pageFont)
            clip(y: stripHeight + separatorHeight, height: height - stripHeight - separatorHeight)
            pageFont.draw(title, on: draw, color: &pageText, x: (width - advance) / 2, baseline: baseline, clipMinX: 0, clipMaxX: width,
                          checkpoints: pageCheckpoints)
            XftDrawSetClip(draw, nil)
        }
    }

    /// The pen checkpoints of a long title, built once.
    private func checkpoints(for title: String, key: Int, chain: XftFontChain) -> XftFontChain.PenCheckpoints? {
        guard title.utf8.count > Self.longTitleBytes else { return nil }
        if let checkpoints = longTitles[key] { return checkpoints }
        let checkpoints = chain.penCheckpoints(for: title)
        longTitles[key] = checkpoints
        return checkpoints
    }

    /// The font of a title drawn `selection` of the way from unselected (0)
    /// to selected (1): the pixel size interpolated in whole pixels, the
    /// selected font's pattern (its weight) from the midpoint on.
    func blendFont(selection: Double) -> XftFontChain {
        let from = unselectedFont.pixelSize, to = selectedFont.pixelSize
        let size = (from + (to - from) * selection).rounded()
        let bold = selection >= 0.5
        let base = bold ? selectedFont : unselectedFont
        if size == base.pixelSize.rounded() { return base }
        let key = (bold ? 1 << 16 : 0) | Int(size)
        if let chain = blendFonts[key] { return chain }
        // The base chain opened, so the same pattern at another size opens too; if not, the base will do.
        let chain = (try? XftFontChain(display: display, screen: screen, pattern: bold ? style.selectedFont : style.font,
                                       scale: style.scale * size / base.pixelSize)) ?? base
        blendFonts[key] = chain
        return chain
    }

    /// Opens every in-between font now and measures `titles` with them, so
    /// that the first blended tween does not wait on fontconfig.
    func prepareBlendFonts<S: Sequence>(measuring titles: S) where S.Element == String {
        for step in 1..<64 {
            let chain = blendFont(selection: Double(step) / 64)
            if chain !== unselectedFont, chain !== selectedFont {
                // Long titles are never drawn at an in-between size (see `paint`): nothing to measure for them.
                for title in titles where title.utf8.count <= Self.longTitleBytes { _ = chain.advance(of: title) }
            }
        }
    }

    /// The color of a title `selection` of the way from unselected (or hovered) to selected, mixed in linear light.
    private func blendColor(selection: Double, hovered: Bool) -> XftColor {
        let step = Int((selection * 255).rounded())
        let key = (hovered ? 1 << 16 : 0) | step
        if let color = blendColors[key] { return color }
        var color = XftColor()
        allocate(&color, ColorBlend.mix(hovered ? style.hoverTextColor : style.textColor, style.accentColor, Double(step) / 255))
        blendColors[key] = color
        return color
    }

    /// The baseline that centers the primary font's ascent + descent in a band (pixels).
    static func baseline(top: Double, height: Double, font: XftFontChain) -> Int {
        let textHeight = Double(font.ascent + font.descent)
        return Int((top + (height - textHeight) / 2).rounded()) + font.ascent
    }

    /// Limits drawing to the rows [y, y + height) of the buffer.
    private func clip(y: Int, height: Int) {
        var rect = XRectangle(x: 0, y: Int16(clamping: y), width: UInt16(clamping: width), height: UInt16(clamping: max(0, height)))
        XftDrawSetClipRectangles(draw, 0, 0, &rect, 1)
    }

    /// Fills a rectangle clipped to the buffer (X coordinates are 16-bit).
    func fill(_ color: inout XftColor, x: Int, y: Int, width w: Int, height h: Int) {
        let left = max(x, 0), top = max(y, 0)
        let right = min(x + w, width), bottom = min(y + h, height)
        guard right > left, bottom > top else { return }
        XftDrawRect(draw, &color, Int32(left), Int32(top), UInt32(right - left), UInt32(bottom - top))
    }

    /// Copies the back buffer to the window (nothing to do when frames are drawn straight to it).
    func copyToWindow() {
        guard pixmap != 0 else { return }
        XCopyArea(display, pixmap, window, gc, 0, 0, UInt32(width), UInt32(height), 0, 0)
    }
}
