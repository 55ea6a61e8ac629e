import CXft
import SegmentedCore

// The strip's pointer input, as `ChildWindow.handle(_:)` hands it over.
extension SegmentedStrip {
    /// Hover follows the pointer from where it came in.
    func hoverFromEntry(x: Int32, y: Int32) {
        let entered = input.crossing(x: x, y: y, viewportWidth: buffer.width)
        pendingMotion = (entered.x, entered.y, nil)
    }

    /// No segment is hovered once the pointer is out (a held press keeps its drag).
    func unhover() {
        tooltips.pointerLeft()
        guard !model.isPressed else { return }
        pendingMotion = nil
        model.pointerLeft()
        hoveredCloseButton = nil
        releaseHeldWidths(at: Self.now())
        needsPaint = true
    }

    func handlePointer(_ windowInput: PointerInput, at now: Double) {
        let input = self.input.toModel(windowInput, viewportWidth: buffer.width)
        switch input {
        case let .press(button, x, y, _, time):
            tooltips.dismiss()      // any button: a press or a wheel notch
            switch button {
            case UInt32(Button1):
                let onCloseButton = closeButtonPressed(x: x, y: y, at: now)
                callbacks.pressed?(self)
                pendingMotion = nil
                motionUpdatesInLastPress = 0
                if model.pointerPressed(x: x, y: y, at: now, eventTime: time) {
                    needsPaint = true
                    if isReorderable, !onCloseButton { armLift() }
                }
            case UInt32(Button2):
                middleButton(pressed: true, x: x, y: y, at: now)
            case UInt32(Button3):
                // The popup list of every title drops from the strip's foot at the pointer.
                if case let .press(_, windowX, _, _, _) = windowInput {
                    let origin = rootOrigin()
                    openPopupList(under: Rect(x: Double(origin.x) + windowX, y: Double(origin.y), width: 1, height: metrics.stripHeight),
                                  heldPress: true)
                }
            case 4...7:
                // Scrolling is not closing in one place: held widths go (their room would scroll into view).
                releaseHeldWidths(at: now)
                // Up/left scroll toward the start, down/right toward the end; Shift+wheel is the same horizontal scroll.
                let direction: Double = (button == 4 || button == 6) ? -1 : 1
                if model.scroll(by: direction * model.wheelStep, animated: true, at: now) {
                    reports.scrollPending = true
                    needsPaint = true
                }
            default:
                break
            }
        case let .release(button, x, y, _, time):
            if button == UInt32(Button2) { middleButton(pressed: false, x: x, y: y, at: now) }
            guard button == UInt32(Button1) else { return }
            liftTimer = nil
            scheduler.flushMotion(at: now)
            if closeButtonReleased(x: x, y: y, at: now) { return }
            if model.isReordering {
                dropLiftedItem(at: now)
                return
            }
            let old = model.selectedIndex
            switch model.pointerReleased(x: x, y: y, at: now, eventTime: time) {
            case let .click(index, changed):
                if changed { selectionDidChange(from: old, to: index, cause: .click) } else { callbacks.reselected?(self, index) }
                reports.selectionPending = true
                needsPaint = true
            case let .dragEnded(offset, velocity, gliding):
                callbacks.released?(self, DragRelease(contentOffset: offset, velocity: velocity, isGliding: gliding))
                reports.scrollPending = true
                needsPaint = true
            case .none:
                break
            }
        case let .motion(x, y, scroll, time):
            // Compressed: only the last position of a batch is applied, but
            // every one counts toward the release velocity.
            pendingMotion = (x, y, time)
            model.recordPointerSample(x: x, eventTime: time)
            let increments = scroll.dx + scroll.dy
            if increments != 0 {
                tooltips.dismiss()
                releaseHeldWidths(at: now)
                let pixels = SmoothScrollTracker.pixels(increments: increments, viewportWidth: model.viewportWidth)
                if model.scroll(by: pixels, animated: false, at: now) {
                    reports.scrollPending = true
                    needsPaint = true
                }
            }
        case .ignored:
            break
        }
    }

    /// A held press ended without its release reaching the strip: a drag ends
    /// where it is drawn (reported as a release with no speed), a click selects nothing.
    func endLostPress(at now: Double) {
        pendingMotion = nil
        liftTimer = nil
        closeButtonPress = nil
        if model.isReordering { dropLiftedItem(at: now) }
        if case let .dragEnded(offset, velocity, gliding) = model.pointerPressLost(at: now) {
            callbacks.released?(self, DragRelease(contentOffset: offset, velocity: velocity, isGliding: gliding))
            reports.scrollPending = true
        }
        needsPaint = true
    }

    func applyPendingMotion(at now: Double) {
        guard let motion = pendingMotion else { return }
        pendingMotion = nil
        if model.isPressed { motionUpdatesInLastPress += 1 }
        if model.isReordering {
            model.reorderMoved(toX: motion.x, at: now)
            takeReorderMoves(at: now)
            needsPaint = true
            return
        }
        if model.pointerMoved(x: motion.x, y: motion.y, at: now, eventTime: motion.time) { needsPaint = true }
        if model.isDragging, closeButtonPress != nil {
            closeButtonPress = nil    // a press on a close button that became a drag scrolls the strip instead
            needsPaint = true
        }
        if model.isDragging { releaseHeldWidths(at: now) }
        if model.hoveredIndex(at: now) != hovered { needsPaint = true }
        if model.hoveredCloseButton(at: now) != hoveredCloseButton { needsPaint = true }
        // Below the strip (over the pages of a window that holds both) is out of it too.
        if motion.y >= metrics.stripHeight, !model.isPressed { releaseHeldWidths(at: now) }
    }
}
