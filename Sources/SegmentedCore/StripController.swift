/// Every interaction decision of a strip, in one place: what a press, a
/// release, motion, a crossing, a wheel notch, a key, the lift wait, a frame
/// and a row of the popup list do to the model, and what the strip must
/// then carry out (`StripEffect`s, in order).
///
/// Free of X11 and clocked by its caller, as the model is, so that tests
/// step it on a virtual clock (swift-nio's `NIOEmbedded`). A strip's window
/// (`SegmentedStrip`) translates its events into these calls, in the model's
/// start-edge coordinates, and carries out the effects. The host's own calls
/// (items set, inserted, removed) change the model directly and tell the
/// controller (`itemsChanged()`); a selection by anyone goes through `select`.
public final class StripController {
    /// The strip's state (titles, layout, selection, scrolling).
    public let model: StripModel
    /// Whether segments have a close button and a middle-click asks the host to close (the style's `closable`).
    public var isClosable = false
    /// Whether a held press lifts its item and the reorder keys move it (the style's `reorderable`).
    public var isReorderable = false
    /// The segment under the pointer, as last drawn (`drawnHover(at:)`).
    public private(set) var hoveredIndex: Int?
    /// The close button under the pointer, as last drawn (in its hover state).
    public private(set) var hoveredCloseButton: Int?
    /// How many times drag motion was applied during the last press (motion
    /// is compressed: at most once per frame, not once per event).
    public private(set) var motionUpdatesInLastPress = 0
    /// The segment the host is being asked to close by pointer, during its
    /// `closeRequested`: its close holds the widths (`removeItem`).
    public var closingByPointer: Int?
    /// Whether a lifted item dragged out of the strip is torn off at the release (the host takes it: `StripEffect.tearOff`).
    public var tearsOff = false
    /// Whether the lifted item is dragged out of the strip now (`isOutside(x:y:)`), its drag image shown.
    public internal(set) var isDraggedOut = false

    /// The segment whose close button button 1 went down on while it is down, and the titles version then.
    private var closeButtonPress: (index: Int, titlesVersion: Int)?
    /// The segment a middle button went down on while it is down, and the titles version then.
    private var middlePress: (index: Int, titlesVersion: Int)?
    /// The last motion of a batch, applied once per frame (`applyPendingMotion(at:)`).
    private var pendingMotion: (x: Double, y: Double, time: Double?)?

    /// A controller of `model`.
    public init(model: StripModel) {
        self.model = model
    }

    /// The segment whose close button is held down (drawn pressed); nil when none.
    public var pressedCloseButton: Int? { closeButtonPress?.index }

    /// The strip at `now` as a value, with the pointer's state as drawn
    /// (hover, the close button hovered and held): what a frame paints.
    public func snapshot(at now: Double) -> StripSnapshot {
        var snapshot = model.snapshot(at: now)
        snapshot.hoveredIndex = hoveredIndex
        snapshot.hoveredCloseButton = hoveredCloseButton
        snapshot.pressedCloseButton = pressedCloseButton
        return snapshot
    }

    /// Whether the host may be told what changed (`StripEffect.reportSelection`
    /// and the others): nothing moves (no frame `timerRunning`), no page
    /// position is followed, and no press is held, but one that holds a
    /// lifted item that nothing moves (no slide, no autoscroll: the timer).
    public func isResting(timerRunning: Bool) -> Bool {
        !timerRunning && !(model.isPressed && !model.isReordering) && !model.followsPagePosition
    }

    /// Whether motion waits to be applied on the next frame.
    public var hasPendingMotion: Bool { pendingMotion != nil }

    // MARK: - The pointer

    /// A button went down at (`x`, `y`), viewport pixels, at `now` (server `time` in seconds).
    /// Button 1 presses (on a close button it is held for the button too,
    /// and lifts nothing), 2 begins a middle-click, 3 opens the popup list at
    /// the pointer, 4 to 7 scroll a wheel step (up and left toward the start).
    public func press(button: UInt32, x: Double, y: Double, time: Double?, at now: Double) -> [StripEffect] {
        var effects: [StripEffect] = [.dismissTooltip]
        switch button {
        case 1:
            let onCloseButton = pressCloseButton(x: x, y: y, at: now)
            if onCloseButton { effects.append(.repaint) }
            effects.append(.pressed)
            pendingMotion = nil
            motionUpdatesInLastPress = 0
            if model.pointerPressed(x: x, y: y, at: now, eventTime: time) {
                effects.append(.repaint)
                if isReorderable, !onCloseButton { effects.append(.armLift(after: StripModel.liftDelay)) }
            }
        case 2:
            middleButton(pressed: true, x: x, y: y, at: now)
        case 3:
            effects.append(.openPopupList(atPointer: true))
        case 4...7:
            // Scrolling is not closing in one place: held widths go (their room would scroll into view).
            effects += releaseHeldWidths(at: now)
            let direction: Double = (button == 4 || button == 6) ? -1 : 1
            if model.scroll(by: direction * model.wheelStep, animated: true, at: now) { effects += [.reportScroll, .repaint] }
        default:
            break
        }
        return effects
    }

