import XCTest
@testable import SegmentedCore

/// The strip's interaction decisions on a virtual clock (`StripController`),
/// with `FixedAdvance`'s widths: segment 0 (一级建造师, selected) from x 5 to
/// 90, segment 1 from 105 to 180, 42 px tall. Each test reads the effects a
/// strip must carry out, in their order, as a hand would cause them: a click
/// held 80 ms, a press held past the lift delay, keys one by one.
final class StripControllerTests: XCTestCase {
    private func controller(closable: Bool = false, reorderable: Bool = false) throws -> StripController {
        var metrics = LayoutMetrics()
        metrics.reservesCloseButton = closable
        let model = try StripModel(titles: FixedAdvance.titles, selectedIndex: 0, viewportWidth: 400, metrics: metrics,
                                   measureUnselected: FixedAdvance.unselected, measureSelected: FixedAdvance.selected)
        let controller = StripController(model: model)
        controller.isClosable = closable
        controller.isReorderable = reorderable
        return controller
    }

    private func change(_ old: Int?, _ new: Int?, _ cause: SelectionCause) -> StripEffect {
        .selectionChanged(SelectionChange(oldIndex: old, newIndex: new, cause: cause), animated: true)
    }

    /// What follows a change of the items that leaves the titles as they were: the strip's followers (item j
    /// was `sources[j]`), then what the host hears (`host`), then the reports.
    private func itemEffects(sources: [Int?], old: Int?, host: [StripEffect]) -> [StripEffect] {
        [.followItems(sources: sources, oldSelection: old, titlesMayDiffer: false)] + host + [.reportSelection, .repaint, .update]
    }

    /// The same item, selected at another index, for `cause`.
    private func sameItem(_ old: Int, _ new: Int, _ cause: SelectionCause) -> StripEffect {
        .announce(SelectionChange(oldIndex: old, newIndex: new, cause: cause, isSameItem: true))
    }

    /// The changes of the items in `effects`.
    private func changes(in effects: [StripEffect]) -> [ItemChange] {
        effects.flatMap { effect -> [ItemChange] in
            if case let .itemsChanged(changes) = effect { return changes }
            return []
        }
    }

    func testAClickSelectsItsSegmentAndTheHostHearsOnce() throws {
        let strip = try controller()
        XCTAssertEqual(strip.press(button: 1, x: 140, y: 20, time: 0, at: 0), [.dismissTooltip, .pressed, .repaint])
        XCTAssertEqual(strip.release(button: 1, x: 141, y: 20, time: 0.08, at: 0.08),
                       [.cancelLift, change(0, 1, .click), .reportSelection, .repaint])
        XCTAssertEqual(strip.model.selectedIndex, 1)
        // The selected segment again: a reselection, no change.
        _ = strip.press(button: 1, x: 140, y: 20, time: 1, at: 1)
        XCTAssertEqual(strip.release(button: 1, x: 140, y: 20, time: 1.08, at: 1.08), [.cancelLift, .reselected(1), .reportSelection, .repaint])
    }

    func testADragScrollsAndItsReleaseIsReportedNotAClick() throws {
        let strip = try controller()
        _ = strip.press(button: 1, x: 300, y: 20, time: 0, at: 0)
        XCTAssertEqual(strip.motion(x: 250, y: 20, scrollIncrements: 0, time: 0.016, at: 0.016), [], "applied on the frame")
        XCTAssertTrue(strip.hasPendingMotion)
        XCTAssertEqual(strip.applyPendingMotion(at: 0.016), [.repaint])
        XCTAssertEqual(strip.motionUpdatesInLastPress, 1)
        XCTAssertEqual(strip.model.presentation(at: 0.016).contentOffset, 50, "1:1 past the slop")
        let effects = strip.release(button: 1, x: 250, y: 20, time: 0.5, at: 0.5)
        XCTAssertEqual(effects.first, .cancelLift)
        guard case let .released(release)? = effects.dropFirst().first else { return XCTFail("\(effects)") }
        XCTAssertEqual(release.contentOffset, 50)
        XCTAssertEqual(Array(effects.suffix(2)), [.reportScroll, .repaint])
        XCTAssertEqual(strip.model.selectedIndex, 0, "a drag selects nothing")
    }

