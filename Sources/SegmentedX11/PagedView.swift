import CX11
import Dispatch
import SegmentedCore

/// A horizontally paged view in a child window of any X window: one page per
/// title, each the view's width, side by side (mirrored right to left), drawn
/// by the host's page-draw callback. Linked to a `SegmentedStrip`, either
/// drives the other (TabLayout with ViewPager, Flutter's TabBar with TabBarView):
///
/// - dragging the pages (button 1, past the 5 px click slop) moves them 1:1,
///   rubber-banding past the first and last page, and the strip's indicator,
///   title blend and scroll follow the page position continuously
///   (`SegmentedStrip.setPagePosition(_:)`);
/// - a release settles on the nearest page, or on the next one in the drag's
///   direction after a fling (Android ViewPager: faster than 400 dp/s and
///   longer than 25 dp, 1 dp = 1 px x the style's scale), in a 0.3 s ease-out;
///   the strip's selection changes once then, with cause `.swipe`;
/// - a horizontal wheel notch (buttons 6/7, or Shift with 4/5) or a notch of
///   horizontal XI2 smooth scrolling turns one page; the vertical wheel does nothing;
/// - a tap or key on the strip turns the pages to the selection in the strip's
///   tween time, sliding in from the target's neighbour when it is more than
///   one page away (Android ViewPager2's long-jump rule);
/// - a press during any motion takes over from what is drawn.
///
/// Only the pages that show are drawn: one at rest, at most two during a
/// swipe, whatever the count. All calls happen on the main queue.
@MainActor
public final class PagedView: ChildWindow {
    /// Draws page `index` into `rect` (window pixels: the page's place in the
    /// view's window, which may reach past its edges during a swipe) with
    /// `context`'s fonts and colors, clipped to the visible part.
    public typealias PageDrawer = @MainActor (_ index: Int, _ rect: PixelRect, _ context: PageDrawingContext) -> Void

    /// Things the host wants to hear about; called on the main queue.
    public struct Callbacks {
        /// The pages came to rest on a page (after a swipe, a turn, a wheel notch); the
        /// frame has been flushed to the server, not synced (that would cost a round trip).
        public var settled: (@MainActor (PagedView, _ page: Int) -> Void)?
        public init() {}
    }

    /// Host callbacks.
    public var callbacks = Callbacks()
    /// The page-draw callback.
    public var drawPage: PageDrawer {
        didSet { requestPaint() }
    }

    /// Colors, fonts, scale, direction and motion (`setStyle(_:)`).
    public private(set) var style: StripStyle
    private var colors: ColorCache
    /// The page title font (`StripStyle.pageFont`) and the body font (`StripStyle.font`) pages draw with.
    private(set) var titleFont: FontChain, bodyFont: FontChain
    private(set) var pager: PagerModel
    private var link: PageLink?
    /// The linked strip (held: the strip only holds a weak way back); the strip must have one title per page.
    public private(set) var strip: SegmentedStrip?
    private var settlePending = false
    /// Whether XInput 2 was asked for (when the pointer first enters: its round trips are not paid at startup).
    private var hasAskedForXInput2 = false

    /// Creates the view's window in `parent` and maps it.
    ///
    /// - Parameters:
    ///   - connection: an open display; the host keeps feeding its events (`handle(_:)` or an `XEventLoop`).
    ///   - parent: the window to put the view in.
    ///   - frame: position in `parent` and size, pixels (sides clamped to 1...16384); the page width is the frame's width.
    ///   - pageCount: how many pages (0 draws only the background).
    ///   - page: the page shown first (clamped).
    ///   - style: colors, fonts, scale (1 dp = `scale` px) and direction (right to left mirrors the pages).
    ///   - drawPage: draws one page (see `PageDrawer`).
    /// - Throws: `StripStyle.InvalidValue` for a style value out of range, `FontChain.Failure` when a font cannot be opened.
    public init(connection: XDisplayConnection, parent: Window, frame: PixelRect, pageCount: Int, page: Int = 0,
                style: StripStyle = StripStyle(), drawPage: @escaping PageDrawer) throws {
        try style.validate()
        self.style = style
        self.drawPage = drawPage
        colors = ColorCache(connection: connection)
        titleFont = try connection.fontChain(pattern: style.pageFont, scale: style.scale)
        bodyFont = try connection.fontChain(pattern: style.font, scale: style.scale)
        pager = PagerModel(pageCount: pageCount, page: page, pageWidth: Double(Self.clampedSide(frame.width)), dpScale: style.scale,
                           slop: style.layoutMetrics.clickSlop)
        pager.reducesMotion = style.motion.reducesMotion
        super.init(connection: connection, parent: parent, frame: frame, style: style)
        needsPaint = true
        connectScheduler()
        map()
    }

