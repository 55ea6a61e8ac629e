import CX11
import Foundation
import SegmentedCore
import TestSupport
import XCTest

/// Tabs that close, move and reload, through the X server and the demo's
/// trace: a middle-click closes (`--closable on`), the reorder keys move the
/// selected title (`--reorderable on`), SIGHUP applies the file as a
/// difference with the selection on its item; each change glides through
/// frames in between and settles on the layout formula's frames.
final class TabOperationsTests: XCTestCase {
    private var folder: TemporaryFolder!
    private let titles = ["一级建造师", "二级建造师", "造价工程师", "咨询工程师", "注册安全工程师", "监理工程师"]

    override func setUpWithError() throws {
        folder = try TemporaryFolder(prefix: "segmented-tabs")
    }

    private func titlesFile(_ titles: [String]) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: titles)
        return try folder.file("titles.json", Array(data))
    }

    /// Clicks `title`'s frame and checks, once that click is selected (index 2), that no title was closed before it.
    private func assertNothingClosed(_ display: TestDisplay, _ demo: RunningDemo, _ strip: Window,
                                     clicking title: (x: Double, y: Double, width: Double, height: Double),
                                     file: StaticString = #filePath, line: UInt = #line) throws {
        display.click(strip, x: Int(title.x + 10), y: 20)
        XCTAssertEqual(try demo.process.next("select")["index"] as? Int, 2, file: file, line: line)
        XCTAssertFalse(demo.process.allEvents.contains { $0["event"] as? String == "closed" }, file: file, line: line)
    }

    /// Middle-clicks the strip at `x` (window pixels) and waits for nothing: the caller reads the trace.
    private func middleClick(_ display: TestDisplay, _ strip: Window, x: Double) {
        display.move(strip, x: Int(x), y: 20)
        display.button(2, down: true)
        display.button(2, down: false)
    }

    func testAMiddleClickClosesATitleAndTheNextOneIsSelectedWhenItWasTheSelectedOne() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let demo = try RunningDemo(["--titles-file", try titlesFile(titles), "--closable", "on", "--frame-stats", "--geometry", "640x200"])
        defer { demo.process.process.terminate() }
        let strip = Window(try XCTUnwrap(traceNumber(demo.ready["stripWindow"])))
        var frames = RunningDemo.segments(demo.ready)

        // An unselected title: it goes, the selection stays on its item.
        middleClick(display, strip, x: frames[1].x + frames[1].width / 2)
        var closed = try demo.process.next("closed")
        XCTAssertEqual(closed["index"] as? Int, 1)
        XCTAssertEqual(closed["title"] as? String, titles[1])
        XCTAssertEqual(closed["count"] as? Int, 5)
        XCTAssertEqual(closed["selectedIndex"] as? Int, 0)
        XCTAssertEqual(closed["pageCount"] as? Int, 5, "one page fewer")
        XCTAssertEqual(traceNumber(closed["page"]), 0)
        var settled = try demo.process.next("settled")
        // The close glided: frames were painted while it animated.
        let animating = demo.process.allEvents.filter { $0["event"] as? String == "frame" && $0["animating"] as? Bool == true }
        XCTAssertGreaterThan(animating.count, 3, "frames in between")
        // While the pointer stays, the widths are held: 造价工程师 has the closed title's slot, the content its width.
        let held = RunningDemo.segments(settled)
        XCTAssertEqual(held[1].x, frames[1].x)
        XCTAssertEqual(held[1].width, frames[1].width)
        XCTAssertEqual(traceNumber(settled["contentWidth"]), traceNumber(demo.ready["contentWidth"]))
        // A wheel notch (here nothing to scroll) is not closing in one place: the held room goes, they glide to the formula's.
        display.button(5, down: true)
        display.button(5, down: false)
        let rest = titles.enumerated().filter { $0.offset != 1 }.map(\.element)
        settled = try demo.process.next("settled")
        try assertLayoutFollowsTheDesign(settled, titles: rest, viewportWidth: 640, checkCentered: false, closeButtonRoom: 20)

        // The selected title: the next one (造价工程师, now at 0) is selected, with cause close.
        frames = RunningDemo.segments(settled)
        middleClick(display, strip, x: frames[0].x + frames[0].width / 2)
        let select = try demo.process.next("select")
        XCTAssertEqual(select["cause"] as? String, "close")
        XCTAssertEqual(select["index"] as? Int, 0)
        XCTAssertEqual(select["title"] as? String, titles[2])
        closed = try demo.process.next("closed")
        XCTAssertEqual(closed["count"] as? Int, 4)
        _ = try demo.process.next("settled")
        display.parkPointer()
        settled = try demo.process.next("settled")
        try assertLayoutFollowsTheDesign(settled, titles: Array(titles[2...]), viewportWidth: 640, checkCentered: false, closeButtonRoom: 20)
        // The page under the strip follows: its title is the new selection's.
        XCTAssertEqual(settled["selectedIndex"] as? Int, 0)
    }

    /// The pixels in segment `i`'s close button square (window pixels, at offset 0) that are not the white background.
    private func buttonInk(_ display: TestDisplay, _ demo: RunningDemo, _ frame: (x: Double, y: Double, width: Double, height: Double))
        throws -> [UInt32] {
        let image = try XCTUnwrap(display.pixels(demo.window, width: 640, height: 46))
        let left = Int(frame.x + frame.width) - 16
        var ink = [UInt32]()
        for y in 13..<29 { for x in left..<left + 16 where image[x, y] != 0xFFFFFF { ink.append(image[x, y]) } }
        return ink
    }

    /// The strongest of `ink` (farthest from white) as red, green and blue.
    private func strongest(_ ink: [UInt32]) -> (r: Int, g: Int, b: Int) {
        let channels = ink.map { (r: Int($0 >> 16 & 0xFF), g: Int($0 >> 8 & 0xFF), b: Int($0 & 0xFF)) }
        return channels.min { $0.r + $0.g + $0.b < $1.r + $1.g + $1.b } ?? (255, 255, 255)
    }

    func testTheCloseButtonShowsOnTheSelectedAndTheHoveredTitleAndClosesTitlesUnderThePointer() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let demo = try RunningDemo(["--titles-file", try titlesFile(titles), "--closable", "on", "--geometry", "640x200"])
        defer { demo.process.process.terminate() }
        let strip = Window(try XCTUnwrap(traceNumber(demo.ready["stripWindow"])))
        // Every segment keeps 20 px (a 4 px gap and the 16 px button) at its end.
        try assertLayoutFollowsTheDesign(demo.ready, titles: titles, viewportWidth: 640, closeButtonRoom: 20)
        let frames = RunningDemo.segments(demo.ready)
        // The selected title's × is drawn in the accent (red); an unselected, unhovered one has none.
        let selected = try buttonInk(display, demo, frames[0])
        XCTAssertGreaterThan(selected.count, 8)
        let red = strongest(selected)
        XCTAssertGreaterThan(red.r - red.g, 60, "the accent: \(red)")
        XCTAssertEqual(try buttonInk(display, demo, frames[1]), [])

        // Hovering title 1 shows its × in the hover text color (a gray); on the button, a disc comes under it.
        display.move(strip, x: Int(frames[1].x + 10), y: 20)
        var hover = try demo.process.next("hover")
        XCTAssertEqual(hover["index"] as? Int, 1)
        XCTAssertEqual(hover["closeButton"] as? Bool, false)
        let hovered = try buttonInk(display, demo, frames[1])
        XCTAssertGreaterThan(hovered.count, 8)
        let gray = strongest(hovered)
        XCTAssertLessThan(abs(gray.r - gray.g) + abs(gray.g - gray.b), 12, "a gray: \(gray)")
        let button = (x: Int(frames[1].x + frames[1].width) - 8, y: 21)
        display.move(strip, x: button.x, y: button.y)
        hover = try demo.process.next("hover")
        XCTAssertEqual(hover["closeButton"] as? Bool, true)
        XCTAssertGreaterThan(try buttonInk(display, demo, frames[1]).count, hovered.count + 100, "the hover disc")

        // A press on the button released off it (straight down, past the slop: a drag that scrolls nothing, since the
        // content is wider than the window and a sideways drag would leave it scrolled) closes nothing.
        display.button(1, down: true)
        display.move(strip, x: button.x, y: 38)
        display.button(1, down: false)
        display.click(strip, x: Int(frames[2].x + 10), y: 20)
        XCTAssertEqual(try demo.process.next("select")["index"] as? Int, 2)
        display.click(strip, x: Int(frames[0].x + 10), y: 20)
        XCTAssertEqual(try demo.process.next("select")["index"] as? Int, 0)
        _ = try demo.process.next("settled")
        XCTAssertFalse(demo.process.allEvents.contains { $0["event"] as? String == "closed" })

        // Clicks on the button close its title; each time the next one takes the slot, its button under the pointer.
        for n in 1...2 {
            display.click(strip, x: button.x, y: button.y)
            let closed = try demo.process.next("closed")
            XCTAssertEqual(closed["index"] as? Int, 1)
            XCTAssertEqual(closed["title"] as? String, titles[n])
            let settled = try demo.process.next("settled")
            let held = RunningDemo.segments(settled)
            XCTAssertEqual(held[1].x, frames[1].x, "close \(n)")
            XCTAssertEqual(held[1].width, frames[1].width, "close \(n): the slot is held")
            XCTAssertEqual(traceNumber(settled["contentWidth"]), traceNumber(demo.ready["contentWidth"]))
            XCTAssertEqual(settled["selectedIndex"] as? Int, 0)
        }
        XCTAssertGreaterThan(try buttonInk(display, demo, frames[1]).count, 100, "the next title's button, hovered")
        // Leaving lets the widths go: the room held at the end closes.
        display.parkPointer()
        let settled = try demo.process.next("settled")
        try assertLayoutFollowsTheDesign(settled, titles: [titles[0]] + Array(titles[3...]), viewportWidth: 640, checkCentered: false,
                                         closeButtonRoom: 20)
    }

    /// The demo with the ten bundled titles in a 400 px window (wider content), reorderable.
    private func reorderableDemo() throws -> (demo: RunningDemo, strip: Window, titles: [String]) {
        let all = try bundledTitles()
        let demo = try RunningDemo(["--titles-file", try titlesFile(all), "--reorderable", "on", "--geometry", "400x200"])
        return (demo, Window(try XCTUnwrap(traceNumber(demo.ready["stripWindow"]))), all)
    }

    /// Presses button 1 on the middle of segment 1 and holds it until the demo says it lifted it; returns the press's x.
    private func liftSecondTitle(_ display: TestDisplay, _ demo: RunningDemo, _ strip: Window) throws -> Int {
        let frames = RunningDemo.segments(demo.ready)
        let pressX = Int(frames[1].x + frames[1].width / 2)
        display.move(strip, x: pressX, y: 20)
        display.button(1, down: true)
        XCTAssertEqual(try demo.process.next("lifted")["index"] as? Int, 1)
        return pressX
    }

    /// Moves the held pointer from `from` to `to` (window x, y 20) in 8 px steps.
    private func drag(_ display: TestDisplay, _ strip: Window, from: Int, to: Int) {
        let step = to > from ? 8 : -8
        for x in stride(from: from + step, through: to, by: step) { display.move(strip, x: x, y: 20) }
        display.move(strip, x: to, y: 20)
    }

    func testAHeldPressLiftsATitleThatFollowsThePointerAndDropsIntoItsPlace() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let demo = try RunningDemo(["--titles-file", try titlesFile(titles), "--reorderable", "on", "--geometry", "640x200"])
        defer { demo.process.process.terminate() }
        let strip = Window(try XCTUnwrap(traceNumber(demo.ready["stripWindow"])))
        let frames = RunningDemo.segments(demo.ready)
        let pressX = Int(frames[1].x + frames[1].width / 2)
        display.move(strip, x: pressX, y: 20)
        display.button(1, down: true)
        // Held still for 0.4 s: lifted, and selected.
        XCTAssertEqual(try demo.process.next("select")["cause"] as? String, "click")
        let lifted = try demo.process.next("lifted")
        XCTAssertEqual(lifted["index"] as? Int, 1)
        XCTAssertEqual(lifted["title"] as? String, titles[1])
        _ = try demo.process.next("settled")
        // Dragged past 造价工程师's center: it takes its place; the neighbour slides into slot 1.
        let dx = Int(frames[2].width) + 20
        drag(display, strip, from: pressX, to: pressX + dx)
        let select = try demo.process.next("select")
        XCTAssertEqual(select["cause"] as? String, "drag")
        XCTAssertEqual(select["index"] as? Int, 2)
        let moved = try demo.process.next("moved")
        XCTAssertEqual([moved["from"] as? Int, moved["to"] as? Int], [1, 2])
        XCTAssertEqual(moved["title"] as? String, titles[1])
        // Still held, at rest: the lifted title is drawn under the pointer (1:1), the strip has not scrolled.
        let held = try demo.process.next("settled")
        let drawn = RunningDemo.segments(held)
        XCTAssertEqual(drawn[2].x, frames[1].x + Double(dx), "under the pointer")
        // 一级建造师 is no longer selected: slot 1 starts after its unselected width.
        XCTAssertEqual(drawn[1].x, 5 + (try expectedWidths(titles: titles, selected: 2))[0] + 15, "the neighbour in slot 1")
        XCTAssertEqual(traceNumber(held["contentOffset"]), 0)
        try assertIndicatorPixels(demo, event: held, viewportWidth: 640)
        // The release drops it into its slot.
        display.button(1, down: false)
        let dropped = try demo.process.next("dropped")
        XCTAssertEqual([dropped["from"] as? Int, dropped["to"] as? Int], [1, 2])
        XCTAssertEqual(dropped["cancelled"] as? Bool, false)
        let settled = try demo.process.next("settled")
        var order = titles
        order.swapAt(1, 2)
        try assertLayoutFollowsTheDesign(settled, titles: order, viewportWidth: 640, checkCentered: false)
        XCTAssertEqual(traceNumber(settled["contentOffset"]), 0, "the strip did not scroll")
        try assertIndicatorPixels(demo, event: settled, viewportWidth: 640)
    }

    func testEscapePutsALiftedTitleBackAndAPlainDragStillScrolls() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let (demo, strip, all) = try reorderableDemo()
        defer { demo.process.process.terminate() }
        let frames = RunningDemo.segments(demo.ready)
        // A drag started at once scrolls, lifting nothing.
        display.slowDrag(strip, x: 300, y: 20, step: -10, steps: 10)
        let scroll = try demo.process.next("scroll")
        XCTAssertEqual(scroll["cause"] as? String, "drag")
        XCTAssertEqual(traceNumber(scroll["contentOffset"]) ?? 0, 100, accuracy: 1)
        XCTAssertFalse(demo.process.allEvents.contains { $0["event"] as? String == "lifted" })
        // Back to the start, then lift title 1 and take it two places on.
        display.slowDrag(strip, x: 100, y: 20, step: 10, steps: 10)
        _ = try demo.process.next("scroll")
        let pressX = try liftSecondTitle(display, demo, strip)
        drag(display, strip, from: pressX, to: pressX + Int(frames[2].width + frames[3].width) + 40)
        _ = try demo.process.next("moved")
        let second = try demo.process.next("moved")
        XCTAssertEqual([second["from"] as? Int, second["to"] as? Int], [2, 3])
        display.key(demo.window, keysym: XK_Escape)
        let back = try demo.process.next("moved")
        XCTAssertEqual([back["from"] as? Int, back["to"] as? Int], [3, 1])
        let dropped = try demo.process.next("dropped")
        XCTAssertEqual(dropped["cancelled"] as? Bool, true)
        XCTAssertEqual([dropped["from"] as? Int, dropped["to"] as? Int], [1, 1])
        let settled = try demo.process.next("settled")
        try assertLayoutFollowsTheDesign(settled, titles: all, viewportWidth: 400, checkCentered: false)
        display.button(1, down: false)
        XCTAssertFalse(demo.process.allEvents.contains { $0["event"] as? String == "exit" }, "Escape did not quit the demo")
    }

    func testALiftedTitleNearAnEdgeScrollsTheStripOn() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let (demo, strip, all) = try reorderableDemo()
        defer { demo.process.process.terminate() }
        let pressX = try liftSecondTitle(display, demo, strip)
        // Held at the right edge: the strip scrolls on by itself and the title passes one neighbour after another.
        drag(display, strip, from: pressX, to: 398)
        for to in 2...6 {
            let moved = try demo.process.next("moved")
            XCTAssertEqual(moved["to"] as? Int, to)
            XCTAssertEqual(moved["title"] as? String, all[1])
        }
        display.button(1, down: false)
        let dropped = try demo.process.next("dropped")
        let to = try XCTUnwrap(dropped["to"] as? Int)
        XCTAssertGreaterThanOrEqual(to, 6)
        let settled = try demo.process.next("settled")
        XCTAssertGreaterThan(traceNumber(settled["contentOffset"]) ?? 0, 0, "it scrolled")
        var order = all
        order.insert(order.remove(at: 1), at: to)
        try assertLayoutFollowsTheDesign(settled, titles: order, viewportWidth: 400, checkCentered: false)
        XCTAssertTrue(demo.process.allEvents.contains { $0["event"] as? String == "scroll" && $0["cause"] as? String == "autoscroll" })
    }

    func testClosingATitleBeforeTheSelectedOneKeepsTheLinkedPagesOnTheSelectedItem() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let demo = try RunningDemo(["--titles-file", try titlesFile(titles), "--closable", "on", "--select", "3", "--geometry", "640x200"])
        defer { demo.process.process.terminate() }
        let strip = Window(try XCTUnwrap(traceNumber(demo.ready["stripWindow"])))
        let frames = RunningDemo.segments(demo.ready)
        let offset = traceNumber(demo.ready["contentOffset"]) ?? 0
        middleClick(display, strip, x: frames[1].x + frames[1].width / 2 - offset)
        let select = try demo.process.next("select")
        XCTAssertEqual([select["previousIndex"] as? Int, select["index"] as? Int], [3, 2], "the same item, one place down")
        let closed = try demo.process.next("closed")
        XCTAssertEqual(closed["selectedIndex"] as? Int, 2)
        XCTAssertEqual(traceNumber(closed["page"]), 2, "the pages stay on its page")
        XCTAssertEqual(closed["pageCount"] as? Int, 5)
    }

    func testADisabledTitleIsNotClosedByPointer() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let items: [Any] = [titles[0], ["title": titles[1], "enabled": false], titles[2]]
        let path = try folder.file("items.json", Array(try JSONSerialization.data(withJSONObject: items)))
        let demo = try RunningDemo(["--titles-file", path, "--closable", "on", "--geometry", "640x200"])
        defer { demo.process.process.terminate() }
        let strip = Window(try XCTUnwrap(traceNumber(demo.ready["stripWindow"])))
        let frames = RunningDemo.segments(demo.ready)
        // Neither a middle-click nor a click where its close button would be closes it (it shows none).
        middleClick(display, strip, x: frames[1].x + frames[1].width / 2)
        display.click(strip, x: Int(frames[1].x + frames[1].width) - 8, y: 21)
        XCTAssertEqual(try buttonInk(display, demo, frames[1]), [], "no close button drawn")
        try assertNothingClosed(display, demo, strip, clicking: frames[2])
    }

    func testAReloadOrAMiddleClickWhileATitleIsLiftedLeavesNothingBroken() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let path = try titlesFile(titles)
        let demo = try RunningDemo(["--titles-file", path, "--closable", "on", "--reorderable", "on", "--geometry", "900x200"])
        defer {
            display.button(1, down: false)
            demo.process.process.terminate()
        }
        let strip = Window(try XCTUnwrap(traceNumber(demo.ready["stripWindow"])))
        let frames = RunningDemo.segments(demo.ready)
        XCTAssertLessThan(frames[5].x + frames[5].width, 900, "every title in the window")
        // The last title lifted; a middle-click on it closes nothing (what is under it is hidden).
        let pressX = Int(frames[5].x + frames[5].width / 2)
        display.move(strip, x: pressX, y: 20)
        display.button(1, down: true)
        XCTAssertEqual(try demo.process.next("lifted")["index"] as? Int, 5)
        display.button(2, down: true)
        display.button(2, down: false)
        // A reload to two titles drops it first, then the pointer moves on over what is left.
        try JSONSerialization.data(withJSONObject: Array(titles[0..<2])).write(to: URL(fileURLWithPath: path))
        kill(demo.process.process.processIdentifier, SIGHUP)
        let dropped = try demo.process.next("dropped")
        XCTAssertEqual(dropped["from"] as? Int, 5)
        XCTAssertEqual(try demo.process.next("titles")["count"] as? Int, 2)
        drag(display, strip, from: pressX, to: 20)
        display.button(1, down: false)
        display.click(strip, x: Int(frames[0].x + 10), y: 20)
        XCTAssertEqual(try demo.process.next("select", where: { $0["cause"] as? String == "click" })["index"] as? Int, 0)
        XCTAssertFalse(demo.process.allEvents.contains { $0["event"] as? String == "closed" })
        XCTAssertNil(demo.process.process.isRunning ? nil : demo.process.process.terminationStatus, "still running")
    }

    func testAMiddleClickClosesOnlyTheTitleItWasPressedOn() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let demo = try RunningDemo(["--titles-file", try titlesFile(titles), "--closable", "on", "--reorderable", "on",
                                    "--geometry", "640x200"])
        defer { demo.process.process.terminate() }
        let strip = Window(try XCTUnwrap(traceNumber(demo.ready["stripWindow"])))
        let frames = RunningDemo.segments(demo.ready)
        // Pressed on title 1; the selected title 0 moves under the pointer before the release: nothing closes.
        display.move(strip, x: Int(frames[1].x + frames[1].width / 2), y: 20)
        display.button(2, down: true)
        display.modifier(XK_Control_L, down: true)
        display.key(demo.window, keysym: XK_Page_Down, holding: XK_Shift_L)
        display.modifier(XK_Control_L, down: false)
        _ = try demo.process.next("moved")
        _ = try demo.process.next("settled")
        display.button(2, down: false)
        // Then a plain click says the demo went on: no `closed` came before it.
        display.click(strip, x: Int(frames[3].x + frames[3].width / 2), y: 20)
        XCTAssertEqual(try demo.process.next("select")["cause"] as? String, "click")
        XCTAssertFalse(demo.process.allEvents.contains { $0["event"] as? String == "closed" })
    }

    func testWithoutClosableAMiddleClickClosesNothing() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let demo = try RunningDemo(["--titles-file", try titlesFile(titles)])
        defer { demo.process.process.terminate() }
        let strip = Window(try XCTUnwrap(traceNumber(demo.ready["stripWindow"])))
        let frames = RunningDemo.segments(demo.ready)
        middleClick(display, strip, x: frames[1].x + 10)
        try assertNothingClosed(display, demo, strip, clicking: frames[2])
    }

    func testTheReorderKeysMoveTheSelectedTitle() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let demo = try RunningDemo(["--titles-file", try titlesFile(titles), "--reorderable", "on", "--geometry", "640x200"])
        defer { demo.process.process.terminate() }
        func reorder(_ keysym: Int32) {
            display.modifier(XK_Control_L, down: true)
            display.key(demo.window, keysym: keysym, holding: XK_Shift_L)
            display.modifier(XK_Control_L, down: false)
        }
        reorder(XK_Page_Down)
        // The selected title's new index comes first, then the move.
        let select = try demo.process.next("select")
        XCTAssertEqual(select["index"] as? Int, 1)
        XCTAssertEqual(select["cause"] as? String, "key")
        var moved = try demo.process.next("moved")
        XCTAssertEqual([moved["from"] as? Int, moved["to"] as? Int], [0, 1])
        XCTAssertEqual(moved["title"] as? String, titles[0])
        XCTAssertEqual(traceNumber(moved["page"]), 1, "the linked pages follow their item")
        var order = titles
        order.swapAt(0, 1)
        try assertLayoutFollowsTheDesign(try demo.process.next("settled"), titles: order, viewportWidth: 640, checkCentered: false)

        reorder(XK_End)
        moved = try demo.process.next("moved")
        XCTAssertEqual([moved["from"] as? Int, moved["to"] as? Int], [1, 5])
        XCTAssertEqual(traceNumber(moved["page"]), 5)
        order.append(order.remove(at: 1))
        var settled = try demo.process.next("settled")
        XCTAssertEqual(settled["selectedIndex"] as? Int, 5)
        try assertLayoutFollowsTheDesign(settled, titles: order, viewportWidth: 640)
        reorder(XK_Home)
        moved = try demo.process.next("moved")
        XCTAssertEqual([moved["from"] as? Int, moved["to"] as? Int], [5, 0])
        settled = try demo.process.next("settled")
        XCTAssertEqual(settled["selectedIndex"] as? Int, 0)
        // Page Up at the first place moves nothing; plain Ctrl+Page Down still selects the next title.
        reorder(XK_Page_Up)
        display.key(demo.window, keysym: XK_Page_Down, holding: XK_Control_L)
        let next = try demo.process.next("select")
        XCTAssertEqual(next["index"] as? Int, 1)
        XCTAssertEqual(next["cause"] as? String, "key")
        XCTAssertEqual(demo.process.allEvents.filter { $0["event"] as? String == "moved" }.count, 3)
    }

    func testAReloadIsAppliedAsItsDifferenceAndTheSelectionStaysOnItsItem() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let path = try titlesFile(titles)
        let demo = try RunningDemo(["--titles-file", path, "--select", "2", "--geometry", "640x200"])
        defer { demo.process.process.terminate() }
        // 造价工程师 (selected, at 2) moves to 0; 一级建造师 goes; a new title comes.
        let fresh = ["造价工程师", "二级建造师", "新标签", "咨询工程师", "注册安全工程师", "监理工程师"]
        try JSONSerialization.data(withJSONObject: fresh).write(to: URL(fileURLWithPath: path))
        kill(demo.process.process.processIdentifier, SIGHUP)
        let reloaded = try demo.process.next("titles")
        XCTAssertEqual(reloaded["count"] as? Int, 6)
        XCTAssertEqual(reloaded["selectedIndex"] as? Int, 0, "the selected item, wherever it now is")
        XCTAssertEqual(traceNumber(reloaded["page"]), 0, "and the pages with it")
        XCTAssertEqual(reloaded["pageCount"] as? Int, 6)
        // Each step names the item it moved, though the steps are told after the last one.
        let moves = demo.process.allEvents.filter { $0["event"] as? String == "moved" }
        XCTAssertFalse(moves.isEmpty)
        XCTAssertEqual(Set(moves.compactMap { $0["title"] as? String }), ["造价工程师"], "\(moves)")
        let settled = try demo.process.next("settled")
        XCTAssertEqual(settled["selectedIndex"] as? Int, 0)
        try assertLayoutFollowsTheDesign(settled, titles: fresh, viewportWidth: 640, checkCentered: false)
    }
}
