import CX11
import SegmentedCore

/// A segment's tooltip on screen: an override-redirect window of type
/// `_NET_WM_WINDOW_TYPE_TOOLTIP`, a child of the root window, placed by
/// `TooltipLayout.frame` inside the RandR monitor that holds the segment.
///
/// The text is drawn once, into a pixmap that becomes the window's
/// background, so the server repaints an exposed tooltip by itself and the
/// window needs no events. Colors are the strip's own: its `textColor` on its
/// `backgroundColor`, with a 1 px × scale border in `textColor`, readable in
/// any theme the strip is. The font is the unselected title font, through its
/// text routine (shaped, in bidi order per line).
@MainActor
final class TooltipWindow {
    private let connection: XDisplayConnection
    /// The tooltip's window; 0 while none is shown.
    private(set) var window: Window = 0
    /// Its frame on the root window, pixels; nil while none is shown.
    private(set) var frame: PixelRect?
    /// The lines shown, as broken by `TooltipLayout.lines`.
    private(set) var lines: [String] = []

    init(connection: XDisplayConnection) {
        self.connection = connection
    }

    deinit {
        MainActor.assumeIsolated { hide() }
    }

    /// Shows `text` for a segment at `segment` (root pixels), replacing what is shown.
    func show(_ text: String, segment: Rect, font: FontChain, style: StripStyle, colors: ColorCache) {
        hide()
        let display = connection.display, screen = connection.screen, scale = style.scale
        let padX = (TooltipLayout.padding.x * scale).rounded(), padY = (TooltipLayout.padding.y * scale).rounded()
        let border = max(1, Int(scale.rounded()))
        lines = TooltipLayout.lines(text, width: (TooltipLayout.maximumLineWidth * scale).rounded(.down),
                                    advance: { Double(font.advance(of: $0)) }, elide: { font.elided($0, fitting: Int($1)) })
        let advances = lines.map(font.advance(of:))
        let lineHeight = font.ascent + font.descent
        let width = (advances.max() ?? 0) + 2 * Int(padX), height = lines.count * lineHeight + 2 * Int(padY)
        let placed = TooltipLayout.frame(segment: segment, size: (Double(width), Double(height)), monitor: Self.monitor(holding: segment, connection),
                                         gap: (TooltipLayout.gap * scale).rounded(), rightToLeft: style.direction == .rightToLeft)
        let root = XRootWindow(display, screen), depth = XDefaultDepth(display, screen)
        let visual = XDefaultVisual(display, screen), colormap = XDefaultColormap(display, screen)
        let pixmap = XCreatePixmap(display, root, UInt32(width), UInt32(height), UInt32(depth))
        if let surface = DrawSurface(display: display, drawable: pixmap, visual: visual, colormap: colormap) {
            var edge = colors.color(style.textColor), back = colors.color(style.backgroundColor), ink = colors.color(style.textColor)
            surface.fill(&edge, x: 0, y: 0, width: width, height: height)
            surface.fill(&back, x: border, y: border, width: max(width - 2 * border, 1), height: max(height - 2 * border, 1))
            for (row, line) in lines.enumerated() {
                // Right to left, lines are flush with the right edge, as the segment's leading edge.
                let x = style.direction == .rightToLeft ? width - Int(padX) - advances[row] : Int(padX)
                font.draw(line, on: surface, color: &ink, x: x, baseline: Int(padY) + row * lineHeight + font.ascent)
            }
        }
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.save_under = 1
        attributes.background_pixmap = pixmap
        window = XCreateWindow(display, root, Int32(placed.x), Int32(placed.y), UInt32(width), UInt32(height), 0, depth,
                               UInt32(InputOutput), visual, UInt(CWOverrideRedirect | CWSaveUnder | CWBackPixmap), &attributes)
        // The window keeps its background: the pixmap's id can go at once.
        XFreePixmap(display, pixmap)
        connection.mapPopup(window, type: "_NET_WM_WINDOW_TYPE_TOOLTIP")
        frame = PixelRect(x: Int(placed.x), y: Int(placed.y), width: width, height: height)
    }

    /// Destroys the tooltip's window, if one is shown.
    func hide() {
        guard window != 0 else { return }
        XDestroyWindow(connection.display, window)
        XSync(connection.display, 0)   // gone from the server before the strip says so
        (window, frame, lines) = (0, nil, [])
    }

    /// The RandR monitor (XRRGetMonitors, RandR 1.5) holding the segment's
    /// center, else the one nearest to it; the whole screen without RandR 1.5.
    static func monitor(holding segment: Rect, _ connection: XDisplayConnection) -> Rect {
        let display = connection.display
        let screen = Rect(x: 0, y: 0, width: Double(XDisplayWidth(display, connection.screen)),
                          height: Double(XDisplayHeight(display, connection.screen)))
        var event: Int32 = 0, error: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XRRQueryExtension(display, &event, &error) != 0, XRRQueryVersion(display, &major, &minor) != 0,
              major > 1 || (major == 1 && minor >= 5) else { return screen }
        var count: Int32 = 0
        guard let list = XRRGetMonitors(display, XRootWindow(display, connection.screen), 1, &count) else { return screen }
        defer { XRRFreeMonitors(list) }
        let center = (x: segment.x + segment.width / 2, y: segment.y + segment.height / 2)
        let monitors = (0..<Int(count)).map { Rect(x: Double(list[$0].x), y: Double(list[$0].y), width: Double(list[$0].width),
                                                   height: Double(list[$0].height)) }
        func distance(_ m: Rect) -> Double {
            let dx = max(m.x - center.x, 0, center.x - (m.x + m.width)), dy = max(m.y - center.y, 0, center.y - (m.y + m.height))
            return dx * dx + dy * dy
        }
        return monitors.min { distance($0) < distance($1) } ?? screen
    }
}
