import Glibc
import SegmentedCore
import SegmentedTitles
import SegmentedX11

/// Opens $DISPLAY, or exits 1 with the reason.
///
/// The error handlers go in first, so that even a server that dies during
/// the handshake is reported in our words, not Xlib's.
@MainActor
func openDisplay() -> XDisplayConnection {
    XDisplayConnection.installErrorHandlers(programName: programName)
    do {
        return try XDisplayConnection()
    } catch XDisplayConnection.Failure.noDisplay {
        fail("\(XDisplayConnection.Failure.noDisplay) (run under X11, or use 'make run', which starts Xvfb)", status: 1)
    } catch {
        fail("\(error)", status: 1)
    }
}

/// The style's sources: the defaults, the X resources and the desktop's
/// settings (`StripXResources.apply`; a refused resource is a warning), then
/// the flags, which win (a bad one exits 2 at start).
@MainActor
final class StyleSources {
    let options: DemoOptions
    let connection: XDisplayConnection
    /// The desktop's settings and resources, followed live from right after
    /// the first frame (`followTheDesktop`): its round trips are not paid before it.
    var desktop: DesktopSettingsWatcher?
    /// The style the resources alone made last (no desktop, no flags): what
    /// a value refused on a live change keeps.
    private var resourceStyle: StripStyle?

    init(options: DemoOptions, connection: XDisplayConnection) {
        self.options = options
        self.connection = connection
    }

    /// The last warnings about the resources: a value still refused is not warned about again.
    private var warned: Set<String> = []

    /// The style now, with one warning line per refused resource (not again while it stays refused).
    func makeStyle() -> StripStyle {
        var style = StripStyle()
        // Before the watcher: the resources Xlib read with the display, and no desktop settings.
        let resources = desktop?.resources ?? StripXResources.openingResources(of: connection)
        let warnings = StripXResources.apply(to: &style, connection: connection, instance: programName, resources: resources,
                                             desktop: desktop?.settings ?? DesktopSettings(), previous: resourceStyle)
        if desktop == nil {
            resourceStyle = style   // no desktop yet: the resources' style alone
        } else {
            var alone = StripStyle()
            _ = StripXResources.apply(resources, to: &alone, instance: programName, display: connection.display, previous: resourceStyle)
            resourceStyle = alone
        }
        // Keyed without the closing "; using the default" or "; keeping the previous value", which differ after startup.
        let keys = warnings.map { String($0[..<($0.ranges(of: "; ").last?.lowerBound ?? $0.endIndex)]) }
        for (warning, key) in zip(warnings, keys) where !warned.contains(key) { warn(warning) }
        warned = Set(keys)
        for (setting, value) in options.theme {
            do {
                try setting.apply(value, to: &style, display: connection.display)
            } catch {
                fail("\(error)", status: 2)
            }
        }
        return style
    }
}

/// Ends the program for an error in making the strip or the page area, with its message:
/// a pattern the user typed is bad input (2); no font at all is the machine's problem (1).
@MainActor
func failToMakeStrip(_ error: any Error) -> Never {
    switch error {
    case let error as StripStyle.InvalidValue:
        fail("\(error)", status: 2)
    case let error as FontChain.Failure:
        switch error {
        case .invalidPattern, .singularMatrix, .flatMatrix, .badPixelSize, .tooLarge, .badAdvance: fail("\(error)", status: 2)
        case .noMatch: fail("\(error)", status: 1)
        }
    default:
        fail("\(error)", status: 1)
    }
}

/// The demo's window: a host like any other, a top-level window of its own
/// with one strip across its top and a paged view of one page per title
/// under it, all through the library's public API.
@MainActor
final class DemoWindow {
    let host: HostWindow
    let strip: SegmentedStrip
    /// The page area under the strip: a paged view of one page per title, linked to the strip.
    let pages: PagedView
    let demoPages: DemoPages
    /// Where the page area begins, pixels (the strip and its separator above it).
    private(set) var pageAreaTop: Int
    /// The host window's height, pixels (the strip's own window is only the strip's height).
    private(set) var hostHeight: Int

