import CX11
import Foundation
import SegmentedCore
import TestSupport
import XCTest

/// What a screen reader sees: the demo on a private accessibility bus, read
/// by pyatspi (Tests/Accessibility/atspi_probe.py), against the demo's own
/// trace and the pixels on the server. One session (buses and client) serves
/// every test of the class.
final class AccessibilityTests: XCTestCase {
    // nonisolated(unsafe): XCTest runs the tests one at a time on the main thread.
    nonisolated(unsafe) static var session: Result<AccessibilitySession, Error>?

    override class func setUp() {
        super.setUp()
        session = Result { try AccessibilitySession() }
    }

    override class func tearDown() {
        if case let .success(session) = session { session.stop() }
        session = nil
        super.tearDown()
    }

    /// The class's session; a session that did not start fails the test with its reason.
    func bus() throws -> AccessibilitySession {
        guard let session = Self.session else { throw AccessibilitySession.Failed("no accessibility session") }
        return try session.get()
    }

    /// Starts the demo on the session and waits until it is on the bus.
    func startDemo(_ arguments: [String] = [], _ session: AccessibilitySession) throws -> (RunningDemo, pid: Int) {
        let demo = try RunningDemo(arguments, environment: session.environment)
        let status = try demo.process.next("accessibility", timeout: 60)
        XCTAssertEqual(status["status"] as? String, "active", "\(status)")
        return (demo, Int(demo.process.process.processIdentifier))
    }

    /// The tabs of the demo's page tab list (application > frame 0 > child 0), as the probe describes them.
    func tabs(_ session: AccessibilitySession, pid: Int) throws -> [[String: Any]] {
        let app = try session.ask(["cmd": "tree", "pid": pid])
        let list = try XCTUnwrap(children(try XCTUnwrap(children(app).first)).first)
        return children(list)
    }

    /// Where tab `index` is drawn, on the root window, from a trace event's
    /// frames and offset (the window at `origin`, `width` wide).
    func expectedExtents(_ event: [String: Any], index: Int, origin: (x: Int32, y: Int32), width: Int,
                         direction: LayoutDirection = .leftToRight) throws -> [Int] {
        let frame = RunningDemo.segments(event)[index]
        let offset = traceNumber(event["contentOffset"]) ?? 0
        let x = direction.windowPixelMinX(contentX: frame.x, width: frame.width, contentOffset: offset, viewportWidth: width)
        return [Int(origin.x) + x, Int(origin.y) + Int(frame.y), Int(frame.width.rounded()), Int(frame.height.rounded())]
    }

