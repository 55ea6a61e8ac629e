import CXft
import Dispatch
import Foundation
import SegmentedCore

/// A top-level X window hosting one segmented strip above a page area, with
/// its event loop: a Dispatch read source on the X connection and, only while
/// something moves, a ~60 Hz Dispatch timer, both on the main queue.
///
/// All Xlib and Xft calls happen on the main queue.
public final class StripWindow {
    /// Who changed the selection.
    public enum SelectionCause: String, Sendable {
        /// A click on a segment.
        case click
        /// A navigation key.
        case key
        /// The host, through `select(_:)`.
        case api
    }

    /// Things the host wants to hear about; all called on the main queue.
    public struct Callbacks {
        /// The window is mapped and laid out; before the first frame.
        public var ready: ((StripWindow) -> Void)?
        /// The first frame is on screen (after XSync).
        public var firstFrame: ((StripWindow) -> Void)?
        /// The selection changed from `old` to `new`; called once per change, before the animation starts.
        public var selectionChanged: ((StripWindow, _ old: Int?, _ new: Int, _ cause: SelectionCause) -> Void)?
        /// Everything stopped moving after a selection (its frame is on the server).
        public var settled: ((StripWindow) -> Void)?
        /// A drag was released at `offset` (pixels) with the content moving at
        /// `velocity` (pixels per second); `gliding` when it keeps moving.
        public var released: ((StripWindow, _ offset: Double, _ velocity: Double, _ gliding: Bool) -> Void)?
        /// A scroll that was not a selection's centering came to rest (drag, glide, spring, wheel, touchpad).
        public var scrolled: ((StripWindow, ScrollCause) -> Void)?
        /// The segment under the pointer changed (nil: none) and so did the cursor.
        public var hoverChanged: ((StripWindow, Int?) -> Void)?
        /// The window changed size.
        public var resized: ((StripWindow) -> Void)?
        /// The user asked to close (WM_DELETE_WINDOW, Escape, q); the default exits 0.
        public var closeRequested: ((StripWindow) -> Void)?

        public init() {}
    }

    /// One painted frame, for measuring.
    public struct FrameStat: Sendable {
        /// When the frame was painted, seconds on `StripWindow.now()`.
        public var time: Double
        /// CPU time of painting the back buffer and copying it to the window, seconds (this thread's clock).
        public var cpuSeconds: Double
        /// Whether an animation (tween, glide, spring) was running.
        public var animating: Bool
        /// Whether a drag was in progress.
        public var dragging: Bool
    }

    /// Called after every painted frame when set (costs two clock reads a frame).
    public var frameObserver: ((FrameStat) -> Void)?

    /// The window's title (WM_NAME and _NET_WM_NAME).
    public static let windowTitle = "SegmentedStrip"

    /// The strip's state.
    public let model: StripModel
    /// The X window.
    public let window: Window
    /// Host callbacks.
    public var callbacks = Callbacks()
    /// Whether pointer input comes through XInput 2.1 (smooth scrolling) rather than core events.
    public var usesXInput2: Bool { xinput != nil }

    private let connection: XDisplayConnection
    private let renderer: StripRenderer
    private let wmDeleteWindow: Atom
    private var xinput: XInput2Pointer?
    private let handCursor: Cursor
    private let arrowCursor: Cursor
    private var readSource: DispatchSourceRead?
    private var timer: DispatchSourceTimer?
    private var pendingMotion: (x: Double, y: Double, time: Double?)?
    private var needsPaint = true
    private var pendingSelectionReport = false
    private var pendingScrollReport = false
    private var pendingResizeReport = false
    private var pendingHoverReport = false
    private var hasDrawnFirstFrame = false
    private var lastMotionTime = -Double.infinity
    private var motionDeferred = false
    private var hovered: Int?

    /// How many times drag motion was applied during the last press (motion
    /// events are compressed, so this is at most one per frame, not one per event).
    public private(set) var motionUpdatesInLastPress = 0

