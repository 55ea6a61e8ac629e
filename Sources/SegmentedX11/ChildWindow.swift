import CX11
import SegmentedCore

/// What a `SegmentedStrip` and a `PagedView` share: a child window of a
/// host's window with its back buffer, and the X event plumbing of any such
/// window (expose, resize, pointer crossings, destruction), written once.
/// Each widget adds its pointer input and its painting.
///
/// Not for subclassing outside the library. All calls happen on the main queue.
@MainActor
public class ChildWindow {
    /// The widget's own X window, a child of the parent given at creation.
    public nonisolated let window: Window
    /// Called after every painted frame when set, with the CPU time the frame took (costs two clock reads a frame).
    public var frameObserver: (@MainActor (SegmentedStrip.FrameStat) -> Void)?

    let connection: XDisplayConnection
    /// The window it was made in.
    let parent: Window
    let buffer: BackBuffer
    /// When to update and paint (at the display's rate while something moves, nothing at rest).
    let scheduler = FrameScheduler(clock: DispatchFrameClock(), interval: SegmentedStrip.frameInterval)
    var xinput: XInput2Pointer?
    /// X events and keys to the core's pointer input, mirrored right to left.
    var input: StripInputTranslator
    var position: (x: Int, y: Int)
    /// The last motion of a batch, applied once per update (motion is compressed).
    var pendingMotion: (x: Double, y: Double, time: Double?)?
    var needsPaint = false
    var hasExposed = false
    var hasDrawnFirstFrame = false
    var isDestroyed = false
    /// Whether the frame period has been read from RandR (`followRefreshRate`).
    var followsRefreshRate = false

    /// Creates a child window of `parent` at `frame` (sides clamped to
    /// 1...`SegmentedStrip.maximumSide`) in the style's background, with its
    /// back buffer, selecting the events a strip and a paged view both handle.
    /// It is mapped by `map()`, once the widget is ready.
    ///
    /// No KeyPressMask: keys go to the host's focus window, which routes them
    /// through `handleKey`. VisibilityChangeMask: a window mapped fully covered
    /// gets no Expose, only a VisibilityNotify.
    init(connection: XDisplayConnection, parent: Window, frame: PixelRect, style: StripStyle) {
        let display = connection.display, screen = connection.screen
        let width = Self.clampedSide(frame.width), height = Self.clampedSide(frame.height)
        var attributes = XSetWindowAttributes()
        attributes.background_pixel = connection.pixel(ofRGB: style.backgroundColor)
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = ExposureMask | StructureNotifyMask | ButtonPressMask | ButtonReleaseMask
            | PointerMotionMask | EnterWindowMask | LeaveWindowMask | VisibilityChangeMask
        window = XCreateWindow(display, parent, Int32(clamping: frame.x), Int32(clamping: frame.y), UInt32(width), UInt32(height), 0,
                               XDefaultDepth(display, screen), UInt32(InputOutput), XDefaultVisual(display, screen),
                               UInt(CWBackPixel | CWBitGravity | CWEventMask), &attributes)
        self.connection = connection
        self.parent = parent
        input = StripInputTranslator(direction: style.direction)
        position = (frame.x, frame.y)
        buffer = BackBuffer(connection: connection, window: window, width: width, height: height)
        // The buffer told the error handler about the window and itself; a refused buffer brings the widget back to repaint.
        XErrorReporting.setBackBufferRefused(UInt(window)) { [weak self] in
            guard let self, !self.isDestroyed else { return }
            _ = self.buffer.dropRefusedBackBuffer()
            self.needsPaint = true
            self.scheduleUpdate()
        }
    }

    deinit {
        // On the main queue, as every use (see `XDisplayConnection.deinit`).
        MainActor.assumeIsolated {
            scheduler.stop()
            // A widget the host let go of takes its window with it.
            if !isDestroyed { XDestroyWindow(connection.display, window) }
            XErrorReporting.markVanished(UInt(window))
            XErrorReporting.setBackBufferRefused(UInt(window), nil)
            // The buffer, freed next, retires the window's and its own ids once their last requests are processed.
        }
    }

    /// Maps the window and flushes, at the end of the widget's init.
    func map() {
        XMapWindow(connection.display, window)
        XFlush(connection.display)
        connection.scheduleEventDrain()
    }

    /// The largest window side, pixels (X allows 32767; beyond this the back buffer alone would pass 1 GiB).
    public nonisolated static let maximumSide = 16384

