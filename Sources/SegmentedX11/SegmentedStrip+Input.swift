import CXft
import SegmentedCore

// The strip's own X events and pointer input, as the facade's `handle(_:)` hands them over.
extension SegmentedStrip {
    func handleOwn(_ event: inout XEvent) {
        let now = Self.now()
        switch event.type {
        case Expose, VisibilityNotify:
            if renderer.exposed(&event, hasExposed: &hasExposed, hasDrawnFirstFrame: hasDrawnFirstFrame) { needsPaint = true }
        case ConfigureNotify:
            position = (Int(event.xconfigure.x), Int(event.xconfigure.y))
            resize(width: Int(event.xconfigure.width), height: Int(event.xconfigure.height), at: now)
        case MotionNotify where model.isPressed && event.xmotion.state & UInt32(Button1Mask) == 0:
            pressLost(at: now)
        case ButtonPress, ButtonRelease, MotionNotify:
            if let pointer = input.pointerInput(&event) { handle(pointer, at: now) }
        case EnterNotify:
            xinput?.resetBaselines()
            // Button 1 no longer down while a press is held: its release went to another window.
            if model.isPressed, event.xcrossing.state & UInt32(Button1Mask) == 0 { pressLost(at: now) }
            let entered = input.crossing(x: event.xcrossing.x, y: event.xcrossing.y, viewportWidth: renderer.width)
            pendingMotion = (entered.x, entered.y, nil)
        case LeaveNotify:
            // Another client grabbed the pointer: the release will not come here.
            if model.isPressed, event.xcrossing.mode == NotifyGrab { pressLost(at: now) }
            if !model.isPressed {
                pendingMotion = nil
                model.pointerLeft()
                needsPaint = true
            }
        case DestroyNotify where event.xdestroywindow.window == window:
            windowWentAway()
        default:
            break
        }
    }

    func handle(_ windowInput: PointerInput, at now: Double) {
        let input = self.input.toModel(windowInput, viewportWidth: renderer.width)
        switch input {
        case let .press(button, x, y, _, time):
            switch button {
            case UInt32(Button1):
                callbacks.pressed?(self)
                pendingMotion = nil
                motionUpdatesInLastPress = 0
                if model.pointerPressed(x: x, y: y, at: now, eventTime: time) { needsPaint = true }
            case 4...7:
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
            guard button == UInt32(Button1) else { return }
            scheduler.flushMotion(at: now)
            let old = model.selectedIndex
            switch model.pointerReleased(x: x, y: y, at: now, eventTime: time) {
            case let .click(index, changed):
                if changed { selectionDidChange(from: old, to: index, cause: .click) }
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
    func pressLost(at now: Double) {
        pendingMotion = nil
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
        if model.pointerMoved(x: motion.x, y: motion.y, at: now, eventTime: motion.time) { needsPaint = true }
        if model.hoveredIndex(at: now) != hovered { needsPaint = true }
    }
}
