import XCTest
@testable import SegmentedCore

/// The popup list's rows, keys, wheel, pointer rows and type-ahead, on a
/// clock stepped by hand; Latin and CJK titles, disabled rows, 100,000 rows.
final class PopupListModelTests: XCTestCase {
    private let titles = ["Inbox", "Drafts", "Sent", "Spam", "一级建造师", "二级建造师", "Archive", "Café", "CAFÉ noir", "Trash"]

    private func model(selected: Int? = 0, rows: Int = 4, disabled: Set<Int> = []) -> PopupListModel {
        PopupListModel(count: titles.count, selected: selected, maximumRows: rows) { !disabled.contains($0) }
    }

    func testOpensWithTheSelectedRowInTheMiddle() {
        var list = model(selected: 7)
        XCTAssertEqual(list.highlighted, 7)
        XCTAssertEqual(list.shownRows, 5..<9, "in the middle")
        XCTAssertEqual(list.choice, 7)
        list = model(selected: 2, disabled: [2])
        XCTAssertEqual(list.highlighted, 2, "a disabled selected row is marked, as the host may select it")
        XCTAssertNil(list.choice, "but it cannot be chosen")
        XCTAssertEqual(model(selected: nil, disabled: [0, 1]).highlighted, 2, "no selection: the first enabled row")
        let none = PopupListModel(count: 0, selected: nil)
        XCTAssertNil(none.highlighted)
        XCTAssertEqual(none.shownRows, 0..<0)
        XCTAssertEqual(PopupListModel(count: 3, selected: 1).visibleRows, 3, "fewer rows than the most it shows")
    }

    func testKeysMoveOverDisabledRowsAndKeepTheHighlightInView() {
        var list = model(disabled: [1, 9])
        XCTAssertTrue(list.press(.down))
        XCTAssertEqual(list.highlighted, 2, "over 1")
        var top = model()
        XCTAssertFalse(top.press(.up), "no wrap at the top")
        XCTAssertTrue(list.press(.end))
        XCTAssertEqual(list.highlighted, 8, "the last enabled")
        XCTAssertEqual(list.shownRows, 5..<9)
        XCTAssertFalse(list.press(.down), "nothing enabled below")
        XCTAssertTrue(list.press(.pageUp))
        XCTAssertEqual(list.highlighted, 5, "a page less one row: 3 up")
        XCTAssertTrue(list.press(.home))
        XCTAssertEqual(list.highlighted, 0)
        XCTAssertEqual(list.shownRows, 0..<4)
        XCTAssertTrue(list.press(.pageDown))
        XCTAssertEqual(list.highlighted, 3)
        XCTAssertTrue(list.press(.pageDown))
        XCTAssertEqual(list.highlighted, 6)
        XCTAssertTrue(list.press(.pageDown))
        XCTAssertEqual(list.highlighted, 8, "the next page ends on disabled 9: the last enabled before it")
    }

    func testTheWheelScrollsWithinTheRowsAndPointerRows() {
        var list = model()
        list.scroll(notches: 1)
        XCTAssertEqual(list.shownRows, 3..<7)
        XCTAssertEqual(list.highlighted, 0, "the wheel moves no highlight")
        list.scroll(notches: 5)
        XCTAssertEqual(list.shownRows, 6..<10, "no further than the last row")
        list.scroll(notches: -9)
        XCTAssertEqual(list.shownRows, 0..<4)
        XCTAssertEqual(list.row(atY: 0, rowHeight: 20), 0)
        XCTAssertEqual(list.row(atY: 79.9, rowHeight: 20), 3)
        XCTAssertNil(list.row(atY: 80, rowHeight: 20), "below the rows shown")
        XCTAssertNil(list.row(atY: -1, rowHeight: 20))
        list.scroll(notches: 1)
        XCTAssertEqual(list.row(atY: 25, rowHeight: 20), 4)
        list.point(at: 4)
        XCTAssertEqual(list.highlighted, 4)
        var disabled = model(disabled: [2])
        disabled.point(at: 2)
        XCTAssertEqual(disabled.highlighted, 0, "a disabled row is not highlighted by the pointer")
    }

    func testTypeAheadCaseFoldedInLatinAndCJKWithAPause() {
        var list = model(disabled: [3])
        let names = titles
        let title: (Int) -> String = { names[$0] }
        XCTAssertTrue(list.type("s", at: 0, title: title))
        XCTAssertEqual(list.highlighted, 1, "a new text searches after the highlighted row: 'Drafts' holds an s")
        XCTAssertFalse(list.type("p", at: 0.5, title: title), "'sp' is only in 'Spam', which is disabled")
        XCTAssertEqual(list.highlighted, 1)
        XCTAssertEqual(list.typed, "sp")
        XCTAssertTrue(list.type("二", at: 3, title: title), "after a pause a new text")
        XCTAssertEqual(list.highlighted, 5)
        XCTAssertFalse(list.type("级", at: 3.2, title: title), "'二级' is still the highlighted row's")
        XCTAssertEqual(list.typed, "二级")
        XCTAssertTrue(list.type("建造", at: 5, title: title))
        XCTAssertEqual(list.highlighted, 4, "wrapping past the end to '一级建造师'")
        XCTAssertTrue(list.type("CAFÉ", at: 10, title: title))
        XCTAssertEqual(list.highlighted, 7, "case folded: 'Café'")
        XCTAssertTrue(list.type(" ", at: 10.5, title: title))
        XCTAssertEqual(list.highlighted, 8, "'café ' only in 'CAFÉ noir'")
        XCTAssertTrue(list.press(.home))
        XCTAssertEqual(list.typed, "", "a key ends the text")
    }

    func testOneHundredThousandRowsShowTwenty() {
        var list = PopupListModel(count: 100_000, selected: 99_990)
        XCTAssertEqual(list.shownRows, 99_980..<100_000)
        list.press(.home)
        XCTAssertEqual(list.shownRows, 0..<20)
        XCTAssertTrue(list.type("7", at: 0) { "Title \($0)" })
        XCTAssertEqual(list.highlighted, 7)
    }

    /// 20 letters typed into 100,000 titles that none holds: each title is read (and folded) once in all, at the
    /// first letter; a text that matched nothing is not looked for again with more after it.
    func testTypeAheadReadsEachTitleOnceAndStopsLookingAfterAMiss() {
        var list = PopupListModel(count: 100_000, selected: 0)
        var reads = 0
        let title: (Int) -> String = { reads += 1; return "Title \($0)" }
        XCTAssertTrue(list.type("9", at: 0, title: title))
        XCTAssertEqual(list.highlighted, 9)
        XCTAssertEqual(reads, 100_000, "folded once")
        for (i, letter) in "qwertyuiopasdfghjklz".enumerated() {
            XCTAssertFalse(list.type(String(letter), at: 0.1 * Double(i + 1), title: title))
        }
        XCTAssertEqual(list.typed, "9qwertyuiopasdfghjklz")
        XCTAssertEqual(reads, 100_000, "no title read again")
        XCTAssertEqual(list.highlighted, 9, "nothing matched: the highlight stays")
        // After a pause a new text is looked for again, in the folded titles.
        XCTAssertTrue(list.type("9", at: 10, title: title))
        XCTAssertEqual(list.highlighted, 19)
        XCTAssertEqual(reads, 100_000)
    }
}
