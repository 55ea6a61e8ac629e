import Foundation
import TestSupport
import XCTest

/// An open-file or address-space limit too small to run: one line naming the
/// limit, its value and what is needed, exit 1, at once (it was a hang that
/// only SIGKILL ended, an abort, SIGILL, or a misleading or raw line). At the
/// floors the demo runs a whole session.
final class ResourceLimitTests: XCTestCase {
    /// The floors docs/usage.md gives: descriptors, and KiB of address space (512 MiB).
    private static let openFiles = 32, addressSpaceKiB = 524_288
    /// A sanitizer reserves terabytes of shadow address space at start: no address-space limit can hold it.
    private static let sanitized = ProcessInfo.processInfo.environment["SEGMENTED_SANITIZED"] != nil

    /// A shell's first words: it closes every descriptor past 2 it was given.
    /// Foundation's `Process.run` lets some of the test process's own reach
    /// a child (an eleventh inherited descriptor, under AddressSanitizer), so
    /// the counts below would depend on what the test process holds.
    /// (No redirection of the loop: bash would keep its stderr in a descriptor the loop closes.)
    private static let closeInherited = "for n in $(ls /proc/$$/fd); do [ \"$n\" -gt 2 ] && eval \"exec $n>&-\"; done; "

    /// Runs the demo (with `arguments`) under a shell that sets `limits`
    /// (`ulimit` options) and opens `inherited` more descriptors from 3 up,
    /// then waits for its end (10 s at most).
    private func runLimited(_ limits: String, inherited: Int = 0, _ arguments: [String] = []) throws -> DemoProcess {
        let opens = (0..<inherited).map { "exec \($0 + 3)</dev/null; " }.joined()
        let demo = try DemoProcess(arguments: ["-c", Self.closeInherited + "ulimit \(limits); \(opens)exec \"$0\" \"$@\"",
                                               DemoProcess.binaryPath] + arguments,
                                   trace: false, executable: "/bin/bash")
        if demo.waitForExit(timeout: 10) == nil {
            // Hung with SIGTERM blocked, as libdispatch's retry loop was: only SIGKILL ends it.
            kill(demo.process.processIdentifier, SIGKILL)
            demo.process.waitUntilExit()
            XCTFail("\(limits): still running after 10 s")
        }
        return demo
    }

    private func assertRefused(_ demo: DemoProcess, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(demo.process.terminationReason, .exit, "not a signal: \(demo.standardError)", file: file, line: line)
        XCTAssertEqual(demo.process.terminationStatus, 1, demo.standardError, file: file, line: line)
        XCTAssertEqual(demo.standardError, "segmented-demo: \(message)\n", file: file, line: line)
    }

    /// 4 was SIGILL (libdispatch's eventfd), 9 to 14 a titles file or a display that did not open, or fontconfig's raw line.
    func testAnOpenFileLimitTooSmallIsSaid() throws {
        for limit in [4, 5, 9, 11, 12, 14, Self.openFiles - 1] {
            assertRefused(try runLimited("-n \(limit)"), "the open-file limit (ulimit -n) is \(limit); at least \(Self.openFiles) are needed")
        }
    }

    /// Descriptors open when the demo starts take numbers below the limit its own cannot have.
    func testInheritedDescriptorsCountAgainstTheOpenFileLimit() throws {
        assertRefused(try runLimited("-n 40", inherited: 10),
                      "the open-file limit (ulimit -n) is 40, and 10 inherited descriptors leave 30 free; at least \(Self.openFiles) are needed")
    }

    /// 30,000 to 40,000 KiB aborted (libgcc_s could not be loaded for pthread_exit) after warnings of missing fonts;
    /// 100,000 hung with SIGTERM blocked; 300,000 hung or crashed in a reload.
    func testAnAddressSpaceLimitTooSmallIsSaid() throws {
        if Self.sanitized { throw XCTSkip("a sanitized build cannot start under any address-space limit") }
        for kib in [30_000, 40_000, 100_000, 300_000, Self.addressSpaceKiB - 1] {
            assertRefused(try runLimited("-v \(kib)"),
                          "the address-space limit (ulimit -v) is \(kib) KiB; at least \(Self.addressSpaceKiB) KiB (512 MiB) are needed")
        }
    }

    /// At both floors, with the bundled titles and with 100,000: the first
    /// frame, a SIGHUP's reload, and SIGTERM's 143, with nothing on stderr.
    /// A sanitized build runs at the open-file floor only.
    func testAtTheFloorsASessionRuns() throws {
        let folder = try TemporaryFolder(prefix: "segmented-limits")
        let many = try folder.file("many.json", Array(try JSONSerialization.data(withJSONObject: (0..<100_000).map { "title \($0)" })))
        for titles in [[], ["--titles-file", many]] {
            let demo = try DemoProcess(arguments: ["-c", Self.closeInherited + "ulimit -n \(Self.openFiles)\(Self.sanitized ? "" : " -v \(Self.addressSpaceKiB)"); exec \"$0\" \"$@\"",
                                                   DemoProcess.binaryPath, "--trace"] + titles,
                                       trace: false, executable: "/bin/bash")
            _ = try demo.next("firstFrame")
            kill(demo.process.processIdentifier, SIGHUP)
            _ = try demo.next("titles")
            kill(demo.process.processIdentifier, SIGTERM)
            XCTAssertEqual(demo.waitForExit(timeout: 10), 143, "\(titles): \(demo.standardError)")
            XCTAssertEqual(demo.standardError, "", "\(titles)")
        }
    }
}
