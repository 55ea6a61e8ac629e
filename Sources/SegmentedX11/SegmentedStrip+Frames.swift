import CX11
import Dispatch
import SegmentedCore

// One update of the strip, as the frame scheduler runs it: paint what changed,
// then report; and a long title list measured after the first frame.
extension SegmentedStrip {
    /// After a batch of events or a frame tick (the scheduler has applied
    /// motion and started or stopped the timer): repaints once and reports.
    func update(at now: Double) {
        if XErrorReporting.hasVanished(UInt(window)) { windowWentAway() }
        guard !isDestroyed else { return }
        // Nothing is drawn before the first Expose: the window may not be viewable yet.
        if needsPaint, hasExposed { paint(at: now) }
        if hasDrawnFirstFrame { tooltips.follow(model, at: now) }
        report()
        // Painting and XFlush can read events into Xlib's queue, where the socket will not signal them.
        connection.scheduleEventDrain()
    }

    /// Tells the host what changed, once it is on screen and at rest (`StripController.isResting`).
    func report() {
        reports.flush(to: self, resting: controller.isResting(timerRunning: scheduler.isTimerRunning), pressed: model.isPressed,
                      scrollCause: model.scrollCause, hovered: controller.hoveredIndex) {
            XSync(connection.display, 0)
            connection.scheduleEventDrain()
        }
    }

    /// The strip, and after the startup (`finishStartup()`) the page title of a window taller than the
    /// strip: the first frame is the strip's alone, as the page font costs a tenth of the startup.
    private func paintFrame(_ snapshot: StripSnapshot) {
        painter.paint(planner.plan(snapshot, width: buffer.width), into: buffer)
        if isStartupFinished { pageTitle.paint(snapshot, pageTop: pageAreaTop, into: buffer) }
    }

    func paint(at now: Double) {
        let cpuStart = frameObserver == nil ? 0 : threadCPUTime()
        defer {
            if let observer = frameObserver {
                observer(FrameStat(time: now, cpuSeconds: threadCPUTime() - cpuStart,
                                   animating: scheduler.isTimerRunning, dragging: model.isDragging))
            }
        }
        needsPaint = false
        perform(controller.drawnHover(at: now), at: now)
        paintFrame(controller.snapshot(at: now))
        buffer.copyToWindow()
        if !hasDrawnFirstFrame {
            hasDrawnFirstFrame = true
            XSync(connection.display, 0)
            // The sync brought any BadAlloc for the back buffer: then this first frame goes straight to the window.
            if buffer.dropRefusedBackBuffer() {
                paintFrame(controller.snapshot(at: now))
                XSync(connection.display, 0)
            }
            connection.scheduleEventDrain()
            callbacks.firstFrame?(self)
            DispatchQueue.main.async { self.finishStartup() }   // strong: a weak reference's side table can look leaked to LeakSanitizer
            measureRemainingTitles()
            StripAccessibility.firstFrameDrawn(connection: connection)
        } else {
            XFlush(connection.display)
        }
    }

    /// Lists of more titles than this are measured after the first frame (`StripModel(measuresLazily:)`).
    public nonisolated static let eagerlyMeasuredTitles = 500

    /// Whether every title is measured in the unselected font.
    public var isMeasuringComplete: Bool { model.unselectedWidths.isComplete }

    /// Measures the titles not measured yet in slices on the main queue (`SegmentWidths.measureSlice`),
    /// events and frames between them, until all are. A width needed sooner is measured on the spot.
    func measureRemainingTitles() {
        guard !isMeasuringScheduled, !model.unselectedWidths.isComplete else { return }
        isMeasuringScheduled = true
        DispatchQueue.main.async { self.measureSlice() }   // strong, as finishStartup: the strip lives until it is done
    }

    private func measureSlice() {
        isMeasuringScheduled = false
        guard !isDestroyed else { return }
        let isComplete = model.unselectedWidths.measureSlice(now: Self.now)
        // Opening a fallback font can read events into Xlib's queue.
        connection.scheduleEventDrain()
        if isComplete {
            callbacks.measuringFinished?(self)
        } else {
            measureRemainingTitles()
        }
    }
}