    func testAHeldPressLiftsItsItemAndTheDropIsTheHostsLast() throws {
        let strip = try controller(reorderable: true)
        XCTAssertEqual(strip.press(button: 1, x: 140, y: 20, time: 0, at: 0),
                       [.dismissTooltip, .pressed, .repaint, .armLift(after: StripModel.liftDelay)])
        // The wait ends with the press held still: the item lifts, is selected, and shows before the host hears.
        XCTAssertEqual(strip.liftDue(at: StripModel.liftDelay),
                       [.dismissTooltip, change(0, 1, .click), .reportSelection, .paintNow, .reorderBegan(1), .repaint, .update])
        // Past its neighbour's center: one move, told as the drag's.
        _ = strip.motion(x: 240, y: 20, scrollIncrements: 0, time: 0.5, at: 0.5)
        let moved = strip.applyPendingMotion(at: 0.5)
        let move = changes(in: moved)
        XCTAssertEqual(move.map(\.kind), [.moved(from: 1, to: 2)])
        let sources: [Int?] = [0, 2, 1] + (3..<10).map { $0 }
        XCTAssertEqual(moved, itemEffects(sources: sources, old: 1, host: [sameItem(1, 2, .drag), .moved(from: 1, to: 2), .itemsChanged(move)])
                       + [.repaint])
        XCTAssertEqual(strip.release(button: 1, x: 240, y: 20, time: 0.6, at: 0.6),
                       [.cancelLift, .reportSelection, .repaint, .reorderEnded(from: 1, to: 2, cancelled: false), .update])
        XCTAssertFalse(strip.model.isReordering)
    }

    /// A reorderable strip with segment 1 lifted by a press held past the lift delay.
    private func liftedSegmentOne(tearsOff: Bool) throws -> StripController {
        let strip = try controller(reorderable: true)
        strip.tearsOff = tearsOff
        _ = strip.press(button: 1, x: 140, y: 20, time: 0, at: 0)
        _ = strip.liftDue(at: StripModel.liftDelay)
        return strip
    }

    /// A lifted item dragged more than the strip's height (44 px) above or below it is dragged out: its
    /// image shows and follows, the item waits; back over the strip it follows again; let go out there,
    /// it drops where it waited and the host is asked to tear it off.
    func testALiftedItemDraggedOutIsTornOffAtTheRelease() throws {
        let strip = try liftedSegmentOne(tearsOff: true)
        XCTAssertEqual(strip.model.metrics.stripHeight, 44)
        XCTAssertEqual(strip.model.viewportWidth, 400)
        let inside: [(Double, Double)] = [(0, -44), (0, 0), (0, 88), (-44, 20), (444, 20)]
        XCTAssertEqual(inside.map(strip.isOutside), [false, false, false, false, false], "the threshold is the strip's height")
        let outside: [(Double, Double)] = [(0, -44.5), (0, 88.5), (-44.5, 20), (444.5, 20)]
        XCTAssertEqual(outside.map(strip.isOutside), [true, true, true, true])
        // Down to 40 px below the strip: still the strip's drag.
        _ = strip.motion(x: 140, y: 84, scrollIncrements: 0, time: 0.5, at: 0.5)
        XCTAssertEqual(strip.applyPendingMotion(at: 0.5), [.repaint])
        XCTAssertFalse(strip.isDraggedOut)
        // Past it, and on sideways past a neighbour: the image follows, the item stays at 1.
        _ = strip.motion(x: 150, y: 95, scrollIncrements: 0, time: 0.55, at: 0.55)
        XCTAssertEqual(strip.applyPendingMotion(at: 0.55), [.dragImage(1), .moveDragImage, .repaint])
        _ = strip.motion(x: 300, y: 200, scrollIncrements: 0, time: 0.6, at: 0.6)
        XCTAssertEqual(strip.applyPendingMotion(at: 0.6), [.moveDragImage])
        XCTAssertEqual(strip.model.reorderedIndex, 1)
        XCTAssertEqual(strip.frame(at: 0.62), [], "no autoscroll and no move while out")
        // Back over the strip: the image goes and the item follows the pointer (past its neighbour: a move).
        _ = strip.motion(x: 240, y: 20, scrollIncrements: 0, time: 0.7, at: 0.7)
        XCTAssertEqual(strip.applyPendingMotion(at: 0.7), [.dragImage(nil)])
        _ = strip.motion(x: 241, y: 20, scrollIncrements: 0, time: 0.72, at: 0.72)
        XCTAssertEqual(changes(in: strip.applyPendingMotion(at: 0.72)).map(\.kind), [.moved(from: 1, to: 2)])
        // Out above it, and let go: dropped where it waited, then torn off.
        _ = strip.motion(x: 241, y: -60, scrollIncrements: 0, time: 0.8, at: 0.8)
        XCTAssertEqual(strip.applyPendingMotion(at: 0.8), [.dragImage(2), .moveDragImage, .repaint])
        XCTAssertEqual(strip.release(button: 1, x: 241, y: -60, time: 0.88, at: 0.88),
                       [.cancelLift, .dragImage(nil), .reportSelection, .repaint, .reorderEnded(from: 1, to: 2, cancelled: false), .update,
                        .tearOff(2)])
        XCTAssertFalse(strip.isDraggedOut)
        XCTAssertFalse(strip.model.isReordering)
    }

