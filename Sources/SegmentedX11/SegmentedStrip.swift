import CX11
import Dispatch
import Glibc
import SegmentedCore

/// A scrollable segmented control in a child window of any X window: the
/// embeddable strip.
///
/// The host creates it on its own display connection and parent window,
/// feeds it the X events of that connection (`handle(_:)`, or through an
/// `XEventLoop`), and routes key presses to it when it has focus
/// (`handleKey(keysym:state:)`). The strip schedules its own redraws on the
/// main queue: after a batch of events, and at about 60 Hz through a Dispatch
/// timer that exists only while something moves. A frame taller than the strip
/// (`LayoutMetrics.stripHeight`) shows the selected title centered in the page
/// area below it.
///
/// All calls, callbacks and Xlib work happen on the main queue: the strip
/// is main-actor isolated.
@MainActor
public final class SegmentedStrip: ChildWindow {
    /// The strip's state (titles, layout, selection, scrolling), one for the
    /// strip's lifetime: `setTitles` and `setStyle` reset it in place. Hosts
    /// read it through `snapshot`: changes go through the API, which calls back and repaints.
    let model: StripModel
    /// Every decision of interaction (pointer, keys, lift, close by pointer,
    /// hover): this adapter translates events for it and carries out its effects.
    let controller: StripController
    /// Host callbacks.
    public var callbacks = Callbacks()
    /// Whether pointer input comes through XInput 2.1 (smooth scrolling) rather than core events.
    /// False until the startup is finished, right after the first frame (`Callbacks.startupFinished`).
    public var usesXInput2: Bool { xinput != nil }
    /// The style the strip was created with.
    public internal(set) var style: StripStyle {
        didSet { takeBehavior() }
    }
    /// The page tab list's name for screen readers (nil: none, as GTK's
    /// notebooks); give one when a window has several strips.
    public var accessibleName: String? {
        didSet { accessible?.nameChanged() }
    }

    /// Where the last pointer event was, window pixels: a right press opens the popup list at its column,
    /// and a tab dragged out has its image there (`dragImage`).
    var pointerInWindow = (x: 0.0, y: 0.0)
    /// The translucent image of a tab dragged out of the strip, while it is (`SegmentedStrip+TearOff`).
    var dragImage: DragImageWindow?
    /// The wait of a held press before it lifts its item (`StripModel.liftDelay`), while a press is held on a reorderable strip.
    var liftTimer: FrameTimer?
    /// Told of each drawing of the popup list's rows (its CPU), for measuring; set before the list opens.
    public var popupListFrameObserver: (@MainActor (FrameStat) -> Void)?
    /// How long the popup list last took to open, seconds (`lastPopupListOpenSeconds`).
    var popupListOpenSeconds = 0.0

    /// The window the strip's window is a child of.
    let parentWindow: Window
    /// The strip's page tab list for the accessibility bridge.
    var accessible: AccessibleElement?
    /// Colors of the current style; replaced with the painters by `setStyle`.
    var colors: ColorCache
    var painter: StripPainter
    /// The title fonts, and what a frame draws decided before it is painted (`StripFrame`); replaced by `setStyle`.
    var planner: StripFramePlanner
    /// The selected title in a page area of the strip's own (a window taller than the strip).
    var pageTitle: PageTitlePainter
    /// The style's layout metrics fitted to its fonts (`StripFramePlanner.layoutMetrics`).
    var metrics: LayoutMetrics { planner.layoutMetrics }
    /// The pointer's shapes over a segment and elsewhere; 0 until made, after the first frame.
    var handCursor: Cursor = 0
    var arrowCursor: Cursor = 0
    /// Whether `finishStartup()` ran, after the first frame: the page title
    /// is drawn, and XInput 2 and the cursors are set up.
    var isStartupFinished = false
    /// Reports owed to the host, sent once their frame is on the server.
    let reports = StripReporter()
    /// Whether a slice of measuring is on the main queue (`measureRemainingTitles`).
    var isMeasuringScheduled = false
    /// When the pointed segment's tooltip shows, and its window (`SegmentedStrip+Tooltip`).
    let tooltips = TooltipModel(clock: DispatchFrameClock())
    /// The popup list of every title while it is open (`openPopupList()`).
    var popupList: PopupListWindow?
    lazy var tooltipWindow = TooltipWindow(connection: connection)
    /// A linked `PagedView` turning to a selection made on the strip (index, animated).
    var pageTurn: ((Int, Bool) -> Void)?
    /// The linked `PagedView`: the page area that accessibility describes.
    weak var linkedPages: PagedView?

