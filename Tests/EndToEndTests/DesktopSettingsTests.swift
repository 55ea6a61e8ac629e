import CX11
import Foundation
import SegmentedCore
import TestSupport
import XCTest

/// The demo following the desktop while it runs: a real XSETTINGS manager
/// (xsettingsd, whose configuration is rewritten and re-read on SIGHUP)
/// changing `Xft/DPI`, `Gtk/EnableAnimations` and `Net/DndDragThreshold`, a
/// second manager taking over, the manager exiting, `xrdb -merge`, and a
/// malformed settings property. Each test has an Xvfb of its own, so that no
/// manager outlives it on a display another test uses.
final class DesktopSettingsTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var server: PrivateXServer!
    private var display: TestDisplay!
    private var managers: [Process] = []

    override func setUpWithError() throws {
        folder = try TemporaryFolder(prefix: "segmented-desktop")
        server = try PrivateXServer(arguments: ["-screen", "0", "640x480x24"])
        display = try TestDisplay(name: server.name)
    }

    override func tearDown() {
        for manager in managers where manager.isRunning {
            manager.terminate()
            manager.waitUntilExit()
        }
        // XCTest keeps every test case to the end of the run: the connection, then the server, go now.
        display = nil
        server = nil
    }

    /// xsettingsd serving `settings` (its configuration lines) on the test's server, once it owns the selection.
    private func startManager(_ settings: String, name: String = "xsettingsd.conf") throws -> (process: Process, configuration: String) {
        let configuration = try folder.file(name, Array(settings.utf8))
        let manager = Process()
        manager.executableURL = URL(fileURLWithPath: "/usr/bin/xsettingsd")
        manager.arguments = ["-c", configuration]
        manager.environment = server.environment
        manager.standardError = FileHandle.nullDevice
        let before = owner
        try manager.run()
        managers.append(manager)
        XCTAssertTrue(eventually { owner != 0 && owner != before }, "xsettingsd took the selection")
        return (manager, configuration)
    }

    /// The selection's owner now (0: no manager).
    private var owner: Window {
        XGetSelectionOwner(display.display, XInternAtom(display.display, "_XSETTINGS_S\(display.screen)", 0))
    }

    /// Rewrites the manager's configuration and has it read again (SIGHUP).
    private func change(_ manager: (process: Process, configuration: String), to settings: String) throws {
        try Array(settings.utf8).withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: manager.configuration)) }
        kill(manager.process.processIdentifier, SIGHUP)
    }

    private func demo(_ arguments: [String] = []) throws -> RunningDemo {
        display.parkPointer()
        return try RunningDemo(["--frame-stats"] + arguments, environment: server.environment)
    }

    /// The frames of the strip that animate from the trace's current position
    /// until the next `settled` after a click at `x`.
    private func animatingFrames(clicking x: Int, in demo: RunningDemo) throws -> Int {
        let start = demo.process.allEvents.count
        let strip = Window(try XCTUnwrap(traceNumber(demo.ready["stripWindow"])))
        display.click(strip, x: x, y: 20)
        _ = try demo.process.next("select")
        _ = try demo.process.next("settled")
        return demo.process.allEvents[start...].filter { $0["event"] as? String == "frame" && $0["animating"] as? Bool == true }.count
    }

    /// Checks that the trace's indicator is drawn there in the accent: every
    /// row of its rect one run of its width (±1 px) at its x less the offset.
    private func assertIndicatorDrawn(_ demo: RunningDemo, _ event: [String: Any], file: StaticString = #filePath, line: UInt = #line) throws {
        let rect = try XCTUnwrap(traceRect(event["indicator"]), file: file, line: line)
        let offset = try XCTUnwrap(traceNumber(event["contentOffset"]), file: file, line: line)
        let image = try XCTUnwrap(display.pixels(demo.window, width: 400, height: Int(rect.y + rect.height) + 2), file: file, line: line)
        for row in Int(rect.y)..<Int(rect.y + rect.height) {
            let columns = image.columns(inRow: row, matching: accent)
            XCTAssertEqual(Double(columns.count), rect.width, accuracy: 1, "indicator row \(row)", file: file, line: line)
            XCTAssertEqual(Double(columns.first ?? -99), (rect.x - offset).rounded(), accuracy: 1, "row \(row)'s left edge", file: file, line: line)
        }
        let below = image.columns(inRow: Int(rect.y + rect.height) + 1, matching: accent)
        XCTAssertEqual(below, [], "nothing under the indicator", file: file, line: line)
    }

    /// Makes `window` the settings manager as the specification has it: the
    /// selection's owner, announced by a MANAGER message on the root window.
    private func announceManager(_ window: Window) {
        let d = display.display, root = XRootWindow(d, display.screen)
        let selection = XInternAtom(d, "_XSETTINGS_S\(display.screen)", 0)
        XSetSelectionOwner(d, selection, window, UInt(CurrentTime))
        var message = XEvent()
        message.xclient.type = ClientMessage
        message.xclient.window = root
        message.xclient.message_type = XInternAtom(d, "MANAGER", 0)
        message.xclient.format = 32
        message.xclient.data.l.0 = Int(CurrentTime)
        message.xclient.data.l.1 = Int(selection)
        message.xclient.data.l.2 = Int(window)
        XSendEvent(d, root, 0, StructureNotifyMask, &message)
        XSync(d, 0)
    }

    /// Whether the trace's indicator is drawn there (as `assertIndicatorDrawn`, without failing).
    private func assertIndicatorQuietly(_ demo: RunningDemo, _ event: [String: Any]) throws -> Bool {
        guard let rect = traceRect(event["indicator"]), let offset = traceNumber(event["contentOffset"]),
              let image = display.pixels(demo.window, width: 400, height: Int(rect.y + rect.height) + 2) else { return false }
        return (Int(rect.y)..<Int(rect.y + rect.height)).allSatisfy { row in
            let columns = image.columns(inRow: row, matching: accent)
            return abs(Double(columns.count) - rect.width) <= 1 && abs(Double(columns.first ?? -99) - (rect.x - offset).rounded()) <= 1
        }
    }

    func testReducedMotionFollowsGtkEnableAnimationsWhileRunning() throws {
        let demo = try demo()
        defer { demo.process.process.terminate() }
        XCTAssertGreaterThan(try animatingFrames(clicking: 330, in: demo), 10, "a tween with no manager")
        let manager = try startManager("Gtk/EnableAnimations 0\n")
        let reduced = try demo.process.next("style")
        XCTAssertEqual(reduced["reducedMotion"] as? Bool, true)
        XCTAssertEqual(reduced["cause"] as? String, "desktop")
        XCTAssertEqual(try animatingFrames(clicking: 20, in: demo), 0, "the selection jumps")
        // A wheel notch jumps too: the scroll line's offset is where it rests, and no frame animates.
        let start = demo.process.allEvents.count
        let strip = Window(try XCTUnwrap(traceNumber(demo.ready["stripWindow"])))
        display.move(strip, x: 200, y: 20)
        display.button(5, down: true)
        display.button(5, down: false)
        let scrolled = try demo.process.next("scroll")
        XCTAssertEqual(scrolled["cause"] as? String, "wheel")
        let frames = { demo.process.allEvents[start...].filter { $0["event"] as? String == "frame" } }
        XCTAssertTrue(eventually { frames().contains { traceNumber($0["contentOffset"]) == traceNumber(scrolled["contentOffset"]) } },
                      "a frame at the end of the step")
        XCTAssertFalse(demo.process.allEvents[start...].contains { $0["event"] as? String == "frame" && $0["animating"] as? Bool == true })

        try change(manager, to: "Gtk/EnableAnimations 1\n")
        XCTAssertEqual(try demo.process.next("style")["reducedMotion"] as? Bool, false)
        XCTAssertGreaterThan(try animatingFrames(clicking: 330, in: demo), 10, "motion is back")
    }

    func testALiveXftDPIDoublesTheStripAndHitTestingFollows() throws {
        let demo = try demo()
        defer { demo.process.process.terminate() }
        let before = RunningDemo.segments(demo.ready)
        XCTAssertEqual(traceNumber(demo.ready["stripHeight"]), 44)
        let manager = try startManager("Xft/DPI \(192 * 1024)\n")
        let doubled = try demo.process.next("style")
        XCTAssertEqual(traceNumber(doubled["scale"]), 2)
        XCTAssertEqual(traceNumber(doubled["stripHeight"]), 88, "the strip's height doubles")
        XCTAssertEqual(traceNumber(doubled["pageAreaTop"]), 90, "88 and the 2 px separator")
        let after = RunningDemo.segments(doubled)
        XCTAssertEqual(after.count, before.count)
        for (old, new) in zip(before, after) {
            // Twice the text at twice the pixel size, and twice the insets: hinting may round each a pixel.
            XCTAssertEqual(new.width, 2 * old.width, accuracy: 3, "a segment's width doubles")
        }
        // The pages start under the taller strip: their window moved down to y 90.
        let pages = Window(try XCTUnwrap(traceNumber(demo.ready["pagesWindow"])))
        XCTAssertTrue(eventually { display.origin(of: pages).y - display.origin(of: demo.window).y == 90 }, "the pages under the strip")
        // A click on the second segment's new frame selects it: hit-testing reads the new frames.
        // A new scale is not a motion: the indicator is drawn at its new place with no tween (the style line says where).
        XCTAssertTrue(eventually { (try? self.assertIndicatorQuietly(demo, doubled)) == true }, "the indicator at its new place")
        let settled = doubled
        let offset = try XCTUnwrap(traceNumber(settled["contentOffset"]))
        let strip = Window(try XCTUnwrap(traceNumber(demo.ready["stripWindow"])))
        display.click(strip, x: Int(after[1].x + after[1].width / 2 - offset), y: 60)
        XCTAssertEqual(try demo.process.next("select")["index"] as? Int, 1)
        try assertIndicatorDrawn(demo, try demo.process.next("settled"))

        // A popup list open across a scale change closes (its rows are in the old style); the next opens at the new one.
        display.move(strip, x: 20, y: 60)
        display.button(3, down: true)
        display.button(3, down: false)
        let popup = try demo.process.next("popup")
        XCTAssertEqual(popup["shown"] as? Bool, true)
        try change(manager, to: "Xft/DPI \(96 * 1024)\n")
        XCTAssertEqual(try demo.process.next("popup")["shown"] as? Bool, false)
        let back = try demo.process.next("style")
        XCTAssertEqual(traceNumber(back["scale"]), 1)
        XCTAssertEqual(traceNumber(back["stripHeight"]), 44)
        XCTAssertTrue(eventually { (try? self.assertIndicatorQuietly(demo, back)) == true }, "the indicator at its new place")
        try assertIndicatorDrawn(demo, back)
    }

    /// A value the manager gets wrong changes nothing, and is warned about
    /// once however often the manager publishes it again.
    func testARefusedValueKeepsThePreviousOneAndIsWarnedAboutOnce() throws {
        let demo = try demo()
        defer { demo.process.process.terminate() }
        let manager = try startManager("Xft/DPI \(144 * 1024)\n")
        XCTAssertEqual(traceNumber(try demo.process.next("style")["scale"]), 1.5)
        // 144 where 147456 is meant: refused, and the scale stays 1.5 while reduced motion comes on.
        try change(manager, to: "Xft/DPI 144\nGtk/EnableAnimations 0\n")
        let reduced = try demo.process.next("style")
        XCTAssertEqual(reduced["reducedMotion"] as? Bool, true)
        XCTAssertEqual(traceNumber(reduced["scale"]), 1.5)
        try change(manager, to: "Xft/DPI 144\nGtk/EnableAnimations 0\nNet/DndDragThreshold 12\n")
        let slop = try demo.process.next("style")
        XCTAssertEqual(traceNumber(slop["clickSlop"]), 18, "12 px at scale 1.5")
        XCTAssertEqual(traceNumber(slop["scale"]), 1.5)
        let line = "segmented-demo: warning: XSETTINGS Xft/DPI: 144 is not a resolution from 48 to 384 dots per inch in 1024ths of one (196608 is 192 dpi); ignored"
        // Standard error is a pipe of its own: its line may come after the trace line that followed it.
        XCTAssertTrue(demo.process.waitForStandardError(containing: line))
        XCTAssertEqual(demo.process.standardError, line + "\n", "one warning for two readings")
    }

    func testANewManagerTakesOverAndTheDefaultsComeBackWhenTheLastExits() throws {
        let demo = try demo()
        defer { demo.process.process.terminate() }
        let first = try startManager("Xft/DPI \(144 * 1024)\n", name: "first.conf")
        XCTAssertEqual(traceNumber(try demo.process.next("style")["scale"]), 1.5)
        // A second xsettingsd takes the selection from the first (which then exits): its settings are read.
        let second = try startManager("Gtk/EnableAnimations 0\nNet/DndDragThreshold 12\n", name: "second.conf")
        let taken = try demo.process.next("style")
        XCTAssertEqual(traceNumber(taken["scale"]), 1, "the new manager does not set the DPI")
        XCTAssertEqual(taken["reducedMotion"] as? Bool, true)
        XCTAssertEqual(traceNumber(taken["clickSlop"]), 12)
        XCTAssertTrue(eventually { !first.process.isRunning }, "the first manager gave up")
        second.process.terminate()
        second.process.waitUntilExit()
        let defaults = try demo.process.next("style")
        XCTAssertEqual(defaults["reducedMotion"] as? Bool, false)
        XCTAssertEqual(traceNumber(defaults["clickSlop"]), 5)
        XCTAssertEqual(traceNumber(defaults["scale"]), 1)
        XCTAssertEqual(demo.process.standardError, "")
    }

    func testTheDragThresholdDecidesBetweenAClickAndADrag() throws {
        let demo = try demo()
        defer { demo.process.process.terminate() }
        let strip = Window(try XCTUnwrap(traceNumber(demo.ready["stripWindow"])))
        // 3 steps of 5 px: a 15 px move drags past the default 5 px slop, and selects nothing.
        display.slowDrag(strip, x: 230, y: 20, step: -5, steps: 3)
        XCTAssertEqual(traceNumber(try demo.process.next("release")["contentOffset"]), 15)
        _ = try startManager("Net/DndDragThreshold 20\n")
        XCTAssertEqual(traceNumber(try demo.process.next("style")["clickSlop"]), 20)
        // The same move is now within the slop: a click on the title under the release (at 215 px).
        let settled = try demo.process.next("settled")
        let offset = try XCTUnwrap(traceNumber(settled["contentOffset"]))
        let frames = RunningDemo.segments(settled)
        let pressed = try XCTUnwrap(frames.firstIndex { $0.x - offset <= 215 && $0.x + $0.width - offset > 215 }, "\(frames) at \(offset)")
        XCTAssertNotEqual(pressed, 0, "not the selected title, whose click selects nothing new")
        display.slowDrag(strip, x: 230, y: 20, step: -5, steps: 3)
        XCTAssertEqual(try demo.process.next("select")["index"] as? Int, pressed)
    }

    func testXrdbMergeOfAColorAndAFontWhileRunning() throws {
        let demo = try demo()
        defer { demo.process.process.terminate() }
        func merge(_ text: String) throws {
            let xrdb = Process()
            xrdb.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            xrdb.arguments = ["xrdb", "-merge", "-nocpp", try folder.file("resources", Array(text.utf8))]
            xrdb.environment = server.environment
            try xrdb.run()
            xrdb.waitUntilExit()
            XCTAssertEqual(xrdb.terminationStatus, 0)
        }
        try merge("SegmentedStrip.accentColor: #1E88E5\n")
        let blue = try demo.process.next("style")
        XCTAssertEqual(blue["cause"] as? String, "resources")
        XCTAssertEqual(blue["accentColor"] as? String, "#1E88E5")
        let settled = try demo.process.next("settled")
        let image = try XCTUnwrap(display.pixels(demo.window, width: 400, height: 44))
        let rect = try XCTUnwrap(traceRect(settled["indicator"]))
        XCTAssertEqual(Double(image.columns(inRow: Int(rect.y), matching: 0x1E88E5).count), rect.width, accuracy: 1, "the indicator in the new accent")
        XCTAssertEqual(image.columns(inRow: Int(rect.y), matching: accent), [], "no old accent left")

        let widths = RunningDemo.segments(demo.ready).map(\.width)
        try merge("SegmentedStrip.font: sans:pixelsize=30\n")
        let large = try demo.process.next("style")
        for (old, new) in zip(widths.dropFirst(), RunningDemo.segments(large).dropFirst().map(\.width)) {
            XCTAssertGreaterThan(new, old * 1.5, "the unselected titles in the 30 px font")
        }
        // A bad value: one warning, exactly as at start, and the previous accent stays.
        try merge("SegmentedStrip.accentColor: nonsense\n")
        XCTAssertTrue(demo.process.waitForStandardError(containing: "X resource SegmentedStrip.accentColor: bad color 'nonsense'"))
        XCTAssertEqual(demo.process.standardError.components(separatedBy: "\n").filter { !$0.isEmpty }.count, 1, demo.process.standardError)
        XCTAssertTrue(demo.process.standardError.contains("keeping the previous value"), demo.process.standardError)
        let strip = Window(try XCTUnwrap(traceNumber(demo.ready["stripWindow"])))
        display.click(strip, x: 300, y: 20)
        _ = try demo.process.next("select")
        let after = try demo.process.next("settled")
        let indicator = try XCTUnwrap(traceRect(after["indicator"]))
        let again = try XCTUnwrap(display.pixels(demo.window, width: 400, height: Int(indicator.y + indicator.height) + 1))
        XCTAssertEqual(Double(again.columns(inRow: Int(indicator.y), matching: 0x1E88E5).count), indicator.width, accuracy: 1)
    }

    /// A manager of the test's own whose `_XSETTINGS_SETTINGS` is cut short:
    /// one warning, the settings read before stay, and the demo goes on.
    func testAMalformedSettingsPropertyIsIgnoredWithOneWarning() throws {
        let demo = try demo()
        defer { demo.process.process.terminate() }
        let d = display.display
        let window = XCreateSimpleWindow(d, XRootWindow(d, display.screen), 0, 0, 1, 1, 0, 0, 0)
        let property = XInternAtom(d, "_XSETTINGS_SETTINGS", 0)
        // Little-endian, serial 0, one integer setting "Xft/DPI" = 192 dpi.
        var bytes: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 7, 0] + Array("Xft/DPI".utf8) + [0, 0, 0, 0, 0]
        bytes += withUnsafeBytes(of: Int32(192 * 1024).littleEndian, Array.init)
        XChangeProperty(d, window, property, property, 8, PropModeReplace, bytes, Int32(bytes.count))
        announceManager(window)
        let doubled = try demo.process.next("style")
        XCTAssertEqual(traceNumber(doubled["scale"]), 2, "the well-formed property is read")
        // The count says two settings, but only one is there.
        bytes[8] = 2
        XChangeProperty(d, window, property, property, 8, PropModeReplace, bytes, Int32(bytes.count))
        XSync(d, 0)
        let line = "segmented-demo: warning: the XSETTINGS manager's _XSETTINGS_SETTINGS property (\(bytes.count) bytes) is malformed; ignored"
        XCTAssertTrue(demo.process.waitForStandardError(containing: line), demo.process.standardError)
        // An unknown byte order, then a name length past the end: a warning each, and the scale stays 2.
        for broken in [[7] + bytes.dropFirst(), Array(bytes.prefix(14)) + [0xFF, 0x7F] + bytes.dropFirst(16)] {
            XChangeProperty(d, window, property, property, 8, PropModeReplace, broken, Int32(broken.count))
            XSync(d, 0)
        }
        // One per reading: three, or four when the MANAGER message is read after the first change (the demo's
        // watcher may start after the test announced the manager); never another line.
        XCTAssertTrue(eventually { demo.process.standardError.components(separatedBy: "\n").filter { !$0.isEmpty }.count >= 3 },
                      demo.process.standardError)
        XCTAssertEqual(Set(demo.process.standardError.components(separatedBy: "\n").filter { !$0.isEmpty }), [line])
        // The demo answers a click on the second segment's new frame (y 60 is inside the 88 px strip).
        let second = RunningDemo.segments(doubled)[1], offset = traceNumber(doubled["contentOffset"]) ?? 0
        display.click(Window(try XCTUnwrap(traceNumber(demo.ready["stripWindow"]))), x: Int(second.x + second.width / 2 - offset), y: 60)
        let selected = try? demo.process.next("select", timeout: 5)
        XCTAssertEqual(selected?["index"] as? Int, 1, "\(demo.process.allEvents.suffix(6))")
        XCTAssertFalse(demo.process.allEvents.contains { $0["event"] as? String == "style" && traceNumber($0["scale"]) != 2 })
        // Well-formed bytes, but of type STRING: refused the same way.
        bytes[8] = 1
        XChangeProperty(d, window, property, XA_STRING, 8, PropModeReplace, bytes, Int32(bytes.count))
        XSync(d, 0)
        XCTAssertTrue(demo.process.waitForStandardError(containing: "property is not of its own type in 8-bit units; ignored"),
                      demo.process.standardError)
        XDestroyWindow(d, window)
        XSync(d, 0)
        XCTAssertEqual(traceNumber(try demo.process.next("style")["scale"]), 1, "the manager's window went: the defaults")
        XCTAssertFalse(demo.process.allEvents.contains { $0["event"] as? String == "style" && traceNumber($0["scale"]) == 1.5 })
    }

    /// A client naming the demo's own window as the manager's: the demo
    /// reads it (it has no settings) and keeps its own events on it.
    func testAManagerWindowThatIsTheDemosOwnKeepsItsEvents() throws {
        let demo = try demo()
        defer { demo.process.process.terminate() }
        announceManager(demo.window)
        // The demo's keys still arrive on its window: Right selects the next title.
        XCTAssertTrue(eventually(timeout: 5) {
            display.key(demo.window, keysym: XK_Right)
            return (try? demo.process.next("select", timeout: 0.3)) != nil
        })
        XCTAssertEqual(demo.process.standardError, "")
    }

    /// A resource refused while the desktop sets the same thing does not pin it.
    func testARefusedResourceLeavesTheDesktopsValue() throws {
        display.setResources("SegmentedStrip.reducedMotion: maybe\n")
        defer { display.setResources(nil) }
        let demo = try demo()
        defer { demo.process.process.terminate() }
        XCTAssertTrue(demo.process.waitForStandardError(containing: "SegmentedStrip.reducedMotion: bad value 'maybe'"))
        _ = try startManager("Gtk/EnableAnimations 0\n")
        XCTAssertEqual(try demo.process.next("style")["reducedMotion"] as? Bool, true)
        XCTAssertEqual(demo.process.standardError.split(separator: "\n").count, 1, demo.process.standardError)
    }
}