    func testTheDemoIsAFrameWithAPageTabListOfPageTabs() throws {
        let session = try bus()
        let display = try Shared.display.get()
        for (arguments, direction) in [([String](), LayoutDirection.leftToRight), (["--rtl", "--select", "9"], .rightToLeft)] {
            let (demo, pid) = try startDemo(arguments, session)
            defer { demo.process.process.terminate() }
            let titles = try bundledTitles()
            let selected = direction == .leftToRight ? 0 : 9
            let event = demo.ready
            let app = try session.ask(["cmd": "tree", "pid": pid])
            XCTAssertEqual(app["role"] as? String, "application")
            XCTAssertEqual(app["name"] as? String, "segmented-demo")
            let frames = children(app)
            XCTAssertEqual(frames.map { $0["role"] as? String }, ["frame"])
            let frame = try XCTUnwrap(frames.first)
            XCTAssertEqual(frame["name"] as? String, "SegmentedStrip")
            let origin = display.origin(of: demo.window)
            XCTAssertEqual(frame["extents"] as? [Int], [Int(origin.x), Int(origin.y), 400, 200])
            // The strip's page tab list, then the page area: a label named by the selected page.
            let parts = children(frame)
            XCTAssertEqual(parts.map { $0["role"] as? String }, ["page tab list", "label"])
            XCTAssertEqual(parts.last?["name"] as? String, titles[selected])
            // The page area is the demo's paged view, under the strip and its separator line.
            let top = Int(try XCTUnwrap(traceNumber(event["pageAreaTop"])))
            XCTAssertEqual(parts.last?["extents"] as? [Int], [Int(origin.x), Int(origin.y) + top, 400, 200 - top])
            let list = try XCTUnwrap(parts.first)
            XCTAssertEqual(list["name"] as? String, "", "no name unless the host gives one, as GTK")
            XCTAssertEqual(list["extents"] as? [Int], [Int(origin.x), Int(origin.y), 400, top], "the strip's window: strip and separator")
            XCTAssertTrue(Set(list["interfaces"] as? [String] ?? []).isSuperset(of: ["Component", "Selection"]))
            let tabs = children(list)
            XCTAssertEqual(tabs.map { $0["name"] as? String }, titles, "one page tab per title, in logical order")
            XCTAssertEqual(tabs.map { $0["index"] as? Int }, Array(titles.indices))
            for (i, tab) in tabs.enumerated() {
                XCTAssertEqual(tab["role"] as? String, "page tab")
                XCTAssertTrue(Set(tab["interfaces"] as? [String] ?? []).isSuperset(of: ["Action", "Component"]))
                let extents = try expectedExtents(event, index: i, origin: origin, width: 400, direction: direction)
                XCTAssertEqual(tab["extents"] as? [Int], extents, "tab \(i) where it is drawn")
                let inside = extents[0] + extents[2] > Int(origin.x) && extents[0] < Int(origin.x) + 400
                var expected: Set<String> = ["enabled", "focusable", "selectable", "sensitive", "visible"]
                if inside { expected.insert("showing") }
                if i == selected { expected.formUnion(["selected", "focused"]) }
                XCTAssertEqual(Set(tab["states"] as? [String] ?? []), expected, "tab \(i)")
            }
            // Scrolled out, a tab is placed outside the window: the last one left to right at the start; the
            // first one right to left at the end (the content scrolled leftward pushes it past the right edge).
            let far = try XCTUnwrap(tabs[direction == .leftToRight ? 9 : 0]["extents"] as? [Int])
            XCTAssertGreaterThanOrEqual(far[0], Int(origin.x) + 400)
        }
    }

