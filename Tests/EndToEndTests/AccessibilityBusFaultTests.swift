import CX11
import Foundation
import TestSupport
import XCTest

/// Accessibility buses that misbehave, given each way a program finds one:
/// none of them may stall the window, start a program, or print anything but
/// one `segmented-demo:` line.
final class AccessibilityBusFaultTests: XCTestCase {
    /// This process's environment with no session bus and no accessibility
    /// bus, and a marker by which anything the demo starts can be found.
    private func environmentWithoutBuses(marker: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS", "NO_AT_BRIDGE"] { environment.removeValue(forKey: name) }
        environment["SEGMENTED_TEST_MARKER"] = marker
        return environment
    }

    /// The command lines of processes whose environment holds `marker`.
    private func processes(marked marker: String) -> [String] {
        var found: [String] = []
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry), AccessibilitySession.isRunning(pid),
                  let environ = ProcFile.bytes("/proc/\(entry)/environ"),
                  String(decoding: environ, as: UTF8.self).contains("SEGMENTED_TEST_MARKER=\(marker)") else { continue }
            found.append(ProcFile.text("/proc/\(entry)/cmdline") ?? entry)
        }
        return found
    }

    /// The demo reports the stalled bus within its timeout, still selects on a
    /// click, and leaves at once on SIGTERM (its main queue is free).
    private func assertNotFrozen(by bus: StallingBus, _ demo: RunningDemo, file: StaticString = #filePath, line: UInt = #line) throws {
        let status = try demo.process.next("accessibility", timeout: 15)
        XCTAssertEqual(status["status"] as? String, "failed", file: file, line: line)
        XCTAssertEqual(status["reason"] as? String, "the accessibility bus at \(bus.address) did not answer within 2.0 s",
                       file: file, line: line)
        let display = try Shared.display.get()
        let frames = RunningDemo.segments(demo.ready)
        display.click(demo.window, x: Int(frames[2].x + frames[2].width / 2), y: 22)
        XCTAssertEqual(try demo.process.next("select")["index"] as? Int, 2, "the strip still answers clicks", file: file, line: line)
        kill(demo.process.process.processIdentifier, SIGTERM)
        XCTAssertEqual(demo.process.waitForExit(), 143, file: file, line: line)
        XCTAssertFalse(demo.process.standardError.contains("could not be closed"), demo.process.standardError, file: file, line: line)
    }

    /// Given by `AT_SPI_BUS_ADDRESS`, over a Unix socket and over TCP.
    func testABusThatStallsAfterAuthenticationByEnvironment() throws {
        for tcp in [false, true] {
            let bus = try StallingBus(tcp: tcp)
            defer { bus.stop() }
            var environment = environmentWithoutBuses(marker: "env-\(getpid())-\(tcp)")
            environment["AT_SPI_BUS_ADDRESS"] = bus.address
            try assertNotFrozen(by: bus, RunningDemo([], environment: environment))
        }
    }

    /// A demo started with no bus, then `bus` announced on the root window by
    /// another client: the demo reports it unanswered within the timeout.
    private func demoReportingUnanswered(_ bus: StallingBus, announcedOn display: TestDisplay, marker: String,
                                         file: StaticString = #filePath, line: UInt = #line) throws -> RunningDemo {
        let demo = try RunningDemo([], environment: environmentWithoutBuses(marker: "\(marker)-\(getpid())"))
        XCTAssertEqual(try demo.process.next("accessibility")["status"] as? String, "noBus", file: file, line: line)
        display.setRootProperty("AT_SPI_BUS", bus.address)
        let status = try demo.process.next("accessibility", timeout: 15)
        XCTAssertEqual(status["reason"] as? String, "the accessibility bus at \(bus.address) did not answer within 2.0 s",
                       file: file, line: line)
        return demo
    }

    /// Any X client can set the root window's AT_SPI_BUS; a stalling bus there
    /// is reported, and a real bus announced after it is joined.
    func testABusThatStallsAnnouncedOnTheRootWindowThenARealOne() throws {
        let display = try Shared.display.get()
        defer { display.setRootProperty("AT_SPI_BUS", nil) }
        let bus = try StallingBus(tcp: false)
        defer { bus.stop() }
        let demo = try demoReportingUnanswered(bus, announcedOn: display, marker: "root")
        defer { demo.process.process.terminate() }
        let frames = RunningDemo.segments(demo.ready)
        display.click(demo.window, x: Int(frames[1].x + frames[1].width / 2), y: 22)
        XCTAssertEqual(try demo.process.next("select")["index"] as? Int, 1, "the strip still answers clicks")
        // The launcher of a working bus announces it; the stalled join ends when its daemon goes.
        let session = try AccessibilitySession()
        defer { session.stop() }
        bus.stop()
        XCTAssertEqual(try demo.process.next("accessibility", timeout: 60, where: { $0["status"] as? String == "active" })["status"]
                       as? String, "active")
        let app = try session.ask(["cmd": "tree", "pid": Int(demo.process.process.processIdentifier)])
        XCTAssertEqual(children(children(app).first ?? [:]).first?["role"] as? String, "page tab list")
    }

    /// A bus that accepts connections and never writes a byte (here over TCP,
    /// announced by any client on the root window) is reported, and a real bus
    /// announced while it still holds its connections open is joined.
    func testASilentBusDoesNotKeepTheNextOneOut() throws {
        let display = try Shared.display.get()
        defer { display.setRootProperty("AT_SPI_BUS", nil) }
        let silent = try StallingBus(tcp: true, silent: true)
        defer { silent.stop() }
        let demo = try demoReportingUnanswered(silent, announcedOn: display, marker: "silent")
        defer { demo.process.process.terminate() }
        let session = try AccessibilitySession()
        defer { session.stop() }
        XCTAssertEqual(try demo.process.next("accessibility", timeout: 30)["status"] as? String, "active")
        let app = try session.ask(["cmd": "tree", "pid": Int(demo.process.process.processIdentifier)])
        XCTAssertEqual(children(children(app).first ?? [:]).first?["role"] as? String, "page tab list")
        XCTAssertEqual(demo.process.standardError.split(separator: "\n").count, 1, demo.process.standardError)
    }

    /// Another client rewrites the root window's AT_SPI_BUS, one value at a
    /// time: the demo follows each value, ends on the real bus every time, and
    /// never takes the end of a bus it left for the loss of the one it is on.
    func testRewritesOfTheAnnouncementEndOnTheRealBus() throws {
        let display = try Shared.display.get()
        let session = try AccessibilitySession()
        defer { session.stop() }
        let demo = try RunningDemo([], environment: environmentWithoutBuses(marker: "flips-\(getpid())"))
        defer { demo.process.process.terminate() }
        XCTAssertEqual(try demo.process.next("accessibility", timeout: 60)["status"] as? String, "active")
        let address = try XCTUnwrap(session.busProperty())
        func announce(_ values: [String]) {
            for value in values {
                let bytes = Array(value.utf8)
                XChangeProperty(display.display, XDefaultRootWindow(display.display), XInternAtom(display.display, "AT_SPI_BUS", 0),
                                XA_STRING, 8, PropModeReplace, bytes, Int32(bytes.count))
            }
            XSync(display.display, 0)
        }
        for round in 0..<6 {
            announce(["garbage-\(round)"])
            XCTAssertEqual(try demo.process.next("accessibility")["reason"] as? String,
                           "the accessibility bus address garbage-\(round) is not a unix: or tcp: address")
            announce(["unix:path=/nonexistent/\(round)"])
            XCTAssertEqual(try demo.process.next("accessibility")["reason"] as? String,
                           "the accessibility bus at unix:path=/nonexistent/\(round) refuses connections (No such file or directory)")
            announce([address])
            XCTAssertEqual(try demo.process.next("accessibility", timeout: 30)["status"] as? String, "active", "round \(round)")
        }
        XCTAssertFalse(demo.process.standardError.contains("closed the connection"), demo.process.standardError)
    }

    /// The bus's daemon ends and the launcher starts a new one: the demo says
    /// it lost the first and is on the second, where pyatspi finds it.
    func testARelaunchedBusIsJoined() throws {
        let first = try AccessibilitySession()
        let demo = try RunningDemo([], environment: environmentWithoutBuses(marker: "relaunch-\(getpid())"))
        defer { demo.process.process.terminate() }
        XCTAssertEqual(try demo.process.next("accessibility", timeout: 60)["status"] as? String, "active")
        let address = try XCTUnwrap(first.busProperty())
        first.stop()
        let lost = try demo.process.next("accessibility", timeout: 30)
        XCTAssertEqual(lost["reason"] as? String, "the accessibility bus at \(address) closed the connection")
        let second = try AccessibilitySession()
        defer { second.stop() }
        // Until the old bus's AT_SPI_BUS property is gone, a look at it (a root property change) may say again that
        // it is closed: under load that line can come after the new bus is up. Wait for the join itself.
        _ = try demo.process.next("accessibility", timeout: 60) { $0["status"] as? String == "active" }
        let between = demo.process.allEvents.filter { $0["event"] as? String == "accessibility" }.dropFirst(2).dropLast()
        for status in between {
            XCTAssertTrue((status["reason"] as? String)?.contains(address) == true, "only the old bus fails: \(status)")
        }
        let app = try second.ask(["cmd": "tree", "pid": Int(demo.process.process.processIdentifier)])
        XCTAssertEqual(app["name"] as? String, "segmented-demo")
        XCTAssertEqual(children(children(app).first ?? [:]).first?["role"] as? String, "page tab list")
    }

    /// With no session bus, nothing may autolaunch one: each unusable address
    /// is one clear line (or no bus at all), and nothing the demo started outlives it.
    func testWithoutASessionBusNothingIsStarted() throws {
        let display = try Shared.display.get()
        defer { display.setRootProperty("AT_SPI_BUS", nil) }
        let cases: [(environment: String?, property: String?, status: String, reason: String?)] = [
            ("", nil, "noBus", nil),
            (nil, "", "failed", "the root window's AT_SPI_BUS property holds no bus address"),
            ("autolaunch:", nil, "failed", "the accessibility bus address autolaunch: is not a unix: or tcp: address"),
            ("unixexec:path=/bin/cat", nil, "failed",
             "the accessibility bus address unixexec:path=/bin/cat is not a unix: or tcp: address"),
            (nil, "unix:path=/nonexistent/bus", "failed", nil),
        ]
        for (i, given) in cases.enumerated() {
            let marker = "no-session-\(getpid())-\(i)"
            var environment = environmentWithoutBuses(marker: marker)
            environment["AT_SPI_BUS_ADDRESS"] = given.environment
            display.setRootProperty("AT_SPI_BUS", given.property)
            let demo = try RunningDemo([], environment: environment)
            let status = try demo.process.next("accessibility", timeout: 15)
            XCTAssertEqual(status["status"] as? String, given.status, "case \(i)")
            if let reason = given.reason { XCTAssertEqual(status["reason"] as? String, reason, "case \(i)") }
            if given.status == "failed" {
                let reason = try XCTUnwrap(status["reason"] as? String, "case \(i)")
                XCTAssertFalse(reason.isEmpty, "case \(i)")
            }
            demo.process.process.terminate()
            XCTAssertEqual(demo.process.waitForExit(), 143, "case \(i)")
            for line in demo.process.standardError.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                XCTAssertTrue(line.hasPrefix("segmented-demo: "), "case \(i): \(line)")
            }
            XCTAssertEqual(processes(marked: marker), [], "case \(i): processes the demo started are still running")
        }
    }
}
