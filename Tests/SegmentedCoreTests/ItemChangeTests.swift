import XCTest
@testable import SegmentedCore

/// Inserts, removals and moves in place, on a virtual clock: the frames drawn
/// at the change are the frames drawn just before it (carried to the new
/// indices), the tween ends exactly on the layout a fresh model of the new
/// items rests in, and the selection follows its item.
final class ItemChangeTests: XCTestCase {
    private let titles = FixedAdvance.titles

    /// Asserts that `after`'s frame j is `before`'s frame i for every old index i and its new index j.
    private func assertSameFrames(_ before: StripPresentation, _ after: StripPresentation, oldCount: Int, map: (Int) -> Int?,
                                  file: StaticString = #filePath, line: UInt = #line) {
        for i in 0..<oldCount {
            guard let j = map(i) else { continue }
            XCTAssertEqual(after.layout.frame(at: j).x, before.layout.frame(at: i).x, accuracy: 1e-9, "x of \(i) → \(j)", file: file, line: line)
            XCTAssertEqual(after.layout.frame(at: j).width, before.layout.frame(at: i).width, accuracy: 1e-9, "width of \(i) → \(j)",
                           file: file, line: line)
        }
        XCTAssertEqual(after.contentOffset, before.contentOffset, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(after.indicator, before.indicator, file: file, line: line)
    }

    /// Asserts that `model` rests, at `now`, exactly where a fresh model of its titles with its selection rests.
    private func assertRestsAsAFreshModel(_ model: StripModel, at now: Double, viewport: Double = 400,
                                          file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertFalse(model.isAnimating(at: now), file: file, line: line)
        let fresh = try FixedAdvance.model(titles: model.titles, selected: model.selectedIndex ?? 0, viewport: viewport)
        let drawn = model.presentation(at: now), rest = fresh.presentation(at: 0)
        XCTAssertEqual(drawn.layout.contentWidth, rest.layout.contentWidth, file: file, line: line)
        for i in 0..<model.titles.count {
            XCTAssertEqual(drawn.layout.frame(at: i), rest.layout.frame(at: i), "frame \(i)", file: file, line: line)
        }
        XCTAssertEqual(drawn.indicator, rest.indicator, file: file, line: line)
        XCTAssertEqual(drawn.contentOffset, model.targetOffset, file: file, line: line)
    }

    func testAnInsertBeforeTheSelectionGrowsFromNothingAndTheSelectionFollows() throws {
        let model = try FixedAdvance.model(selected: 4)
        let before = model.presentation(at: 1)
        let change = try model.insertItem(SegmentItem("新标签"), at: 2, at: 1)
        XCTAssertEqual(change, ItemChange(kind: .inserted(2), oldSelectedIndex: 4, newSelectedIndex: 5, selectionMoved: false,
                                          title: "新标签"))
        XCTAssertEqual(model.selectedIndex, 5, "the same item, one place on")
        XCTAssertEqual(model.titles[2], "新标签")
        let start = model.presentation(at: 1)
        assertSameFrames(before, start, oldCount: 10) { $0 >= 2 ? $0 + 1 : $0 }
        XCTAssertEqual(start.layout.frame(at: 2).width, 0, "the new segment starts with no width")
        // Halfway in time is halfway on the symmetric curve: half of the 45 px title, half of the 15 px spacing.
        let mid = model.presentation(at: 1.15)
        XCTAssertEqual(mid.layout.frame(at: 2).width, 22.5, accuracy: 1e-9)
        XCTAssertEqual(mid.layout.frame(at: 3).x - (mid.layout.frame(at: 2).x + 22.5), 15, accuracy: 1e-9, "the spacing after it")
        XCTAssertEqual(mid.layout.frame(at: 2).x - before.layout.frame(at: 1).maxX, 7.5, accuracy: 1e-9, "half the spacing before it")
        XCTAssertTrue(model.isAnimating(at: 1.299))
        try assertRestsAsAFreshModel(model, at: 1.3)
    }

    func testAnInsertAtEitherEndAndIntoAnEmptyStrip() throws {
        let model = try FixedAdvance.model(selected: 0)
        let before = model.presentation(at: 0)
        try model.insertItem(SegmentItem("首"), at: 0, at: 0)
        assertSameFrames(before, model.presentation(at: 0), oldCount: 10) { $0 + 1 }
        XCTAssertEqual(model.selectedIndex, 1)
        try assertRestsAsAFreshModel(model, at: 0.3)
        let last = model.presentation(at: 1)
        try model.insertItem(SegmentItem("尾"), at: 11, at: 1)
        assertSameFrames(last, model.presentation(at: 1), oldCount: 11) { $0 }
        try assertRestsAsAFreshModel(model, at: 1.3)

        let empty = try FixedAdvance.model(titles: [])
        XCTAssertNil(empty.presentation(at: 0).indicator)
        let change = try empty.insertItem(SegmentItem("一"), at: 0, at: 0)
        XCTAssertEqual(change.newSelectedIndex, 0, "an empty strip selects what it is given")
        XCTAssertTrue(change.selectionMoved)
        try assertRestsAsAFreshModel(empty, at: 0.3)
    }

    func testARemovalClosesItsRoomAndTheSelectionFollows() throws {
        let model = try FixedAdvance.model(selected: 6)
        let before = model.presentation(at: 2)
        let change = try model.removeItem(at: 3, at: 2)
        XCTAssertEqual(change, ItemChange(kind: .removed(3), oldSelectedIndex: 6, newSelectedIndex: 5, selectionMoved: false,
                                          title: titles[3]))
        XCTAssertEqual(model.titles, Array(titles[0..<3] + titles[4...]))
        let start = model.presentation(at: 2)
        assertSameFrames(before, start, oldCount: 10) { $0 == 3 ? nil : $0 > 3 ? $0 - 1 : $0 }
        // The room left is the removed segment's 75 px and a spacing: the next one starts where it was.
        XCTAssertEqual(start.layout.frame(at: 3).x, before.layout.frame(at: 4).x, accuracy: 1e-9)
        XCTAssertEqual(start.layout.contentWidth, before.layout.contentWidth, accuracy: 1e-9)
        try assertRestsAsAFreshModel(model, at: 2.3)
        // The last one, removed: its room is after the new last segment.
        let end = model.presentation(at: 3)
        try model.removeItem(at: 8, at: 3)
        XCTAssertEqual(model.presentation(at: 3).layout.contentWidth, end.layout.contentWidth, accuracy: 1e-9)
        try assertRestsAsAFreshModel(model, at: 3.3)
    }

    func testTheRemovedTitleShrinksAwayInItsRoom() throws {
        let model = try FixedAdvance.model(selected: 6)
        let removed = model.presentation(at: 2).layout.frame(at: 3)
        try model.removeItem(at: 3, at: 2)
        // At the change it is drawn where it was, as wide as it was.
        var departing = model.presentation(at: 2).departing
        XCTAssertEqual(departing.map(\.title), [titles[3]])
        XCTAssertEqual(departing.first?.frame, removed)
        // Halfway (the symmetric curve: half the 75 + 15 px room), 30 px wide, still ending a spacing before the next.
        departing = model.presentation(at: 2.15).departing
        let next = model.presentation(at: 2.15).layout.frame(at: 3)
        XCTAssertEqual(departing.first?.frame.width ?? 0, 30, accuracy: 1e-9)
        XCTAssertEqual((departing.first?.frame.maxX ?? 0) + 15, next.x, accuracy: 1e-9)
        XCTAssertEqual(model.presentation(at: 2.3).departing, [], "gone with its room")
        // Not animated: nothing is drawn; a change during the shrink carries it (an insert before it) or drops it (a move).
        try model.removeItem(at: 0, at: 3, animated: false)
        XCTAssertEqual(model.presentation(at: 3).departing, [])
        try model.removeItem(at: 4, at: 4)
        try model.insertItem(SegmentItem("新"), at: 0, at: 4.1)
        let carried = model.presentation(at: 4.1)
        XCTAssertEqual(carried.departing.count, 1)
        XCTAssertEqual((carried.departing.first?.frame.maxX ?? 0) + 15, carried.layout.frame(at: 5).x, accuracy: 1e-9,
                       "before the title that followed it, now at 5")
        try model.moveItem(from: 0, to: 1, at: 4.2)
        XCTAssertEqual(model.presentation(at: 4.2).departing, [])
    }

    func testRemovingTheSelectedItemByEachPolicy() throws {
        for (policy, expected) in [(RemovalSelection.next, 4), (.previous, 3), (.previouslySelected, 1)] {
            let model = try FixedAdvance.model(selected: 0)
            try model.select(1, at: 0, animated: false)
            try model.select(4, at: 0, animated: false)
            let change = try model.removeItem(at: 4, policy: policy, at: 1)
            XCTAssertEqual(change.newSelectedIndex, expected, "\(policy)")
            XCTAssertTrue(change.selectionMoved)
            XCTAssertEqual(model.selectedIndex, expected)
            try assertRestsAsAFreshModel(model, at: 1.3)
        }
        // The last one, removed while selected: the one before it (there is none after).
        let model = try FixedAdvance.model(selected: 9)
        XCTAssertEqual(try model.removeItem(at: 9, at: 0).newSelectedIndex, 8)
        // A disabled neighbour is passed over; with only disabled ones left, one of them is selected.
        let items = [SegmentItem("A"), SegmentItem("B"), SegmentItem(title: "C", isEnabled: false), SegmentItem("D")]
        let mixed = try StripModel(items: items, selectedIndex: 1, viewportWidth: 400,
                                   measureUnselected: FixedAdvance.unselected, measureSelected: FixedAdvance.selected)
        XCTAssertEqual(try mixed.removeItem(at: 1, at: 0).newSelectedIndex, 2, "D, now at 2, past the disabled C")
        XCTAssertEqual(mixed.titles, ["A", "C", "D"])
        try mixed.removeItem(at: 0, at: 1)
        try mixed.removeItem(at: 1, at: 2)
        XCTAssertEqual(mixed.titles, ["C"])
        XCTAssertEqual(mixed.selectedIndex, 0, "the disabled C: nothing else is left")
    }

    func testRemovingTheLastItemLeavesAnEmptyStripWithNoIndicator() throws {
        let model = try FixedAdvance.model(titles: ["一", "二"], selected: 1)
        try model.removeItem(at: 1, at: 0)
        let change = try model.removeItem(at: 0, at: 0.1)
        XCTAssertNil(change.newSelectedIndex)
        XCTAssertNil(model.selectedIndex)
        XCTAssertEqual(model.titles, [])
        XCTAssertNil(model.presentation(at: 0.1).indicator)
        XCTAssertFalse(model.isAnimating(at: 0.1))
        XCTAssertEqual(model.restingLayout.contentWidth, 0)
    }

    func testAMoveSlidesTheItemAndThoseItPasses() throws {
        let model = try FixedAdvance.model(selected: 1)
        let before = model.presentation(at: 0)
        let forward = { (i: Int) -> Int in i == 1 ? 4 : (2...4).contains(i) ? i - 1 : i }
        let change = try XCTUnwrap(try model.moveItem(from: 1, to: 4, at: 0))
        XCTAssertEqual(change, ItemChange(kind: .moved(from: 1, to: 4), oldSelectedIndex: 1, newSelectedIndex: 4, selectionMoved: false,
                                          title: titles[1]))
        XCTAssertEqual(model.titles[4], titles[1])
        XCTAssertEqual(model.selectedIndex, 4, "the moved item keeps its selection")
        let start = model.presentation(at: 0)
        assertSameFrames(before, start, oldCount: 10, map: forward)
        XCTAssertEqual(start.layout.shiftedIndices, [4], "the moved one alone is drawn off its slot")
        // Halfway, it is halfway between where it was and where it goes.
        let mid = model.presentation(at: 0.15).layout.frame(at: 4).x
        let end = model.restingLayout.frame(at: 4).x
        XCTAssertEqual(mid, (before.layout.frame(at: 1).x + end) / 2, accuracy: 1e-9)
        try assertRestsAsAFreshModel(model, at: 0.3)

        let back = model.presentation(at: 1)
        try model.moveItem(from: 4, to: 0, at: 1)
        assertSameFrames(back, model.presentation(at: 1), oldCount: 10) { $0 == 4 ? 0 : $0 < 4 ? $0 + 1 : $0 }
        XCTAssertEqual(model.selectedIndex, 0)
        try assertRestsAsAFreshModel(model, at: 1.3)
        XCTAssertEqual(model.titles[0], titles[1])
    }

    func testAnUnselectedMoveKeepsTheSelectionAndAnOffsetTheUserScrolledTo() throws {
        let model = try FixedAdvance.model(selected: 0)
        model.scroll(by: 100, animated: false, at: 0)
        try model.moveItem(from: 5, to: 2, at: 1)
        XCTAssertEqual(model.selectedIndex, 0)
        XCTAssertEqual(model.presentation(at: 1.3).contentOffset, 100, "the user's scroll stays")
        try model.moveItem(from: 0, to: 9, at: 2)
        XCTAssertEqual(model.selectedIndex, 9)
    }

    func testBadIndicesThrowAndChangeNothingAndAMoveInPlaceDoesNothing() throws {
        let model = try FixedAdvance.model(selected: 3)
        let layout = model.restingLayout
        XCTAssertThrowsError(try model.insertItem(SegmentItem("x"), at: 11, at: 0)) {
            XCTAssertEqual($0 as? StripModel.Failure, .indexOutOfRange(index: 11, count: 11))
        }
        XCTAssertThrowsError(try model.insertItem(SegmentItem("x"), at: -1, at: 0))
        XCTAssertThrowsError(try model.removeItem(at: 10, at: 0))
        XCTAssertThrowsError(try model.moveItem(from: 0, to: 10, at: 0))
        XCTAssertThrowsError(try model.moveItem(from: -1, to: 0, at: 0))
        XCTAssertNil(try model.moveItem(from: 2, to: 2, at: 0))
        XCTAssertEqual(model.titles, titles)
        XCTAssertEqual(model.selectedIndex, 3)
        XCTAssertEqual(model.restingLayout, layout, "the same widths object: nothing was rebuilt")
        XCTAssertFalse(model.isAnimating(at: 0))
    }

    func testAChangeMidTweenStartsFromWhatIsDrawn() throws {
        let model = try FixedAdvance.model(selected: 0)
        try model.select(5, at: 0)
        let before = model.presentation(at: 0.1)
        try model.insertItem(SegmentItem("插"), at: 3, at: 0.1)
        assertSameFrames(before, model.presentation(at: 0.1), oldCount: 10) { $0 >= 3 ? $0 + 1 : $0 }
        XCTAssertEqual(model.selectedIndex, 6)
        try assertRestsAsAFreshModel(model, at: 0.4)
    }

    func testItemsAndSpareRoomFillsCarryOver() throws {
        for mode in [FillMode.stretch, .spread, .center] {
            var metrics = LayoutMetrics()
            metrics.fillMode = mode
            let model = try StripModel(titles: ["一", "二", "三"], selectedIndex: 1, viewportWidth: 600, metrics: metrics,
                                       measureUnselected: FixedAdvance.unselected, measureSelected: FixedAdvance.selected)
            var before = model.presentation(at: 0)
            try model.insertItem(SegmentItem("四"), at: 1, at: 0)
            assertSameFrames(before, model.presentation(at: 0), oldCount: 3) { $0 >= 1 ? $0 + 1 : $0 }
            XCTAssertEqual(model.presentation(at: 0.3).layout.contentWidth, 600, accuracy: 1e-9, "\(mode) fills again")
            before = model.presentation(at: 1)
            try model.removeItem(at: 0, at: 1)
            assertSameFrames(before, model.presentation(at: 1), oldCount: 4) { $0 == 0 ? nil : $0 - 1 }
            before = model.presentation(at: 2)
            try model.moveItem(from: 0, to: 2, at: 2)
            assertSameFrames(before, model.presentation(at: 2), oldCount: 3) { $0 == 0 ? 2 : $0 - 1 }
            XCTAssertEqual(model.presentation(at: 2.3).layout.contentWidth, 600, accuracy: 1e-9)
        }
    }

    func testEveryChangeOfTheTitlesChangesTheirVersionAndNothingElseDoes() throws {
        let model = try FixedAdvance.model(selected: 0)
        var seen = [model.titlesVersion]
        try model.select(3, at: 0)
        model.scroll(by: 50, animated: false, at: 0.5)
        XCTAssertEqual(model.snapshot(at: 1).titlesVersion, seen[0], "a selection and a scroll keep it")
        try model.insertItem(SegmentItem("新"), at: 0, at: 1)
        seen.append(model.titlesVersion)
        try model.moveItem(from: 0, to: 4, at: 2)
        seen.append(model.titlesVersion)
        try model.removeItem(at: 4, at: 3)
        seen.append(model.titlesVersion)
        try model.setItem(SegmentItem("改"), at: 1, at: 4)
        seen.append(model.titlesVersion)
        XCTAssertEqual(Set(seen).count, 5, "\(seen)")
        XCTAssertEqual(model.snapshot(at: 5).titlesVersion, seen.last)
    }

    func testItemsBesidesTitlesMoveWithTheirIndex() throws {
        let items = [SegmentItem("A"), SegmentItem(title: "B", badge: .count(3)), SegmentItem(title: "C", isEnabled: false)]
        let model = try StripModel(items: items, selectedIndex: 0, viewportWidth: 400,
                                   measureUnselected: FixedAdvance.unselected, measureSelected: FixedAdvance.selected)
        try model.insertItem(SegmentItem(title: "N", tooltip: "new"), at: 0, at: 0, animated: false)
        XCTAssertEqual(model.items.map(\.title), ["N", "A", "B", "C"])
        XCTAssertEqual(model.item(at: 2).badge, .count(3))
        XCTAssertFalse(model.isEnabled(at: 3))
        try model.moveItem(from: 3, to: 0, at: 0, animated: false)
        XCTAssertEqual(model.items, [items[2], SegmentItem(title: "N", tooltip: "new"), items[0], items[1]])
        try model.removeItem(at: 1, at: 0, animated: false)
        XCTAssertEqual(model.items, [items[2], items[0], items[1]])
        XCTAssertFalse(model.isAnimating(at: 0), "not animated: at rest at once")
    }

    func testAtAHundredThousandLazilyMeasuredTitlesOnlyWhatIsNeededIsMeasured() throws {
        let many = (0..<100_000).map { "标签\($0)" }
        let model = try StripModel(titles: many, selectedIndex: 0, viewportWidth: 400, measuresLazily: true,
                                   measureUnselected: FixedAdvance.unselected, measureSelected: FixedAdvance.selected)
        try model.insertItem(SegmentItem("新"), at: 1, at: 0)
        try model.moveItem(from: 0, to: 3, at: 0.1)
        try model.removeItem(at: 2, at: 0.2)
        _ = model.presentation(at: 0.25)
        XCTAssertLessThan(model.unselectedWidths.measuredCount, 1_000, "the change and its frames measure near the start only")
        XCTAssertEqual(model.titles.count, 100_000)
        XCTAssertEqual(model.selectedIndex, 2)
    }
}

/// `ItemDiff` and `StripModel.setItems(_:policy:at:animated:limit:)`: a reload applied as its difference.
final class ItemDiffTests: XCTestCase {
    private func items(_ titles: [String]) -> [SegmentItem] { titles.map(SegmentItem.init) }

