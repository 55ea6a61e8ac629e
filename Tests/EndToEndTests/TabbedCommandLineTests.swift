import CX11
import Foundation
import TestSupport
import XCTest

/// segmented-tabbed's command line with tabbed(1)'s meanings, each run with
/// the small XEmbed client (`xembed-client`) as its command: `-c`, `-f`, `-k`,
/// `-p`, `-d`, `-g`; then what it says for a bad color option, a limit too
/// small to run and `--version`, and how wide a long title's tab is.
final class TabbedCommandLineTests: XCTestCase {
    private static let tabbedPath = DemoProcess.builtProduct("segmented-tabbed")
    private static let clientPath = DemoProcess.builtProduct("xembed-client")
    private var containers: [DemoProcess] = []
    private var clients: [Int32] = []
    /// Clients the tests started themselves (a DemoProcess ends its process when it goes).
    private var started: [DemoProcess] = []

    override func tearDown() {
        for container in containers where container.process.isRunning { kill(container.process.processIdentifier, SIGKILL) }
        for pid in clients { kill(pid, SIGKILL) }
        (containers, clients, started) = ([], [], [])
    }

    /// The options and a command that makes one client titled `title` in the container (`-r 2`: its id replaces "").
    private func arguments(_ options: [String], title: String) -> [String] {
        options + ["-r", "2", Self.clientPath, "--into", "", "--inside", "--net-title", title, "--info", "1"]
    }

    /// The container, traced; its `ready` line.
    private func start(_ arguments: [String]) throws -> (DemoProcess, [String: Any]) {
        let container = try DemoProcess(arguments: arguments, executable: Self.tabbedPath)
        containers.append(container)
        return (container, try container.next("ready", timeout: 30))
    }

    /// Waits for the next `adopted` line: the window, and the pid of the last `spawned` line before it (killed after the test).
    private func adoptedClient(_ container: DemoProcess) throws -> (pid: Int32, window: Int) {
        let window = Int(try XCTUnwrap(traceNumber(container.next("adopted", timeout: 30)["window"])))
        let events = container.allEvents
        let adoptedAt = events.lastIndex { $0["event"] as? String == "adopted" }
        let spawned = events[..<(adoptedAt ?? events.endIndex)].last { $0["event"] as? String == "spawned" }
        let pid = Int32(try XCTUnwrap(spawned?["pid"] as? Int))
        clients.append(pid)
        return (pid, window)
    }

    /// -c: the container ends (0) when its last tab closes, here by its client exiting.
    func testMinusCExitsWithTheLastTab() throws {
        let (container, _) = try start(arguments(["-c"], title: "only"))
        let client = try adoptedClient(container)
        kill(client.pid, SIGTERM)
        XCTAssertEqual(try container.next("closed", timeout: 30)["reason"] as? String, "destroyed")
        XCTAssertEqual(container.waitForExit(timeout: 10), 0, container.standardError)
    }

    /// -f: when the last tab closes the command runs again, and its client is a new tab.
    func testMinusFSpawnsAgainWhenTheLastTabCloses() throws {
        let (container, _) = try start(arguments(["-f"], title: "again"))
        let first = try adoptedClient(container)
        kill(first.pid, SIGTERM)
        _ = try container.next("closed", timeout: 30)
        let second = try adoptedClient(container)
        XCTAssertNotEqual(second.pid, first.pid)
        XCTAssertTrue(container.process.isRunning)
    }