    /// How many times drag motion was applied during the last press (motion
    /// events are compressed, so this is at most one per frame, not one per event).
    public var motionUpdatesInLastPress: Int { controller.motionUpdatesInLastPress }

    /// Seconds between animation frames (60 Hz); drag motion is applied at most once per frame too.
    public nonisolated static let frameInterval = 1.0 / 60

    /// Seconds on the monotonic clock the model is driven by.
    public nonisolated static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    /// Creates the strip's window in `parent` and maps it.
    ///
    /// - Parameters:
    ///   - connection: an open display; the host keeps feeding its events.
    ///   - parent: the window to put the strip in (the root window makes a bare top-level window).
    ///   - frame: position in `parent` and size, pixels; sizes are clamped to 1...16384.
    ///   - titles: one title per segment; may be empty (an empty strip with no indicator).
    ///   - selectedIndex: the initially selected segment (ignored when `titles` is empty).
    ///   - style: appearance, metrics and motion; `style.scale` multiplies every length.
    /// - Throws: `StripModel.Failure.indexOutOfRange` for a selected index outside
    ///   the titles and `StripStyle.InvalidValue` for a style number that is not
    ///   finite or out of range (both before any window is made);
    ///   `FontChain.Failure` when a font cannot be opened.
    public convenience init(connection: XDisplayConnection, parent: Window, frame: PixelRect,
                            titles: [String], selectedIndex: Int = 0,
                            style: StripStyle = StripStyle()) throws {
        try self.init(connection: connection, parent: parent, frame: frame, titles: titles, details: ItemDetails(titleCount: titles.count),
                      selectedIndex: selectedIndex,
                      style: style)
    }

    /// The items initializer with items in the form the strip keeps them
    /// (`TitlesFile.loadContents(path:)`): the titles, and the items that are
    /// more than a title by index, so a long list of plain titles makes no
    /// item per title. Indices outside the titles are ignored.
    /// - Throws: as the titles initializer.
    public convenience init(connection: XDisplayConnection, parent: Window, frame: PixelRect, titles: [String],
                            details: [Int: SegmentItem], selectedIndex: Int = 0, style: StripStyle = StripStyle()) throws {
        try self.init(connection: connection, parent: parent, frame: frame, titles: titles,
                      details: ItemDetails(details, titleCount: titles.count), selectedIndex: selectedIndex, style: style)
    }

    /// The items initializer with the details as the model keeps them (`StripModel.split(_:)`), beside `titles`
    /// (made for another number of titles, they are taken by index).
    /// - Throws: as the titles initializer.
    public init(connection: XDisplayConnection, parent: Window, frame: PixelRect, titles: [String], details: ItemDetails,
                selectedIndex: Int = 0, style: StripStyle = StripStyle()) throws {
        if !titles.isEmpty, !titles.indices.contains(selectedIndex) {
            throw StripModel.Failure.indexOutOfRange(index: selectedIndex, count: titles.count)
        }
        try style.validate()
        self.parentWindow = parent
        self.style = style
        // The fonts open before any window is made: a font that does not open leaves nothing behind.
        colors = ColorCache(connection: connection)
        planner = try StripFramePlanner(connection: connection, style: style)
        painter = StripPainter(style: style, colors: colors)
        pageTitle = try PageTitlePainter(connection: connection, style: style, colors: colors)
        model = try StripModel(titles: [], viewportWidth: Double(Self.clampedSide(frame.width)), measureUnselected: { _ in 0 },
                               measureSelected: { _ in 0 })
        controller = StripController(model: model)
        try planner.reset(model, titles: titles, details: details, selectedIndex: selectedIndex)
        super.init(connection: connection, parent: parent, frame: frame, style: style)
        takeBehavior()
        connectScheduler()
        connectTooltips()
        watchIcons()
        map()
        accessible = StripAccessibility.register(strip: self)
    }