    nonisolated static func clampedSide(_ side: Int) -> Int { min(max(1, side), maximumSide) }

    /// The window's position in its parent and size, pixels.
    public var frame: PixelRect { PixelRect(x: position.x, y: position.y, width: buffer.width, height: buffer.height) }

    /// The window's size, pixels.
    public var size: (width: Int, height: Int) { (buffer.width, buffer.height) }

    /// Moves and resizes the window in its parent (pixels, sides clamped);
    /// nothing is sent when it is there already (a host forwards every
    /// ConfigureNotify of its window, moves included).
    public func setFrame(_ frame: PixelRect) {
        let clamped = PixelRect(x: frame.x, y: frame.y, width: Self.clampedSide(frame.width), height: Self.clampedSide(frame.height))
        guard !isDestroyed, clamped != self.frame else { return }
        XMoveResizeWindow(connection.display, window, Int32(clamping: clamped.x), Int32(clamping: clamped.y),
                          UInt32(clamped.width), UInt32(clamped.height))
        position = (clamped.x, clamped.y)
        resize(width: clamped.width, height: clamped.height, at: SegmentedStrip.now())
    }

    /// A new window size (pixels): a new back buffer, then the widget's own
    /// `didResize(at:)`, and a repaint.
    func resize(width: Int, height: Int, at now: Double) {
        guard width != buffer.width || height != buffer.height else { return }
        buffer.resize(width: width, height: height)
        didResize(at: now)
        needsPaint = true
        scheduleUpdate()
    }

    /// Runs the update (motion, timer, paint, reports) once the current batch
    /// of events is handled: the main queue runs it after the handler returns.
    func scheduleUpdate() {
        guard !isDestroyed else { return }
        scheduler.requestUpdate()
    }

    /// Handles one event of the connection if it is for the widget's window
    /// (or its XInput 2 pointer). Call it for every event the host takes from
    /// the connection (or let an `XEventLoop` do it); the widget repaints once
    /// after the batch, on the main queue.
    /// - Returns: whether the event was the widget's.
    @discardableResult
    public func handle(_ event: inout XEvent) -> Bool {
        guard !isDestroyed else { return false }
        if connection.isRefreshChange(&event) {
            followRefreshRate()
            return false    // every widget follows it
        }
        if handleShared(&event) { return true }
        let now = SegmentedStrip.now()
        if event.type == GenericEvent {
            guard let xinput, let pointer = xinput.translate(&event) else { return false }
            handle(pointer, at: now)
            scheduleUpdate()
            return true
        }
        guard event.xany.window == window else { return false }
        switch event.type {
        case Expose, VisibilityNotify:
            if exposed(&event) { needsPaint = true }
        case ConfigureNotify:
            position = (Int(event.xconfigure.x), Int(event.xconfigure.y))
            resize(width: Int(event.xconfigure.width), height: Int(event.xconfigure.height), at: now)
        case MotionNotify where isPressed && event.xmotion.state & UInt32(Button1Mask) == 0:
            pressLost(at: now)
        case ButtonPress, ButtonRelease, MotionNotify:
            if let pointer = input.pointerInput(&event) { handle(pointer, at: now) }
        case EnterNotify:
            pointerWillEnter()
            xinput?.resetBaselines()
            // Button 1 no longer down while a press is held: its release went to another window.
            if isPressed, event.xcrossing.state & UInt32(Button1Mask) == 0 { pressLost(at: now) }
            pointerEntered(x: event.xcrossing.x, y: event.xcrossing.y)
        case LeaveNotify:
            // Another client grabbed the pointer: the release will not come here.
            if isPressed, event.xcrossing.mode == NotifyGrab { pressLost(at: now) }
            pointerLeft()
        case DestroyNotify where event.xdestroywindow.window == window:
            windowWentAway()
            return true
        default:
            return true   // MapNotify, ReparentNotify...: nothing to redraw
        }
        scheduleUpdate()
        return true
    }