    private func connectScheduler() {
        scheduler.hasPendingMotion = { [unowned self] in pendingMotion != nil }
        scheduler.applyMotion = { [unowned self] now in applyPendingMotion(at: now) }
        scheduler.isAnimating = { [unowned self] now in pager.isAnimating(at: now) }
        scheduler.timerStopped = { [unowned self] now in
            pager.settle(at: now)
            pagesMoved(at: now)
            needsPaint = true
        }
        scheduler.update = { [unowned self] now, tick in
            if tick {
                needsPaint = true
                pagesMoved(at: now)
            }
            update(at: now)
        }
    }

    /// How many pages there are.
    public var pageCount: Int { pager.pageCount }

    /// The item of page `index`: the linked strip's (one page per item); nil
    /// when the view is not linked or there is no such page. A `drawPage`
    /// reads it to draw what the item names; `setItem` on the strip repaints the pages.
    public func item(at index: Int) -> SegmentItem? {
        guard let strip, strip.titles.indices.contains(index) else { return nil }
        return strip.item(at: index)
    }

    /// The page position drawn now, pages (p = i + f is f of the way from page
    /// i to page i + 1; outside 0...count - 1 while rubber-banding).
    public var pagePosition: Double { pager.position(at: SegmentedStrip.now()) }

    /// The page the view rests on, or is settling on.
    public var currentPage: Int { pager.targetPage }

    /// Whether the pages are being dragged.
    public var isDragging: Bool { pager.isDragging }

    /// Links the view to `strip`: the strip draws the pages' position while
    /// they are swiped and selects the page a swipe settles on (cause `.swipe`);
    /// the pages turn to every selection made on the strip. The pages turn to
    /// the strip's selection at once. The view takes one page per title of the
    /// strip, and follows `setTitles` there.
    public func link(to strip: SegmentedStrip) {
        self.strip = strip
        if pager.pageCount != strip.titles.count { pager = makePager(pageCount: strip.titles.count) }
        let link = PageLink(pager: pager, stripModel: strip.model)
        link.selectionChanged = { [unowned strip] old, new in
            strip.reports.selectionPending = true
            strip.selectionDidChange(from: old, to: new, cause: .swipe)
        }
        self.link = link
        strip.pageTurn = { [weak self] index, animated in self?.turn(to: index, animated: animated) }
        strip.linkedPages = self
        requestPaint()
    }

    private func makePager(pageCount: Int, page: Int = 0) -> PagerModel {
        let pager = PagerModel(pageCount: pageCount, page: page, pageWidth: Double(buffer.width), dpScale: style.scale,
                               slop: style.layoutMetrics.clickSlop)
        pager.reducesMotion = style.motion.reducesMotion
        return pager
    }

    /// Changes the style at run time (a desktop setting, a resource): the
    /// fonts, colors, scale, click slop and motion. The pages rest on the
    /// page they were on or turning to; a press held is let go.
    /// - Throws: `StripStyle.InvalidValue` or `FontChain.Failure`; the view is then unchanged.
    public func setStyle(_ style: StripStyle) throws {
        try style.validate()
        guard !isDestroyed else { return }
        let newTitleFont = try connection.fontChain(pattern: style.pageFont, scale: style.scale)
        let newBodyFont = try connection.fontChain(pattern: style.font, scale: style.scale)
        (self.style, titleFont, bodyFont, colors) = (style, newTitleFont, newBodyFont, ColorCache(connection: connection))
        input = StripInputTranslator(direction: style.direction)
        scheduler.cancelTimer()
        pager = makePager(pageCount: pager.pageCount, page: pager.targetPage)
        if let strip { link(to: strip) }
        XSetWindowBackground(connection.display, window, UInt(style.backgroundColor))
        requestPaint()
    }

