import CX11
import Dispatch
import SegmentedCore

// The strip's input, as `ChildWindow.handle(_:)` and the host hand it over:
// translated for the controller (`StripController`), which decides, and its
// effects carried out here.
extension SegmentedStrip {
    /// A pointer event in window pixels, mirrored for a right-to-left strip.
    func handlePointer(_ windowInput: PointerInput, at now: Double) {
        switch windowInput {
        case let .press(_, x, y, _, _), let .release(_, x, y, _, _), let .motion(x, y, _, _): pointerInWindow = (x, y)
        case .ignored: break
        }
        switch input.toModel(windowInput, viewportWidth: buffer.width) {
        case let .press(button, x, y, _, time):
            controller.tearsOff = callbacks.tornOff != nil
            perform(controller.press(button: button, x: x, y: y, time: time, at: now), at: now)
        case let .release(button, x, y, _, time):
            perform(controller.release(button: button, x: x, y: y, time: time, at: now), at: now)
        case let .motion(x, y, scroll, time):
            perform(controller.motion(x: x, y: y, scrollIncrements: scroll.dx + scroll.dy, time: time, at: now), at: now)
        case .ignored:
            break
        }
    }

    /// A key press while the strip is the host's focused control (its window takes no focus): the arrows,
    /// Home/End, Ctrl+PageUp/PageDown, Ctrl+(Shift+)Tab and Alt+1…9 select; Menu and Shift+F10 open the
    /// popup list; Ctrl+Shift+PageUp/PageDown/Home/End move the selected item on a reorderable strip;
    /// Escape puts a lifted item back (`StripInputTranslator.stripKey`, `StripController.key`).
    /// - Parameters: `keysym` from `XLookupKeysym`, `state` the event's modifier state.
    /// - Returns: whether the strip used the key.
    @discardableResult
    public func handleKey(keysym: KeySym, state: UInt32) -> Bool {
        guard !isDestroyed else { return false }
        let now = Self.now()
        let (used, effects) = controller.key(input.stripKey(keysym: keysym, state: state), at: now)
        perform(effects, at: now)
        return used
    }

    /// Carries out the controller's effects, in order.
    func perform(_ effects: [StripEffect], at now: Double) {
        for effect in effects {
            guard !isDestroyed else { return }
            switch effect {
            case .repaint: needsPaint = true
            case .paintNow:
                if hasExposed {
                    paint(at: now)
                    XSync(connection.display, 0)
                }
            case .update: scheduleUpdate()
            case .pressed: callbacks.pressed?(self)
            case let .selectionChanged(change, animated):
                if let new = change.newIndex { selectionDidChange(from: change.oldIndex, to: new, cause: change.cause, animated: animated) }
            case let .reselected(index): callbacks.reselected?(self, index)
            case let .released(release): callbacks.released?(self, release)
            case let .followItems(sources, old, titlesMayDiffer): followItems(sources: sources, oldSelection: old, titlesMayDiffer: titlesMayDiffer)
            case let .announce(change): announce(change, toAccessibility: false)
            case let .moved(from, to): callbacks.moved?(self, from, to)
            case let .itemsChanged(changes): callbacks.itemsChanged?(self, changes)
            case .itemEdited:
                accessible?.itemsChanged(sources: (0..<Int32(model.titles.count)).map { $0 }, selectedBefore: model.selectedIndex,
                                         titlesMayDiffer: true, focused: hasKeyboardFocus)
                linkedPages?.setNeedsDisplay()
            case let .reload(titles, details, selectedIndex, sources):
                try? replace(titles: titles, details: details, selectedIndex: selectedIndex, sources: sources)
            case let .reorderBegan(index): callbacks.reorderBegan?(self, index)
            case let .reorderEnded(from, to, cancelled): callbacks.reorderEnded?(self, from, to, cancelled)
            case let .closeRequested(index): _ = requestClose(index, byPointer: true)
            case .reportScroll: reports.scrollPending = true
            case .reportSelection: reports.selectionPending = true
            case .reportHover: reports.hoverPending = true
            case let .armLift(after):
                liftTimer = DispatchFrameClock().startOneShot(after: after) { [weak self] in
                    MainActor.assumeIsolated { self?.liftDue() }
                }
            case .cancelLift: liftTimer = nil
            case .dismissTooltip: tooltips.dismiss()
            case .tooltipPointerLeft: tooltips.pointerLeft()
            case let .openPopupList(atPointer):
                if atPointer {
                    let origin = rootOrigin()
                    openPopupList(under: Rect(x: Double(origin.x) + pointerInWindow.x, y: Double(origin.y), width: 1, height: metrics.stripHeight),
                                  heldPress: true)
                } else {
                    openPopupList()
                }
            case let .cursor(overSegment):
                if isStartupFinished { XDefineCursor(connection.display, window, connection.cursor(overSegment: overSegment)) }
            case let .dragImage(index): showDragImage(of: index)
            case .moveDragImage: dragImage?.move(pointerAt: pointerInWindow)
            case let .tearOff(index): callbacks.tornOff?(self, index, pointerOnRoot)
            }
        }
    }

    /// The lift wait ended (`StripEffect.armLift`).
    private func liftDue() {
        liftTimer = nil
        guard !isDestroyed else { return }
        let now = Self.now()
        perform(controller.liftDue(at: now), at: now)
    }

    /// Before a change of the items that is not the drag's own: a lifted item drops where it is.
    func dropLiftedItemForChange() {
        let now = Self.now()
        perform(controller.dropLiftedItemForChange(at: now), at: now)
    }
}