    /// Old and new titles of reloads: removals, moves, inserts, repeated titles, a reversal, from and to nothing.
    private static let reloads: [([String], [String])] = [
        (["A", "B", "C", "D"], ["A", "C", "D"]),
        (["A", "B", "C", "D"], ["D", "A", "B", "C"]),
        (["A", "B", "C"], ["X", "C", "A", "Y"]),
        (["A", "A", "B"], ["B", "A", "A", "A"]),
        (["A", "B", "C", "D", "E"], ["E", "D", "C", "B", "A"]),
        ([], ["A", "B"]),
        (["A", "B"], []),
    ]

    func testStepsTurnTheOldListIntoTheNewOne() throws {
        for (old, new) in Self.reloads {
            let model = try FixedAdvance.model(titles: old)
            let changes = try XCTUnwrap(model.setItems(items(new), at: 0))
            XCTAssertEqual(model.titles, new, "\(old) → \(new)")
            XCTAssertLessThanOrEqual(changes.count, old.count + new.count)
            XCTAssertFalse(model.isAnimating(at: 0.3))
        }
        XCTAssertEqual(ItemDiff.steps(old: items(["A", "B", "C"]), new: items(["A", "B", "C"]), limit: 32), [], "nothing to do")
        XCTAssertEqual(ItemDiff.steps(old: items(["A", "B", "C"]), new: items(["C", "A", "B"]), limit: 32), [.move(from: 2, to: 0)])
        XCTAssertNil(ItemDiff.steps(old: items(["A", "B", "C"]), new: items(["X", "Y", "Z"]), limit: 5), "six steps: over the limit")
    }

