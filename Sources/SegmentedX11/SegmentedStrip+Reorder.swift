import CXft
import SegmentedCore

// Reordering by pointer on a reorderable strip (`StripModel+Reorder`): a
// press held still for `StripModel.liftDelay` lifts its item, motion drags
// it (each place it passes is a move the host hears of), an edge zone
// scrolls the strip on each frame, and the release, a lost press or Escape
// drops it.
extension SegmentedStrip {
    /// Starts the wait of a press before it lifts its item.
    func armLift() {
        liftTimer = DispatchFrameClock().startOneShot(after: StripModel.liftDelay) { [weak self] in
            MainActor.assumeIsolated { self?.liftHeldPress() }
        }
    }

    /// The wait ended with the press still held: lift its item unless the
    /// press has moved past the slop (it scrolls) or is not on an enabled item.
    /// The frame that shows it lifted reaches the server before the host hears of it.
    func liftHeldPress() {
        liftTimer = nil
        guard !isDestroyed, model.isPressed else { return }
        let now = Self.now()
        // A motion still pending may be the one that took the press past the slop.
        scheduler.flushMotion(at: now)
        let old = model.selectedIndex
        guard let index = model.liftPressedSegment(at: now) else { return }
        tooltips.dismiss()
        if index != old { selectionDidChange(from: old, to: index, cause: .click) }
        reports.selectionPending = true
        if hasExposed {
            paint(at: now)
            XSync(connection.display, 0)
        }
        callbacks.reorderBegan?(self, index)
        needsPaint = true
        scheduleUpdate()
    }

    /// One frame while an item is lifted: the autoscroll moves on, and the item passes what it reaches.
    func autoscrollReorder(at now: Double) {
        model.stepAutoscroll(at: now)
        if model.scrollCause == .autoscroll { reports.scrollPending = true }
        takeReorderMoves(at: now)
    }

    /// The places the lifted item passed, each told as its own change (hosts follow one move at a time).
    func takeReorderMoves(at now: Double) {
        while true {
            let old = model.selectedIndex
            guard let move = model.nextReorderMove(at: now) else { return }
            itemsDidChange([move], from: old, cause: .drag)
        }
    }

    /// Before a change of the items that is not the drag's own (the host's, a
    /// close, a reload): a lifted item is dropped where it is, and the host hears of it.
    func dropLiftedItemForChange() {
        guard model.isReordering else { return }
        dropLiftedItem(at: Self.now())
    }

    /// The release (or a lost press) drops the lifted item into its slot.
    func dropLiftedItem(at now: Double) {
        guard let drop = model.dropLiftedItem(at: now) else { return }
        endReorder(drop, cancelled: false)
    }

    /// Escape puts the lifted item back where it was lifted and drops it there.
    func cancelReorder(at now: Double) {
        guard let origin = model.reorderOriginIndex else { return }
        let old = model.selectedIndex
        let moves = model.cancelReorder(at: now)
        if !moves.isEmpty { itemsDidChange(moves, from: old, cause: .drag) }
        endReorder((origin, origin), cancelled: true)
    }

    private func endReorder(_ drop: (from: Int, to: Int), cancelled: Bool) {
        reports.selectionPending = true
        needsPaint = true
        callbacks.reorderEnded?(self, drop.from, drop.to, cancelled)
        scheduleUpdate()
    }
}