    /// An Expose or VisibilityNotify of the window: copies the back buffer
    /// again, or says that the frame must be painted (no frame yet, or drawing
    /// straight to the window). `hasExposed` becomes true once the window can be drawn.
    /// - Returns: whether a paint is needed.
    private func exposed(_ event: inout XEvent) -> Bool {
        if event.type == Expose {
            guard event.xexpose.count == 0 else { return false }
            hasExposed = true
            guard hasDrawnFirstFrame, buffer.hasBackBuffer else { return true }
            buffer.copyToWindow()
            return false
        }
        // Viewable but fully covered (an always-on-top fullscreen window): no Expose will come until it is
        // uncovered. The first frame is painted into the back buffer and copied now, so that it is there
        // the moment the window shows, and `firstFrame` is not held back forever.
        guard event.type == VisibilityNotify, !hasExposed, event.xvisibility.state == VisibilityFullyObscured else { return false }
        hasExposed = true
        return true
    }

    /// Destroys the window and flushes the connection; the widget is inert from then on.
    public func destroy() {
        guard !isDestroyed else { return }
        isDestroyed = true
        scheduler.stop()
        willDestroy()
        XDestroyWindow(connection.display, window)
        XErrorReporting.markVanished(UInt(window))
        XSync(connection.display, 0)
        connection.scheduleEventDrain()
    }

    /// The window was destroyed under the widget (its DestroyNotify, or a
    /// BadWindow/BadDrawable for it, whichever comes first): inert from now on.
    func windowWentAway() {
        guard !isDestroyed else { return }
        isDestroyed = true
        // Errors still to come for its back buffer are fallout, not news.
        XErrorReporting.markVanished(UInt(window))
        scheduler.stop()
        didGoAway()
    }

    /// Ticks at the refresh period of the monitor that shows the window's
    /// center (`RefreshRate.frameInterval`: 60 Hz when RandR gives no rate),
    /// and from now on follows RandR's changes. Round trips: called after
    /// the first frame, and when a monitor changes.
    func followRefreshRate() {
        guard !isDestroyed else { return }
        connection.watchRefreshRates()
        if !followsRefreshRate { connection.refreshFollowers.append(.init(widget: self)) }
        let origin = connection.rootOrigin(of: window)
        take(hertzAt: origin)
        connection.scheduleEventDrain()
    }

    /// The parent moved to root pixel `parentRootOrigin`: the rate of the monitor the window's center is now on.
    func followRefreshRate(parentRootOrigin: (x: Int, y: Int)) {
        guard !isDestroyed, followsRefreshRate else { return }
        take(hertzAt: (parentRootOrigin.x + position.x, parentRootOrigin.y + position.y))
    }

    /// Ticks at the rate of the monitor showing the window's center when the window's origin is `origin` (root pixels).
    private func take(hertzAt origin: (x: Int, y: Int)) {
        let hertz = connection.refreshHertz(atRootX: origin.x + buffer.width / 2, y: origin.y + buffer.height / 2)
        let interval = RefreshRate.frameInterval(hertz: hertz)
        guard interval != scheduler.interval || !followsRefreshRate else { return }
        followsRefreshRate = true
        scheduler.interval = interval
        refreshRateChanged()
    }

    /// The frame period changed (`followRefreshRate`), or was first read.
    func refreshRateChanged() {}

    /// Seconds between frames while something moves (the display's refresh period).
    public var frameInterval: Double { scheduler.interval }

    // What each widget adds, called from the plumbing above.

    /// Whether button 1 is held on the widget.
    var isPressed: Bool { false }
    /// A pointer event, in window pixels.
    func handle(_ input: PointerInput, at now: Double) {}
    /// The held press ended without its release reaching the window.
    func pressLost(at now: Double) {}
    /// An event that is not the window's own but that the widget handles; true when it did.
    func handleShared(_ event: inout XEvent) -> Bool { false }
    /// The pointer is about to enter the window.
    func pointerWillEnter() {}
    /// The pointer entered the window at (`x`, `y`), window pixels.
    func pointerEntered(x: Int32, y: Int32) {}
    /// The pointer left the window.
    func pointerLeft() {}
    /// The window has a new size (the buffer has it already).
    func didResize(at now: Double) {}
    /// `destroy()` is about to destroy the window.
    func willDestroy() {}
    /// The window went away under the widget.
    func didGoAway() {}
}

extension XDisplayConnection {
    /// `window`'s top-left corner on the root window, pixels (one round trip).
    func rootOrigin(of window: Window) -> (x: Int, y: Int) {
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(display, window, XDefaultRootWindow(display), 0, 0, &x, &y, &child)
        scheduleEventDrain()
        return (Int(x), Int(y))
    }
}