    /// Seconds between animation frames (60 Hz); drag motion is applied at most once per frame too.
    public static let frameInterval = 1.0 / 60

    /// Seconds on the monotonic clock the model is driven by.
    public static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }

    /// Creates and maps the window.
    ///
    /// - Parameters:
    ///   - connection: an open display.
    ///   - titles: one title per segment.
    ///   - selectedIndex: the initially selected segment.
    ///   - width, height: window size, pixels.
    ///   - style: colors and font patterns.
    /// - Throws: `XftFontChain.Failure` when a font cannot be opened;
    ///   `StripModel.Failure` for a bad selected index.
    public init(connection: XDisplayConnection, titles: [String], selectedIndex: Int, width: Int, height: Int,
                style: StripStyle = StripStyle(), metrics: LayoutMetrics = LayoutMetrics()) throws {
        self.connection = connection
        let metrics = style.applied(to: metrics)
        let display = connection.display
        let screen = connection.screen
        let root = XRootWindow(display, screen)
        var attributes = XSetWindowAttributes()
        attributes.background_pixel = UInt(style.backgroundColor)
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = ExposureMask | StructureNotifyMask | ButtonPressMask | ButtonReleaseMask
            | PointerMotionMask | KeyPressMask | EnterWindowMask | LeaveWindowMask
        window = XCreateWindow(display, root, 0, 0, UInt32(max(1, width)), UInt32(max(1, height)), 0,
                               XDefaultDepth(display, screen), UInt32(InputOutput), XDefaultVisual(display, screen),
                               UInt(CWBackPixel | CWBitGravity | CWEventMask), &attributes)
        wmDeleteWindow = connection.atom("WM_DELETE_WINDOW")
        handCursor = XCreateFontCursor(display, UInt32(XC_hand2))
        arrowCursor = XCreateFontCursor(display, UInt32(XC_left_ptr))
        do {
            renderer = try StripRenderer(connection: connection, window: window, width: width, height: height, style: style)
        } catch {
            XDestroyWindow(display, window)
            throw error
        }
        let unselected = renderer.unselectedFont, selected = renderer.selectedFont
        do {
            model = try StripModel(titles: titles, selectedIndex: selectedIndex, viewportWidth: Double(renderer.width),
                                   metrics: metrics,
                                   measureUnselected: { Double(unselected.advance(of: $0)) },
                                   measureSelected: { Double(selected.advance(of: $0)) })
        } catch {
            XDestroyWindow(display, window)
            throw error
        }
        xinput = XInput2Pointer(display: display, window: window)
        XDefineCursor(display, window, arrowCursor)
        setWindowManagerProperties()
        XMapWindow(display, window)
    }

    deinit {
        timer?.cancel()
        readSource?.cancel()
    }

    /// The font chains (unselected, selected), for diagnostics.
    public var fontChains: (unselected: XftFontChain, selected: XftFontChain) {
        (renderer.unselectedFont, renderer.selectedFont)
    }

    /// The window size, pixels.
    public var size: (width: Int, height: Int) { (renderer.width, renderer.height) }

    /// The segment under the pointer, as last drawn.
    public var hoveredIndex: Int? { hovered }

    private func setWindowManagerProperties() {
        let display = connection.display
        XStoreName(display, window, Self.windowTitle)
        let utf8 = connection.atom("UTF8_STRING")
        let title = Array(Self.windowTitle.utf8)
        XChangeProperty(display, window, connection.atom("_NET_WM_NAME"), utf8, 8, PropModeReplace, title, Int32(title.count))
        var pid = UInt(getpid())
        withUnsafeBytes(of: &pid) { bytes in
            _ = XChangeProperty(display, window, connection.atom("_NET_WM_PID"), XA_CARDINAL, 32, PropModeReplace,
                                bytes.bindMemory(to: UInt8.self).baseAddress, 1)
        }
        "segmented-demo".withCString { name in
            Self.windowTitle.withCString { cls in
                var hint = XClassHint(res_name: UnsafeMutablePointer(mutating: name), res_class: UnsafeMutablePointer(mutating: cls))
                XSetClassHint(display, window, &hint)
            }
        }
        var protocols = [wmDeleteWindow]
        XSetWMProtocols(display, window, &protocols, 1)
    }

    /// Starts handling X events on the main queue. Call once, then `dispatchMain()`.
    public func start() {
        let source = DispatchSource.makeReadSource(fileDescriptor: connection.fileDescriptor, queue: .main)
        source.setEventHandler { [unowned self] in self.drainEvents() }
        source.resume()
        readSource = source
        callbacks.ready?(self)
        XFlush(connection.display)
        // Round trips made while setting up may already have queued events the socket will not signal again.
        DispatchQueue.main.async { [unowned self] in self.drainEvents() }
    }

    /// Selects `index` as a host would (not a click), animated.
    /// - Throws: `StripModel.Failure.indexOutOfRange`.
    public func select(_ index: Int) throws {
        let old = model.selectedIndex
        if try model.select(index, at: Self.now()) {
            callbacks.selectionChanged?(self, old, index, .api)
        }
        pendingSelectionReport = true
        needsPaint = true
        drainEvents()
    }

    /// Routes a key to the strip: Left/Right (and Ctrl+PageUp/PageDown) select
    /// the previous/next segment, Home/End the first/last, animated as a click.
    /// A host with several controls calls this for the strip that has focus.
    ///
    /// - Parameters:
    ///   - keysym: the X keysym (from `XLookupKeysym`).
    ///   - state: the event's modifier state (`ControlMask`...).
    /// - Returns: whether the strip used the key.
    @discardableResult
    public func handleKey(keysym: KeySym, state: UInt32) -> Bool {
        let used = navigate(keysym: keysym, state: state)
        if used { drainEvents() }
        return used
    }

    /// The key's effect on the selection, without repainting yet.
    private func navigate(keysym: KeySym, state: UInt32) -> Bool {
        let control = state & UInt32(ControlMask) != 0
        let key: NavigationKey
        switch Int32(truncatingIfNeeded: keysym) {
        case XK_Left, XK_KP_Left: key = .previous
        case XK_Right, XK_KP_Right: key = .next
        case XK_Home, XK_KP_Home: key = .first
        case XK_End, XK_KP_End: key = .last
        case XK_Page_Up where control, XK_KP_Page_Up where control: key = .previous
        case XK_Page_Down where control, XK_KP_Page_Down where control: key = .next
        default: return false
        }
        let old = model.selectedIndex
        if let index = model.select(key, at: Self.now()) {
            callbacks.selectionChanged?(self, old, index, .key)
            pendingSelectionReport = true
            needsPaint = true
        }
        return true
    }

    /// Handles every event Xlib has, then repaints once and manages the frame
    /// timer; again while painting or reporting pulled more events into
    /// Xlib's queue (a loop, not recursion, so a flood of input cannot grow the stack).
    private func drainEvents() {
        let display = connection.display
        repeat {
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                handle(&event)
            }
            afterEvents()
        } while XPending(display) > 0
    }

    private func handle(_ event: inout XEvent) {
        let now = Self.now()
        switch event.type {
        case Expose:
            if event.xexpose.count == 0 {
                if hasDrawnFirstFrame {
                    renderer.copyToWindow()
                } else {
                    needsPaint = true
                }
            }
        case ConfigureNotify:
            let w = Int(event.xconfigure.width), h = Int(event.xconfigure.height)
            if w != renderer.width || h != renderer.height {
                renderer.resize(width: w, height: h)
                model.resize(viewportWidth: Double(renderer.width), at: now)
                needsPaint = true
                pendingResizeReport = true
            }
        case ButtonPress:
            handle(.press(button: event.xbutton.button, x: Double(event.xbutton.x), y: Double(event.xbutton.y),
                          state: event.xbutton.state, time: Double(event.xbutton.time) / 1000), at: now)
        case ButtonRelease:
            handle(.release(button: event.xbutton.button, x: Double(event.xbutton.x), y: Double(event.xbutton.y),
                            state: event.xbutton.state, time: Double(event.xbutton.time) / 1000), at: now)
        case MotionNotify:
            handle(.motion(x: Double(event.xmotion.x), y: Double(event.xmotion.y), scroll: (0, 0),
                           time: Double(event.xmotion.time) / 1000), at: now)
        case EnterNotify:
            xinput?.resetBaselines()
            pendingMotion = (Double(event.xcrossing.x), Double(event.xcrossing.y), nil)
        case LeaveNotify:
            if !model.isPressed {
                pendingMotion = nil
                model.pointerLeft()
                needsPaint = true
            }
        case DestroyNotify where event.xdestroywindow.window == window:
            FileHandle.standardError.write(Data("\(XErrorReporting.programName): the window was destroyed by another client\n".utf8))
            exit(1)
        case GenericEvent:
            if let input = xinput?.translate(&event) { handle(input, at: now) }
        case KeyPress:
            let keysym = XLookupKeysym(&event.xkey, 0)
            if keysym == KeySym(XK_Escape) || keysym == KeySym(XK_q) {
                requestClose()
            } else {
                _ = navigate(keysym: keysym, state: event.xkey.state)
            }
        case ClientMessage:
            if event.xclient.format == 32, Atom(bitPattern: event.xclient.data.l.0) == wmDeleteWindow { requestClose() }
        default:
            break
        }
    }

    private func handle(_ input: PointerInput, at now: Double) {
        switch input {
        case let .press(button, x, y, _, time):
            switch button {
            case UInt32(Button1):
                pendingMotion = nil
                motionUpdatesInLastPress = 0
                if model.pointerPressed(x: x, y: y, at: now, eventTime: time) { needsPaint = true }
            case 4...7:
                // Up/left scroll toward the start, down/right toward the end; Shift+wheel is the same horizontal scroll.
                let direction: Double = (button == 4 || button == 6) ? -1 : 1
                if model.scroll(by: direction * model.wheelStep, animated: true, at: now) {
                    pendingScrollReport = true
                    needsPaint = true
                }
            default:
                break
            }
        case let .release(button, x, y, _, time):
            guard button == UInt32(Button1) else { return }
            applyPendingMotion(at: now)
            let old = model.selectedIndex
            switch model.pointerReleased(x: x, y: y, at: now, eventTime: time) {
            case let .click(index, changed):
                if changed { callbacks.selectionChanged?(self, old, index, .click) }
                pendingSelectionReport = true
                needsPaint = true
            case let .dragEnded(offset, velocity, gliding):
                callbacks.released?(self, offset, velocity, gliding)
                pendingScrollReport = true
                needsPaint = true
            case .none:
                break
            }
        case let .motion(x, y, scroll, time):
            // Compressed: only the last position of a batch is applied, but
            // every one counts toward the release velocity.
            pendingMotion = (x, y, time)
            model.recordPointerSample(x: x, eventTime: time)
            let increments = scroll.dx + scroll.dy
            if increments != 0 {
                let pixels = SmoothScrollTracker.pixels(increments: increments, viewportWidth: model.viewportWidth)
                if model.scroll(by: pixels, animated: false, at: now) {
                    pendingScrollReport = true
                    needsPaint = true
                }
            }
        case .ignored:
            break
        }
    }

    private func applyPendingMotion(at now: Double) {
        guard let motion = pendingMotion else { return }
        pendingMotion = nil
        lastMotionTime = now
        if model.isPressed { motionUpdatesInLastPress += 1 }
        if model.pointerMoved(x: motion.x, y: motion.y, at: now, eventTime: motion.time) { needsPaint = true }
        if model.hoveredIndex(at: now) != hovered { needsPaint = true }
    }

    private func requestClose() {
        if let close = callbacks.closeRequested {
            close(self)
        } else {
            close()
            exit(0)
        }
    }

    /// Destroys the window and flushes the connection.
    public func close() {
        timer?.cancel()
        timer = nil
        readSource?.cancel()
        readSource = nil
        XDestroyWindow(connection.display, window)
        XSync(connection.display, 0)
    }

    private func afterEvents() {
        let now = Self.now()
        // Pointer motion: the last position of a batch, at most once per frame.
        // While the frame timer runs, its tick applies it.
        if pendingMotion != nil, timer == nil {
            let wait = lastMotionTime + Self.frameInterval - now
            if wait <= 0 {
                applyPendingMotion(at: now)
            } else if !motionDeferred {
                motionDeferred = true
                DispatchQueue.main.asyncAfter(deadline: .now() + wait) { [unowned self] in
                    self.motionDeferred = false
                    self.drainEvents()
                }
            }
        }
        if model.isAnimating(at: now) {
            startTimer()
        } else if timer != nil {
            stopTimer(at: now)
        }
        if needsPaint { paint(at: now) }
        report()
    }

    /// Tells the host what changed. Reports describe what is on screen: sync
    /// first so a reader that grabs pixels on hearing them sees that frame.
    private func report() {
        // Nothing is at rest while the button is held: a drag may be past an edge.
        let resting = timer == nil && !model.isPressed
        let selection = pendingSelectionReport && resting
        // A selection that interrupted a scroll reports with `settled`; the scroll never came to rest.
        if model.scrollCause == .selection { pendingScrollReport = false }
        let scroll = pendingScrollReport && resting
        guard selection || scroll || pendingResizeReport || pendingHoverReport else { return }
        XSync(connection.display, 0)
        if pendingResizeReport {
            pendingResizeReport = false
            callbacks.resized?(self)
        }
        if pendingHoverReport {
            pendingHoverReport = false
            callbacks.hoverChanged?(self, hovered)
        }
        if scroll {
            pendingScrollReport = false
            callbacks.scrolled?(self, model.scrollCause)
        }
        if selection {
            pendingSelectionReport = false
            callbacks.settled?(self)
        }
    }

    private func startTimer() {
        guard timer == nil else { return }
        let t = DispatchSource.makeTimerSource(queue: .main)
        t.schedule(deadline: .now() + .nanoseconds(16_666_667), repeating: .nanoseconds(16_666_667), leeway: .milliseconds(1))
        t.setEventHandler { [unowned self] in self.tick() }
        t.resume()
        timer = t
    }

    private func stopTimer(at now: Double) {
        timer?.cancel()
        timer = nil
        model.settle(at: now)
        needsPaint = true
    }

    private func tick() {
        let now = Self.now()
        applyPendingMotion(at: now)
        needsPaint = true
        if !model.isAnimating(at: now) { stopTimer(at: now) }
        drainEvents()
    }

    /// What is drawn now.
    public var presentation: StripPresentation { model.presentation(at: Self.now()) }

    /// CPU time this thread has used, seconds.
    private static func threadCPUTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    private func paint(at now: Double) {
        let cpuStart = frameObserver == nil ? 0 : Self.threadCPUTime()
        defer {
            if let observer = frameObserver {
                observer(FrameStat(time: now, cpuSeconds: Self.threadCPUTime() - cpuStart,
                                   animating: timer != nil, dragging: model.isDragging))
            }
        }
        needsPaint = false
        let hover = model.hoveredIndex(at: now)
        if hover != hovered {
            if (hover == nil) != (hovered == nil) {
                XDefineCursor(connection.display, window, hover == nil ? arrowCursor : handCursor)
            }
            hovered = hover
            pendingHoverReport = true
        }
        renderer.paint(model.presentation(at: now), model: model, hovered: hover)
        renderer.copyToWindow()
        if !hasDrawnFirstFrame {
            hasDrawnFirstFrame = true
            XSync(connection.display, 0)
            callbacks.firstFrame?(self)
        } else {
            XFlush(connection.display)
        }
    }
}