    /// -k: the container's close (WM_DELETE_WINDOW) closes only the tab shown; without it, every tab closes and
    /// the container ends once they have. Each client takes WM_DELETE_WINDOW and exits 0.
    func testMinusKClosesOnlyTheTabShown() throws {
        let display = try Shared.display.get()
        for onlyShown in [true, false] {
            let (container, ready) = try start(onlyShown ? ["-s", "-k"] : ["-s"])
            let window = String(UInt(try XCTUnwrap(traceNumber(ready["window"]))))
            var tabs: [DemoProcess] = []
            for title in ["first", "second"] {
                let client = try DemoProcess(arguments: ["--into", window, "--inside", "--net-title", title, "--info", "1"], trace: false,
                                             executable: Self.clientPath)
                started.append(client)
                tabs.append(client)
                // Ready: its WM_PROTOCOLS is set (a close before that kills it, as tabbed's does).
                let clientWindow = traceNumber(try client.next("ready", timeout: 30)["window"])
                _ = try container.next("selected", timeout: 30) { traceNumber($0["window"]) == clientWindow }
            }
            display.sendDeleteWindow(Window(try XCTUnwrap(UInt(window))))
            if onlyShown {
                XCTAssertEqual(try container.next("closed", timeout: 30)["title"] as? String, "second")
                XCTAssertEqual(tabs[1].waitForExit(timeout: 10), 0, "the client shown took WM_DELETE_WINDOW and exited")
                XCTAssertTrue(tabs[0].process.isRunning, "the other client runs on")
                container.process.terminate()
            } else {
                XCTAssertEqual(container.waitForExit(timeout: 10), 0, container.standardError)
                XCTAssertEqual(container.allEvents.filter { $0["event"] as? String == "closed" }.count, 2)
                XCTAssertEqual(tabs.map { $0.waitForExit(timeout: 10) }, [0, 0])
            }
            _ = container.waitForExit(timeout: 10)
        }
    }

    /// -p: where a new tab goes, as the index each of three new tabs takes (a new tab is shown): `-p 0` before
    /// every tab, `-p 1` after the first, `-p s+1` right after the one shown, `-p -2` before the last.
    func testMinusPPlacesNewTabs() throws {
        for (position, expected) in [("0", [0, 0, 0]), ("1", [0, 1, 1]), ("s+1", [0, 1, 2]), ("-2", [0, 0, 1])] {
            let (container, ready) = try start(["-s", "-p", position])
            let window = String(UInt(try XCTUnwrap(traceNumber(ready["window"]))))
            var indices: [Int] = []
            for title in ["a", "b", "c"] {
                let client = try DemoProcess(arguments: ["--into", window, "--inside", "--net-title", title, "--info", "1"], trace: false,
                                             executable: Self.clientPath)
                started.append(client)
                indices.append(try XCTUnwrap(container.next("adopted", timeout: 30)["index"] as? Int))
            }
            XCTAssertEqual(indices, expected, "-p \(position)")
            container.process.terminate()
            _ = container.waitForExit(timeout: 10)
        }
    }

    /// -d: the window id on stdout, the starting process ends 0, and the container goes on (it closes on
    /// WM_DELETE_WINDOW with no tab, 0).
    func testMinusDDetaches() throws {
        let display = try Shared.display.get()
        let starter = try DemoProcess(arguments: ["-d", "-s"], trace: false, executable: Self.tabbedPath)
        XCTAssertEqual(starter.waitForExit(timeout: 30), 0, starter.standardError)
        let id = try XCTUnwrap(starter.standardOutputLines.first)
        XCTAssertTrue(id.hasPrefix("0x"), id)
        let window = Window(try XCTUnwrap(UInt(id.dropFirst(2), radix: 16)))
        /// Whether the window is a top-level window of the screen now.
        func exists() -> Bool {
            var root: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(display.display, XDefaultRootWindow(display.display), &root, &parent, &children, &count) != 0 else { return false }
            defer { XFree(children) }
            return UnsafeBufferPointer(start: children, count: Int(count)).contains(window)
        }
        XCTAssertTrue(exists(), "the detached container's window")
        display.sendDeleteWindow(window)
        XCTAssertTrue(eventually(timeout: 10) { !exists() }, "the detached container closed")
    }

