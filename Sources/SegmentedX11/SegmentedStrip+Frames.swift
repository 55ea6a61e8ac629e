import CX11
import Dispatch
import SegmentedCore

// One update of the strip, as the frame scheduler runs it: paint what changed, then report.
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
        eventsMayBeQueued()
    }

    /// Font loading, painting and even XFlush (which also reads what the
    /// server sent) can take events off the socket into Xlib's or XCB's queue,
    /// where the socket will not signal them: have the event loop drain once
    /// more. Checking `XQLength` is not enough: it does not count events XCB
    /// has read but Xlib has not taken yet. One drain per update is cheap, and
    /// nothing updates at rest.
    func eventsMayBeQueued() {
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

    /// The strip, and from the end of the startup on (`finishStartup()`) the page
    /// title of a window taller than the strip: the first frame is for the strip
    /// alone, as the page font's fallback and large glyphs cost a tenth of the startup.
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
            if model.motion.titleTransition == .blend {
                // The in-between fonts of blended titles, opened while nothing moves yet.
                DispatchQueue.main.async { [weak self] in
                    guard let self, !self.isDestroyed else { return }
                    self.planner.prepareBlendFonts(showing: self.snapshot)
                    self.eventsMayBeQueued()
                }
            }
        } else {
            XFlush(connection.display)
        }
    }
}
