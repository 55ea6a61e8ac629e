import CX11
import Foundation
import TestSupport
import XCTest

/// The bridge when no assistive technology runs, and the session's own cleanup.
final class AccessibilityLifecycleTests: XCTestCase {
    func testWithoutABusNothingIsLoaded() throws {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "AT_SPI_BUS_ADDRESS")
        let demo = try RunningDemo([], environment: environment)
        defer { demo.process.process.terminate() }
        XCTAssertEqual(try demo.process.next("accessibility")["status"] as? String, "noBus")
        // Read to the end: a proc file reports a size of 0, and String(contentsOfFile:) read only part of
        // it (the check passed while libharfbuzz and GLib were still linked into every demo).
        let handle = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/\(demo.process.process.processIdentifier)/maps"))
        let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        try handle.close()
        XCTAssertTrue(maps.contains("libX11"), "the whole map was read (libX11 is in it)")
        // (GLib itself may be mapped: HarfBuzz, loaded when text needs shaping, brings it.)
        for library in ["libatk-1.0", "libatk-bridge", "libatspi", "libgobject-2.0", "libdbus-1"] {
            XCTAssertFalse(maps.contains(library), "\(library) is not even mapped")
        }
    }

    /// On the bus and at rest, nothing wakes. The bus is first checked from a
    /// thread of its own, which ends; on a Dispatch global queue, libdispatch's
    /// worker-pool monitor woke the demo once a second from then on.
    func testAtRestOnTheBusNothingWakes() throws {
        let session = try AccessibilitySession()
        defer { session.stop() }
        let demo = try RunningDemo([], environment: session.environment)
        defer { demo.process.process.terminate() }
        XCTAssertEqual(try demo.process.next("accessibility", timeout: 60)["status"] as? String, "active")
        let pid = Int(demo.process.process.processIdentifier)
        XCTAssertEqual(try session.ask(["cmd": "tree", "pid": pid])["name"] as? String, "segmented-demo")
        // Under ThreadSanitizer its own background thread wakes every 100 ms: only the main thread is counted there.
        let sanitized = ProcessInfo.processInfo.environment["SEGMENTED_SANITIZED"] != nil
        // The tree's replies on the bus (and the first check's thread) end first: half a second without a wakeup.
        XCTAssertTrue(Wakeups.waitForRest(Int32(pid), quiet: 0.5, mainThreadOnly: sanitized),
                      "the demo came to rest on the bus within 10 s")
        let watch = Wakeups.watch(Int32(pid), seconds: 2, mainThreadOnly: sanitized)
        XCTAssertGreaterThan(watch.switchesRead, 0, "the threads' switches were read")
        XCTAssertEqual(watch.wakeups, 0, "wakeups in 2 s at rest on the bus")
    }

    func testABusLaunchedLaterIsJoined() throws {
        let demo = try RunningDemo([])
        defer { demo.process.process.terminate() }
        XCTAssertEqual(try demo.process.next("accessibility")["status"] as? String, "noBus")
        // A screen reader starts after the program: the launcher publishes AT_SPI_BUS on the root window.
        let session = try AccessibilitySession()
        defer { session.stop() }
        XCTAssertEqual(try demo.process.next("accessibility", timeout: 60)["status"] as? String, "active")
        let app = try session.ask(["cmd": "tree", "pid": Int(demo.process.process.processIdentifier)])
        XCTAssertEqual(children(children(app).first ?? [:]).first?["role"] as? String, "page tab list")
    }

    func testABusThatNeverAnswersDoesNotFreezeTheStrip() throws {
        // A bus that accepts connections and never answers (a stopped or wedged
        // dbus-daemon): the bridge's own connection would block the main queue for good.
        let bus = try StallingBus(tcp: false, silent: true)
        defer { bus.stop() }
        var environment = ProcessInfo.processInfo.environment
        environment["AT_SPI_BUS_ADDRESS"] = bus.address
        let demo = try RunningDemo([], environment: environment)
        defer { demo.process.process.terminate() }
        let status = try demo.process.next("accessibility", timeout: 15)
        XCTAssertEqual(status["status"] as? String, "failed")
        XCTAssertEqual(status["reason"] as? String, "the accessibility bus at \(bus.address) did not answer within 2.0 s")
        let display = try Shared.display.get()
        let frames = RunningDemo.segments(demo.ready)
        display.click(demo.window, x: Int(frames[2].x + frames[2].width / 2), y: 22)
        XCTAssertEqual(try demo.process.next("select")["index"] as? Int, 2, "the strip still answers clicks")
    }

    func testTheSessionLeavesNoProcessBehind() throws {
        let session = try AccessibilitySession()
        let demo = try RunningDemo([], environment: session.environment)
        XCTAssertEqual(try demo.process.next("accessibility", timeout: 60)["status"] as? String, "active")
        XCTAssertEqual(try session.ask(["cmd": "tree", "pid": Int(demo.process.process.processIdentifier)])["name"] as? String,
                       "segmented-demo")
        demo.process.process.terminate()
        XCTAssertNotNil(demo.process.waitForExit())
        session.stop()
        XCTAssertEqual(session.started, [], "processes of the session still running after stop()")
        // Anything started on this session bus, wherever it was reparented, has its address in its environment.
        var leftOver: [String] = []
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry), AccessibilitySession.isRunning(pid),
                  let environ = ProcFile.bytes("/proc/\(entry)/environ"),
                  String(decoding: environ, as: UTF8.self).contains(session.sessionAddress) else { continue }
            leftOver.append(ProcFile.text("/proc/\(entry)/cmdline") ?? entry)
        }
        XCTAssertEqual(leftOver, [], "processes of the session still running")
        let display = try Shared.display.get()
        XCTAssertNil(display.stringProperty(XDefaultRootWindow(display.display), "AT_SPI_BUS"), "the bus's address is gone from the root window")
    }
}
