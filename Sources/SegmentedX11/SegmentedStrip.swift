import CX11
import Dispatch
import Glibc
import SegmentedCore

/// A scrollable segmented control in a child window of any X window: the
/// embeddable strip, an X11 adapter of `StripController`, which decides.
///
/// The host creates it on its own display connection and parent window,
/// feeds it the X events of that connection (`handle(_:)`, or through an
/// `XEventLoop`), and routes key presses to it when it has focus
/// (`handleKey(keysym:state:)`). The strip repaints after a batch of events,
/// and at the display's rate only while something moves. A frame taller than
/// the strip (`preferredHeight`) shows the selected title below it.
/// Main-actor isolated: every call and callback is on the main queue.
@MainActor
public final class SegmentedStrip: ChildWindow {
    /// Titles, layout, selection and scrolling; hosts read it through `snapshot`.
    let model: StripModel
    /// Every decision of interaction: this adapter translates events for it and carries out its effects.
    let controller: StripController
    /// Host callbacks.
    public var callbacks = Callbacks()
    /// Whether pointer input comes through XInput 2.1 (smooth scrolling); false until `Callbacks.startupFinished`.
    public var usesXInput2: Bool { xinput != nil }
    /// The style the strip was created with, or last given (`setStyle`).
    public internal(set) var style: StripStyle {
        didSet { takeBehavior() }
    }
    /// The page tab list's name for screen readers (nil: none); give one when a window has several strips.
    public var accessibleName: String? {
        didSet { accessible?.nameChanged() }
    }
    /// Told of each drawing of the popup list's rows (its CPU), for measuring; set before the list opens.
    public var popupListFrameObserver: (@MainActor (FrameStat) -> Void)?

    // The painting services of the current style, replaced together by `setStyle`.
    var colors: ColorCache
    var painter: StripPainter
    /// The title fonts and icons, and what a frame draws (`StripFrame`).
    var planner: StripFramePlanner
    /// The selected title in a page area of the strip's own window.
    var pageTitle: PageTitlePainter

    /// The last pointer position, window pixels: where a right press opens the popup list and a dragged-out tab is drawn.
    var pointerInWindow = (x: 0.0, y: 0.0)
    /// The image of a tab dragged out of the strip, while it is out.
    var dragImage: DragImageWindow?
    /// The wait of a held press before it lifts its item (`StripEffect.armLift`).
    var liftTimer: FrameTimer?
    /// How long the popup list last took to open, seconds.
    var popupListOpenSeconds = 0.0
    var accessible: AccessibleElement?
    /// Whether `finishStartup()` ran: the page title, XInput 2 and the cursors are set up.
    var isStartupFinished = false
    /// Reports owed to the host, sent once their frame is on the server.
    let reports = StripReporter()
    /// Whether a slice of measuring is on the main queue (`measureRemainingTitles`).
    var isMeasuringScheduled = false
    /// When the pointed segment's tooltip shows, and its window.
    let tooltips = TooltipModel(clock: DispatchFrameClock())
    lazy var tooltipWindow = TooltipWindow(connection: connection)
    /// The popup list of every title while it is open.
    var popupList: PopupListWindow?
    /// A linked `PagedView` turning to a selection made on the strip (index, animated).
    var pageTurn: ((Int, Bool) -> Void)?
    /// The linked `PagedView`: the page area that accessibility describes.
    weak var linkedPages: PagedView?

    /// The style's layout metrics fitted to its fonts.
    var metrics: LayoutMetrics { planner.layoutMetrics }

    /// Who changed the selection (`SegmentedCore.SelectionCause`).
    public typealias SelectionCause = SegmentedCore.SelectionCause
    /// One change of the selected index, as the selection callback hears it.
    public typealias SelectionChange = SegmentedCore.SelectionChange
    /// How a drag of the strip ended, as the release callback hears it.
    public typealias DragRelease = SegmentedCore.DragRelease
    public typealias Callbacks = StripCallbacks
    public typealias IconCounts = SegmentedX11.IconCounts
    public typealias FrameStat = SegmentedX11.FrameStat