    /// Escape while dragged out puts the item back and the image goes; without `tearsOff` nothing is ever out.
    func testEscapeOutOfTheStripCancelsAndAStripThatDoesNotTearOffKeepsTheDrag() throws {
        let strip = try liftedSegmentOne(tearsOff: true)
        _ = strip.motion(x: 140, y: 200, scrollIncrements: 0, time: 0.5, at: 0.5)
        _ = strip.applyPendingMotion(at: 0.5)
        XCTAssertEqual(strip.key(StripKey(isEscape: true), at: 0.6).effects,
                       [.dragImage(nil), .reportSelection, .repaint, .reorderEnded(from: 1, to: 1, cancelled: true), .update])
        _ = strip.release(button: 1, x: 140, y: 200, time: 0.7, at: 0.7)
        let plain = try liftedSegmentOne(tearsOff: false)
        _ = plain.motion(x: 140, y: 200, scrollIncrements: 0, time: 0.5, at: 0.5)
        XCTAssertEqual(plain.applyPendingMotion(at: 0.5), [.repaint])
        XCTAssertEqual(plain.release(button: 1, x: 140, y: 200, time: 0.6, at: 0.6),
                       [.cancelLift, .reportSelection, .repaint, .reorderEnded(from: 1, to: 1, cancelled: false), .update])
    }

    func testEscapePutsALiftedItemBackAndOtherKeysWait() throws {
        let strip = try controller(reorderable: true)
        _ = strip.press(button: 1, x: 140, y: 20, time: 0, at: 0)
        _ = strip.liftDue(at: StripModel.liftDelay)
        _ = strip.motion(x: 240, y: 20, scrollIncrements: 0, time: 0.5, at: 0.5)
        _ = strip.applyPendingMotion(at: 0.5)
        let right = strip.key(StripKey(navigation: .next), at: 0.6)
        XCTAssertTrue(right.used)
        XCTAssertEqual(right.effects, [], "it waits for the drop")
        let escape = strip.key(StripKey(isEscape: true), at: 0.7)
        XCTAssertTrue(escape.used)
        let back = changes(in: escape.effects)
        XCTAssertEqual(back.map(\.kind), [.moved(from: 2, to: 1)])
        XCTAssertEqual(escape.effects, itemEffects(sources: [0, 2, 1] + (3..<10).map { $0 }, old: 2,
                                                   host: [sameItem(2, 1, .drag), .moved(from: 2, to: 1), .itemsChanged(back)])
                       + [.reportSelection, .repaint, .reorderEnded(from: 1, to: 1, cancelled: true), .update])
        XCTAssertEqual(strip.model.titles[1], FixedAdvance.titles[1])
    }