    /// Replaying a change list tells where each item came from: the match the diff was made from.
    func testTheChangesTellWhereEachItemCameFrom() throws {
        for (old, new) in Self.reloads {
            let model = try FixedAdvance.model(titles: old)
            let changes = try XCTUnwrap(model.setItems(items(new), at: 0))
            XCTAssertEqual(ItemChange.sources(oldCount: old.count, after: changes), ItemDiff.matches(old: items(old), new: items(new)),
                           "\(old) → \(new)")
        }
        let model = try FixedAdvance.model(titles: ["A", "B", "C", "D"], selected: 3)
        let changes = [try model.insertItem(SegmentItem("X"), at: 0, at: 0), try model.removeItem(at: 2, at: 0),
                       try XCTUnwrap(try model.moveItem(from: 0, to: 3, at: 0))]
        XCTAssertEqual(model.titles, ["A", "C", "D", "X"])
        XCTAssertEqual(ItemChange.sources(oldCount: 4, after: changes), [0, 2, 3, nil])
    }

    func testTheSelectionFollowsItsItemByIdElseByTitle() throws {
        let model = try FixedAdvance.model(titles: ["A", "B", "C", "D"], selected: 2)
        model.setItems(items(["X", "D", "C", "A"]), at: 0)
        XCTAssertEqual(model.selectedIndex, 2, "C, matched by title")
        model.setItems(items(["C", "X", "D", "A"]), at: 1)
        XCTAssertEqual(model.selectedIndex, 0)
        // By id: a renamed item is the same item, and keeps its selection; it is updated, not replaced.
        let withIDs = [SegmentItem(title: "Inbox", id: "in"), SegmentItem(title: "Sent", id: "out"), SegmentItem(title: "Trash", id: "bin")]
        let tabs = try StripModel(items: withIDs, selectedIndex: 1, viewportWidth: 400,
                                  measureUnselected: FixedAdvance.unselected, measureSelected: FixedAdvance.selected)
        let renamed = [SegmentItem(title: "Trash", id: "bin"), SegmentItem(title: "Sent (3)", id: "out"), SegmentItem(title: "Inbox", id: "in")]
        XCTAssertEqual(ItemDiff.steps(old: withIDs, new: renamed, limit: 32), [.move(from: 2, to: 0), .move(from: 2, to: 1), .update(1)])
        tabs.setItems(renamed, at: 0)
        XCTAssertEqual(tabs.items, renamed)
        XCTAssertEqual(tabs.selectedIndex, 1, "Sent (3) is Sent, by its id")
        let fresh = try StripModel(items: renamed, selectedIndex: 1, viewportWidth: 400,
                                   measureUnselected: FixedAdvance.unselected, measureSelected: FixedAdvance.selected)
        for i in 0..<3 { XCTAssertEqual(tabs.presentation(at: 0.3).layout.frame(at: i), fresh.restingLayout.frame(at: i)) }
    }

