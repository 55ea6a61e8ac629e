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
        guard metrics.reservesCloseButton, !isDragging, let index = segment(atX: x, y: y, at: now), isEnabled(at: index) else { return nil }
        let drawn = presentation(at: now)
        guard let button = drawn.layout.closeButtonFrame(at: index) else { return nil }
        let contentX = x + drawn.contentOffset
        return contentX >= button.x && contentX < button.x + button.width && y >= button.y && y < button.y + button.height ? index : nil
    }

    /// The segment whose close button is under the pointer at `now` (seconds),
    /// as `closeButton(atX:y:at:)` finds it; nil whenever no segment is hovered (`hoveredIndex(at:)`).
    public func hoveredCloseButton(at now: Double) -> Int? {
        guard let p = pointer, hoveredIndex(at: now) != nil else { return nil }
        return closeButton(atX: p.x, y: p.y, at: now)
    }
}
