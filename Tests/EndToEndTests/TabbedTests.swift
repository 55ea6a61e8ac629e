import CX11
import Foundation
import TestSupport
import XCTest

/// segmented-tabbed with real terminals from Debian under Xvfb: xterm
/// (`-into`), st (`stterm -w`) and urxvt (`-embed`) adopted and titled; a
/// title changed by an escape sequence typed into the terminal; tabs switched
/// by Ctrl+Shift+h/l (which client is mapped and has the focus); a close by
/// the × that makes xterm exit; a SIGKILL of the container that leaves the
/// terminals alive as top-level windows (the save-set).
final class TabbedTests: XCTestCase {
    /// The container, run with `--trace`; its first line is the window id, then JSON lines.
    struct Tabbed {
        let process: DemoProcess
        let window: Window
        let stripWindow: Window

        init(_ arguments: [String]) throws {
            process = try DemoProcess(arguments: arguments, executable: DemoProcess.builtProduct("segmented-tabbed"))
            let ready = try process.next("ready", timeout: 30)
            window = Window(try XCTUnwrap(traceNumber(ready["window"])))
            stripWindow = Window(try XCTUnwrap(traceNumber(ready["stripWindow"])))
            // Mapped and drawn: the window can take the focus.
            _ = try process.next("firstFrame", timeout: 30)
        }
    }

    var started: [Int32] = []

    override func tearDown() {
        // Terminals the tests or the container started: the container's own are in a session of their own.
        for pid in started { kill(pid, SIGKILL) }
        started = []
    }

    func require(_ programs: String...) throws {
        for program in programs where !FileManager.default.isExecutableFile(atPath: "/usr/bin/" + program) {
            throw XCTSkip("/usr/bin/\(program) is missing: run scripts/install-deps.sh test")
        }
    }

    /// Runs `arguments` (a terminal) with its output discarded; its pid is killed after the test.
    func start(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        (process.standardOutput, process.standardError, process.standardInput) = (FileHandle.nullDevice, FileHandle.nullDevice,
                                                                                  FileHandle.nullDevice)
        try process.run()
        started.append(process.processIdentifier)
    }

    /// The pid of each `spawned` line so far, to kill after the test.
    private func keepSpawned(_ tabbed: Tabbed) {
        for event in tabbed.process.allEvents where event["event"] as? String == "spawned" {
            if let pid = event["pid"] as? Int, !started.contains(Int32(pid)) { started.append(Int32(pid)) }
        }
    }

    /// Two xterms, "one" and "two", put in the container by `xterm -into` (each maps itself there): their windows.
    func twoXterms(in tabbed: Tabbed) throws -> (Window, Window) {
        try start(["xterm", "-into", String(tabbed.window), "-T", "one"])
        let one = Window(try XCTUnwrap(traceNumber(try tabbed.process.next("adopted", timeout: 30)["window"])))
        try start(["xterm", "-into", String(tabbed.window), "-T", "two"])
        return (one, Window(try XCTUnwrap(traceNumber(try tabbed.process.next("adopted", timeout: 30)["window"]))))
    }

    /// A container with no command, for xterms the test starts, and the pointer parked away from it.
    func containerForXterms(_ arguments: [String] = []) throws -> (TestDisplay, Tabbed) {
        try require("xterm")
        let display = try Shared.display.get()
        display.parkPointer()
        return (display, try Tabbed(arguments))
    }

    /// Ctrl+Shift+`letter`, typed where the focus is.
    private func controlShift(_ letter: String, _ display: TestDisplay) {
        display.modifier(XK_Control_L, down: true)
        display.modifier(XK_Shift_L, down: true)
        display.type(letter)
        display.modifier(XK_Shift_L, down: false)
        display.modifier(XK_Control_L, down: false)
    }

    private func focus(_ display: TestDisplay) -> Window {
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(display.display, &focus, &revert)
        return focus
    }