    /// The linked strip's titles were replaced: one page per new title, resting on its selection.
    func titlesChanged() {
        guard let strip, !isDestroyed else { return }
        scheduler.cancelTimer()
        pager = makePager(pageCount: strip.titles.count)
        link(to: strip)
    }

    /// Turns to `page` (clamped) as a selection made elsewhere: animated over
    /// the linked strip's tween (0.3 s by default), from the target's neighbour
    /// for a jump of more than one page. A linked strip is not told: select
    /// there (`setSelectedIndex`) to move both.
    public func setPage(_ page: Int, animated: Bool = true) {
        turn(to: page, animated: animated)
    }

    private func turn(to page: Int, animated: Bool) {
        guard !isDestroyed else { return }
        let now = SegmentedStrip.now()
        if let link {
            link.stripSelected(page, at: now, animated: animated)
        } else {
            pager.turn(to: page, at: now, animated: animated)
        }
        settlePending = true
        requestPaint()
    }

    /// The view's window on the root window, pixels (one round trip); nil once destroyed.
    var rootFrame: PixelRect? {
        guard !isDestroyed else { return nil }
        let origin = connection.rootOrigin(of: window)
        return PixelRect(x: origin.x, y: origin.y, width: buffer.width, height: buffer.height)
    }

    /// A new size (`setFrame(_:)` or a ConfigureNotify): the page width follows; the page position stays.
    override func didResize(at now: Double) {
        pager.resize(pageWidth: Double(buffer.width))
    }

    /// The linked strip's first frame is out: the pages are painted now if their
    /// window can be drawn (the strip's startup round trips then bring them to the server).
    func paintAfterStripStartup() {
        guard !isDestroyed else { return }
        if hasExposed, needsPaint { paint(at: SegmentedStrip.now()) } else { requestPaint() }
        followRefreshRate()
    }

    /// Asks for the pages to be drawn again (the host's content changed).
    public func setNeedsDisplay() { requestPaint() }

    private func requestPaint() {
        guard !isDestroyed else { return }
        needsPaint = true
        scheduler.requestUpdate()
    }

    /// Paints the pages at `pages` (index, left edge in window pixels, each
    /// the view's width) over the background, each clipped to its rect, through `drawPage`.
    private func paintPages(_ pages: [(index: Int, x: Int)]) {
        let width = buffer.width, height = buffer.height
        var background = colors.color(style.backgroundColor)
        buffer.fill(&background, x: 0, y: 0, width: width, height: height)
        for page in pages {
            let left = max(page.x, 0), right = min(page.x + width, width)
            guard right > left else { continue }
            buffer.clip(to: [XRectangle(x: Int16(clamping: left), y: 0, width: UInt16(clamping: right - left), height: UInt16(clamping: height))])
            drawPage(page.index, PixelRect(x: page.x, y: 0, width: width, height: height),
                     PageDrawingContext(buffer: buffer, colors: colors, style: style, titleFont: titleFont, bodyFont: bodyFont,
                                        clipMinX: left, clipMaxX: right))
        }
        buffer.unclip()
    }

    /// `destroy()` unlinks the strip too.
    override func willDestroy() {
        strip?.pageTurn = nil
        strip?.linkedPages = nil
    }

    override var isPressed: Bool { pager.isPressed }

    override func pointerWillEnter() { setUpPointer() }

    /// XInput 2 (smooth scrolling) once the pointer first comes in: its extension,
    /// version and device queries are round trips that startup does not wait for.
    /// Until then pointer input comes as core events, handled the same way.
    private func setUpPointer() {
        guard !hasAskedForXInput2 else { return }
        hasAskedForXInput2 = true
        xinput = XInput2Pointer(display: connection.display, window: window)
        connection.scheduleEventDrain()
    }