    /// What the first frame does not need, done right after it: the page
    /// title, painted now; then XInput 2 and the cursors, so that their round
    /// trips (the extension and version queries, the device list, the cursor
    /// font and XFIXES) are not paid before anything is on screen, and they
    /// bring the page title's frame to the server. Until then pointer input
    /// comes as core events, which the strip handles the same way.
    func finishStartup() {
        guard !isStartupFinished, !isDestroyed else { return }
        isStartupFinished = true
        // Painted here, not through the scheduler (which would paint it after
        // the round trips below) nor `update` (whose reports would run ahead of
        // an animation the host started since: its timer is not running yet).
        if hasExposed { paint(at: Self.now()) }
        // The linked pages, like the page title, come right after the strip's first frame.
        linkedPages?.paintAfterStripStartup()
        let display = connection.display
        handCursor = XCreateFontCursor(display, UInt32(XC_hand2))
        arrowCursor = XCreateFontCursor(display, UInt32(XC_left_ptr))
        XDefineCursor(display, window, controller.hoveredIndex == nil ? arrowCursor : handCursor)
        xinput = XInput2Pointer(display: display, window: window)
        eventsMayBeQueued()
        callbacks.startupFinished?(self)
        followRefreshRate()
    }

    /// Gives the scheduler what it asks about: motion, animation and the update itself.
    func connectScheduler() {
        scheduler.hasPendingMotion = { [unowned self] in controller.hasPendingMotion }
        scheduler.applyMotion = { [unowned self] now in perform(controller.applyPendingMotion(at: now), at: now) }
        scheduler.isAnimating = { [unowned self] now in model.isAnimating(at: now) }
        scheduler.timerStopped = { [unowned self] now in
            model.settle(at: now)
            needsPaint = true
        }
        scheduler.update = { [unowned self] now, tick in
            if tick { needsPaint = true }
            if tick { perform(controller.frame(at: now), at: now) }
            update(at: now)
        }
    }

    deinit {
        // On the main queue, as every use (see `XDisplayConnection.deinit`); the window goes with `ChildWindow`'s deinit.
        MainActor.assumeIsolated {
            tooltips.pointerLeft()      // no wait outlives the strip; its window goes with `tooltipWindow`
            if let accessible { StripAccessibility.unregister(accessible) }
            if handCursor != 0 { XFreeCursor(connection.display, handCursor) }
            if arrowCursor != 0 { XFreeCursor(connection.display, arrowCursor) }
        }
    }

    /// The strip's icons so far (since its style was set): decoded, failed and still being decoded.
    public var iconCounts: IconCounts { planner.iconCounts }

    /// Has the painter tell the strip when an icon a frame asked for comes
    /// back from the decoder's thread: the strip draws it, and tells the host
    /// (`Callbacks.iconsLoaded`) once that frame is on the server.
    func watchIcons() {
        planner.iconsChanged = { [weak self] in
            guard let self, !self.isDestroyed else { return }
            reports.iconsPending = true
            needsPaint = true
            scheduleUpdate()
        }
    }

    /// The font chains (unselected, selected), for diagnostics.
    public var fontChains: (unselected: FontChain, selected: FontChain) {
        (planner.unselectedFont, planner.selectedFont)
    }

    /// The height a host should give a strip of `style` on `connection`,
    /// pixels: the strip's own height, max(`stripHeight` × scale (44 px at
    /// scale 1), the tallest of the unselected and selected fonts' ascent +
    /// descent + top and bottom insets + indicator height + a 2 px gap, all
    /// at the scale) (`LayoutMetrics.fittingText(height:)`). A taller frame
    /// shows the page area under the strip.
    /// - Throws: `StripStyle.InvalidValue` for a style out of range,
    ///   `FontChain.Failure` when one of its fonts cannot be opened.
    public static func preferredHeight(for style: StripStyle, connection: XDisplayConnection) throws -> Int {
        Int(try style.layoutMetrics(fittingFontsOn: connection).stripHeight.rounded(.up))
    }

    /// Where a page area under a strip of `style` on `connection` begins,
    /// pixels: `pageAreaTop` before the strip exists, so that a host can give
    /// the strip exactly that height and a `PagedView` the rest. Opens the fonts.
    /// - Throws: as `preferredHeight(for:connection:)`.
    public static func pageAreaTop(for style: StripStyle, connection: XDisplayConnection) throws -> Int {
        Int(try style.layoutMetrics(fittingFontsOn: connection).stripHeight) + StripPainter.separatorHeight(scale: style.scale)
    }

    /// The height of this strip's strip area (not its window), pixels: what
    /// `preferredHeight(for:connection:)` gives for its style.
    public var preferredHeight: Int { Int(metrics.stripHeight.rounded(.up)) }

    /// Where a page area under the strip begins, pixels from the top of its
    /// window: the strip and its separator line. A window this tall shows no
    /// page area of its own: a host with a `PagedView` puts it here.
    public var pageAreaTop: Int { Int(metrics.stripHeight) + painter.separatorHeight }

