/// What a button-1 release amounted to.
public enum PointerRelease: Equatable, Sendable {
    /// No press was being tracked, or a click hit no segment or a disabled one.
    case none
    /// A click on segment `index`; `changed` is false when it was already selected (a reselection).
    case click(index: Int, changed: Bool)
    /// The end of a drag at `contentOffset` pixels. `velocity` is the
    /// content's velocity at release (pixels per second, positive toward the
    /// end); `gliding` says whether it keeps moving (a glide, or a spring back
    /// from past an edge).
    case dragEnded(contentOffset: Double, velocity: Double, gliding: Bool)
}

// The pointer over the strip: press, drag, hover and release.
extension StripModel {
    /// Button 1 went down at (`x`, `y`), viewport pixels, at `now` (seconds).
    /// A press on the strip stops any scroll motion where it is drawn, so a
    /// drag takes over from there. Presses below the strip are ignored.
    ///
    /// `eventTime` (seconds, any clock, default `now`) is when the input
    /// happened, such as the X server's timestamp: release velocity is measured
    /// on it, so it stays right when events are handled late or in batches.
    ///
    /// - Returns: whether the press landed on the strip.
    @discardableResult
    public func pointerPressed(x: Double, y: Double, at now: Double, eventTime: Double? = nil) -> Bool {
        guard y >= 0, y < metrics.stripHeight, x >= 0, x < viewportWidth else { return false }
        selection.settle(at: now)
        scrolling.press(x: x, y: y, at: now, eventTime: eventTime ?? now, slop: metrics.clickSlop, maximum: maximumOffset,
                        viewportWidth: viewportWidth)
        pointer = (x, y)
        return true
    }

    /// Records where the held pointer was at `eventTime` (seconds, the clock of
    /// `pointerPressed`) for the release velocity, without moving anything:
    /// for motion events that compression folds into a later one.
    public func recordPointerSample(x: Double, eventTime: Double) {
        scrolling.record(x: x, eventTime: eventTime)
    }

    /// The pointer moved to (`x`, `y`), viewport pixels, at `now` (seconds),
    /// with or without button 1 held (hover is tracked either way). Once a
    /// press has moved further than the click slop it is a drag: the content
    /// follows the pointer 1:1 inside [0, max] and with rubber-band resistance past either edge.
    ///
    /// - Returns: whether the content offset changed.
    @discardableResult
    public func pointerMoved(x: Double, y: Double, at now: Double, eventTime: Double? = nil) -> Bool {
        pointer = (x, y)
        // A hover scrolls nothing: only a held press reads the clamp, which
        // needs every title measured (a pointer resting where a long list's
        // window maps would otherwise measure it all before the first frame).
        guard scrolling.isPressed, reorder == nil else { return false }
        return scrolling.move(x: x, y: y, eventTime: eventTime ?? now, maximum: maximumOffset, viewportWidth: viewportWidth)
    }

    /// The pointer left the window: no segment is hovered.
    public func pointerLeft() {
        pointer = nil
    }

    /// The segment under the pointer at `now` (seconds), hit-tested through
    /// the frames drawn then; nil while dragging (or reordering), outside the strip, after the
    /// pointer left, or over a disabled item (which shows no hover and no hand cursor).
    public func hoveredIndex(at now: Double) -> Int? {
        guard let p = pointer, !isDragging, reorder == nil, let index = segment(atX: p.x, y: p.y, at: now), isEnabled(at: index) else { return nil }
        return index
    }

    /// The segment at (`x`, `y`), viewport pixels, hit-tested through the
    /// frames drawn at `now` (seconds), disabled ones too; nil outside them.
    public func segment(atX x: Double, y: Double, at now: Double) -> Int? {
        let drawn = presentation(at: now)
        return drawn.layout.hitTest(x: x + drawn.contentOffset, y: y)
    }

    /// Button 1 went up at (`x`, `y`), viewport pixels, at `now` (seconds).
    /// A click selects the segment hit-tested under the release point through
    /// the frames drawn at `now`, unless it is disabled (`isEnabled(at:)`). A drag selects nothing: released past an
    /// edge it springs back; released with speed (over 50 px/s) it glides,
    /// bouncing off an edge it reaches.
    public func pointerReleased(x: Double, y: Double, at now: Double, eventTime: Double? = nil) -> PointerRelease {
        guard let release = scrolling.release(x: x, y: y, at: now, eventTime: eventTime ?? now, maximum: maximumOffset,
                                              viewportWidth: viewportWidth) else { return .none }
        pointer = (x, y)
        if case let .drag(offset, velocity, gliding) = release {
            return .dragEnded(contentOffset: offset, velocity: velocity, gliding: gliding)
        }
        let drawn = presentation(at: now)
        guard let index = drawn.layout.hitTest(x: x + drawn.contentOffset, y: y), isEnabled(at: index) else {
            // A press that caught a bounce past an edge and selected nothing lets it spring back.
            scrolling.springBackIfOutOfRange(at: now, maximum: maximumOffset)
            return .none
        }
        let changed = (try? select(index, at: now)) ?? false
        return .click(index: index, changed: changed)
    }

    /// The press was lost without a release at `now` (seconds): another client
    /// took the pointer, or the window was unmapped mid-drag so the button went
    /// up over another window. A drag ends where it is drawn with no speed
    /// (springing back when past an edge); a press that never moved selects
    /// nothing, since the button did not come up here. Without this the held
    /// press would go on following a pointer with no button down.
    public func pointerPressLost(at now: Double) -> PointerRelease {
        guard let release = scrolling.cancelPress(at: now, maximum: maximumOffset) else { return .none }
        if case let .drag(offset, velocity, gliding) = release {
            return .dragEnded(contentOffset: offset, velocity: velocity, gliding: gliding)
        }
        scrolling.springBackIfOutOfRange(at: now, maximum: maximumOffset)
        return .none
    }
}