    func testAPressThatIsNotHeldStillLiftsNothing() throws {
        let strip = try controller(reorderable: true)
        _ = strip.press(button: 1, x: 140, y: 20, time: 0, at: 0)
        // The motion past the slop waits for its frame; the lift's wait applies it first.
        _ = strip.motion(x: 120, y: 20, scrollIncrements: 0, time: 0.1, at: 0.1)
        XCTAssertEqual(strip.liftDue(at: StripModel.liftDelay), [.repaint])
        XCTAssertFalse(strip.model.isReordering)
        XCTAssertEqual(strip.liftDue(at: 1), [], "no press held: nothing")
    }

    func testACloseButtonAsksToCloseWithoutSelecting() throws {
        let strip = try controller(closable: true)
        // Segment 1's button: the 16 px square from (204, 13) (`CloseButtonLayoutTests`).
        XCTAssertEqual(strip.press(button: 1, x: 212, y: 21, time: 0, at: 0), [.dismissTooltip, .repaint, .pressed, .repaint])
        XCTAssertEqual(strip.pressedCloseButton, 1)
        XCTAssertEqual(strip.release(button: 1, x: 212, y: 21, time: 0.08, at: 0.08), [.cancelLift, .repaint, .closeRequested(1)])
        XCTAssertNil(strip.pressedCloseButton)
        XCTAssertEqual(strip.model.selectedIndex, 0)
        // Let go off the button: no close, no click.
        _ = strip.press(button: 1, x: 212, y: 21, time: 1, at: 1)
        XCTAssertEqual(strip.release(button: 1, x: 200, y: 21, time: 1.08, at: 1.08), [.cancelLift, .repaint])
        XCTAssertEqual(strip.model.selectedIndex, 0)
        // Dragged past the slop: it scrolls the strip, and the button is no longer held.
        _ = strip.press(button: 1, x: 212, y: 21, time: 2, at: 2)
        _ = strip.motion(x: 150, y: 21, scrollIncrements: 0, time: 2.1, at: 2.1)
        XCTAssertTrue(strip.applyPendingMotion(at: 2.1).contains(.repaint))
        XCTAssertNil(strip.pressedCloseButton)
    }

    func testAMiddleClickClosesTheSegmentItWentDownOnIfTheTitlesStay() throws {
        let strip = try controller(closable: true)
        XCTAssertEqual(strip.press(button: 2, x: 150, y: 20, time: 0, at: 0), [.dismissTooltip])
        XCTAssertEqual(strip.release(button: 2, x: 160, y: 20, time: 0.08, at: 0.08), [.closeRequested(1)])
        // Released on another segment: nothing.
        _ = strip.press(button: 2, x: 150, y: 20, time: 1, at: 1)
        XCTAssertEqual(strip.release(button: 2, x: 40, y: 20, time: 1.08, at: 1.08), [])
        // The titles changed between press and release: nothing.
        _ = strip.press(button: 2, x: 150, y: 20, time: 2, at: 2)
        _ = try strip.model.setItem(SegmentItem("新"), at: 5, at: 2)
        XCTAssertEqual(strip.release(button: 2, x: 150, y: 20, time: 2.08, at: 2.08), [])
        // Not closable: a middle-click does nothing; nor on a disabled item.
        let plain = try controller()
        _ = plain.press(button: 2, x: 150, y: 20, time: 0, at: 0)
        XCTAssertEqual(plain.release(button: 2, x: 150, y: 20, time: 0.08, at: 0.08), [])
        _ = try strip.model.setItem(SegmentItem(title: FixedAdvance.titles[1], isEnabled: false), at: 1, at: 3)
        _ = strip.press(button: 2, x: 150, y: 20, time: 3, at: 3)
        XCTAssertEqual(strip.release(button: 2, x: 150, y: 20, time: 3.08, at: 3.08), [])
    }