    /// The segment under the pointer, as last drawn.
    public var hoveredIndex: Int? { controller.hoveredIndex }
    /// Whether an item is lifted and dragged to reorder it (a held press on a reorderable strip); Escape then puts it back.
    public var isReordering: Bool { model.isReordering }
    /// The segment whose close button is under the pointer, as last drawn (in its hover state); nil when none.
    public var hoveredCloseButtonIndex: Int? { controller.hoveredCloseButton }

    /// The titles, one per segment.
    public var titles: [String] { model.titles }

    /// The selected segment; nil only when there are no titles.
    public var selectedIndex: Int? { model.selectedIndex }

    /// A new size (`setFrame(_:)` or a ConfigureNotify). The content offset
    /// follows as for any resize: at rest, the least scroll that keeps the
    /// selection whole; during a tween, the same clock.
    override func didResize(at now: Double) {
        model.resize(viewportWidth: Double(buffer.width), at: now)
        reports.resizePending = true
    }

    /// Replaces the titles as `setItems(_:selectedIndex:animated:)` does
    /// (matched by title, the selection on its item, the difference animated).
    /// The selection callback fires (cause `.api`) when the selected index changes.
    /// - Throws: `StripModel.Failure.indexOutOfRange` when `selectedIndex` is
    ///   outside the new titles; the strip is then unchanged.
    public func setTitles(_ titles: [String], selectedIndex: Int? = nil, animated: Bool = true) throws {
        try setItems(titles.map(SegmentItem.init), selectedIndex: selectedIndex, animated: animated)
    }

    /// Changes the style at run time: colors, fonts, metrics, indicator and
    /// motion. The titles and the selection stay; the strip is laid out again
    /// in the new fonts and metrics, centered on the selection, and exactly one
    /// indicator is drawn (in its new shape and place). An open popup list
    /// closes with nothing chosen: its rows are in the old style.
    ///
    /// - Parameters:
    ///   - style: the new style; `scale` multiplies every metric as at creation.
    ///   - animated: tween the indicator and the content offset from where they
    ///     are drawn to their new places (the style's own duration and easing);
    ///     the frames, measured in other fonts, change at once.
    /// - Throws: `StripStyle.InvalidValue` or `FontChain.Failure` (a font that
    ///   cannot be opened); the strip is then unchanged.
    public func setStyle(_ style: StripStyle, animated: Bool = false) throws {
        try style.validate()
        guard !isDestroyed else { return }
        dropLiftedItemForChange()
        closePopupList()
        let now = Self.now()
        let drawn = model.presentation(at: now)
        let newColors = ColorCache(connection: connection)
        let newPlanner = try StripFramePlanner(connection: connection, style: style)
        let newPageTitle = try PageTitlePainter(connection: connection, style: style, colors: newColors)
        (colors, planner, painter, pageTitle) = (newColors, newPlanner, StripPainter(style: style, colors: newColors), newPageTitle)
        watchIcons()
        self.style = style
        input = StripInputTranslator(direction: style.direction)
        try newPlanner.reset(model, titles: model.titles, details: model.details, selectedIndex: model.selectedIndex ?? 0)
        if hasDrawnFirstFrame { measureRemainingTitles() }
        XSetWindowBackground(connection.display, window, UInt(style.backgroundColor))
        scheduler.cancelTimer()
        perform(controller.restyled(from: drawn, animated: animated, at: now), at: now)
    }

    /// Draws the strip at page position `position` (pages, 0-based: p = i + f
    /// is f of the way from page i to page i + 1), for a host with its own
    /// paging that reports its progress as it scrolls, as Android TabLayout's
    /// `setScrollPosition(position, positionOffset)` or Flutter's
    /// `TabController.animation` value: the indicator, title blend and content
    /// offset are drawn exactly as during a swipe of a linked `PagedView`
    /// (see `StripModel.setPagePosition(_:at:)` for the formulas), with no tween.
    ///
    /// The selection does not change and no callback fires: call
    /// `setSelectedIndex(_:animated:)` when the host's pager settles on a page
    /// (at once: the strip is drawn there already). A position outside
    /// 0...count - 1 is clamped; a non-finite one is ignored.
    public func setPagePosition(_ position: Double) {
        guard !isDestroyed else { return }
        followPages(position, at: Self.now())
    }