    /// A tab's name is the text drawn for it: a control character in caret
    /// notation, so a NUL neither ends the name nor hides what follows it.
    func testANameIsTheDrawnText() throws {
        let session = try bus()
        let path = NSTemporaryDirectory() + "/controls-\(getpid()).json"
        try Data(#"["a\u0000b", "tab\there", "del\u007f", "c1\u0085x", "plain"]"#.utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let (demo, pid) = try startDemo(["--titles-file", path], session)
        defer { demo.process.process.terminate() }
        XCTAssertEqual(try tabs(session, pid: pid).map { $0["name"] as? String }, ["a^@b", "tab^Ihere", "del^?", "c1\u{FFFD}x", "plain"])
        let app = try session.ask(["cmd": "tree", "pid": pid])
        XCTAssertEqual(children(try XCTUnwrap(children(app).first)).last?["name"] as? String, "a^@b", "the page area's label")
    }

    func testExtentsHoldTheDrawnTitlesInk() throws {
        let session = try bus()
        let display = try Shared.display.get()
        display.parkPointer()
        let (demo, pid) = try startDemo(["--select", "2"], session)
        defer { demo.process.process.terminate() }
        let origin = display.origin(of: demo.window)
        let boxes = try tabs(session, pid: pid).map { tab in
            let e = try XCTUnwrap(tab["extents"] as? [Int])
            return (x: e[0] - Int(origin.x), y: e[1] - Int(origin.y), width: e[2], height: e[3])
        }
        let image = try XCTUnwrap(display.pixels(demo.window, width: 400, height: 44))
        // Title ink: every pixel above the indicator that is not the background.
        var inkPerTab = [Int](repeating: 0, count: boxes.count)
        var stray = 0
        for y in 0..<38 {
            for x in 0..<400 where image[x, y] != white {
                if let i = boxes.firstIndex(where: { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }) {
                    inkPerTab[i] += 1
                } else {
                    stray += 1
                }
            }
        }
        XCTAssertEqual(stray, 0, "every inked pixel of the titles lies inside some tab's extents")
        for (i, box) in boxes.enumerated() where box.x + box.width > 0 && box.x < 400 {
            XCTAssertGreaterThan(inkPerTab[i], 20, "tab \(i), showing, holds its title's ink")
        }
    }

    /// The accent pixels of the indicator's row lie inside the selected tab's extents, and only there.
    func assertIndicator(under index: Int, _ demo: RunningDemo, _ session: AccessibilitySession, pid: Int,
                         file: StaticString = #filePath, line: UInt = #line) throws {
        let display = try Shared.display.get()
        let origin = display.origin(of: demo.window)
        let extents = try XCTUnwrap(try tabs(session, pid: pid)[index]["extents"] as? [Int])
        let image = try XCTUnwrap(display.pixels(demo.window, width: 400, height: 44))
        let columns = image.columns(inRow: 40, matching: accent)
        XCTAssertEqual(columns.count, 30, "one indicator", file: file, line: line)
        let left = extents[0] - Int(origin.x)
        XCTAssertTrue(columns.allSatisfy { $0 >= left && $0 < left + extents[2] },
                      "indicator \(columns.first ?? -1)...\(columns.last ?? -1) under tab \(index) at \(left)+\(extents[2])",
                      file: file, line: line)
    }

    func testSelectChildAndTheClickActionSelectAsAKeyDoes() throws {
        let session = try bus()
        try Shared.display.get().parkPointer()
        let (demo, pid) = try startDemo([], session)
        defer { demo.process.process.terminate() }
        let titles = try bundledTitles()
        XCTAssertEqual(try session.ask(["cmd": "select", "pid": pid, "path": [0, 0], "index": 3])["result"] as? Bool, true)
        let select = try demo.process.next("select")
        XCTAssertEqual(select["index"] as? Int, 3)
        XCTAssertEqual(select["cause"] as? String, "accessibility")
        XCTAssertEqual(select["previousIndex"] as? Int, 0)
        let settled = try demo.process.next("settled")
        XCTAssertEqual(settled["selectedIndex"] as? Int, 3)
        try assertIndicator(under: 3, demo, session, pid: pid)
        // Centered as a key press would: the same resting offset as Right, Right, Right.
        XCTAssertGreaterThan(traceNumber(settled["contentOffset"]) ?? 0, 0)

        let selection = try session.ask(["cmd": "selection", "pid": pid, "path": [0, 0]])
        XCTAssertEqual(selection["count"] as? Int, 1)
        let selectedChild = try XCTUnwrap(selection["selected"] as? [String: Any])
        XCTAssertEqual(selectedChild["index"] as? Int, 3)
        XCTAssertEqual(selectedChild["name"] as? String, titles[3])
        XCTAssertEqual(selection["deselect"] as? Bool, false, "a tab strip always has a selection")
        XCTAssertEqual(selection["clear"] as? Bool, false)
        XCTAssertEqual(try tabs(session, pid: pid).filter { ($0["states"] as? [String])?.contains("selected") == true }
            .map { $0["index"] as? Int }, [3], "still exactly tab 3 after the refused deselection")
        XCTAssertEqual(try session.ask(["cmd": "select", "pid": pid, "path": [0, 0], "index": 10])["result"] as? Bool, false)

        // The page tab's one action, "click", selects it the same way.
        let action = try session.ask(["cmd": "action", "pid": pid, "path": [0, 0, 6], "run": true])
        XCTAssertEqual(action["names"] as? [String], ["click"])
        XCTAssertEqual(action["ran"] as? Bool, true)
        let clicked = try demo.process.next("select")
        XCTAssertEqual(clicked["index"] as? Int, 6)
        XCTAssertEqual(clicked["cause"] as? String, "accessibility")
        _ = try demo.process.next("settled")
        try assertIndicator(under: 6, demo, session, pid: pid)
        let label = try XCTUnwrap(children(try XCTUnwrap(children(try session.ask(["cmd": "tree", "pid": pid])).first)).last)
        XCTAssertEqual(label["name"] as? String, titles[6], "the page area names the page")
    }

    func testAccessibleAtPointIsTheTabAClickSelects() throws {
        let session = try bus()
        let display = try Shared.display.get()
        let (demo, pid) = try startDemo([], session)
        defer { demo.process.process.terminate() }
        let origin = display.origin(of: demo.window)
        let frames = RunningDemo.segments(demo.ready)
        func hit(_ x: Int, _ y: Int) throws -> Int? {
            let answer = try session.ask(["cmd": "at_point", "pid": pid, "path": [0, 0], "x": Int(origin.x) + x, "y": Int(origin.y) + y])
            return (answer["hit"] as? [String: Any])?["index"] as? Int
        }
        for i in 0..<4 {
            XCTAssertEqual(try hit(Int(frames[i].x + frames[i].width / 2), 22), i, "the middle of tab \(i)")
        }
        // The gap between tabs 1 and 2 is shared at its middle, as clicks share it.
        let gapMiddle = (frames[1].x + frames[1].width + frames[2].x) / 2
        XCTAssertEqual(try hit(Int(gapMiddle.rounded(.down)) - 1, 22), 1)
        XCTAssertEqual(try hit(Int(gapMiddle.rounded(.up)) + 1, 22), 2)
        XCTAssertNil(try hit(100, 100), "the page area is no tab")
        display.click(demo.window, x: Int(gapMiddle.rounded(.up)) + 1, y: 22)
        XCTAssertEqual(try demo.process.next("select")["index"] as? Int, 2, "a click there selects the same tab")
    }

    func testEventsForAClickAKeyAndNewTitles() throws {
        let session = try bus()
        let display = try Shared.display.get()
        let folder = try TemporaryFolder(prefix: "a11y-titles")
        let file = try folder.file("titles.txt", Array("Alpha\nBeta\nGamma\nDelta\n".utf8))
        let (demo, pid) = try startDemo(["--titles-file", file], session)
        defer { demo.process.process.terminate() }
        try session.ask(["cmd": "listen", "types": ["object:state-changed:selected", "object:selection-changed",
                                                      "object:state-changed:focused", "object:children-changed"]])
        // A call the demo answers after the registry told it about the listener.
        _ = try tabs(session, pid: pid)
        let frames = RunningDemo.segments(demo.ready)
        display.click(demo.window, x: Int(frames[1].x + frames[1].width / 2), y: 22)
        XCTAssertEqual(try demo.process.next("select")["cause"] as? String, "click")
        let clickEvents = try XCTUnwrap(try session.ask(["cmd": "events", "count": 5, "timeout": 10, "pid": pid])["events"] as? [[String: Any]])
        func summary(_ events: [[String: Any]]) -> Set<String> {
            Set(events.map { "\($0["type"] ?? "") \($0["role"] ?? "") \($0["name"] ?? "") \($0["detail1"] ?? "")" })
        }
        XCTAssertEqual(summary(clickEvents), [
            "object:state-changed:selected page tab Alpha 0", "object:state-changed:selected page tab Beta 1",
            "object:state-changed:focused page tab Alpha 0", "object:state-changed:focused page tab Beta 1",
            "object:selection-changed page tab list  0",
        ])
        display.key(demo.window, keysym: XK_Right)
        XCTAssertEqual(try demo.process.next("select")["cause"] as? String, "key")
        let keyEvents = try XCTUnwrap(try session.ask(["cmd": "events", "count": 5, "timeout": 10, "pid": pid])["events"] as? [[String: Any]])
        XCTAssertTrue(summary(keyEvents).isSuperset(of: [
            "object:state-changed:focused page tab Gamma 1", "object:state-changed:selected page tab Gamma 1",
            "object:selection-changed page tab list  0",
        ]), "\(summary(keyEvents))")

        // New titles (the demo rereads its file on SIGHUP): children-changed on the list.
        try Data("Uno\nDos\n".utf8).write(to: URL(fileURLWithPath: file))
        kill(Int32(pid), SIGHUP)
        XCTAssertEqual(try demo.process.next("titles")["count"] as? Int, 2)
        let titleEvents = try XCTUnwrap(try session.ask(["cmd": "events", "count": 2, "timeout": 10, "pid": pid])["events"] as? [[String: Any]])
        XCTAssertTrue(titleEvents.contains { ($0["type"] as? String)?.hasPrefix("object:children-changed") == true
                && $0["role"] as? String == "page tab list" }, "\(titleEvents)")
        XCTAssertEqual(try tabs(session, pid: pid).map { $0["name"] as? String }, ["Uno", "Dos"])
    }

    func testTwoStripsAreTwoNamedPageTabListsInOneFrame() throws {
        let session = try bus()
        let process = try DemoProcess(arguments: [], trace: false, environment: session.environment,
                                      executable: DemoProcess.builtProduct("two-strips"))
        defer { process.process.terminate() }
        let ready = try process.next("ready", timeout: 60)
        let app = try session.ask(["cmd": "tree", "pid": Int(process.process.processIdentifier)])
        XCTAssertEqual(app["name"] as? String, "two-strips")
        let frame = try XCTUnwrap(children(app).first)
        XCTAssertEqual(frame["name"] as? String, "Two strips")
        let lists = children(frame)
        XCTAssertEqual(lists.map { $0["role"] as? String }, ["page tab list", "page tab list"])
        XCTAssertEqual(lists.map { $0["name"] as? String }, ["Channels", "Folders"])
        XCTAssertEqual(lists.map { children($0).count }, [10, 4])
        XCTAssertEqual(children(lists[1]).map { $0["name"] as? String }, ["Inbox", "Starred", "Sent", "Drafts"])
        XCTAssertEqual(lists.map { children($0).firstIndex { ($0["states"] as? [String])?.contains("selected") == true } }, [0, 1])
        XCTAssertEqual(children(lists[0])[0]["states"].map { Set($0 as? [String] ?? []).contains("focused") }, true,
                       "the top strip has the keyboard at first")

        // A click on the bottom strip's selected tab gives that strip the keyboard: the focus moves, the selection does not.
        let pid = Int(process.process.processIdentifier)
        try session.ask(["cmd": "listen", "types": ["object:state-changed:focused", "object:state-changed:selected"]])
        _ = try session.ask(["cmd": "tree", "pid": pid])
        let display = try Shared.display.get()
        let starred = try XCTUnwrap(children(lists[1])[1]["extents"] as? [Int])
        let window = Window(try XCTUnwrap(traceNumber(ready["window"])))
        let origin = display.origin(of: window)
        display.click(window, x: starred[0] - Int(origin.x) + starred[2] / 2, y: starred[1] - Int(origin.y) + starred[3] / 2)
        let events = try XCTUnwrap(try session.ask(["cmd": "events", "count": 2, "timeout": 10, "pid": pid])["events"] as? [[String: Any]])
        XCTAssertEqual(Set(events.map { "\($0["type"] ?? "") \($0["name"] ?? "") \($0["detail1"] ?? "")" }),
                       ["object:state-changed:focused 推荐 0", "object:state-changed:focused Starred 1"])
        // Keys now go to the bottom strip, and the focus follows its selection.
        display.key(window, keysym: XK_Right)
        let keyEvents = try XCTUnwrap(try session.ask(["cmd": "events", "count": 4, "timeout": 10, "pid": pid])["events"] as? [[String: Any]])
        XCTAssertTrue(Set(keyEvents.map { "\($0["type"] ?? "") \($0["name"] ?? "") \($0["detail1"] ?? "")" })
            .isSuperset(of: ["object:state-changed:focused Sent 1", "object:state-changed:selected Sent 1"]), "\(keyEvents)")
    }

    func testWindowCoordinatesAreTheFramesOwn() throws {
        // Window coordinates are relative to the top-level window: a frame is at 0, 0 in its own,
        // and a point in window coordinates given to the frame lies in that window.
        let session = try bus()
        let process = try DemoProcess(arguments: [], trace: false, environment: session.environment,
                                      executable: DemoProcess.builtProduct("two-strips"))
        defer { process.process.terminate() }
        let ready = try process.next("ready", timeout: 60)
        let pid = Int(process.process.processIdentifier)
        let display = try Shared.display.get()
        let window = Window(try XCTUnwrap(traceNumber(ready["window"])))
        XMoveWindow(display.display, window, 100, 50)
        XSync(display.display, 0)
        let origin = display.origin(of: window)
        XCTAssertEqual([origin.x, origin.y], [100, 50])
        func extents(_ path: [Int], _ coords: String) throws -> [Int] {
            try XCTUnwrap(try session.ask(["cmd": "extents", "pid": pid, "path": path, "coords": coords])["extents"] as? [Int])
        }
        let frame = try extents([0], "desktop")
        XCTAssertEqual(Array(frame[0..<2]), [100, 50])
        XCTAssertEqual(try extents([0], "window"), [0, 0, frame[2], frame[3]])
        let folders = try extents([0, 1], "desktop"), starred = try extents([0, 1, 1], "desktop")
        XCTAssertEqual(try extents([0, 1], "window"), [folders[0] - 100, folders[1] - 50, folders[2], folders[3]])
        XCTAssertEqual(try extents([0, 1, 1], "window"), [starred[0] - 100, starred[1] - 50, starred[2], starred[3]])
        // Starred's middle, in window coordinates: the frame finds the Folders list there, the list finds Starred.
        let x = starred[0] - 100 + starred[2] / 2, y = starred[1] - 50 + starred[3] / 2
        let list = try XCTUnwrap(try session.ask(["cmd": "at_point", "pid": pid, "path": [0], "x": x, "y": y, "coords": "window"])["hit"] as? [String: Any])
        XCTAssertEqual(list["name"] as? String, "Folders")
        let tab = try XCTUnwrap(try session.ask(["cmd": "at_point", "pid": pid, "path": [0, 1], "x": x, "y": y, "coords": "window"])["hit"] as? [String: Any])
        XCTAssertEqual(tab["name"] as? String, "Starred")
    }

    func testTheFrameIsActiveWhileItHasTheKeyboard() throws {
        let session = try bus()
        let display = try Shared.display.get()
        let (demo, pid) = try startDemo([], session)
        defer { demo.process.process.terminate() }
        try session.ask(["cmd": "listen", "types": ["window:activate", "window:deactivate", "object:state-changed:active"]])
        func frameStates() throws -> Set<String> {
            Set(children(try session.ask(["cmd": "tree", "pid": pid])).first?["states"] as? [String] ?? [])
        }
        XCTAssertFalse(try frameStates().contains("active"))
        // The keyboard focus to the demo's window (as a window manager gives it), then back to the pointer's root.
        defer {
            XSetInputFocus(display.display, Window(PointerRoot), Int32(RevertToPointerRoot), UInt(CurrentTime))
            XSync(display.display, 0)
        }
        XSetInputFocus(display.display, demo.window, Int32(RevertToPointerRoot), UInt(CurrentTime))
        XSync(display.display, 0)
        let activated = try XCTUnwrap(try session.ask(["cmd": "events", "count": 2, "timeout": 10, "pid": pid])["events"] as? [[String: Any]])
        XCTAssertEqual(Set(activated.map { "\($0["type"] ?? "") \($0["role"] ?? "") \($0["name"] ?? "") \($0["detail1"] ?? "")" }),
                       ["window:activate frame SegmentedStrip 0", "object:state-changed:active frame SegmentedStrip 1"])
        XCTAssertTrue(try frameStates().contains("active"))
        XSetInputFocus(display.display, Window(PointerRoot), Int32(RevertToPointerRoot), UInt(CurrentTime))
        XSync(display.display, 0)
        let deactivated = try XCTUnwrap(try session.ask(["cmd": "events", "count": 2, "timeout": 10, "pid": pid])["events"] as? [[String: Any]])
        XCTAssertEqual(Set(deactivated.map { "\($0["type"] ?? "") \($0["detail1"] ?? "")" }),
                       ["window:deactivate 0", "object:state-changed:active 0"])
        XCTAssertFalse(try frameStates().contains("active"))
    }

    func testAnEmptyStripHasNoSelectionUntilItHasTitles() throws {
        let session = try bus()
        let folder = try TemporaryFolder(prefix: "a11y-empty")
        let file = try folder.file("titles.json", Array("[]".utf8))
        let (demo, pid) = try startDemo(["--titles-file", file], session)
        defer { demo.process.process.terminate() }
        XCTAssertEqual(try tabs(session, pid: pid).count, 0)
        let selection = try session.ask(["cmd": "selection", "pid": pid, "path": [0, 0]])
        XCTAssertEqual(selection["count"] as? Int, 0)
        XCTAssertTrue(selection["selected"] is NSNull || selection["selected"] == nil)
        XCTAssertEqual(try session.ask(["cmd": "select", "pid": pid, "path": [0, 0], "index": 0])["result"] as? Bool, false)
        try session.ask(["cmd": "listen", "types": ["object:children-changed", "object:state-changed:selected"]])
        _ = try tabs(session, pid: pid)
        try Data("[\"One\", \"Two\"]".utf8).write(to: URL(fileURLWithPath: file))
        kill(Int32(pid), SIGHUP)
        XCTAssertEqual(try demo.process.next("titles")["count"] as? Int, 2)
        let events = try XCTUnwrap(try session.ask(["cmd": "events", "count": 3, "timeout": 10, "pid": pid])["events"] as? [[String: Any]])
        let summary = Set(events.map { "\($0["type"] ?? "") \($0["name"] ?? "") \($0["detail1"] ?? "")" })
        XCTAssertTrue(summary.isSuperset(of: ["object:children-changed:add  0", "object:children-changed:add  1",
                                              "object:state-changed:selected One 1"]), "\(summary)")
        XCTAssertEqual(try session.ask(["cmd": "selection", "pid": pid, "path": [0, 0]])["count"] as? Int, 1)
    }

    func testTheGtkNotebookGivesTheSameRolesAndStates() throws {
        let session = try bus()
        let folder = try TemporaryFolder(prefix: "a11y-gtk")
        let peer = folder.url.appendingPathComponent("gtk-notebook").path
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("bench/peers/gtk_notebook.c").path
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/bin/sh")
        build.arguments = ["-c", "cc -O1 -o \"$1\" \"$2\" $(pkg-config --cflags --libs gtk+-3.0)", "sh", peer, source]
        try build.run()
        build.waitUntilExit()
        XCTAssertEqual(build.terminationStatus, 0, "building the GTK peer needs gcc and libgtk-3-dev (scripts/install-deps.sh)")
        let titles = try folder.file("titles.txt", Array("One\nTwo\nThree\n".utf8))
        let gtk = try DemoProcess(arguments: [titles, "--stay"], trace: false, environment: session.environment, executable: peer)
        defer { gtk.process.terminate() }
        let (demo, pid) = try startDemo(["--titles-file", titles], session)
        defer { demo.process.process.terminate() }

        let ours = try session.ask(["cmd": "tree", "pid": pid])
        let theirs = try session.ask(["cmd": "tree", "pid": Int(gtk.process.processIdentifier)])
        func roles(_ app: [String: Any]) -> [String] {
            let frame = children(app).first ?? [:]
            let list = children(frame).first ?? [:]
            return [app, frame, list].map { $0["role"] as? String ?? "" } + children(list).map { $0["role"] as? String ?? "" }
        }
        XCTAssertEqual(roles(ours), roles(theirs))
        XCTAssertEqual(roles(ours), ["application", "frame", "page tab list", "page tab", "page tab", "page tab"])
        func lists(_ app: [String: Any]) -> [String: Any] { children(children(app).first ?? [:]).first ?? [:] }
        XCTAssertEqual(Set(lists(ours)["states"] as? [String] ?? []), Set(lists(theirs)["states"] as? [String] ?? []))
        let ourTabs = children(lists(ours)), theirTabs = children(lists(theirs))
        XCTAssertEqual(ourTabs.map { $0["name"] as? String }, theirTabs.map { $0["name"] as? String })
        for (mine, gtks) in zip(ourTabs, theirTabs) {
            // GTK's tab states are its label's (hence "multi line"); ours add focusability, which GTK keeps on the notebook.
            let a = Set(mine["states"] as? [String] ?? []).subtracting(["focusable", "focused"])
            let b = Set(gtks["states"] as? [String] ?? []).subtracting(["multi line"])
            XCTAssertEqual(a, b, "tab \(mine["name"] ?? "")")
        }
    }
}

/// The children of an object as the probe describes it.
func children(_ object: [String: Any]) -> [[String: Any]] {
    object["children"] as? [[String: Any]] ?? []
}
