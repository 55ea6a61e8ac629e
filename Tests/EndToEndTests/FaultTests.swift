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

        init(extraArguments: [String] = []) throws {
            let fm = FileManager.default
            guard let number = (140..<240).first(where: {
                !fm.fileExists(atPath: "/tmp/.X11-unix/X\($0)") && !fm.fileExists(atPath: "/tmp/.X\($0)-lock")
            }) else { throw Failed(description: "no free display number") }
            name = ":\(number)"
            process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
            process.arguments = [name, "-displayfd", "1", "-screen", "0", "640x480x24", "-nolisten", "tcp"] + extraArguments
            process.standardError = FileHandle.nullDevice
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            // Xvfb writes its display number on fd 1 once it accepts connections.
            guard PrivateXServer.readDisplayNumber(out.fileHandleForReading.fileDescriptor) == number else {
                throw Failed(description: "Xvfb \(name) did not start")
            }
        }

        deinit {
            kill(process.processIdentifier, SIGCONT)
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// An Xauthority file with one MIT-MAGIC-COOKIE-1 entry for any host (FamilyWild), in Xlib's binary format.
    private func writeAuthority(_ path: String, display number: String) throws {
        func field(_ bytes: [UInt8]) -> [UInt8] { [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes }
        let cookie = (0..<16).map { _ in UInt8.random(in: 0...255) }
        let entry = [0xFF, 0xFF] + field([]) + field(Array(number.utf8)) + field(Array("MIT-MAGIC-COOKIE-1".utf8)) + field(cookie)
        try Data(entry).write(to: URL(fileURLWithPath: path))
    }

    func testARefusedAuthorizationIsSaidInOneLine() throws {
        let folder = try TemporaryFolder(prefix: "segmented-auth")
        let authority = folder.path + "/server-auth"
        // The server takes every cookie in its -auth file whatever display number the entry names.
        try writeAuthority(authority, display: "0")
        let server = try PrivateServer(extraArguments: ["-auth", authority])
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = server.name
        environment["XAUTHORITY"] = "/dev/null"
        let result = try DemoProcess.runToEnd([], environment: environment)
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "segmented-demo: cannot open display '\(server.name)': authorization refused (check XAUTHORITY)\n")
    }

    func testAnXAuthorityThatIsNotAFileIsRefusedAtOnce() throws {
        let folder = try TemporaryFolder(prefix: "segmented-xauth")
        let fifo = folder.path + "/fifo"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        for authority in ["/dev/zero", fifo] {
            var environment = ProcessInfo.processInfo.environment
            environment["XAUTHORITY"] = authority
            // The message is the check made before Xlib reads the file: a read would block (a FIFO) or never end (/dev/zero).
            let result = try DemoProcess.runToEnd([], environment: environment, timeout: 8)
            XCTAssertEqual(result.status, 1, authority)
            XCTAssertTrue(result.stderr.hasSuffix(": XAUTHORITY '\(authority)' is not a regular file\n"), result.stderr)
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
        XCTAssertEqual(demo.waitForExit(timeout: 5), 1)
        XCTAssertEqual(demo.standardError, "segmented-demo: lost the connection to the X server\n")
    }

    func testAFrozenServerStillLetsSIGTERMEndTheProgram() throws {
        let server = try PrivateServer()
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = server.name
        let demo = try DemoProcess(arguments: ["--select", "5"], environment: environment)
        _ = try demo.next("firstFrame")
        kill(server.process.processIdentifier, SIGSTOP)
        // Stopped: state T in /proc/PID/stat, after the parenthesized command name.
        XCTAssertTrue(eventually(timeout: 5) {
            ProcFile.text("/proc/\(server.process.processIdentifier)/stat")?.split(separator: ")").last?.hasPrefix(" T") == true
        }, "the server stopped")
        kill(demo.process.processIdentifier, SIGTERM)
        XCTAssertEqual(demo.waitForExit(timeout: 5), 143)
    }
}
