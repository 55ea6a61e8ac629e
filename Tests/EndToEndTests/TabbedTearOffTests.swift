import CX11
import CXTest
import Foundation
import TestSupport
import XCTest

/// Tearing a tab off with the pointer, as a hand does it (a press held until
/// the tab lifts, motions 16 ms apart, a rest before the release), with real
/// xterms: out of the strip, the tab's image follows the pointer (its pixels
/// read back from the server) and the xterm leaves as a top-level window
/// where it is dropped; dropped on another container's strip, it moves there;
/// a container that does not take it in time leaves it a window of its own.
extension TabbedTests {
    /// Tab `index`'s frame in the strip's window, from the last `settled` line.
    func tabFrame(_ tabbed: Tabbed, _ index: Int) throws -> (x: Int, y: Int, width: Int, height: Int) {
        let settled = try XCTUnwrap(tabbed.process.allEvents.last { $0["event"] as? String == "settled" })
        let tabs = try XCTUnwrap(settled["tabs"] as? [[String: Any]])
        let tab = tabs[index]
        func number(_ key: String) throws -> Int { Int(try XCTUnwrap(traceNumber(tab[key]))) }
        return (try number("x"), try number("y"), try number("width"), try number("height"))
    }

    /// A press on tab `index` held until it lifts (`lifted`), then the pointer
    /// moved through `points` (root pixels), a 60 Hz hand, resting at the last.
    func liftAndDrag(_ tabbed: Tabbed, _ display: TestDisplay, tab index: Int, through points: [(x: Int, y: Int)]) throws {
        let frame = try tabFrame(tabbed, index)
        display.move(tabbed.stripWindow, x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
        display.button(down: true)
        XCTAssertEqual(try tabbed.process.next("lifted", timeout: 20)["index"] as? Int, index)
        for point in points {
            XTestFakeMotionEvent(display.display, display.screen, Int32(point.x), Int32(point.y), 0)
            XSync(display.display, 0)
            Hand.step()
        }
        Hand.rest(0.15)
    }

    /// A 500 × 300 container at the screen's corner with two xterms, "one" and "two", the second shown and settled.
    func containerShowingTheSecondOfTwoXterms() throws -> (TestDisplay, Tabbed, Window, Window) {
        let (display, tabbed) = try containerForXterms(["-g", "500x300+0+0"])
        let (one, two) = try twoXterms(in: tabbed)
        _ = try tabbed.process.next("settled", timeout: 20) { ($0["tabs"] as? [Any])?.count == 2 && $0["selectedIndex"] as? Int == 1 }
        return (display, tabbed, one, two)
    }

    /// The mapped override-redirect windows on the root: the drag image while a tab is out (and a tooltip, never here).
    func overrideRedirectWindows(_ display: TestDisplay) -> [Window] {
        display.children(of: XDefaultRootWindow(display.display)).filter { window in
            var attributes = XWindowAttributes()
            return XGetWindowAttributes(display.display, window, &attributes) != 0 && attributes.override_redirect != 0
                && attributes.map_state == IsViewable
        }
    }

    /// Straight down out of the strip, then on over the terminal: the image
    /// (the lifted tab's pixels as the strip draws them, its middle at the
    /// pointer) follows; the release leaves the xterm a top-level window with
    /// its corner at the drop point, still running, and the image goes.
    func testATabDraggedOutOfTheStripIsTornOffWhereItIsDropped() throws {
        let (display, tabbed, one, two) = try containerShowingTheSecondOfTwoXterms()
        defer { tabbed.process.process.terminate() }
        let tab = try tabFrame(tabbed, 1)
        let x = tab.x + tab.width / 2, drop = (x: x + 80, y: 230)
        // 45 px strip: out past 90 px below its top.
        try liftAndDrag(tabbed, display, tab: 1, through: [(x, 60), (x, 140), (x + 40, 180), drop])
        var image: Window = 0
        XCTAssertTrue(eventually { (self.overrideRedirectWindows(display).first).map { image = $0 } != nil }, "the drag image shows")
        XCTAssertTrue(eventually {
            let o = display.origin(of: image)
            return (Int(o.x), Int(o.y)) == (drop.x - tab.width / 2, drop.y - tab.height / 2)
        }, "its middle at the pointer: \(display.origin(of: image))")
        let shown = try XCTUnwrap(display.pixels(image, width: tab.width, height: tab.height))
        let lifted = try XCTUnwrap(display.pixels(tabbed.stripWindow, x: tab.x, y: tab.y, width: tab.width, height: tab.height))
        XCTAssertEqual(shown.pixels, lifted.pixels, "the image is the lifted tab as the strip draws it")
        XCTAssertGreaterThan(shown.count(notMatching: shown[0, 0], x: 0, y: 0, width: tab.width, height: tab.height), 50, "a title in it")
        display.button(down: false)
        let closed = try tabbed.process.next("closed", timeout: 20)
        XCTAssertEqual(closed["reason"] as? String, "detached")
        XCTAssertEqual(closed["window"] as? Int, Int(two))
        let root = XDefaultRootWindow(display.display)
        XCTAssertTrue(eventually { display.parent(of: two) == root && display.mapState(of: two) == IsViewable }, "a top-level window, mapped")
        XCTAssertEqual(display.origin(of: two).x, Int32(drop.x), "its corner where it was dropped")
        XCTAssertEqual(display.origin(of: two).y, Int32(drop.y))
        XCTAssertTrue(eventually { self.overrideRedirectWindows(display).isEmpty }, "the drag image is gone")
        XCTAssertEqual(display.parent(of: one), tabbed.window)
        XCTAssertTrue(started.allSatisfy { kill($0, 0) == 0 }, "both xterms still run")
        XDestroyWindow(display.display, two)
        XSync(display.display, 0)
    }

    /// Two containers side by side, "one" and "two" in the first and "three" in the second; a real xterm each.
    func twoContainers() throws -> (TestDisplay, Tabbed, Tabbed, (one: Window, two: Window, three: Window)) {
        let (display, first) = try containerForXterms(["-g", "500x300+0+0"])
        let second = try Tabbed(["-g", "500x300+540+0"])
        let (one, two) = try twoXterms(in: first)
        try start(["xterm", "-into", String(second.window), "-T", "three"])
        let three = Window(try XCTUnwrap(traceNumber(try second.process.next("adopted", timeout: 30)["window"])))
        _ = try first.process.next("settled", timeout: 20) { ($0["tabs"] as? [Any])?.count == 2 && $0["selectedIndex"] as? Int == 1 }
        _ = try second.process.next("settled", timeout: 20) { ($0["tabs"] as? [Any])?.count == 1 }
        return (display, first, second, (one, two, three))
    }

    /// Tab 1 of `first` lifted, dragged down out of its strip, across, and up
    /// onto `second`'s strip just past its only tab, where it is let go.
    func dragToSecondStrip(_ display: TestDisplay, _ first: Tabbed, _ second: Tabbed) throws -> (x: Int, y: Int) {
        let tab = try tabFrame(first, 1), target = try tabFrame(second, 0)
        let x = tab.x + tab.width / 2
        let drop = (x: 540 + target.x + target.width + 20, y: target.y + target.height / 2)
        try liftAndDrag(first, display, tab: 1, through: [(x, 60), (x, 140), (300, 140), (520, 100), (drop.x, 60), drop])
        display.button(down: false)
        return drop
    }

    /// Dropped on the other container's strip past its tab: the xterm's tab
    /// closes here (`moved`) and opens there at index 1, shown, in its window;
    /// the keys are the new container's (no grab of the old one is left to
    /// refuse them: no X error), and the xterm runs on, even when the
    /// container it moved to is killed (its save-set).
    func testATabDroppedOnAnotherContainersStripMovesThere() throws {
        let (display, first, second, xterms) = try twoContainers()
        defer { first.process.process.terminate(); second.process.process.terminate() }
        _ = try dragToSecondStrip(display, first, second)
        let closed = try first.process.next("closed", timeout: 20)
        XCTAssertEqual(closed["reason"] as? String, "moved")
        XCTAssertEqual(closed["window"] as? Int, Int(xterms.two))
        let adopted = try second.process.next("adopted", timeout: 20)
        XCTAssertEqual(adopted["window"] as? Int, Int(xterms.two))
        XCTAssertEqual(adopted["index"] as? Int, 1, "where it was dropped: after the tab there")
        XCTAssertEqual(try second.process.next("selected", timeout: 20)["window"] as? Int, Int(xterms.two))
        XCTAssertTrue(eventually { display.parent(of: xterms.two) == second.window && display.mapState(of: xterms.two) == IsViewable },
                      "in the second container, shown")
        XCTAssertEqual(display.parent(of: xterms.one), first.window)
        XCTAssertTrue(started.allSatisfy { kill($0, 0) == 0 }, "every xterm still runs")
        _ = try second.process.next("settled", timeout: 20) { ($0["tabs"] as? [Any])?.count == 2 }
        for tabbed in [first, second] {
            XCTAssertFalse(tabbed.process.standardError.contains("X error"), tabbed.process.standardError)
        }
        // The second container killed: the moved xterm was in its save-set, so the server leaves it a top-level window.
        kill(second.process.process.processIdentifier, SIGKILL)
        let root = XDefaultRootWindow(display.display)
        XCTAssertTrue(eventually { display.parent(of: xterms.two) == root && display.mapState(of: xterms.two) == IsViewable },
                      "a viewable top-level window once the container it moved to is killed")
        XCTAssertTrue(started.allSatisfy { kill($0, 0) == 0 }, "every xterm still runs")
    }

    /// The other container stopped (SIGSTOP) when the tab is dropped on it:
    /// after the deadline the first maps the xterm where it was dropped, a
    /// window of its own (`moveFailed`); the second, let go on, finds it
    /// taken and leaves it be. Nothing waits on the stalled one.
    func testAMoveToAStalledContainerLeavesTheWindowATopLevelOne() throws {
        let (display, first, second, xterms) = try twoContainers()
        defer { first.process.process.terminate(); second.process.process.terminate() }
        let stalled = second.process.process.processIdentifier
        kill(stalled, SIGSTOP)
        let drop = try dragToSecondStrip(display, first, second)
        XCTAssertEqual(try first.process.next("closed", timeout: 20)["reason"] as? String, "moved")
        XCTAssertEqual(try first.process.next("moveFailed", timeout: 20)["window"] as? Int, Int(xterms.two))
        let root = XDefaultRootWindow(display.display)
        XCTAssertTrue(eventually { display.parent(of: xterms.two) == root && display.mapState(of: xterms.two) == IsViewable },
                      "a top-level window, mapped")
        XCTAssertEqual(display.origin(of: xterms.two).x, Int32(drop.x))
        kill(stalled, SIGCONT)
        // The request is read (and deleted) once the second runs again.
        XCTAssertTrue(eventually { display.cardinalProperty(second.window, "_SEGMENTED_TABBED_ADOPT") == nil }, "the request was read")
        XCTAssertEqual(display.parent(of: xterms.two), root, "not taken from the window manager's place")
        XCTAssertTrue(second.process.process.isRunning)
        XCTAssertTrue(started.allSatisfy { kill($0, 0) == 0 }, "every xterm still runs")
        XDestroyWindow(display.display, xterms.two)
        XSync(display.display, 0)
    }

    /// Under a compositing manager (a test connection owns `_NET_WM_CM_S0`,
    /// as one does), the image is an ARGB window at 80 % alpha: each of its
    /// channels, read back, is the lifted tab's premultiplied by 0.8.
    func testUnderACompositorTheImageIsTranslucent() throws {
        let (display, tabbed, _, two) = try containerShowingTheSecondOfTwoXterms()
        defer { tabbed.process.process.terminate() }
        let selection = XInternAtom(display.display, "_NET_WM_CM_S\(display.screen)", 0)
        let owner = XCreateSimpleWindow(display.display, XDefaultRootWindow(display.display), 0, 0, 1, 1, 0, 0, 0)
        XSetSelectionOwner(display.display, selection, owner, UInt(CurrentTime))
        XSync(display.display, 0)
        defer {
            XDestroyWindow(display.display, owner)    // the selection goes with it
            XSync(display.display, 0)
        }
        let tab = try tabFrame(tabbed, 1)
        let x = tab.x + tab.width / 2
        try liftAndDrag(tabbed, display, tab: 1, through: [(x, 60), (x, 140), (x, 200)])
        var image: Window = 0
        XCTAssertTrue(eventually { (self.overrideRedirectWindows(display).first).map { image = $0 } != nil }, "the drag image shows")
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display.display, image, &attributes)
        XCTAssertEqual(attributes.depth, 32, "an ARGB window")
        let shown = try XCTUnwrap(display.pixels(image, width: tab.width, height: tab.height))
        let lifted = try XCTUnwrap(display.pixels(tabbed.stripWindow, x: tab.x, y: tab.y, width: tab.width, height: tab.height))
        var off = 0
        for (a, b) in zip(shown.pixels, lifted.pixels) {
            for shift: UInt32 in [0, 8, 16] where abs(Int((a >> shift) & 0xFF) - Int((Double((b >> shift) & 0xFF) * 0.8).rounded())) > 1 {
                off += 1
            }
        }
        XCTAssertEqual(off, 0, "every channel at 80 % of the tab's")
        display.button(down: false)
        XCTAssertEqual(try tabbed.process.next("closed", timeout: 20)["window"] as? Int, Int(two))
        XDestroyWindow(display.display, two)
        XSync(display.display, 0)
    }