    override func handle(_ windowInput: PointerInput, at now: Double) {
        switch input.toModel(windowInput, viewportWidth: buffer.width) {
        case let .press(button, x, y, state, time):
            switch button {
            case UInt32(Button1):
                pendingMotion = nil
                pager.press(x: x, y: y, at: now, eventTime: time)
                needsPaint = true
            case 6, 7:
                turn(byNotches: button == 6 ? -1 : 1, at: now)
            case 4, 5:
                // Shift turns the vertical wheel horizontal, as in toolkits (up is toward the start);
                // without it the vertical wheel is for the page's own content.
                if state & UInt32(ShiftMask) != 0 { turn(byNotches: button == 4 ? -1 : 1, at: now) }
            default:
                break
            }
        case let .release(button, x, y, _, time):
            guard button == UInt32(Button1) else { return }
            scheduler.flushMotion(at: now)
            let release: PageRelease
            if let link {
                release = link.pointerReleased(x: x, y: y, at: now, eventTime: time)
                repaintStrip()
            } else {
                release = pager.release(x: x, y: y, at: now, eventTime: time)
            }
            if release != .none { settlePending = true }
            needsPaint = true
        case let .motion(x, y, scroll, time):
            pendingMotion = (x, y, time)
            pager.recordPointerSample(x: x, eventTime: time)
            if scroll.dx != 0 {
                let target: Int?
                if let link {
                    target = link.scroll(increments: scroll.dx, at: now)
                    if target != nil { repaintStrip() }
                } else {
                    target = pager.scroll(increments: scroll.dx, at: now)
                }
                if target != nil {
                    settlePending = true
                    needsPaint = true
                }
            }
        case .ignored:
            break
        }
    }

    /// The held press ended without a release reaching the view (a grab taken
    /// by another client, the window unmapped mid-drag): the pages settle as
    /// for a release with no speed instead of following a pointer with no button down.
    override func pressLost(at now: Double) {
        pendingMotion = nil
        let release: PageRelease
        if let link {
            release = link.pressLost(at: now)
            repaintStrip()
        } else {
            release = pager.cancelPress(at: now)
        }
        if release != .none { settlePending = true }
        needsPaint = true
    }

    private func turn(byNotches notches: Int, at now: Double) {
        let target: Int?
        if let link {
            target = link.turn(by: notches, at: now)
            if target != nil { repaintStrip() }
        } else {
            target = pager.turn(by: notches, at: now)
        }
        // A notch at an end already reached (or over no pages) changes nothing and reports nothing, as the strip's wheel.
        guard target != nil else { return }
        settlePending = true
        needsPaint = true
    }

    private func applyPendingMotion(at now: Double) {
        guard let motion = pendingMotion else { return }
        pendingMotion = nil
        if pager.move(x: motion.x, y: motion.y, eventTime: motion.time ?? now) {
            needsPaint = true
            pagesMoved(at: now)
        }
    }

    /// The linked strip draws the pages' position while the user moves them.
    private func pagesMoved(at now: Double) {
        guard let link else { return }
        if link.pagesMoved(at: now) { repaintStrip() }
    }

    private func repaintStrip() {
        guard let strip else { return }
        strip.needsPaint = true
        strip.scheduleUpdate()
    }

    private func update(at now: Double) {
        if XErrorReporting.hasVanished(UInt(window)) { windowWentAway() }
        guard !isDestroyed else { return }
        // Linked, the pages wait for the strip's first frame (as the strip's own page title does): it comes first.
        if needsPaint, hasExposed, strip?.isStartupFinished != false { paint(at: now) }
        if settlePending, !scheduler.isTimerRunning, !pager.isPressed {
            settlePending = false
            XFlush(connection.display)
            callbacks.settled?(self, pager.targetPage)
        }
        connection.scheduleEventDrain()
    }

    /// The visible pages at `now` in window pixels: mirrored right to left.
    func visiblePages(at now: Double) -> [(index: Int, x: Int)] {
        // Right to left, page i + 1 lies left of page i: a page at x from the start edge is at -x from the left.
        pager.visiblePages(at: now).map { page in
            (page.index, Int((style.direction == .rightToLeft ? -page.x : page.x).rounded()))
        }
    }

    private func paint(at now: Double) {
        let cpuStart = frameObserver == nil ? 0 : threadCPUTime()
        needsPaint = false
        paintPages(visiblePages(at: now))
        buffer.copyToWindow()
        // No sync, even after the first frame: a back buffer the server refuses is
        // heard of by the error handler, which brings the view back to repaint.
        hasDrawnFirstFrame = true
        XFlush(connection.display)
        if let frameObserver {
            frameObserver(SegmentedStrip.FrameStat(time: now, cpuSeconds: threadCPUTime() - cpuStart,
                                                   animating: scheduler.isTimerRunning, dragging: pager.isDragging))
        }
    }
}