    func testTheRightButtonOpensThePopupListAndTheWheelScrolls() throws {
        let strip = try controller()
        XCTAssertEqual(strip.press(button: 3, x: 150, y: 20, time: 0, at: 0), [.dismissTooltip, .openPopupList(atPointer: true)])
        XCTAssertEqual(strip.press(button: 5, x: 150, y: 20, time: 1, at: 1), [.dismissTooltip, .reportScroll, .repaint])
        XCTAssertEqual(strip.model.presentation(at: 2).contentOffset, strip.model.wheelStep, "one notch toward the end")
        XCTAssertEqual(strip.press(button: 4, x: 150, y: 20, time: 3, at: 3), [.dismissTooltip, .reportScroll, .repaint])
        XCTAssertEqual(strip.press(button: 4, x: 150, y: 20, time: 4, at: 4), [.dismissTooltip], "at the start already")
        XCTAssertEqual(strip.key(StripKey(opensPopupList: true), at: 5).effects, [.openPopupList(atPointer: false)])
    }

    func testKeysSelectAsAClickAndReorderKeysMove() throws {
        let strip = try controller(reorderable: true)
        let next = strip.key(StripKey(navigation: .next), at: 0)
        XCTAssertTrue(next.used)
        XCTAssertEqual(next.effects, [.dismissTooltip, change(0, 1, .key), .reportSelection, .repaint, .update])
        let first = strip.key(StripKey(navigation: .first), at: 1)
        XCTAssertEqual(first.effects, [.dismissTooltip, change(1, 0, .key), .reportSelection, .repaint, .update])
        XCTAssertEqual(strip.key(StripKey(navigation: .previous), at: 2).effects, [.dismissTooltip, .reportSelection, .repaint, .update],
                       "at the start: centered again, no change")
        XCTAssertFalse(strip.key(StripKey(), at: 3).used, "any other key is the host's")
        let moved = strip.key(StripKey(reorder: .next, navigation: .next), at: 4)
        let move = changes(in: moved.effects)
        XCTAssertEqual(move.map(\.kind), [.moved(from: 0, to: 1)])
        XCTAssertEqual(moved.effects, [.dismissTooltip] + itemEffects(sources: [1, 0] + (2..<10).map { $0 }, old: 0,
                                                                     host: [sameItem(0, 1, .key), .moved(from: 0, to: 1), .itemsChanged(move)]))
        XCTAssertEqual(strip.model.selectedIndex, 1, "the selected item moved with its selection")
        // Not reorderable: the same keys navigate.
        strip.isReorderable = false
        XCTAssertEqual(strip.key(StripKey(reorder: .next, navigation: .next), at: 5).effects,
                       [.dismissTooltip, change(1, 2, .key), .reportSelection, .repaint, .update])
    }

    func testHoverIsTakenWhenDrawnAndTheCursorFollowsIt() throws {
        let strip = try controller(closable: true)
        strip.entered(x: 150, y: 20)
        XCTAssertEqual(strip.applyPendingMotion(at: 0), [.repaint])
        XCTAssertEqual(strip.drawnHover(at: 0), [.cursor(overSegment: true), .reportHover])
        XCTAssertEqual(strip.hoveredIndex, 1)
        XCTAssertEqual(strip.drawnHover(at: 0), [], "once")
        _ = strip.motion(x: 212, y: 21, scrollIncrements: 0, time: 0.1, at: 0.1)
        XCTAssertEqual(strip.applyPendingMotion(at: 0.1), [.repaint])
        XCTAssertEqual(strip.drawnHover(at: 0.1), [.reportHover], "onto the close button: no new cursor")
        XCTAssertEqual(strip.hoveredCloseButton, 1)
        XCTAssertEqual(strip.left(at: 0.2), [.tooltipPointerLeft, .repaint])
        XCTAssertEqual(strip.drawnHover(at: 0.2), [.cursor(overSegment: false), .reportHover])
        XCTAssertNil(strip.hoveredIndex)
    }

