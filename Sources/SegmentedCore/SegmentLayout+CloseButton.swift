// Close buttons' geometry: the room every segment of a closable strip keeps
// at its trailing end, the button's square in it, and the hit-test that
// finds the button under the pointer. The X side draws the × in it.

extension LayoutMetrics {
    /// The room a close button takes at a segment's trailing end, pixels:
    /// `closeButtonGap` + `closeButtonSize`, rounded up, with
    /// `reservesCloseButton`; else 0.
    public var closeButtonRoom: Double {
        reservesCloseButton ? (closeButtonGap + closeButtonSize).rounded(.up) : 0
    }
}

extension SegmentLayout {
    /// The mid-x of segment `index`'s content (its icon, title and badge), in
    /// content coordinates, pixels: the frame's mid-x, less half the close
    /// button's room (content x grows toward reading's end, where the room is).
    public func contentMidX(at index: Int) -> Double {
        frame(at: index).midX - metrics.closeButtonRoom / 2
    }

    /// Segment `index`'s close button: a `closeButtonSize` square at the
    /// frame's trailing end, centered on the title band's height (content
    /// coordinates, pixels); nil when segments keep no room for one.
    public func closeButtonFrame(at index: Int) -> Rect? {
        guard metrics.reservesCloseButton else { return nil }
        let f = frame(at: index), side = metrics.closeButtonSize
        return Rect(x: f.x + f.width - side, y: f.y + (f.height - side) / 2, width: side, height: side)
    }
}

extension StripModel {
    /// The segment whose close button holds (`x`, `y`), viewport pixels,
    /// hit-tested through the frames drawn at `now` (seconds); nil outside
    /// every close button, when segments keep no room for one, while
    /// dragging, and for a disabled item (it cannot be closed by pointer).
    public func closeButton(atX x: Double, y: Double, at now: Double) -> Int? {
        guard metrics.reservesCloseButton, !isDragging else { return nil }
        let (layout, offset) = aimedLayout(at: now)
        let contentX = x + offset
        guard let index = layout.hitTest(x: contentX, y: y), isEnabled(at: index), let button = layout.closeButtonFrame(at: index) else {
            return nil
        }
        return contentX >= button.x && contentX < button.x + button.width && y >= button.y && y < button.y + button.height ? index : nil
    }

    /// The frames and offset (pixels) a close by pointer aims at, at `now`
    /// (seconds): those drawn, or while widths are held the resting ones, so
    /// that a click in the same place during the glide of the last close
    /// closes the next title (its button is on its way there).
    public func aimedLayout(at now: Double) -> (layout: SegmentLayout, contentOffset: Double) {
        guard holdsWidths else {
            let drawn = presentation(at: now)
            return (drawn.layout, drawn.contentOffset)
        }
        return (selection.target, scrolling.resting)
    }

    /// The segment whose close button is under the pointer at `now` (seconds),
    /// as `closeButton(atX:y:at:)` finds it; nil whenever no segment is hovered (`hoveredIndex(at:)`).
    public func hoveredCloseButton(at now: Double) -> Int? {
        guard let p = pointer, hoveredIndex(at: now) != nil else { return nil }
        return closeButton(atX: p.x, y: p.y, at: now)
    }
}
