import Foundation
import TestSupport
import XCTest

/// Signals and a server that dies or stops answering: a clear end, never a hang.
final class FaultTests: XCTestCase {
    /// A private Xvfb on a free display number, for tests that kill or freeze the server.
    private final class PrivateServer {
        struct Failed: Error, CustomStringConvertible { let description: String }
        let process = Process()
        let name: String

        init() throws {
            let fm = FileManager.default
            guard let number = (140..<240).first(where: {
                !fm.fileExists(atPath: "/tmp/.X11-unix/X\($0)") && !fm.fileExists(atPath: "/tmp/.X\($0)-lock")
            }) else { throw Failed(description: "no free display number") }
            name = ":\(number)"
            process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
            process.arguments = [name, "-screen", "0", "640x480x24", "-nolisten", "tcp"]
            process.standardError = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(10)
            while !fm.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
                guard Date() < deadline, process.isRunning else { throw Failed(description: "Xvfb \(name) did not start") }
                usleep(20_000)
            }
            usleep(100_000)
        }

        deinit {
            kill(process.processIdentifier, SIGCONT)
            process.terminate()
            process.waitUntilExit()
        }
    }

    func testSignalsCloseTheWindowWithTheirExitStatus() throws {
        for (signal, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            let demo = try RunningDemo()
            kill(demo.process.process.processIdentifier, signal)
            XCTAssertEqual(demo.process.waitForExit(timeout: 5), status, demo.process.standardError)
        }
    }

    func testTheServerGoingAwayEndsTheProgramWithStatus1() throws {
        let server = try PrivateServer()
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = server.name
        let demo = try DemoProcess(arguments: [], environment: environment)
        _ = try demo.next("firstFrame")
        server.process.terminate()
        let start = Date()
        XCTAssertEqual(demo.waitForExit(timeout: 5), 1)
        XCTAssertLessThan(Date().timeIntervalSince(start), 1.5)
        XCTAssertEqual(demo.standardError, "segmented-demo: lost the connection to the X server\n")
    }

    func testAFrozenServerStillLetsSIGTERMEndTheProgram() throws {
        let server = try PrivateServer()
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = server.name
        let demo = try DemoProcess(arguments: ["--select", "5"], environment: environment)
        _ = try demo.next("firstFrame")
        kill(server.process.processIdentifier, SIGSTOP)
        usleep(100_000)
        kill(demo.process.processIdentifier, SIGTERM)
        XCTAssertEqual(demo.waitForExit(timeout: 5), 143)
    }
}