    /// xterm started by the container with its window id (`-r 2`), titled from `-T`, then retitled by an escape
    /// sequence a shell prints from a line typed into it: the keyboard reaches the tab shown, and the title follows.
    func testXtermIsAdoptedTitledAndRetitledByAnEscapeSequence() throws {
        try require("xterm")
        let display = try Shared.display.get()
        display.parkPointer()
        let tabbed = try Tabbed(["-r", "2", "xterm", "-into", "", "-T", "first", "-e", "sh", "-c",
                                 #"read line; printf '\033]0;%s\007' "$line"; exec cat"#])
        defer { tabbed.process.process.terminate() }
        let adopted = try tabbed.process.next("adopted", timeout: 30)
        keepSpawned(tabbed)
        XCTAssertEqual(adopted["title"] as? String, "first")
        let xterm = Window(try XCTUnwrap(traceNumber(adopted["window"])))
        XCTAssertEqual(display.parent(of: xterm), tabbed.window, "reparented into the container")
        // The container's title is the tab's.
        XCTAssertTrue(eventually { display.stringProperty(tabbed.window, "_NET_WM_NAME") == "first" })

        // The container given the keyboard (as a window manager does) passes it to the tab shown.
        XSetInputFocus(display.display, tabbed.window, Int32(RevertToPointerRoot), UInt(CurrentTime))
        XSync(display.display, 0)
        XCTAssertTrue(eventually { self.focus(display) == xterm }, "focus on the xterm")
        display.type("retitled\n")
        let title = try tabbed.process.next("title", timeout: 20)
        XCTAssertEqual(title["title"] as? String, "retitled")
        XCTAssertEqual(title["window"] as? Int, Int(xterm))
        XCTAssertTrue(eventually { display.stringProperty(tabbed.window, "_NET_WM_NAME") == "retitled" })
    }

    /// Two xterms (`xterm -into ID`, each mapping itself in the container): Ctrl+Shift+h and l switch the tab
    /// shown, which is mapped and has the focus while the other is unmapped; the × of the tab shown makes its
    /// xterm exit, and the other is shown.
    func testSwitchingByKeysAndClosingByTheCross() throws {
        try require("xterm")
        let display = try Shared.display.get()
        display.parkPointer()
        let tabbed = try Tabbed(["-s"])
        defer { tabbed.process.process.terminate() }
        let (one, two) = try twoXterms(in: tabbed)
        XSetInputFocus(display.display, tabbed.window, Int32(RevertToPointerRoot), UInt(CurrentTime))
        XSync(display.display, 0)
        XCTAssertTrue(eventually { self.focus(display) == two && display.mapState(of: two) == IsViewable }, "the new tab shown")
        XCTAssertEqual(display.mapState(of: one), IsUnmapped)

        // Ctrl+Shift+h: the tab before, mapped with the focus; the other unmapped.
        controlShift("h", display)
        XCTAssertNoThrow(try tabbed.process.next("selected") { $0["window"] as? Int == Int(one) })
        XCTAssertTrue(eventually { self.focus(display) == one && display.mapState(of: one) == IsViewable })
        XCTAssertTrue(eventually { display.mapState(of: two) == IsUnmapped })
        // Ctrl+Shift+l: the next one again.
        controlShift("l", display)
        XCTAssertNoThrow(try tabbed.process.next("selected") { $0["window"] as? Int == Int(two) })
        XCTAssertTrue(eventually { self.focus(display) == two && display.mapState(of: one) == IsUnmapped })

        // The × of the tab shown: xterm takes WM_DELETE_WINDOW and exits; its tab closes and the other is shown.
        let settled = try tabbed.process.next("settled", timeout: 20) { $0["selectedIndex"] as? Int == 1 }
        let tabs = try XCTUnwrap(settled["tabs"] as? [[String: Any]])
        let button = try XCTUnwrap(tabs[1]["closeButton"] as? [String: Any])
        let x = Int(try XCTUnwrap(traceNumber(button["x"])) + 8), y = Int(try XCTUnwrap(traceNumber(button["y"])) + 8)
        display.move(tabbed.stripWindow, x: x, y: y)
        display.handClick()
        let closed = try tabbed.process.next("closed", timeout: 20)
        XCTAssertEqual(closed["window"] as? Int, Int(two))
        XCTAssertEqual(closed["count"] as? Int, 1)
        XCTAssertTrue(eventually { display.parent(of: two) == nil }, "xterm exited: its window is gone")
        XCTAssertTrue(eventually { self.focus(display) == one && display.mapState(of: one) == IsViewable }, "the other shown")
    }

    /// st (`stterm -w`, which makes its window in the container's) and urxvt (`-embed`) are adopted and titled.
    func testStAndUrxvtAreAdoptedAndTitled() throws {
        try require("stterm", "urxvt")
        let display = try Shared.display.get()
        let tabbed = try Tabbed(["-s"])
        defer { tabbed.process.process.terminate() }
        try start(["stterm", "-w", String(tabbed.window), "-t", "st here"])
        let st = try tabbed.process.next("adopted", timeout: 30)
        try start(["urxvt", "-embed", String(tabbed.window), "-title", "urxvt here"])
        let urxvt = try tabbed.process.next("adopted", timeout: 30)
        // A title may come after the adoption (set once the client maps): the tab follows it.
        func titled(_ event: [String: Any], _ name: String) -> Bool {
            tabbed.process.wait { events in
                events.last { ["adopted", "title"].contains($0["event"] as? String) && $0["window"] as? Int == event["window"] as? Int }?["title"]
                    as? String == name
            }
        }
        XCTAssertTrue(titled(st, "st here"))
        XCTAssertTrue(titled(urxvt, "urxvt here"))
        for event in [st, urxvt] {
            let window = Window(try XCTUnwrap(traceNumber(event["window"])))
            XCTAssertEqual(display.parent(of: window), tabbed.window)
        }
    }

    /// A SIGKILL of the container leaves every terminal alive, a top-level window (the server reparents the
    /// save-set to the root) that is viewable.
    func testTerminalsOutliveAContainerKilledWithSIGKILL() throws {
        try require("xterm")
        let display = try Shared.display.get()
        let tabbed = try Tabbed(["-s"])
        let (one, two) = try twoXterms(in: tabbed)
        kill(tabbed.process.process.processIdentifier, SIGKILL)
        XCTAssertEqual(tabbed.process.waitForExit(), 9)
        let root = XRootWindow(display.display, display.screen)
        for window in [one, two] {
            XCTAssertTrue(eventually { display.parent(of: window) == root && display.mapState(of: window) == IsViewable },
                          "\(window) a viewable top-level window")
        }
    }

    /// A tab not shown whose client sets WM_HINTS' urgency gets the strip's dot badge, and the container's own
    /// urgency hint is set; Ctrl+u shows it, which clears both and the client's hint.
    func testAClientAskingForAttentionIsMarkedAndCtrlUShowsIt() throws {
        try require("xterm")
        let display = try Shared.display.get()
        display.parkPointer()
        let tabbed = try Tabbed(["-s"])
        defer { tabbed.process.process.terminate() }
        let (one, _) = try twoXterms(in: tabbed)
        XSetInputFocus(display.display, tabbed.window, Int32(RevertToPointerRoot), UInt(CurrentTime))

        // The hidden xterm's client asks for attention, as xterm does on a bell with bellIsUrgent.
        func urgency(of window: Window) -> Bool {
            guard let hints = XGetWMHints(display.display, window) else { return false }
            defer { XFree(hints) }
            return hints.pointee.flags & Int(XUrgencyHint) != 0
        }
        let hints = try XCTUnwrap(XAllocWMHints())
        hints.pointee.flags = Int(XUrgencyHint)
        XSetWMHints(display.display, one, hints)
        XFree(hints)
        XSync(display.display, 0)
        let marked = try tabbed.process.next("attention")
        XCTAssertEqual(marked["window"] as? Int, Int(one))
        XCTAssertEqual(marked["asking"] as? Bool, true)
        XCTAssertTrue(eventually { urgency(of: tabbed.window) }, "the container's own urgency hint")
        // The dot badge, in the badge color, within the tab's frame (its title is grey: it is not selected).
        let settled = try tabbed.process.next("settled", timeout: 20) { ($0["tabs"] as? [Any])?.count == 2 }
        let tab = try XCTUnwrap((settled["tabs"] as? [[String: Any]])?.first)
        let x = Int(try XCTUnwrap(traceNumber(tab["x"]))), width = Int(try XCTUnwrap(traceNumber(tab["width"])))
        XCTAssertTrue(eventually {
            guard let image = display.pixels(tabbed.stripWindow, x: x, width: width, height: 40) else { return false }
            return width * 40 - image.count(notMatching: 0xE53935, x: 0, y: 0, width: width, height: 40) > 10
        }, "the dot in the badge color")

        // Ctrl+u: the tab asking is shown; its mark, the container's hint and the client's own go.
        display.modifier(XK_Control_L, down: true)
        display.type("u")
        display.modifier(XK_Control_L, down: false)
        XCTAssertTrue(tabbed.process.wait { events in
            events.last { $0["event"] as? String == "selected" }?["window"] as? Int == Int(one)
                && events.contains { $0["event"] as? String == "attention" && $0["asking"] as? Bool == false }
        }, "shown, and no longer marked")
        XCTAssertTrue(eventually { !urgency(of: tabbed.window) && !urgency(of: one) })
    }

    /// Under a layout with no Latin letters (`setxkbmap ru`), Ctrl+Shift and the key a US keyboard has H on still
    /// shows the tab before, and after `setxkbmap us` Ctrl+Shift+l the one after.
    func testTheKeysWorkUnderALayoutWithoutLatinLetters() throws {
        try require("xterm", "setxkbmap")
        let display = try Shared.display.get()
        let tabbed = try Tabbed(["-s"])
        defer { tabbed.process.process.terminate() }
        let (one, two) = try twoXterms(in: tabbed)
        XSetInputFocus(display.display, tabbed.window, Int32(RevertToPointerRoot), UInt(CurrentTime))
        func layout(_ name: String) throws {
            let result = try Command(["setxkbmap", name])
            XCTAssertEqual(result.status, 0, result.errors)
        }
        try layout("ru")
        defer { try? layout("us") }
        let names = try XCTUnwrap(cxft_key_names(display.display))
        let h = UInt32(cxft_keycode_in(names, "AC06"))
        XkbFreeKeyboard(names, 0, 1)
        XCTAssertNotEqual(h, 0)
        // The container grabs the keys again once it has read the new mapping: h, missing there, on its US key.
        XCTAssertTrue(eventually(timeout: 20) { display.keyIsGrabbed(h, modifiers: UInt32(ControlMask | ShiftMask), on: tabbed.window) },
                      "Ctrl+Shift on the US H key grabbed under ru")
        display.modifier(XK_Control_L, down: true)
        display.modifier(XK_Shift_L, down: true)
        display.tap(keycode: h)
        display.modifier(XK_Shift_L, down: false)
        display.modifier(XK_Control_L, down: false)
        XCTAssertNoThrow(try tabbed.process.next("selected") { $0["window"] as? Int == Int(one) })
        try layout("us")
        controlShift("l", display)
        XCTAssertNoThrow(try tabbed.process.next("selected") { $0["window"] as? Int == Int(two) })
    }

    /// F11 asks the window manager to toggle the container's fullscreen state: EWMH's `_NET_WM_STATE` message
    /// to the root (action 2, toggle; `_NET_WM_STATE_FULLSCREEN`), read here as a window manager reads it.
    func testF11AsksTheWindowManagerForFullscreen() throws {
        let display = try Shared.display.get()
        let tabbed = try Tabbed(["-s"])
        defer { tabbed.process.process.terminate() }
        // A connection of its own, listening on the root as a window manager does.
        let manager = try XCTUnwrap(XOpenDisplay(nil))
        defer { XCloseDisplay(manager) }
        let root = XDefaultRootWindow(manager)
        XSelectInput(manager, root, SubstructureNotifyMask)
        XSync(manager, 0)
        display.key(tabbed.window, keysym: XK_F11)
        let state = XInternAtom(manager, "_NET_WM_STATE", 0), fullscreen = XInternAtom(manager, "_NET_WM_STATE_FULLSCREEN", 0)
        var heard: XClientMessageEvent?
        XCTAssertTrue(eventually {
            while XPending(manager) > 0 {
                var event = XEvent()
                XNextEvent(manager, &event)
                if event.type == ClientMessage, event.xclient.message_type == state { heard = event.xclient }
            }
            return heard != nil
        }, "a _NET_WM_STATE message on the root")
        XCTAssertEqual(heard?.window, tabbed.window)
        XCTAssertEqual(heard?.data.l.0, 2, "toggle")
        XCTAssertEqual(heard.map { Atom(bitPattern: $0.data.l.1) }, fullscreen)
    }

    /// A tab's tooltip, as a hand brings it up (the pointer resting on the
    /// tab): the xterm's full title, its class and its command line, read
    /// from its `_NET_WM_PID` on this machine.
    func testATabsTooltipSaysTheTitleClassAndCommand() throws {
        let (display, tabbed) = try containerForXterms()
        defer { tabbed.process.process.terminate() }
        try start(["xterm", "-into", String(tabbed.window), "-T", "one"])
        _ = try tabbed.process.next("adopted", timeout: 30)
        let settled = try tabbed.process.next("settled", timeout: 20) { ($0["tabs"] as? [[String: Any]])?.first?["title"] as? String == "one" }
        let tab = try XCTUnwrap((settled["tabs"] as? [[String: Any]])?.first)
        let x = try XCTUnwrap(traceNumber(tab["x"])) + 10, y = try XCTUnwrap(traceNumber(tab["y"])) + 10
        display.move(tabbed.stripWindow, x: Int(x), y: Int(y))
        let tooltip = try tabbed.process.next("tooltip", timeout: 20) { $0["index"] as? Int == 0 }
        let lines = try XCTUnwrap(tooltip["lines"] as? [String])
        XCTAssertEqual(Array(lines.prefix(2)), ["one", "XTerm (xterm)"])
        XCTAssertTrue(lines.count == 3 && lines[2].hasPrefix("xterm -into \(tabbed.window) -T one"), "\(lines)")
        display.parkPointer()
    }

    /// Ctrl+Shift+d, typed as a hand types it: the xterm shown leaves as a
    /// top-level window where it was, mapped and still running; its tab
    /// closes, and the other is shown.
    func testCtrlShiftDDetachesTheTabShown() throws {
        let (display, tabbed) = try containerForXterms()
        defer { tabbed.process.process.terminate() }
        let (one, two) = try twoXterms(in: tabbed)
        XCTAssertEqual(try tabbed.process.next("selected", timeout: 20) { $0["window"] as? Int == Int(two) }["index"] as? Int, 1)
        XSetInputFocus(display.display, tabbed.window, Int32(RevertToPointerRoot), UInt(CurrentTime))
        XSync(display.display, 0)
        XCTAssertTrue(eventually { self.focus(display) == two }, "focus on the xterm shown")
        controlShift("d", display)
        let closed = try tabbed.process.next("closed", timeout: 20)
        XCTAssertEqual(closed["reason"] as? String, "detached")
        XCTAssertEqual(closed["window"] as? Int, Int(two))
        XCTAssertEqual(closed["count"] as? Int, 1)
        let root = XDefaultRootWindow(display.display)
        XCTAssertTrue(eventually { display.parent(of: two) == root && display.mapState(of: two) == IsViewable },
                      "a top-level window, mapped: \(String(describing: display.parent(of: two)))")
        // The strip's selection moves to the other tab as its tab closes: shown before the `closed` line.
        XCTAssertEqual(tabbed.process.allEvents.last { $0["event"] as? String == "selected" }?["window"] as? Int, Int(one),
                       "the other tab shown")
        XCTAssertEqual(display.parent(of: one), tabbed.window)
        XCTAssertTrue(started.allSatisfy { kill($0, 0) == 0 }, "both xterms still run")
        XDestroyWindow(display.display, two)
        XSync(display.display, 0)
    }

    /// Ctrl+Tab in order of use, typed as a hand types it: with Ctrl held,
    /// each Tab goes one tab further back (three, then two, then one); let go
    /// of Ctrl, that tab is the most recent, so a quick Ctrl+Tab goes back to three.
    func testCtrlTabGoesBackInTheOrderOfUseWhileCtrlIsHeld() throws {
        let (display, tabbed) = try containerForXterms()
        defer { tabbed.process.process.terminate() }
        let (one, two) = try twoXterms(in: tabbed)
        try start(["xterm", "-into", String(tabbed.window), "-T", "three"])
        let three = Window(try XCTUnwrap(traceNumber(try tabbed.process.next("adopted", timeout: 30)["window"])))
        XCTAssertNoThrow(try tabbed.process.next("selected", timeout: 20) { $0["window"] as? Int == Int(three) })
        XSetInputFocus(display.display, tabbed.window, Int32(RevertToPointerRoot), UInt(CurrentTime))
        XSync(display.display, 0)
        XCTAssertTrue(eventually { self.focus(display) == three }, "focus on the xterm shown")
        let tab = UInt32(XKeysymToKeycode(display.display, KeySym(XK_Tab)))
        func shown(_ window: Window, _ what: String) {
            XCTAssertNoThrow(try tabbed.process.next("selected", timeout: 20) { $0["window"] as? Int == Int(window) }, what)
        }
        display.modifier(XK_Control_L, down: true)
        display.tap(keycode: tab)
        shown(two, "one back")
        display.tap(keycode: tab)
        shown(one, "two back, Ctrl still held")
        display.modifier(XK_Control_L, down: false)
        XCTAssertTrue(eventually { self.focus(display) == one }, "the keyboard let go, the focus on the tab chosen")
        display.modifier(XK_Control_L, down: true)
        display.tap(keycode: tab)
        display.modifier(XK_Control_L, down: false)
        shown(three, "a quick Ctrl+Tab: the tab before the one chosen")
    }
}