    /// -d with a standard output that takes nothing (/dev/full): one line, exit 1, and no container left
    /// running whose id no one was told.
    func testMinusDWithAFullStandardOutputFailsAndLeavesNoContainer() throws {
        let display = try Shared.display.get()
        func topLevelWindows() -> Set<Window> {
            var root: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(display.display, XDefaultRootWindow(display.display), &root, &parent, &children, &count) != 0 else { return [] }
            defer { XFree(children) }
            return Set(UnsafeBufferPointer(start: children, count: Int(count)))
        }
        let before = topLevelWindows()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.tabbedPath)
        process.arguments = ["-d", "-s"]
        process.standardOutput = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
        // A file, not a pipe: a container left running would hold a pipe's end open for good.
        let folder = try TemporaryFolder(prefix: "segmented-detach")
        let errPath = try folder.file("stderr", [])
        process.standardError = try XCTUnwrap(FileHandle(forWritingAtPath: errPath))
        try process.run()
        process.waitUntilExit()
        let said = try String(contentsOfFile: errPath, encoding: .utf8)
        XCTAssertEqual(process.terminationStatus, 1, said)
        XCTAssertEqual(said, "segmented-tabbed: cannot write to standard output: No space left on device\n")
        XCTAssertTrue(eventually(timeout: 10) { topLevelWindows().isSubset(of: before) }, "the detached container ended")
    }

    /// -g: the size asked for, kept between 1 px of client under the strip and 16384 px a side.
    func testMinusGSizesAreKeptInRange() throws {
        for (geometry, width, height) in [("640x480+5+5", 640, 480), ("0x0", 1, nil), ("99999x99999", 16384, 16384)] {
            let (container, ready) = try start(["-s", "-g", geometry])
            let stripHeight = try XCTUnwrap(ready["stripHeight"] as? Int)
            XCTAssertEqual(ready["width"] as? Int, width, geometry)
            XCTAssertEqual(ready["height"] as? Int, height ?? stripHeight + 1, geometry)
            container.process.terminate()
            _ = container.waitForExit(timeout: 10)
        }
    }

    /// -f spawns the command again at most once a second (the first time at once): a command whose window ends at
    /// once (here at its EMBEDDED_NOTIFY) spawned 150 times a second, for ever.
    func testMinusFSpawnsAgainAtMostOnceASecond() throws {
        let (container, _) = try start(["-f", "-r", "2", Self.clientPath, "--into", "", "--inside", "--exit-on-embed"])
        var times: [Date] = []
        for _ in 0..<4 {
            let spawned = try container.next("spawned", timeout: 30)
            times.append(Date())
            clients.append(Int32(try XCTUnwrap(spawned["pid"] as? Int)))
        }
        XCTAssertGreaterThan(times[3].timeIntervalSince(times[1]), 1.9, "the refills after the first, a second apart at least")
    }

    /// -g with negative offsets places the window from the screen's right and bottom edges, as X geometry does.
    func testMinusGNegativeOffsetsCountFromTheFarEdges() throws {
        let display = try Shared.display.get()
        let (container, ready) = try start(["-s", "-g", "200x100-0-10"])
        defer { container.process.terminate() }
        let window = Window(try XCTUnwrap(traceNumber(ready["window"])))
        let (width, height) = (XDisplayWidth(display.display, display.screen), XDisplayHeight(display.display, display.screen))
        XCTAssertTrue(eventually { display.mapState(of: window) == IsViewable })
        let origin = display.origin(of: window)
        XCTAssertEqual(origin.x, width - 200)
        XCTAssertEqual(origin.y, height - 100 - 10)
    }

    /// A bad color option is named as typed, -o, not as the setting it stands for; --version is -v, and -v and
    /// --help work after other options.
    func testMessagesAndVersion() throws {
        let bad = try DemoProcess(arguments: ["-s", "-o", "nope"], trace: false, executable: Self.tabbedPath)
        XCTAssertEqual(bad.waitForExit(timeout: 30), 2)
        XCTAssertEqual(bad.standardError, "segmented-tabbed: bad color 'nope' for -o (use #RRGGBB, #RGB or an X color name)\n")
        let long = try DemoProcess(arguments: ["-s", "-n", String(repeating: "n", count: 70_000)], trace: false, executable: Self.tabbedPath)
        XCTAssertEqual(long.waitForExit(timeout: 30), 2)
        XCTAssertEqual(long.standardError, "segmented-tabbed: -n needs a name of at most 1024 bytes\n")
        for ids in ["0x12,", "12,nope", "0", "0x1FFFFFFFF", ""] {
            let adopt = try DemoProcess(arguments: ["-s", "--adopt", ids], trace: false, executable: Self.tabbedPath)
            XCTAssertEqual(adopt.waitForExit(timeout: 30), 2, ids)
            XCTAssertEqual(adopt.standardError, "segmented-tabbed: --adopt needs window ids (0x... or decimal) or pick, not '\(ids)'\n")
        }
        // Wherever they come among the options, as tabbed's getopt reads -v.
        for arguments in [["-v"], ["--version"], ["-c", "-v"], ["-cs", "-v"], ["-s", "--version"]] {
            let version = try DemoProcess(arguments: arguments, trace: false, executable: Self.tabbedPath)
            XCTAssertEqual(version.waitForExit(timeout: 30), 0, "\(arguments)")
            XCTAssertTrue(version.standardOutputLines.first?.hasPrefix("segmented-tabbed ") == true, "\(arguments): \(version.standardOutputLines)")
        }
        let help = try DemoProcess(arguments: ["-c", "--help"], trace: false, executable: Self.tabbedPath)
        XCTAssertEqual(help.waitForExit(timeout: 30), 0)
        XCTAssertTrue(help.standardOutputLines.first?.hasPrefix("usage: segmented-tabbed ") == true, "\(help.standardOutputLines)")
    }

    /// Started with stdout or stderr closed, it runs (its window id and lines go nowhere), as the demo does; it
    /// said "cannot write to standard output: Invalid argument" (its own descriptors had taken the numbers).
    func testClosedStandardStreamsAreNotTakenForItsOwn() throws {
        for closed in [">&-", "2>&-"] {
            let name = "closed-streams-\(getpid())"
            let run = try DemoProcess(arguments: ["-c", "exec \"$0\" --trace -s -n \(name) \(closed)", Self.tabbedPath], trace: false,
                                      executable: "/bin/bash")
            containers.append(run)
            // Running: its window appears (found by its instance name on the root's children), and it takes a close.
            let display = try Shared.display.get()
            var window: Window = 0
            XCTAssertTrue(eventually(timeout: 30) {
                window = display.children(of: XDefaultRootWindow(display.display)).first { display.classHint($0)?.0 == name } ?? 0
                return window != 0
            }, closed)
            display.sendDeleteWindow(window)
            XCTAssertEqual(run.waitForExit(timeout: 10), 0, "\(closed): \(run.standardError)")
        }
    }

    /// Open-file and address-space limits too small to run are refused at once with the demo's line (they hung or
    /// crashed). A sanitized build cannot start under any address-space limit, so only the open-file one is run there.
    func testLimitsTooSmallToRunAreSaid() throws {
        var limits = [("-n 20", "the open-file limit (ulimit -n) is 20; at least 32 are needed")]
        if ProcessInfo.processInfo.environment["SEGMENTED_SANITIZED"] == nil {
            limits.append(("-v 300000", "the address-space limit (ulimit -v) is 300000 KiB; at least 524288 KiB (512 MiB) are needed"))
        }
        for (limit, message) in limits {
            let run = try DemoProcess(arguments: ["-c", "ulimit \(limit); exec \"$0\" -s", Self.tabbedPath], trace: false,
                                      executable: "/bin/bash")
            XCTAssertEqual(run.waitForExit(timeout: 10), 1, run.standardError)
            XCTAssertEqual(run.standardError, "segmented-tabbed: \(message)\n")
        }
    }

    /// A long title takes at most 240 px of its tab (elided), so that the bar keeps room for the others; the tab
    /// is that and its × (16 px, after a 4 px gap).
    func testALongTitleTakesAtMost240Pixels() throws {
        let title = String(repeating: "a long title ", count: 40)
        let (container, _) = try start(arguments([], title: title))
        _ = try adoptedClient(container)
        let settled = try container.next("settled", timeout: 30) { ($0["tabs"] as? [[String: Any]])?.first?["title"] as? String == title }
        let width = try XCTUnwrap((settled["tabs"] as? [[String: Any]])?.first?["width"] as? Int)
        XCTAssertEqual(width, 240 + 4 + 16)
    }

    /// --numbers: 1 to 9 before the first nine titles, following the tabs as
    /// they open (here each first, `-p 0`) and close; the trace's own lines
    /// keep the clients' titles.
    func testNumbersFollowTheTabs() throws {
        let (container, ready) = try start(["-s", "-p", "0", "--numbers"])
        let window = String(UInt(try XCTUnwrap(traceNumber(ready["window"]))))
        var byTitle = [String: DemoProcess]()
        for title in ["a", "b", "c"] {
            let client = try DemoProcess(arguments: ["--into", window, "--inside", "--net-title", title, "--info", "1"], trace: false,
                                         executable: Self.clientPath)
            started.append(client)
            byTitle[title] = client
            _ = try container.next("adopted", timeout: 30)    // its title may come after it, as a client sets it
        }
        func settledTitles(_ events: [[String: Any]]) -> [String]? {
            (events.last { $0["event"] as? String == "settled" }?["tabs"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
        }
        XCTAssertTrue(container.wait(timeout: 30) { settledTitles($0) == ["1 c", "2 b", "3 a"] }, "\(settledTitles(container.allEvents) ?? [])")
        byTitle["c"]?.process.terminate()
        XCTAssertEqual(try container.next("closed", timeout: 30)["title"] as? String, "c", "the client's own title")
        XCTAssertTrue(container.wait(timeout: 30) { settledTitles($0) == ["1 b", "2 a"] }, "\(settledTitles(container.allEvents) ?? [])")
    }

    /// --autohide: no strip while there are fewer than two tabs, the client
    /// taking the whole window; the strip back with the second, sliding down
    /// from above the window (its window's places, as the server tells them:
    /// from -height up to 0, eased, with frames between), the tab shown under
    /// it; gone again when the second closes.
    func testAutohideHidesTheStripUnderTwoTabs() throws {
        let display = try Shared.display.get()
        let (container, ready) = try start(["-s", "--autohide"])
        let window = String(UInt(try XCTUnwrap(traceNumber(ready["window"]))))
        let stripWindow = Window(UInt(try XCTUnwrap(traceNumber(ready["stripWindow"]))))
        let height = Int(try XCTUnwrap(traceNumber(ready["height"]))), stripHeight = Int(try XCTUnwrap(traceNumber(ready["stripHeight"])))
        /// The client's top and height in the container, and whether the strip's window is viewable.
        func state(_ client: Window) -> (top: Int, height: Int, stripShown: Bool) {
            var attributes = XWindowAttributes(), strip = XWindowAttributes()
            guard XGetWindowAttributes(display.display, client, &attributes) != 0,
                  XGetWindowAttributes(display.display, stripWindow, &strip) != 0 else { return (-1, -1, false) }
            return (Int(attributes.y), Int(attributes.height), strip.map_state == IsViewable)
        }
        func adopt(_ title: String) throws -> (DemoProcess, Window) {
            let client = try DemoProcess(arguments: ["--into", window, "--inside", "--net-title", title, "--info", "1"], trace: false,
                                         executable: Self.clientPath)
            started.append(client)
            return (client, Window(UInt(try XCTUnwrap(traceNumber(container.next("adopted", timeout: 30)["window"])))))
        }
        let (_, first) = try adopt("a")
        XCTAssertTrue(eventually { state(first) == (0, height, false) }, "one tab: \(state(first))")
        XSelectInput(display.display, stripWindow, StructureNotifyMask)
        XSync(display.display, 0)
        let (second, next) = try adopt("b")
        XCTAssertEqual(try container.next("strip", timeout: 30)["shown"] as? Bool, true)
        var places: [Int32] = []
        XCTAssertTrue(eventually {
            var event = XEvent()
            while XCheckTypedWindowEvent(display.display, stripWindow, ConfigureNotify, &event) != 0 { places.append(event.xconfigure.y) }
            return places.last == 0
        }, "the slide ends at the top: \(places)")
        XSelectInput(display.display, stripWindow, NoEventMask)
        XCTAssertEqual(places.first, Int32(-stripHeight), "it starts above the window")
        XCTAssertEqual(places, places.sorted(), "down, never back up")
        XCTAssertFalse(places.filter { $0 != 0 && $0 != Int32(-stripHeight) }.isEmpty, "frames between, not a jump: \(places)")
        XCTAssertTrue(eventually { state(next) == (stripHeight, height - stripHeight, true) }, "two tabs: \(state(next))")
        second.process.terminate()
        XCTAssertEqual(try container.next("strip", timeout: 30)["shown"] as? Bool, false)
        XCTAssertTrue(eventually { state(first) == (0, height, false) }, "one again: \(state(first))")
    }
}