    /// A button went up at (`x`, `y`). Button 1 sees where the pointer was
    /// let go (waiting motion first): it releases a close button's press, drops
    /// a lifted item, or ends a click (selecting, cause `click`) or a drag.
    /// Button 2 ends a middle-click: on the segment it went down on, it asks to close it.
    public func release(button: UInt32, x: Double, y: Double, time: Double?, at now: Double) -> [StripEffect] {
        if button == 2 {
            return middleButton(pressed: false, x: x, y: y, at: now)
        }
        guard button == 1 else { return [] }
        var effects: [StripEffect] = [.cancelLift]
        effects += applyPendingMotion(at: now)
        if let closed = releaseCloseButton(x: x, y: y, at: now) { return effects + closed }
        if model.isReordering { return effects + releaseLiftedItem(at: now) }
        let old = model.selectedIndex
        switch model.pointerReleased(x: x, y: y, at: now, eventTime: time) {
        case let .click(index, changed):
            effects.append(changed ? .selectionChanged(SelectionChange(oldIndex: old, newIndex: index, cause: .click), animated: true)
                                   : .reselected(index))
            effects += [.reportSelection, .repaint]
        case let .dragEnded(offset, velocity, gliding):
            effects += [.released(DragRelease(contentOffset: offset, velocity: velocity, isGliding: gliding)), .reportScroll, .repaint]
        case .none:
            break
        }
        return effects
    }

    /// The pointer moved to (`x`, `y`): applied on the next frame, the last
    /// of a batch only, but every position counts toward the release's speed.
    /// Smooth scroll (`scrollIncrements`, a touchpad's) scrolls at once.
    public func motion(x: Double, y: Double, scrollIncrements: Double, time: Double, at now: Double) -> [StripEffect] {
        pendingMotion = (x, y, time)
        model.recordPointerSample(x: x, eventTime: time)
        guard scrollIncrements != 0 else { return [] }
        var effects: [StripEffect] = [.dismissTooltip]
        effects += releaseHeldWidths(at: now)
        let pixels = SmoothScrollTracker.pixels(increments: scrollIncrements, viewportWidth: model.viewportWidth)
        if model.scroll(by: pixels, animated: false, at: now) { effects += [.reportScroll, .repaint] }
        return effects
    }

    /// The pointer entered at (`x`, `y`): hover follows it from there.
    public func entered(x: Double, y: Double) {
        pendingMotion = (x, y, nil)
    }

    /// The pointer left the strip's window: no segment is hovered (a held
    /// press keeps its drag), and held widths glide to rest.
    public func left(at now: Double) -> [StripEffect] {
        guard !model.isPressed else { return [.tooltipPointerLeft] }
        pendingMotion = nil
        model.pointerLeft()
        hoveredCloseButton = nil
        return [.tooltipPointerLeft] + releaseHeldWidths(at: now) + [.repaint]
    }

    /// A held press ended without its release reaching the strip: a drag ends
    /// where it is drawn (reported as a release with no speed), a lifted item
    /// drops where it is, a click selects nothing.
    public func pressLost(at now: Double) -> [StripEffect] {
        pendingMotion = nil
        closeButtonPress = nil
        var effects: [StripEffect] = [.cancelLift]
        if model.isReordering { effects += dropLiftedItem(at: now) }
        if case let .dragEnded(offset, velocity, gliding) = model.pointerPressLost(at: now) {
            effects += [.released(DragRelease(contentOffset: offset, velocity: velocity, isGliding: gliding)), .reportScroll]
        }
        return effects + [.repaint]
    }

    /// Applies the waiting motion (once a frame): a drag, a lifted item's
    /// move, or hover. A close button's press that became a drag scrolls the
    /// strip instead; a drag, or the pointer below the strip, lets held widths go.
    public func applyPendingMotion(at now: Double) -> [StripEffect] {
        guard let motion = pendingMotion else { return [] }
        pendingMotion = nil
        if model.isPressed { motionUpdatesInLastPress += 1 }
        if model.isReordering {
            if let tearOff = tearOffMotion(x: motion.x, y: motion.y) { return tearOff }
            model.reorderMoved(toX: motion.x, at: now)
            return reorderMoves(at: now) + [.repaint]
        }
        var effects = [StripEffect]()
        if model.pointerMoved(x: motion.x, y: motion.y, at: now, eventTime: motion.time) { effects.append(.repaint) }
        if model.isDragging, closeButtonPress != nil {
            closeButtonPress = nil
            effects.append(.repaint)
        }
        if model.isDragging { effects += releaseHeldWidths(at: now) }
        if model.hoveredIndex(at: now) != hoveredIndex || model.hoveredCloseButton(at: now) != hoveredCloseButton {
            effects.append(.repaint)
        }
        // Below the strip (over the pages of a window that holds both) is out of it too.
        if motion.y >= model.metrics.stripHeight, !model.isPressed { effects += releaseHeldWidths(at: now) }
        return effects
    }