    func testAReloadDoesNotSelectADisabledItemWhileAnEnabledOneIsLeft() throws {
        let disabled = SegmentItem(title: "C", isEnabled: false)
        let model = try StripModel(items: [SegmentItem("A"), disabled, SegmentItem("E")], selectedIndex: 2, viewportWidth: 400,
                                   measureUnselected: FixedAdvance.unselected, measureSelected: FixedAdvance.selected)
        model.setItems([SegmentItem("A"), disabled], at: 0)
        XCTAssertEqual(model.selectedIndex, 0, "A, not the disabled C after it")
    }

    func testIdsAddedToOrTakenFromAListKeepItsItems() throws {
        let plain = items(["A", "B", "C"])
        let withIDs = [SegmentItem(title: "A", id: "a"), SegmentItem(title: "B", id: "b"), SegmentItem(title: "C", id: "c")]
        XCTAssertEqual(ItemDiff.matches(old: plain, new: withIDs), [0, 1, 2])
        XCTAssertEqual(ItemDiff.matches(old: withIDs, new: plain), [0, 1, 2])
        XCTAssertEqual(ItemDiff.steps(old: plain, new: withIDs, limit: 32), [.update(0), .update(1), .update(2)])
        // Two different ids never match by title.
        XCTAssertEqual(ItemDiff.matches(old: [SegmentItem(title: "A", id: "x")], new: [SegmentItem(title: "A", id: "y")]), [nil])
    }

    func testARemovedSelectionGoesByThePolicy() throws {
        let model = try FixedAdvance.model(titles: ["A", "B", "C", "D"], selected: 1)
        model.setItems(items(["A", "C", "D"]), policy: .previous, at: 0)
        XCTAssertEqual(model.selectedIndex, 0)
        model.setItems(items(["C", "D"]), at: 1)
        XCTAssertEqual(model.selectedIndex, 0, "next: C")
    }
}
