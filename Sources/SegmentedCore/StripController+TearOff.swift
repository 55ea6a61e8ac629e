// Tearing a tab off, as Chrome's and AdwTabBar's: a lifted item dragged out
// of the strip, past the strip's own height beyond any edge, is dragged out. A
// drag image follows the pointer there, and the item waits where it was
// left; back over the strip it follows the pointer again. A release while it
// is out asks the host to tear it off (`StripEffect.tearOff`).

extension StripController {
    /// Whether (`x`, `y`), viewport pixels, drags a lifted item out: more
    /// than the strip's height (`LayoutMetrics.stripHeight`) above its top,
    /// below its bottom or past either end (onto another window's strip at
    /// the same height): the threshold the issue asks for (AdwTabBar's is a
    /// fixed 80 px beyond the bar).
    public func isOutside(x: Double, y: Double) -> Bool {
        let height = model.metrics.stripHeight
        return y < -height || y > 2 * height || x < -height || x > model.viewportWidth + height
    }

    /// The lifted item's motion to (`x`, `y`) when the strip tears off: it
    /// goes out (the drag image shows), comes back (the image goes), or
    /// stays out (the image follows). Nil when the motion is the strip's own
    /// (over the strip): the item follows it along the strip.
    func tearOffMotion(x: Double, y: Double) -> [StripEffect]? {
        guard tearsOff, let index = model.reorderedIndex else { return nil }
        let out = isOutside(x: x, y: y)
        defer { isDraggedOut = out }
        switch (isDraggedOut, out) {
        case (false, true): return [.dragImage(index), .moveDragImage, .repaint]
        case (true, true): return [.moveDragImage]
        case (true, false): return [.dragImage(nil)]
        case (false, false): return nil
        }
    }

    /// The drag image goes with the lift (a drop, Escape, a lost press, a change of the items).
    func endDragOut() -> [StripEffect] {
        guard isDraggedOut else { return [] }
        isDraggedOut = false
        return [.dragImage(nil)]
    }

    /// The release of a lifted item: out of the strip, it is dropped where it
    /// waited and the host is asked to tear it off; over the strip, it drops into its slot.
    func releaseLiftedItem(at now: Double) -> [StripEffect] {
        guard isDraggedOut, let index = model.reorderedIndex else { return dropLiftedItem(at: now) }
        return dropLiftedItem(at: now) + [.tearOff(index)]
    }
}
