import Dispatch
import SegmentedCore

// A long title list is measured as it is needed: the first frame measures the
// titles it shows (and what its clamps need), the rest is measured after it.
extension SegmentedStrip {
    /// Lists of more titles than this are measured lazily (`StripModel(measuresLazily:)`);
    /// shorter ones are measured at once, as it costs less than a millisecond.
    public nonisolated static let eagerlyMeasuredTitles = 500

    /// Whether every title is measured in the unselected font.
    public var isMeasuringComplete: Bool { model.unselectedWidths.isComplete }

    /// Measures the titles not measured yet in slices on the main queue (each
    /// `SegmentWidths.measuringSlice` long, events and frames run between them) until all
    /// are; nothing is scheduled once they are, so the strip is idle again.
    /// Anything that needs a width sooner (a hit-test past the measured part,
    /// End, the offset clamp of a drag) measures it on the spot: the frames
    /// are exact all along, only the cost moves.
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
        eventsMayBeQueued()
        if isComplete {
            callbacks.measuringFinished?(self)
        } else {
            measureRemainingTitles()
        }
    }
}
