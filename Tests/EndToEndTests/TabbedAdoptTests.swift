import CX11
import Foundation
import TestSupport
import XCTest

/// Tabbing any window: plain top-level xterms, managed by twm (Debian's
/// minimal window manager) on an Xvfb of the test's own, taken by
/// `--adopt ID`, `--adopt pick` and `_SEGMENTED_TABBED_ADOPT`, and given
/// back to twm by a detach. Nothing is lost when twm stalls or an xterm
/// dies on the way, and windows that are not others' top-level ones are refused.
final class TabbedAdoptTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var server: PrivateXServer!
    private var display: TestDisplay!
    private var programs: [Process] = []

    override func setUpWithError() throws {
        for program in ["/usr/bin/twm", "/usr/bin/xterm"] where !FileManager.default.isExecutableFile(atPath: program) {
            throw XCTSkip("\(program) is missing: run scripts/install-deps.sh test")
        }
        folder = try TemporaryFolder(prefix: "segmented-adopt")
        server = try PrivateXServer(arguments: ["-screen", "0", "1024x700x24"])
        display = try TestDisplay(name: server.name)
        // The server's own "fixed" for every font (no core font package needed); windows placed where they ask,
        // with no placing by hand.
        let configuration = try folder.file("twmrc", Array("""
            TitleFont "fixed"
            ResizeFont "fixed"
            MenuFont "fixed"
            IconFont "fixed"
            IconManagerFont "fixed"
            RandomPlacement
            UsePPosition "on"

            """.utf8))
        try run("/usr/bin/twm", ["-f", configuration])
    }

    override func tearDown() {
        for program in programs.reversed() where program.isRunning {
            kill(program.processIdentifier, SIGCONT)
            program.terminate()
            program.waitUntilExit()
        }
        programs = []
        display = nil
        server = nil
    }

    /// Runs `path` on the test's server, its output discarded; stopped after the test.
    @discardableResult
    private func run(_ path: String, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = server.environment
        (process.standardOutput, process.standardError, process.standardInput) = (FileHandle.nullDevice, FileHandle.nullDevice,
                                                                                  FileHandle.nullDevice)
        try process.run()
        programs.append(process)
        return process
    }

    /// A top-level xterm titled `title` at (x, y), once twm manages it (WM_STATE Normal, in a frame): its window.
    private func managedXterm(_ title: String, x: Int, y: Int) throws -> (Window, Process) {
        let process = try run("/usr/bin/xterm", ["-T", title, "-geometry", "40x8+\(x)+\(y)"])
        var found: Window = 0
        XCTAssertTrue(eventually { (self.clientWindow(named: title)).map { found = $0 } != nil }, "twm manages \(title)")
        return (found, process)
    }

    /// The window with WM_STATE Normal named `title`, under a window manager's frame.
    private func clientWindow(named title: String) -> Window? {
        let root = XDefaultRootWindow(display.display)
        for frame in display.children(of: root) {
            for window in display.children(of: frame) + [frame] where wmState(window) == Int32(NormalState) {
                var name: UnsafeMutablePointer<CChar>?
                if XFetchName(display.display, window, &name) != 0, let name {
                    defer { XFree(name) }
                    if String(cString: name) == title, display.parent(of: window) != root { return window }
                }
            }
        }
        return nil
    }

    /// WM_STATE's state (NormalState, WithdrawnState...), nil without one.
    private func wmState(_ window: Window) -> Int32? { display.cardinalProperty(window, "WM_STATE").map { Int32($0) } }

    /// The container, on the test's server, once its window exists (`--adopt` begins then, before its first frame).
    private func container(_ arguments: [String]) throws -> (DemoProcess, Window) {
        let process = try DemoProcess(arguments: ["-g", "500x300+0+0"] + arguments, environment: server.environment,
                                      executable: DemoProcess.builtProduct("segmented-tabbed"))
        return (process, Window(try XCTUnwrap(traceNumber(try process.next("ready", timeout: 30)["window"]))))
    }

    /// `_SEGMENTED_TABBED_ADOPT` set on the container's window to `windows`, as a script sets it (WINDOW ids).
    private func setAdoptRequest(on container: Window, _ windows: [Window]) {
        let ids = windows.map(UInt.init)
        _ = ids.withUnsafeBytes {
            XChangeProperty(display.display, container, XInternAtom(display.display, "_SEGMENTED_TABBED_ADOPT", 0), XA_WINDOW, 32,
                            PropModeReplace, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(ids.count))
        }
        XSync(display.display, 0)
    }

    /// Ctrl+Shift+d typed into `container` (the focus given to it, as a window manager gives it): the tab shown leaves.
    private func detachShown(_ tabbed: DemoProcess, _ container: Window) throws {
        XSetInputFocus(display.display, container, Int32(RevertToPointerRoot), UInt(CurrentTime))
        XSync(display.display, 0)
        display.modifier(XK_Control_L, down: true)
        display.modifier(XK_Shift_L, down: true)
        display.type("d")
        display.modifier(XK_Shift_L, down: false)
        display.modifier(XK_Control_L, down: false)
        XCTAssertEqual(try tabbed.next("closed", timeout: 20)["reason"] as? String, "detached")
    }

    /// `--adopt ID`: twm withdraws the xterm and lets it go, and it is a tab,
    /// shown in the container; Ctrl+Shift+d, typed, gives it back to twm as a
    /// normal window (in a frame, WM_STATE Normal), still running.
    func testAManagedXtermIsAdoptedAndDetachedBackToTheWindowManager() throws {
        let (xterm, process) = try managedXterm("plain", x: 600, y: 400)
        let (tabbed, window) = try container(["--adopt", "0x" + String(xterm, radix: 16)])
        defer { tabbed.process.terminate() }
        let adopted = try tabbed.next("adopted", timeout: 20)
        XCTAssertEqual(adopted["window"] as? Int, Int(xterm))
        XCTAssertEqual(adopted["title"] as? String, "plain")
        XCTAssertTrue(eventually { display.parent(of: xterm) == window && display.mapState(of: xterm) == IsViewable }, "a tab, shown")
        XCTAssertNotEqual(wmState(xterm), Int32(NormalState), "twm let it go")
        try detachShown(tabbed, window)
        XCTAssertTrue(eventually { self.wmState(xterm) == Int32(NormalState) && self.display.parent(of: xterm) != XDefaultRootWindow(self.display.display)
                                   && self.display.mapState(of: xterm) == IsViewable }, "twm's again, in a frame")
        XCTAssertTrue(process.isRunning)
    }

    /// `--adopt pick`: a hand's click on the xterm takes it, Escape ends the
    /// pick; a script's `_SEGMENTED_TABBED_ADOPT` (a WINDOW id) takes another, after it.
    func testAPickedWindowAndOneNamedByThePropertyAreAdopted() throws {
        let (first, _) = try managedXterm("first", x: 600, y: 100)
        let (second, _) = try managedXterm("second", x: 600, y: 400)
        let (tabbed, window) = try container(["--adopt", "pick"])
        defer { tabbed.process.terminate() }
        XCTAssertEqual(try tabbed.next("picking", timeout: 20)["on"] as? Bool, true)
        display.click(first, x: 20, y: 20)
        XCTAssertEqual(try tabbed.next("adopted", timeout: 20)["window"] as? Int, Int(first))
        display.key(window, keysym: XK_Escape)
        XCTAssertEqual(try tabbed.next("picking", timeout: 20)["on"] as? Bool, false)
        setAdoptRequest(on: window, [second])
        let adopted = try tabbed.next("adopted", timeout: 20)
        XCTAssertEqual(adopted["window"] as? Int, Int(second))
        XCTAssertEqual(adopted["index"] as? Int, 1)
        XCTAssertTrue(eventually { display.parent(of: first) == window && display.parent(of: second) == window }, "both tabs")
    }

    /// The root, an id of nothing and the container's own window are
    /// refused; with twm stopped, the xterm is given back after the deadline
    /// (`adoptFailed`: mapped again, which twm does once it runs); an xterm
    /// killed while twm is stopped is forgotten. The container never waits on
    /// twm and runs on, and no xterm is left unmapped.
    func testRefusalsAStalledWindowManagerAndADyingClientLoseNothing() throws {
        let (kept, keptProcess) = try managedXterm("kept", x: 600, y: 100)
        let (dying, dyingProcess) = try managedXterm("dying", x: 600, y: 400)
        // twm maps the container first (its own window asks twm to be mapped), then stops.
        let (tabbed, window) = try container([])
        defer { tabbed.process.terminate() }
        _ = try tabbed.next("firstFrame", timeout: 30)
        let twm = programs[0]
        kill(twm.processIdentifier, SIGSTOP)
        let root = XDefaultRootWindow(display.display)
        setAdoptRequest(on: window, [root, 1, kept, dying])
        XCTAssertEqual(try tabbed.next("adoptFailed", timeout: 20)["window"] as? Int, Int(root))
        XCTAssertEqual(try tabbed.next("adoptFailed", timeout: 20)["reason"] as? String, "refused", "an id of nothing")
        setAdoptRequest(on: window, [window])
        let refusedOwn = try tabbed.next("adoptFailed", timeout: 20)
        XCTAssertEqual(refusedOwn["window"] as? Int, Int(window), "its own window")
        XCTAssertEqual(refusedOwn["reason"] as? String, "refused")
        dyingProcess.terminate()
        dyingProcess.waitUntilExit()
        let failed = try tabbed.next("adoptFailed", timeout: 20)
        XCTAssertEqual(failed["window"] as? Int, Int(kept), "the dying xterm is forgotten, not failed")
        XCTAssertEqual(failed["reason"] as? String, "the window manager kept it")
        // Its map request waits for the stopped twm (its frame redirects it); once twm runs, the window is viewable.
        kill(twm.processIdentifier, SIGCONT)
        XCTAssertTrue(eventually { display.mapState(of: kept) == IsViewable && self.wmState(kept) == Int32(NormalState) },
                      "viewable, twm's, once twm runs again")
        XCTAssertTrue(keptProcess.isRunning)
        XCTAssertTrue(tabbed.process.isRunning)
        XCTAssertFalse(tabbed.allEvents.contains { $0["event"] as? String == "adopted" })
    }

    /// Under twm, `-g`'s offset places the container, and a detached xterm
    /// lands where its tab was on the screen, not where twm would place a new
    /// window: both ask for it by USPosition. (twm's frame adds its title bar
    /// above and its border around; without the hint it put them at +52+52.)
    func testWindowsAreWhereTheyAskToBeUnderAWindowManager() throws {
        let (tabbed, window) = try container(["-g", "500x300+300+200", "/usr/bin/xterm", "-into"])
        defer { tabbed.process.terminate() }
        let xterm = Window(try XCTUnwrap(traceNumber(try tabbed.next("adopted", timeout: 30)["window"])))
        XCTAssertTrue(eventually { display.mapState(of: xterm) == IsViewable }, "the xterm shown")
        func near(_ point: (x: Int32, y: Int32), _ x: Int32, _ y: Int32) -> Bool {
            (x...x + 10).contains(point.x) && (y...y + 40).contains(point.y)
        }
        XCTAssertTrue(near(display.origin(of: window), 300, 200), "the container at -g's place: \(display.origin(of: window))")
        let shown = display.origin(of: xterm)
        try detachShown(tabbed, window)
        XCTAssertTrue(eventually { self.wmState(xterm) == Int32(NormalState) && self.display.mapState(of: xterm) == IsViewable },
                      "twm's")
        XCTAssertTrue(eventually { near(self.display.origin(of: xterm), shown.x, shown.y) },
                      "where its tab was, \(shown): \(display.origin(of: xterm))")
    }

    /// A window manager's frame names its client (the xterm in it is taken;
    /// twm lets it go and drops the frame); another program's subwindow, a window no one
    /// shows (unmapped, unmanaged), a malformed request and a forged move
    /// (no mark from a sender) are refused, and nothing of theirs is mapped.
    func testAFrameNamesItsClientAndOthersWindowsAreLeftAlone() throws {
        let (xterm, _) = try managedXterm("framed", x: 600, y: 100)
        let frame = try XCTUnwrap(display.parent(of: xterm))
        let (tabbed, window) = try container([])
        defer { tabbed.process.terminate() }
        _ = try tabbed.next("firstFrame", timeout: 30)
        setAdoptRequest(on: window, [frame])
        XCTAssertEqual(try tabbed.next("adopted", timeout: 20)["window"] as? Int, Int(xterm), "the client, not the frame")
        let root = XDefaultRootWindow(display.display)
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1    // left alone by twm, as a program's own window it keeps unmapped
        let hidden = XCreateWindow(display.display, root, 10, 10, 50, 50, 0, Int32(CopyFromParent), UInt32(InputOutput), nil,
                                   UInt(CWOverrideRedirect), &attributes)
        attributes.override_redirect = 0
        XChangeWindowAttributes(display.display, hidden, UInt(CWOverrideRedirect), &attributes)
        let sub = XCreateSimpleWindow(display.display, hidden, 0, 0, 10, 10, 0, 0, 0)
        setAdoptRequest(on: window, [hidden, sub])
        XCTAssertEqual(try tabbed.next("adoptFailed", timeout: 20)["window"] as? Int, Int(hidden), "no one shows it")
        XCTAssertEqual(try tabbed.next("adoptFailed", timeout: 20)["window"] as? Int, Int(sub), "a subwindow")
        let name = XInternAtom(display.display, "_SEGMENTED_TABBED_ADOPT", 0)
        XChangeProperty(display.display, window, name, XA_STRING, 8, PropModeReplace, "0x1", 3)
        XSync(display.display, 0)
        XCTAssertEqual(try tabbed.next("adoptFailed", timeout: 20)["reason"] as? String, "malformed request")
        let forged = [UInt(hidden), 10]
        _ = forged.withUnsafeBytes {
            XChangeProperty(display.display, window, name, XA_INTEGER, 32, PropModeReplace, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 2)
        }
        XSync(display.display, 0)
        XCTAssertEqual(try tabbed.next("adoptFailed", timeout: 20)["reason"] as? String, "not waiting", "a move no sender marked")
        XCTAssertEqual(display.mapState(of: hidden), IsUnmapped)
        XCTAssertEqual(display.mapState(of: sub), IsUnmapped)
        XCTAssertEqual(display.parent(of: hidden), root)
        XCTAssertTrue(tabbed.process.isRunning)
    }
}