    /// Seconds between animation frames before the display's rate is read (60 Hz).
    public nonisolated static let frameInterval = 1.0 / 60

    /// Seconds on the monotonic clock the model is driven by.
    public nonisolated static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    /// Creates the strip's window in `parent` at `frame` (pixels, sides clamped
    /// to 1...16384) and maps it, with one segment per title (none: an empty strip).
    /// - Throws: `StripModel.Failure.indexOutOfRange` for a `selectedIndex` outside
    ///   the titles, `StripStyle.InvalidValue` (both before any window is made),
    ///   `FontChain.Failure` when a font cannot be opened.
    public convenience init(connection: XDisplayConnection, parent: Window, frame: PixelRect,
                            titles: [String], selectedIndex: Int = 0, style: StripStyle = StripStyle()) throws {
        try self.init(connection: connection, parent: parent, frame: frame, titles: titles, details: ItemDetails(titleCount: titles.count),
                      selectedIndex: selectedIndex, style: style)
    }

    /// The strip of `titles` and of the items that are more than a title, by index, as the model keeps them
    /// (`StripModel.split(_:)`, `TitlesFile.loadContents(path:)`).
    /// - Throws: as the titles initializer.
    public init(connection: XDisplayConnection, parent: Window, frame: PixelRect, titles: [String], details: ItemDetails,
                selectedIndex: Int = 0, style: StripStyle = StripStyle()) throws {
        if !titles.isEmpty, !titles.indices.contains(selectedIndex) {
            throw StripModel.Failure.indexOutOfRange(index: selectedIndex, count: titles.count)
        }
        try style.validate()
        self.style = style
        // The fonts open before any window is made: a font that does not open leaves nothing behind.
        (colors, planner, painter, pageTitle) = try Self.painting(style, on: connection)
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

    /// The painting services of `style`: its colors, fonts (which may fail to open) and painters.
    private static func painting(_ style: StripStyle, on connection: XDisplayConnection) throws
        -> (ColorCache, StripFramePlanner, StripPainter, PageTitlePainter) {
        let colors = ColorCache(connection: connection)
        let planner = try StripFramePlanner(connection: connection, style: style)
        return (colors, planner, StripPainter(style: style, colors: colors),
                try PageTitlePainter(connection: connection, style: style, colors: colors))
    }

    /// What the first frame does not need, right after it: the page title,
    /// then XInput 2 and the cursors, whose round trips would otherwise come
    /// before anything is on screen. Until then pointer input comes as core events.
    func finishStartup() {
        guard !isStartupFinished, !isDestroyed else { return }
        isStartupFinished = true
        // Painted now, not through the scheduler or `update`, which would run after the round trips or the host's reports.
        if hasExposed { paint(at: Self.now()) }
        linkedPages?.paintAfterStripStartup()
        XDefineCursor(connection.display, window, connection.cursor(overSegment: controller.hoveredIndex != nil))
        xinput = XInput2Pointer(display: connection.display, window: window)
        connection.scheduleEventDrain()
        callbacks.startupFinished?(self)
        followRefreshRate()
        // The in-between fonts of blended titles, opened while nothing moves yet.
        if model.motion.titleTransition == .blend { planner.prepareBlendFonts(showing: snapshot) }
        connection.scheduleEventDrain()
    }

    /// Gives the scheduler what it asks about: motion, animation and the update itself.
    private func connectScheduler() {
        scheduler.hasPendingMotion = { [unowned self] in controller.hasPendingMotion }
        scheduler.applyMotion = { [unowned self] now in perform(controller.applyPendingMotion(at: now), at: now) }
        scheduler.isAnimating = { [unowned self] now in model.isAnimating(at: now) }
        scheduler.timerStopped = { [unowned self] now in
            model.settle(at: now)
            needsPaint = true
        }
        scheduler.update = { [unowned self] now, tick in
            if tick {
                needsPaint = true
                perform(controller.frame(at: now), at: now)
            }
            update(at: now)
        }
    }

    /// Tells the strip when an icon a frame asked for is decoded: it draws it,
    /// and tells the host (`Callbacks.iconsLoaded`) once that frame is on the server.
    private func watchIcons() {
        planner.iconsChanged = { [weak self] in
            guard let self, !self.isDestroyed else { return }
            reports.iconsPending = true
            needsPaint = true
            scheduleUpdate()
        }
    }

    private func takeBehavior() {
        controller.isClosable = style.behavior.closable == .on
        controller.isReorderable = style.behavior.reorderable == .on
    }

    deinit {
        // On the main queue, as every use (see `XDisplayConnection.deinit`); the window goes with `ChildWindow`'s deinit.
        MainActor.assumeIsolated {
            tooltips.pointerLeft()      // no wait outlives the strip; its window goes with `tooltipWindow`
            if let accessible { StripAccessibility.unregister(accessible) }
        }
    }

    /// The strip's icons so far (since its style was set): decoded, failed and still being decoded.
    public var iconCounts: IconCounts { planner.iconCounts }

    /// The font chains (unselected, selected), for diagnostics.
    public var fontChains: (unselected: FontChain, selected: FontChain) { (planner.unselectedFont, planner.selectedFont) }

    /// The height a host should give a strip of `style`, pixels (`LayoutMetrics.fittingText(height:)`:
    /// 44 × scale, or more for tall fonts). A taller frame shows the page area under the strip.
    /// - Throws: `StripStyle.InvalidValue`, or `FontChain.Failure` when a font cannot be opened.
    public static func preferredHeight(for style: StripStyle, connection: XDisplayConnection) throws -> Int {
        Int(try style.layoutMetrics(fittingFontsOn: connection).stripHeight.rounded(.up))
    }

    /// Where a page area under a strip of `style` begins, pixels: the strip and its separator line.
    /// - Throws: as `preferredHeight(for:connection:)`.
    public static func pageAreaTop(for style: StripStyle, connection: XDisplayConnection) throws -> Int {
        Int(try style.layoutMetrics(fittingFontsOn: connection).stripHeight) + StripPainter.separatorHeight(scale: style.scale)
    }

    /// The height of the strip area, pixels, as `preferredHeight(for:connection:)` gives for its style.
    public var preferredHeight: Int { Int(metrics.stripHeight.rounded(.up)) }

    /// Where a page area under the strip begins, pixels from the top of its window.
    public var pageAreaTop: Int { Int(metrics.stripHeight) + painter.separatorHeight }

    /// How many times drag motion was applied during the last press (at most once per frame).
    public var motionUpdatesInLastPress: Int { controller.motionUpdatesInLastPress }
    /// The segment under the pointer, as last drawn.
    public var hoveredIndex: Int? { controller.hoveredIndex }
    /// The segment whose close button is under the pointer, as last drawn.
    public var hoveredCloseButtonIndex: Int? { controller.hoveredCloseButton }
    /// Whether an item is lifted and dragged to reorder it; Escape puts it back.
    public var isReordering: Bool { model.isReordering }
    /// The titles, one per segment.
    public var titles: [String] { model.titles }
    /// The selected segment; nil only when there are no titles.
    public var selectedIndex: Int? { model.selectedIndex }
    /// What is drawn now.
    public var presentation: StripPresentation { model.presentation(at: Self.now()) }
    /// The strip now, as a value: titles, frames, selection, offset and what is drawn.
    public var snapshot: StripSnapshot { model.snapshot(at: Self.now()) }
    /// The strip at `time` (seconds on `SegmentedStrip.now()`), as a value.
    public func snapshot(at time: Double) -> StripSnapshot { model.snapshot(at: time) }

    /// Changes the style: colors, fonts, metrics, indicator and motion. The
    /// items and the selection stay; the segments go to their places in the
    /// new metrics (tweened when `animated`; `StripController.restyled`). An
    /// open popup list closes with nothing chosen.
    /// - Throws: `StripStyle.InvalidValue` or `FontChain.Failure`; the strip is then unchanged.
    public func setStyle(_ style: StripStyle, animated: Bool = false) throws {
        try style.validate()
        guard !isDestroyed else { return }
        dropLiftedItemForChange()
        closePopupList()
        let now = Self.now()
        let drawn = model.presentation(at: now)
        (colors, planner, painter, pageTitle) = try Self.painting(style, on: connection)
        watchIcons()
        self.style = style
        input = StripInputTranslator(direction: style.direction)
        try planner.reset(model, titles: model.titles, details: model.details, selectedIndex: model.selectedIndex ?? 0)
        if hasDrawnFirstFrame { measureRemainingTitles() }
        XSetWindowBackground(connection.display, window, UInt(style.backgroundColor))
        scheduler.cancelTimer()
        perform(controller.restyled(from: drawn, animated: animated, at: now), at: now)
    }

    /// Draws the strip at page position `position` (pages; p = i + f is f of
    /// the way from page i to i + 1) as a swipe of a linked `PagedView` does
    /// (`StripModel.setPagePosition(_:at:)`), for a host with its own pager.
    /// No selection changes: call `setSelectedIndex` when the pager settles.
    public func setPagePosition(_ position: Double) {
        guard !isDestroyed else { return }
        model.setPagePosition(position, at: Self.now())
        needsPaint = true
        scheduleUpdate()
    }

    /// Selects `index` (0..<titles.count) for the host (cause `.api`): the selection callback fires once, before
    /// the tween (`animated`), when it changes; the selected segment is only centered.
    /// - Throws: `StripModel.Failure.indexOutOfRange`; nothing changes then.
    public func setSelectedIndex(_ index: Int, animated: Bool = true) throws {
        try select(index, animated: animated, cause: .api)
    }

    func select(_ index: Int, animated: Bool, cause: SelectionCause) throws {
        guard model.titles.indices.contains(index) else {
            throw StripModel.Failure.indexOutOfRange(index: index, count: model.titles.count)
        }
        guard !isDestroyed else { return }
        let now = Self.now()
        perform(try controller.select(index, animated: animated, cause: cause, at: now), at: now)
    }

    /// Tells the host, assistive technologies and linked pages (but for a swipe's own) of a new selection.
    func selectionDidChange(from old: Int?, to new: Int, cause: SelectionCause, animated: Bool = true) {
        announce(SelectionChange(oldIndex: old, newIndex: new, cause: cause))
        if cause != .swipe { pageTurn?(new, animated) }
    }

    /// The one place a selection change is told; `toAccessibility` false when the changed items told it already.
    func announce(_ change: SelectionChange, toAccessibility: Bool = true) {
        callbacks.selectionChanged?(self, change)
        if toAccessibility { accessible?.selectionChanged(from: change.oldIndex, to: change.newIndex, focused: hasKeyboardFocus) }
    }

    // `ChildWindow`'s hooks, translated for the controller; the pointer's are in `SegmentedStrip+Input`.
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
    override func didResize(at now: Double) {
        model.resize(viewportWidth: Double(buffer.width), at: now)
        reports.resizePending = true
    }

    /// Root-window properties of accessibility, and every event while the popup list is open (it holds the grabs).
    override func handleShared(_ event: inout XEvent) -> Bool {
        if let popupList, popupList.handle(&event) {
            connection.scheduleEventDrain()
            return true
        }
        return event.type == PropertyNotify && StripAccessibility.rootPropertyChanged(&event)
    }

    override func willDestroy() {
        tooltips.pointerLeft()
        popupList?.close()
        popupList = nil
        dragImage = nil
        if let accessible { StripAccessibility.unregister(accessible) }
    }

    override func didGoAway() {
        willDestroy()
        callbacks.destroyed?(self)
    }
}