    func testItemChangesTellTheHostOfTheSelectionByItem() throws {
        let strip = try controller()
        _ = try strip.select(3, animated: false, cause: .api, at: 0)
        // An item inserted before the selected one: the same item at another index.
        let inserted = try strip.insertItem(SegmentItem("新"), at: 0, animated: true, at: 1)
        let insert = changes(in: inserted)
        XCTAssertEqual(insert.map(\.kind), [.inserted(0)])
        XCTAssertEqual(inserted, itemEffects(sources: [nil] + (0..<10).map { $0 }, old: 3, host: [sameItem(3, 4, .api), .itemsChanged(insert)]))
        XCTAssertEqual(strip.model.selectedIndex, 4)
        // The selected item removed: another item, cause close; by pointer, the widths are held.
        strip.closingByPointer = 4
        let removed = try strip.removeItem(at: 4, policy: .next, animated: true, cause: .close, at: 2)
        let remove = changes(in: removed)
        XCTAssertEqual(remove.map(\.kind), [.removed(4)])
        XCTAssertEqual(removed, itemEffects(sources: [0, 1, 2, 3] + (5..<11).map { $0 }, old: 4,
                                            host: [.announce(SelectionChange(oldIndex: 4, newIndex: 4, cause: .close, isSameItem: false)),
                                                   .itemsChanged(remove)]), "another item at the same index")
        XCTAssertTrue(strip.model.holdsWidths)
        XCTAssertThrowsError(try strip.removeItem(at: 99, policy: .next, animated: true, cause: .api, at: 3))
        // A reload: the selected item kept at another index is the same item; none kept is another.
        let none = [Int?](repeating: nil, count: strip.model.titles.count)
        XCTAssertEqual(strip.reloaded(sources: none, oldSelection: 4),
                       [.followItems(sources: none, oldSelection: 4, titlesMayDiffer: true),
                        .announce(SelectionChange(oldIndex: 4, newIndex: 4, cause: .api, isSameItem: false)), .reportSelection, .repaint, .update])
        let same = (0..<strip.model.titles.count).map { Optional($0) }
        XCTAssertEqual(strip.reloaded(sources: same, oldSelection: 4), [.followItems(sources: same, oldSelection: 4, titlesMayDiffer: true),
                                                                         .reportSelection, .repaint, .update], "the same item: no news")
        // A difference past 32 steps reloads, the selection still on its item.
        let many = (0..<80).map { SegmentItem("t\($0)") }
        guard case let .reload(titles, _, selected, _)? = try strip.setItems(many, selectedIndex: nil, policy: .next, animated: true, at: 4).last
        else { return XCTFail("no reload") }
        XCTAssertEqual(titles.count, 80)
        XCTAssertEqual(selected, 4, "the selected item is not among them: the same index")
    }

    func testAnItemChangedInPlaceTellsItsFollowersAndTheHostOnlyOfNewFrames() throws {
        let strip = try controller()
        let title = strip.model.titles[1]
        XCTAssertEqual(try strip.setItem(SegmentItem(title: title, tooltip: "tip"), at: 1, animated: true, at: 0),
                       [.itemEdited, .repaint, .update], "a tooltip moves no frame")
        XCTAssertEqual(try strip.setItem(SegmentItem("a longer title than before"), at: 1, animated: true, at: 1),
                       [.reportSelection, .itemEdited, .repaint, .update])
        XCTAssertEqual(strip.model.titles[1], "a longer title than before")
        XCTAssertThrowsError(try strip.setItem(SegmentItem("x"), at: 99, animated: true, at: 2))
    }