    /// The hover a frame at `now` draws, taken as the last drawn: the cursor
    /// changes when the pointer comes onto or off the segments, and the host hears of a change.
    public func drawnHover(at now: Double) -> [StripEffect] {
        var effects = [StripEffect]()
        let hover = model.hoveredIndex(at: now)
        if hover != hoveredIndex {
            if (hover == nil) != (hoveredIndex == nil) { effects.append(.cursor(overSegment: hover != nil)) }
            hoveredIndex = hover
            effects.append(.reportHover)
        }
        let closeHover = model.hoveredCloseButton(at: now)
        if closeHover != hoveredCloseButton {
            hoveredCloseButton = closeHover
            effects.append(.reportHover)
        }
        return effects
    }

    /// The strip took a new style and its model was reset in it (new fonts,
    /// metrics and motion): the segments go from where they were `drawn` to
    /// their new places (the style's tween when `animated`, else at once),
    /// nothing is hovered until the pointer moves, and the host is told once it rests.
    public func restyled(from drawn: StripPresentation, animated: Bool, at now: Double) -> [StripEffect] {
        model.takeOver(from: drawn, at: now, animated: animated)
        forgetHover()
        return [.reportSelection, .repaint, .update]
    }

    /// The items, the style or the titles changed under the pointer: nothing is hovered until it moves.
    public func forgetHover() {
        hoveredIndex = nil
        hoveredCloseButton = nil
    }

    // MARK: - Closing by pointer

    /// Whether segment `index` may be closed by the user: the strip is
    /// closable and the item enabled (a disabled item shows no close button;
    /// the host can still remove it).
    public func mayClose(_ index: Int) -> Bool {
        isClosable && model.titles.indices.contains(index) && model.isEnabled(at: index)
    }

    /// Button 1 went down at (`x`, `y`): on a close button the press is held
    /// for it (drawn pressed) as well as for the strip, so that moving past
    /// the slop still drags the strip. Returns whether it was on one.
    private func pressCloseButton(x: Double, y: Double, at now: Double) -> Bool {
        guard isClosable, let index = model.closeButton(atX: x, y: y, at: now) else { return false }
        closeButtonPress = (index, model.titlesVersion)
        return true
    }

    /// Button 1 went up after a press on a close button that did not become a
    /// drag: it selects nothing, and on the same button of the same titles it
    /// asks to close that segment. Nil when the release is not the close button's.
    private func releaseCloseButton(x: Double, y: Double, at now: Double) -> [StripEffect]? {
        guard let press = closeButtonPress else { return nil }
        closeButtonPress = nil
        guard !model.isDragging else { return nil }
        _ = model.pointerPressLost(at: now)    // the press ends without a click
        var effects: [StripEffect] = [.repaint]
        if model.closeButton(atX: x, y: y, at: now) == press.index, press.titlesVersion == model.titlesVersion, mayClose(press.index) {
            effects.append(.closeRequested(press.index))
        }
        return effects
    }

    /// A middle-click on a segment asks to close it (Firefox and Chrome),
    /// when closable: the press and the release on the same title, inside its
    /// drawn frame (not the room of one closing or sliding by), with no change
    /// of the titles in between. While an item is lifted, nothing is under the pointer to close.
    @discardableResult
    private func middleButton(pressed: Bool, x: Double, y: Double, at now: Double) -> [StripEffect] {
        guard isClosable, !model.isReordering else { return [] }
        let index = titleDrawn(atX: x, y: y, at: now)
        if pressed {
            middlePress = index.map { ($0, model.titlesVersion) }
        } else if let index, let press = middlePress, press == (index, model.titlesVersion) {
            middlePress = nil
            if mayClose(index) { return [.closeRequested(index)] }
        }
        return []
    }

    /// The segment whose drawn frame, widened by half the spacing each side,
    /// holds (`x`, `y`), viewport pixels; while widths are held after a close
    /// by pointer, the resting frames (`StripModel.aimedLayout`).
    private func titleDrawn(atX x: Double, y: Double, at now: Double) -> Int? {
        let (layout, offset) = model.aimedLayout(at: now)
        let contentX = x + offset
        guard let index = layout.hitTest(x: contentX, y: y) else { return nil }
        let frame = layout.frame(at: index), half = model.metrics.spacing / 2
        return contentX >= frame.x - half && contentX < frame.x + frame.width + half ? index : nil
    }

    /// Lets the widths held since a close by pointer glide to rest (the pointer
    /// left, scrolled or dragged); the host hears of the layout at rest once the glide ends.
    public func releaseHeldWidths(at now: Double) -> [StripEffect] {
        model.releaseWidthFreeze(at: now) ? [.reportSelection, .repaint, .update] : []
    }
}