    /// Escape, typed while the tab is out and its xterm has the focus, puts
    /// it back: the keyboard is the container's while a tab is lifted. The
    /// release then tears nothing off.
    func testEscapeWhileDraggedOutPutsTheTabBack() throws {
        let (display, tabbed, _, two) = try containerShowingTheSecondOfTwoXterms()
        defer { tabbed.process.process.terminate() }
        XSetInputFocus(display.display, two, Int32(RevertToPointerRoot), UInt(CurrentTime))
        let tab = try tabFrame(tabbed, 1)
        let x = tab.x + tab.width / 2
        try liftAndDrag(tabbed, display, tab: 1, through: [(x, 60), (x, 140), (x, 200)])
        XCTAssertTrue(eventually { !self.overrideRedirectWindows(display).isEmpty }, "the drag image shows")
        display.tap(keycode: UInt32(XKeysymToKeycode(display.display, KeySym(XK_Escape))))
        XCTAssertTrue(eventually { self.overrideRedirectWindows(display).isEmpty }, "Escape: the image goes")
        display.button(down: false)
        let settled = try tabbed.process.next("settled", timeout: 20)
        XCTAssertEqual((settled["tabs"] as? [Any])?.count, 2, "the tab is back")
        XCTAssertEqual(display.parent(of: two), tabbed.window)
        XCTAssertFalse(tabbed.process.allEvents.contains { $0["event"] as? String == "closed" })
    }