    func testAnAssistiveTechnologySelectsAsAKeyButNotADisabledItem() throws {
        let strip = try controller()
        _ = try strip.setItem(SegmentItem(title: strip.model.titles[2], isEnabled: false), at: 2, animated: false, at: 0)
        XCTAssertNil(strip.selectForAccessibility(2, at: 1), "disabled")
        XCTAssertNil(strip.selectForAccessibility(99, at: 1), "no such segment")
        XCTAssertEqual(strip.selectForAccessibility(3, at: 1), [change(0, 3, .accessibility), .reportSelection, .repaint, .update])
        XCTAssertEqual(strip.model.selectedIndex, 3)
    }

    func testAPopupRowIsSelectedWithItsCause() throws {
        let strip = try controller()
        // The list held the pointer: the hover over the strip before it is forgotten.
        strip.entered(x: 120, y: 20)
        _ = strip.applyPendingMotion(at: 0)
        XCTAssertEqual(strip.drawnHover(at: 0), [.cursor(overSegment: true), .reportHover])
        XCTAssertEqual(strip.popupListChose(4, at: 0),
                       [.tooltipPointerLeft, .repaint, change(0, 4, .menu), .reportSelection, .repaint, .update])
        XCTAssertEqual(strip.drawnHover(at: 0), [.cursor(overSegment: false), .reportHover], "nothing hovered after the list")
        XCTAssertEqual(strip.popupListChose(nil, at: 1), [.tooltipPointerLeft, .repaint])
        XCTAssertEqual(try strip.select(2, animated: false, cause: .api, at: 2),
                       [.selectionChanged(SelectionChange(oldIndex: 4, newIndex: 2, cause: .api), animated: false),
                        .reportSelection, .repaint, .update])
        XCTAssertThrowsError(try strip.select(10, cause: .api, at: 3))
    }

    func testTheHostIsToldAtRestAndDuringAHoldOnlyOfALiftedItem() throws {
        let strip = try controller(reorderable: true)
        XCTAssertTrue(strip.isResting(timerRunning: false))
        XCTAssertFalse(strip.isResting(timerRunning: true), "something moves")
        _ = strip.press(button: 1, x: 140, y: 20, time: 0, at: 0)
        XCTAssertFalse(strip.isResting(timerRunning: false), "a held press")
        _ = strip.liftDue(at: StripModel.liftDelay)
        XCTAssertTrue(strip.model.isReordering)
        XCTAssertTrue(strip.isResting(timerRunning: false), "a lifted item that nothing moves")
        XCTAssertFalse(strip.isResting(timerRunning: true), "a lifted item sliding")
        _ = strip.release(button: 1, x: 140, y: 20, time: 1, at: 1)
        strip.model.setPagePosition(0.5, at: 2)
        XCTAssertFalse(strip.isResting(timerRunning: false), "the pages are followed")
    }

    func testANewStyleTakesOverFromWhatIsDrawnAndForgetsTheHover() throws {
        let strip = try controller()
        _ = strip.motion(x: 140, y: 20, scrollIncrements: 0, time: 0, at: 0)
        _ = strip.applyPendingMotion(at: 0)
        _ = strip.drawnHover(at: 0)
        XCTAssertEqual(strip.hoveredIndex, 1)
        let drawn = strip.model.presentation(at: 1)
        try strip.model.reset(titles: FixedAdvance.titles, selectedIndex: 0, metrics: strip.model.metrics, motion: strip.model.motion, measuresLazily: false,
                              measureUnselected: { FixedAdvance.unselected($0) * 2 }, measureSelected: { FixedAdvance.selected($0) * 2 })
        XCTAssertEqual(strip.restyled(from: drawn, animated: true, at: 1), [.reportSelection, .repaint, .update])
        XCTAssertNil(strip.hoveredIndex, "nothing is hovered until the pointer moves")
        XCTAssertTrue(strip.model.isAnimating(at: 1), "a tween from what was drawn")
        XCTAssertEqual(strip.model.presentation(at: 1).indicator, drawn.indicator, "the indicator starts where it was drawn")
        XCTAssertNotEqual(strip.model.presentation(at: 9).indicator, drawn.indicator)
        XCTAssertEqual(strip.model.presentation(at: 1).layout.frame(at: 1).width, 150, "the frames, in other fonts, change at once")
    }
}