    /// Makes the window, the strip and the pages, unmapped; exits on failure (`failToMakeStrip`).
    init(connection: XDisplayConnection, options: DemoOptions, style: StripStyle, contents: TitlesFile.Contents) {
        let titles = contents.titles
        let windowWidth = options.geometryGiven ? options.width : Int((Double(options.width) * style.scale).rounded())
        let windowHeight = options.geometryGiven ? options.height : Int((Double(options.height) * style.scale).rounded())
        hostHeight = windowHeight
        host = HostWindow(connection: connection, width: windowWidth, height: windowHeight,
                          background: style.backgroundColor, title: "SegmentedStrip", instanceName: programName,
                          className: StripXResources.resourceClass)
        do {
            pageAreaTop = try SegmentedStrip.pageAreaTop(for: style, connection: connection)
        } catch {
            failToMakeStrip(error)
        }
        let demoPages = DemoPages(titles: titles)
        self.demoPages = demoPages
        do {
            strip = try SegmentedStrip(connection: connection, parent: host.window,
                                       frame: PixelRect(x: 0, y: 0, width: windowWidth, height: min(windowHeight, pageAreaTop)),
                                       titles: titles, details: contents.details, selectedIndex: titles.isEmpty ? 0 : options.selectedIndex,
                                       style: style)
            // Below the window's bottom edge (out of sight) while the window is no taller than the strip.
            pages = try PagedView(connection: connection, parent: host.window,
                                  frame: Self.pagesFrame(width: windowWidth, height: windowHeight, pageAreaTop: pageAreaTop),
                                  pageCount: titles.count, page: options.selectedIndex, style: style) { index, rect, context in
                demoPages.draw(index, rect, context)
            }
            pages.link(to: strip)
        } catch {
            failToMakeStrip(error)
        }
    }

    /// The paged view's frame in a window of `width` x `height` pixels: everything under the strip.
    static func pagesFrame(width: Int, height: Int, pageAreaTop: Int) -> PixelRect {
        PixelRect(x: 0, y: pageAreaTop, width: width, height: max(1, height - pageAreaTop))
    }

    /// Maps the window, gives the strip the keyboard focus and lays the strip
    /// and the pages out again on every resize.
    func show() {
        host.map()
        host.focusedStrip = strip
        host.resized = { [unowned self] width, height in
            hostHeight = height
            strip.setFrame(PixelRect(x: 0, y: 0, width: width, height: min(height, pageAreaTop)))
            pages.setFrame(Self.pagesFrame(width: width, height: height, pageAreaTop: pageAreaTop))
        }
    }

    /// Changes the style of the strip and the pages (the desktop's settings
    /// or the X resources changed): the indicator and the offset glide to
    /// their new places (`setStyle(_:animated: true)`), but for a new scale,
    /// which is not a motion (an underline gliding from the old height would
    /// cross the larger titles); the strip takes its new height, and the pages the rest.
    /// A style that cannot be drawn (a font that no longer opens) is a
    /// warning, and the old style stays.
    /// - Returns: whether the new style is drawn.
    @discardableResult
    func restyle(_ style: StripStyle) -> Bool {
        do {
            try strip.setStyle(style, animated: style.scale == strip.style.scale)
            try pages.setStyle(style)
        } catch {
            warn("the new style cannot be drawn: \(error); keeping the old one")
            return false
        }
        pageAreaTop = strip.pageAreaTop
        let width = strip.frame.width
        strip.setFrame(PixelRect(x: 0, y: 0, width: width, height: min(hostHeight, pageAreaTop)))
        pages.setFrame(Self.pagesFrame(width: width, height: hostHeight, pageAreaTop: pageAreaTop))
        return true
    }

    /// Exits 1 when another client destroys the window, and 0 (with an `exit`
    /// trace line) when the window manager asks to close it.
    func exitWhenClosed(trace: Trace) {
        host.destroyed = {
            fail("the window was destroyed by another client", status: 1)
        }
        host.closeRequested = { [unowned self] in
            trace.emit("exit", ["status": 0])
            host.close()
            exit(0)
        }
    }
}