    /// The first container killed (SIGKILL) while the second, stopped, has
    /// not taken the tab yet: the xterm is still in the first's save-set, so
    /// the server maps it on the root; the second, continued, leaves it be.
    func testASenderKilledWhileItsPeerStallsLeavesTheTabViewable() throws {
        let (display, first, second, xterms) = try twoContainers()
        defer { first.process.process.terminate(); second.process.process.terminate() }
        let stalled = second.process.process.processIdentifier
        kill(stalled, SIGSTOP)
        _ = try dragToSecondStrip(display, first, second)
        XCTAssertEqual(try first.process.next("closed", timeout: 20)["reason"] as? String, "moved")
        // The request is on the peer's window: the tab is on the root, unmapped, waiting.
        XCTAssertTrue(eventually { display.cardinalProperty(second.window, "_SEGMENTED_TABBED_ADOPT") == Int(xterms.two) }, "asked")
        let root = XDefaultRootWindow(display.display)
        XCTAssertEqual(display.parent(of: xterms.two), root)
        XCTAssertEqual(display.mapState(of: xterms.two), IsUnmapped)
        kill(first.process.process.processIdentifier, SIGKILL)
        XCTAssertTrue(eventually { display.parent(of: xterms.two) == root && display.mapState(of: xterms.two) == IsViewable },
                      "mapped on the root by the server")
        kill(stalled, SIGCONT)
        XCTAssertEqual(try second.process.next("adoptFailed", timeout: 20)["reason"] as? String, "not waiting")
        XCTAssertEqual(display.parent(of: xterms.two), root)
        XCTAssertTrue(started.allSatisfy { kill($0, 0) == 0 }, "every xterm still runs")
        XDestroyWindow(display.display, xterms.two)
        XSync(display.display, 0)
    }

    /// A container can hold another as a tab (`_SEGMENTED_TABBED_ADOPT`, no
    /// window manager): the other's own grabs of the same keys make ours fail
    /// with BadAccess, which is expected (tabbed's rule), not printed.
    func testAContainerTakesAnotherAsATabWithoutAnXError() throws {
        let (display, first, second, _) = try twoContainers()
        defer { first.process.process.terminate(); second.process.process.terminate() }
        var id = UInt(second.window)
        _ = withUnsafeBytes(of: &id) {
            XChangeProperty(display.display, first.window, XInternAtom(display.display, "_SEGMENTED_TABBED_ADOPT", 0), XA_WINDOW, 32,
                            PropModeReplace, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
        XSync(display.display, 0)
        XCTAssertEqual(try first.process.next("adopted", timeout: 20)["window"] as? Int, Int(second.window))
        XCTAssertTrue(eventually { display.parent(of: second.window) == first.window && display.mapState(of: second.window) == IsViewable })
        _ = try first.process.next("settled", timeout: 20) { ($0["tabs"] as? [Any])?.count == 3 }
        XCTAssertFalse(first.process.standardError.contains("X error"), first.process.standardError)
        XCTAssertTrue(second.process.process.isRunning)
    }
}

