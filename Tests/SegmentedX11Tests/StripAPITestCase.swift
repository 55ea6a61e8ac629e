import CX11
import Foundation
import SegmentedCore
import SegmentedX11
import TestSupport
import XCTest

/// What the strip API tests share: strips in a host window on a real X server,
/// driven through the public calls and XTest, with the main queue run by the test.
///
/// The strip, its host and its loop are main-actor isolated, and XCTest on
/// Linux cannot run a test method isolated to the main actor (its test list
/// casts the method to a plain function and traps), so each test runs its body
/// in `MainActor.assumeIsolated`, which checks that it is on the main thread.
/// `@unchecked Sendable` lets those closures capture the test case: XCTest
/// makes the case and runs setUp, the test and tearDown on the main thread,
/// and the strip callbacks that capture it run on the main queue, which
/// `RunLoop.main` drains on that same thread. No other thread uses the case.
class StripAPITestCase: XCTestCase, @unchecked Sendable {
    @MainActor static let sharedConnection = Result { try XDisplayConnection() }
    /// One loop for the connection, as a program has (started by the first test that shows its host).
    @MainActor static var sharedLoop: XEventLoop?
    var connection: XDisplayConnection!
    var user: TestDisplay!
    var host: HostWindow!
    var loop: XEventLoop!
    var log: [String] = []
    var strips: [SegmentedStrip] = []
    /// The indicator as drawn when each selection callback ran.
    var drawnAtCallback: [Rect?] = []

    let titles = ["推荐", "关注", "热榜", "视频", "小说", "科技", "财经", "体育", "娱乐", "汽车", "Long English title"]
    let hostSize = (width: 360, height: 140)

    override func setUpWithError() throws {
        try MainActor.assumeIsolated {
            XDisplayConnection.installErrorHandlers(programName: "SegmentedX11Tests")
            connection = try Self.sharedConnection.get()
            user = try TestDisplay()
            user.parkPointer()
            host = HostWindow(connection: connection, width: hostSize.width, height: hostSize.height, background: 0xFFFFFF,
                              title: "API test", instanceName: "SegmentedX11Tests")
            host.closeRequested = {}
            if Self.sharedLoop == nil { Self.sharedLoop = XEventLoop(connection: connection) }
            loop = Self.sharedLoop
            loop.handler = { [unowned self] event in self.host.handle(&event) }
            log = []
        }
    }

    override func tearDown() {
        MainActor.assumeIsolated {
            // As a host should: a strip it drops is removed from the loop and destroyed.
            for strip in strips {
                loop.remove(strip)
                strip.destroy()
            }
            host?.focusedStrip = nil
            host?.close()
            // Let the strips' scheduled updates run, so that no block holding one outlives the test.
            _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.05))
            strips = []
            // Events of this test's windows must not reach the next test's loop.
            while XPending(connection.display) > 0 {
                var event = XEvent()
                XNextEvent(connection.display, &event)
            }
        }
    }

    /// A strip in the host at `frame`, logging its selection callbacks and settles.
    @MainActor
    func makeStrip(_ name: String, frame: PixelRect = PixelRect(x: 0, y: 0, width: 360, height: 44),
                           titles: [String]? = nil, selectedIndex: Int = 0, style: StripStyle = StripStyle()) throws -> SegmentedStrip {
        let strip = try SegmentedStrip(connection: connection, parent: host.window, frame: frame, titles: titles ?? self.titles,
                                       selectedIndex: selectedIndex, style: style)
        strip.callbacks.selectionChanged = { [unowned self] strip, change in
            self.log.append("\(name) select \(change.oldIndex.map(String.init) ?? "nil")->\(change.newIndex.map(String.init) ?? "nil") \(change.cause.rawValue) user=\(change.isUserInitiated)")
            self.drawnAtCallback.append(strip.presentation.indicator)
        }
        strip.callbacks.settled = { [unowned self] strip in
            self.log.append("\(name) settled \(strip.selectedIndex.map(String.init) ?? "nil")")
        }
        strip.callbacks.firstFrame = { [unowned self] _ in self.log.append("\(name) firstFrame") }
        loop.add(strip)
        strips.append(strip)
        return strip
    }

    /// How many times a strip made by `shownStrip` reported its window destroyed.
    var destroyedCount = 0

    /// A strip shown in the host, its first frame drawn, counting `destroyed` calls in `destroyedCount`.
    @MainActor
    func shownStrip(style: StripStyle = StripStyle()) throws -> SegmentedStrip {
        let strip = try makeStrip("a", style: style)
        strip.callbacks.destroyed = { [unowned self] _ in self.destroyedCount += 1 }
        showHost()
        run(until: { log.contains("a firstFrame") }, "first frame")
        return strip
    }

    /// Runs the main queue until `condition` holds (at most `timeout` seconds).
    @MainActor
    func run(until condition: () -> Bool, timeout: Double = 10, _ message: String = "", expectingTimeout: Bool = false) {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(), Date() < deadline {
            _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.01))
        }
        if expectingTimeout { return }
        XCTAssertTrue(condition(), "timed out waiting for: \(message); log: \(log); events left in Xlib's queue: \(XQLength(connection.display))")
    }

    @MainActor
    func showHost() {
        host.map()
        loop.start()
    }

    @MainActor
    func children(of window: Window) -> Int {
        XSync(connection.display, 0)
        var root: Window = 0, parent: Window = 0
        var list: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        XQueryTree(user.display, window, &root, &parent, &list, &count)
        if let list { XFree(list) }
        return Int(count)
    }
}