    /// Draws `position` (pages) at `now` (seconds) and repaints after the batch.
    func followPages(_ position: Double, at now: Double) {
        model.setPagePosition(position, at: now)
        needsPaint = true
        scheduleUpdate()
    }

    /// Tells the host, assistive technologies and a linked paged view that the selection changed.
    func selectionDidChange(from old: Int?, to new: Int, cause: SelectionCause, animated: Bool = true) {
        announce(SelectionChange(oldIndex: old, newIndex: new, cause: cause))
        // The pages turn to a selection made on the strip; a swipe's selection came from them.
        if cause != .swipe { pageTurn?(new, animated) }
    }

    /// Selects `index` for the host (cause `.api`).
    ///
    /// - Parameters:
    ///   - index: the segment to select, 0..<titles.count.
    ///   - animated: tween the indicator and the offset (style duration and
    ///     easing), or jump to the rest position.
    /// - Throws: `StripModel.Failure.indexOutOfRange`; nothing changes then.
    /// The selection callback fires once, before the animation, when the index changes;
    /// selecting the selected segment only re-centers it.
    public func setSelectedIndex(_ index: Int, animated: Bool = true) throws {
        try select(index, animated: animated, cause: .api)
    }

    /// Selects `index` for `cause`, as `setSelectedIndex` (which is the host's cause).
    func select(_ index: Int, animated: Bool, cause: SelectionCause) throws {
        guard model.titles.indices.contains(index) else {
            throw StripModel.Failure.indexOutOfRange(index: index, count: model.titles.count)
        }
        guard !isDestroyed else { return }
        let now = Self.now()
        perform(try controller.select(index, animated: animated, cause: cause, at: now), at: now)
    }

    /// The style's behavior, for the controller: close buttons and reordering.
    private func takeBehavior() {
        controller.isClosable = style.behavior.closable == .on
        controller.isReorderable = style.behavior.reorderable == .on
    }

    /// Tells the host (the selection callback) and assistive technologies (the
    /// page tab list's events) that the selection changed: the one place a
    /// change is announced, whatever caused it.
    /// - Parameter toAccessibility: false when the items changed too: their tabs were told already, by item.
    func announce(_ change: SelectionChange, toAccessibility: Bool = true) {
        callbacks.selectionChanged?(self, change)
        if toAccessibility { accessible?.selectionChanged(from: change.oldIndex, to: change.newIndex, focused: hasKeyboardFocus) }
    }

    // `ChildWindow`'s hooks (an extension cannot override them); the input is in `SegmentedStrip+Input`.
    override var isPressed: Bool { model.isPressed }
    override func handle(_ input: PointerInput, at now: Double) { handlePointer(input, at: now) }
    override func pressLost(at now: Double) { perform(controller.pressLost(at: now), at: now) }
    override func pointerEntered(x: Int32, y: Int32) {
        let entered = input.crossing(x: x, y: y, viewportWidth: buffer.width)
        controller.entered(x: entered.x, y: entered.y)
    }
    override func pointerLeft() {
        let now = Self.now()
        perform(controller.left(at: now), at: now)
    }
    override func refreshRateChanged() { callbacks.refreshRateChanged?(self) }

    /// Root-window property changes that concern accessibility are the strip's too.
    /// So are the popup list's events: while it is open it holds the grabs, so every key and pointer event is its.
    override func handleShared(_ event: inout XEvent) -> Bool {
        if let popupList, popupList.handle(&event) {
            eventsMayBeQueued()
            return true
        }
        return event.type == PropertyNotify && StripAccessibility.rootPropertyChanged(&event)
    }

    /// Also unregisters the page tab list from the accessibility bridge.
    override func willDestroy() {
        tooltips.pointerLeft()
        popupList?.close()
        popupList = nil
        dragImage = nil
        if let accessible { StripAccessibility.unregister(accessible) }
    }

    /// Also unregisters the page tab list, as `willDestroy()`, and tells the host (`Callbacks.destroyed`).
    override func didGoAway() {
        willDestroy()
        callbacks.destroyed?(self)
    }

    /// What is drawn now.
    public var presentation: StripPresentation { model.presentation(at: Self.now()) }

    /// The strip now, as a value: titles, frames, selection, offset and what is drawn.
    public var snapshot: StripSnapshot { model.snapshot(at: Self.now()) }

    /// The strip at `time` (seconds on `SegmentedStrip.now()`), as a value.
    public func snapshot(at time: Double) -> StripSnapshot { model.snapshot(at: time) }

}
