import CX11
import Dispatch

/// Reads one X connection on the main queue and hands every event to the
/// strips on it and then to the host's handler: the event loop for a program
/// whose windows hold segmented strips.
///
/// A Dispatch read source on the connection's socket wakes the loop; it then
/// drains everything Xlib holds (`XPending`), also after the strips' own round
/// trips, which the socket would not signal again. Nothing runs while no event
/// arrives and nothing moves.
@MainActor
public final class XEventLoop {
    private let connection: XDisplayConnection
    private var strips: [SegmentedStrip] = []
    private var pagedViews: [PagedView] = []
    private var watchers: [DesktopSettingsWatcher] = []
    private var readSource: DispatchSourceRead?
    private var drainScheduled = false

    /// Called on the main queue for each event no strip took (the host's own windows).
    public var handler: (@MainActor (inout XEvent) -> Void)?

    /// A loop for `connection`; it becomes the connection's event-drain scheduler.
    ///
    /// Make one loop per connection and keep it as long as the connection:
    /// libdispatch on Linux can miss events for a new read source on a
    /// descriptor whose previous source was cancelled moments before.
    public init(connection: XDisplayConnection) {
        self.connection = connection
        connection.eventDrainScheduler = { [weak self] in self?.scheduleDrain() }
    }

    deinit {
        // On the main queue, as every use (see `XDisplayConnection.deinit`).
        MainActor.assumeIsolated {
            readSource?.cancel()
        }
    }

    /// Hands `strip` the events of its window from now on.
    public func add(_ strip: SegmentedStrip) {
        strips.append(strip)
    }

    /// Hands `view` the events of its window from now on.
    public func add(_ view: PagedView) {
        pagedViews.append(view)
    }

    /// Hands `watcher` the events of the desktop's settings and resources from now on.
    public func add(_ watcher: DesktopSettingsWatcher) {
        watchers.append(watcher)
    }

    /// Stops handing events to `view`.
    public func remove(_ view: PagedView) {
        pagedViews.removeAll { $0 === view }
    }

    /// Stops handing events to `strip`. Its window stays until `strip.destroy()`
    /// (or the strip is deallocated): a strip that keeps a window but hears no
    /// events cannot notice that window going away.
    public func remove(_ strip: SegmentedStrip) {
        strips.removeAll { $0 === strip }
    }

    /// Starts reading the connection on the main queue; call once, then run the main queue
    /// (`runMainQueue()`).
    public func start() {
        guard readSource == nil else { return }
        let source = DispatchSource.makeReadSource(fileDescriptor: connection.fileDescriptor, queue: .main)
        source.setEventHandler { [weak self] in self?.drain() }
        source.resume()
        readSource = source
        XFlush(connection.display)
        // Round trips made while setting up may already have queued events the socket will not signal again.
        scheduleDrain()
    }

    /// Stops reading the connection, for good (see `init`).
    public func stop() {
        readSource?.cancel()
        readSource = nil
    }

    private func scheduleDrain() {
        guard !drainScheduled else { return }
        drainScheduled = true
        DispatchQueue.main.async { [weak self] in
            guard let self else { return }
            self.drainScheduled = false
            self.drain()
        }
    }

    /// Handles every event Xlib holds now.
    public func drain() {
        let display = connection.display
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            dispatch(&event)
        }
    }

    private func dispatch(_ event: inout XEvent) {
        if event.type == GenericEvent {
            // XInput 2 events carry their window inside the cookie: fetch it
            // once so that every strip can look, and free it after.
            let fetched = XGetEventData(connection.display, &event.xcookie) != 0
            defer { if fetched { XFreeEventData(connection.display, &event.xcookie) } }
            var taken = false
            for strip in strips where strip.handle(&event) { taken = true }
            for view in pagedViews where view.handle(&event) { taken = true }
            if !taken { handler?(&event) }
            return
        }
        for strip in strips where strip.handle(&event) { return }
        for view in pagedViews where view.handle(&event) { return }
        for watcher in watchers where watcher.handle(&event) { return }
        handler?(&event)
    }
}
