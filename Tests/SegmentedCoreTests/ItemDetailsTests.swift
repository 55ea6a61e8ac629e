import XCTest
@testable import SegmentedCore

/// The items beside the titles: a strip of plain titles keeps nothing, and
/// inserts, removals and moves shift the items with their titles.
final class ItemDetailsTests: XCTestCase {
    private let badged = SegmentItem(title: "b", badge: .count(3))
    private let dotted = SegmentItem(title: "d", badge: .dot)

    func testPlainTitlesKeepNothingAndIndicesOutsideAreIgnored() {
        var details = ItemDetails(titleCount: 3)
        XCTAssertTrue(details.isEmpty)
        details[5] = badged
        details[-1] = badged
        XCTAssertTrue(details.isEmpty, "outside the titles")
        XCTAssertNil(details[5])
        details[1] = badged
        XCTAssertEqual(details.count, 1)
        XCTAssertEqual(details[1], badged)
        XCTAssertNil(details[0])
        details[1] = nil
        XCTAssertTrue(details.isEmpty)
        XCTAssertEqual(details, ItemDetails(titleCount: 3))
        XCTAssertEqual(ItemDetails([0: badged, 7: dotted], titleCount: 3).byIndex, [0: badged])
    }

    /// Appending in order builds what indices build, a freed slot reused.
    func testAppendBuildsTheSameDetails() {
        var appended = ItemDetails()
        for item in [nil, badged, nil, dotted] { appended.append(item) }
        XCTAssertEqual(appended, ItemDetails([1: badged, 3: dotted], titleCount: 4))
        XCTAssertEqual(appended.titleCount, 4)
        var plain = ItemDetails()
        plain.append(nil)
        plain.append(nil)
        XCTAssertEqual(plain, ItemDetails(titleCount: 2))
        XCTAssertTrue(plain.isEmpty)
        appended[1] = nil
        appended.append(badged)
        XCTAssertEqual(appended.byIndex, [3: dotted, 4: badged])
    }

    func testInsertRemoveAndMoveShiftTheItemsWithTheirTitles() {
        var details = ItemDetails([1: badged, 3: dotted], titleCount: 5)
        details.insert(nil, at: 0)
        XCTAssertEqual(details.byIndex, [2: badged, 4: dotted])
        details.insert(SegmentItem(title: "n", isEnabled: false), at: 3)
        XCTAssertEqual(details.titleCount, 7)
        XCTAssertEqual(details.byIndex.keys.sorted(), [2, 3, 5])
        details.remove(at: 2)
        XCTAssertEqual(details.byIndex.keys.sorted(), [2, 4])
        XCTAssertEqual(details[4], dotted)
        details.move(from: 4, to: 0)
        XCTAssertEqual(details[0], dotted)
        XCTAssertEqual(details[3]?.isEnabled, false)
        // A slot given up is used again.
        details[3] = nil
        details[5] = badged
        XCTAssertEqual(details.byIndex, [0: dotted, 5: badged])
        details.remove(at: 0)
        details.remove(at: 4)
        XCTAssertTrue(details.isEmpty)
        XCTAssertEqual(details.titleCount, 4)
        details.insert(nil, at: 4)
        XCTAssertTrue(details.isEmpty, "a plain title into plain titles keeps nothing")
        XCTAssertEqual(details.titleCount, 5)
    }

    /// More items than one of the pool's chunks (4,096) hold: appended,
    /// changed, removed and reused across the chunks' ends, and a copy
    /// changed without changing the original.
    func testItemsAcrossThePoolsChunks() {
        let count = 10_000
        func item(_ n: Int) -> SegmentItem { SegmentItem(title: "t\(n)", badge: .count(n)) }
        var details = ItemDetails()
        var expected = [Int: SegmentItem]()
        for n in 0..<count {
            let given: SegmentItem? = n % 7 == 3 ? nil : item(n)
            details.append(given)
            expected[n] = given
        }
        XCTAssertEqual(details.byIndex, expected)
        XCTAssertEqual(details.count, expected.count)
        XCTAssertEqual(details[4095], item(4095))
        XCTAssertEqual(details[4096], item(4096))
        XCTAssertEqual(details[8194], item(8194))
        XCTAssertNil(details[4098], "4,098 % 7 is 3: a plain title")
        let copy = details
        for n in stride(from: 4090, to: 4100, by: 1) { details[n] = nil; expected[n] = nil }
        for n in [9_999, 5, 8_192] { details[n] = item(-n); expected[n] = item(-n) }
        XCTAssertEqual(details.byIndex, expected)
        XCTAssertEqual(copy[4095], item(4095), "the copy keeps its items")
        XCTAssertEqual(copy[5], item(5))
        details.remove(at: 0)
        details.insert(item(42), at: 9_000)
        XCTAssertEqual(details[9_000], item(42))
        XCTAssertEqual(details[4], item(-5))
        XCTAssertEqual(details.titleCount, count)
    }

    /// Details appended whole (the titles file's two halves) are what
    /// appending their items one by one makes, and the places left in the
    /// last chunk before them are used again.
    func testAppendingDetailsWholeKeepsEveryItemInItsPlace() {
        func item(_ n: Int) -> SegmentItem { SegmentItem(title: "t\(n)", badge: .count(n)) }
        for (headCount, tailCount) in [(5, 7), (4_096, 10), (4_100, 9_000), (0, 3), (3, 0)] {
            var head = ItemDetails(), tail = ItemDetails(), one = ItemDetails()
            for n in 0..<headCount { head.append(n % 5 == 1 ? nil : item(n)); one.append(n % 5 == 1 ? nil : item(n)) }
            for n in 0..<tailCount { tail.append(n % 4 == 2 ? nil : item(-n)); one.append(n % 4 == 2 ? nil : item(-n)) }
            head.append(contentsOf: tail)
            XCTAssertEqual(head, one, "\(headCount) + \(tailCount)")
            XCTAssertEqual(head.titleCount, headCount + tailCount)
            XCTAssertEqual(head.count, one.count)
            // Plain titles given items: the free places are taken first, and nothing else moves.
            head[headCount + 2] = item(1_000)
            head[1] = item(1_001)
            one[headCount + 2] = item(1_000)
            one[1] = item(1_001)
            XCTAssertEqual(head, one)
        }
        var plain = ItemDetails(titleCount: 3)
        plain.append(contentsOf: ItemDetails(titleCount: 4))
        XCTAssertTrue(plain.isEmpty)
        XCTAssertEqual(plain.titleCount, 7)
    }
}
