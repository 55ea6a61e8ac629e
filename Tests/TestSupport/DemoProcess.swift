import Foundation

/// The real `segmented-demo` binary, run with `--trace`; its trace lines are
/// read as JSON objects as they arrive.
/// `@unchecked Sendable`: the pipe readers (PipeReader) run on threads of their own and touch only `lines`, `partial`,
/// `stderrData`, `stdoutClosed` and `stderrClosed`, always under `lock` (as do `consumed` and every reader on the test's side);
/// of `process` they read only its pipes, set before `run()` and never changed.
public final class DemoProcess: @unchecked Sendable {
    public struct Timeout: Error, CustomStringConvertible {
        public let description: String
    }

    /// The binary: $SEGMENTED_DEMO, or `segmented-demo` next to the test bundle.
    public static var binaryPath: String {
        if let path = ProcessInfo.processInfo.environment["SEGMENTED_DEMO"], !path.isEmpty { return path }
        return builtProduct("segmented-demo")
    }

    /// The path of the executable product `name` built beside the test bundle.
    public static func builtProduct(_ name: String) -> String {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var dir = exe.deletingLastPathComponent()
        // swift-corelibs-xctest runs <config>/<Package>PackageTests.xctest; step out of a bundle directory if any.
        if dir.pathExtension == "xctest" { dir = dir.deletingLastPathComponent() }
        return dir.appendingPathComponent(name).path
    }

    public let process = Process()
    private let lock = NSCondition()
    /// stderr's read end, and the gate its reader reads under (`PipeReader.drain`).
    private var stderrHandle: FileHandle!
    private let stderrGate = NSLock()
    private var lines: [String] = []
    private var partial = Data()
    private var stderrData = Data()
    private var stdoutClosed = false
    private var stderrClosed = false
    private var consumed = 0
    /// The process's end, heard from its termination handler.
    private var ending: ProcessExit?

    /// Starts the demo (or `executable`, a path) with `arguments` (and `--trace` unless `trace` is false).
    public init(arguments: [String], trace: Bool = true, environment: [String: String]? = nil, executable: String? = nil) throws {
        process.executableURL = URL(fileURLWithPath: executable ?? Self.binaryPath)
        process.arguments = (trace ? ["--trace"] : []) + arguments
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        ending = ProcessExit(process)
        try process.run()
        PipeReader.start(out.fileHandleForReading, name: "DemoProcess.stdout") { [weak self] data in self?.receive(data) }
        stderrHandle = err.fileHandleForReading
        PipeReader.start(err.fileHandleForReading, name: "DemoProcess.stderr", gate: stderrGate) { [weak self] data in
            self?.receiveStandardError(data)
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    private func receive(_ data: Data) {
        lock.lock()
        defer {
            lock.broadcast()
            lock.unlock()
        }
        if data.isEmpty {
            stdoutClosed = true
            return
        }
        partial.append(data)
        while let newline = partial.firstIndex(of: 0x0A) {
            lines.append(String(decoding: partial[partial.startIndex..<newline], as: UTF8.self))
            partial = Data(partial[partial.index(after: newline)...])
        }
    }

    private func receiveStandardError(_ data: Data) {
        lock.lock()
        stderrData.append(data)
        if data.isEmpty { stderrClosed = true }
        lock.broadcast()
        lock.unlock()
    }

    /// Everything the demo wrote on stderr so far: every byte in the pipe is
    /// taken first, so a line written before the last trace line read is in
    /// it (the two are separate pipes, read on separate threads).
    public var standardError: String {
        PipeReader.drain(stderrHandle, gate: stderrGate) { receiveStandardError($0) }
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: stderrData, as: UTF8.self)
    }

    /// Waits up to `timeout` seconds for `text` on stderr; returns whether it came.
    public func waitForStandardError(containing text: String, timeout: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while !String(decoding: stderrData, as: UTF8.self).contains(text) {
            if stderrClosed || !lock.wait(until: deadline) { return String(decoding: stderrData, as: UTF8.self).contains(text) }
        }
        return true
    }

    /// Waits up to `timeout` seconds until `condition` holds for every trace
    /// line so far (parsed), asking again as lines arrive; returns whether it held.
    /// Each line is parsed once: a program that writes a thousand lines a
    /// second (a client retitling) made a parse of every line on each arrival
    /// fall behind under a sanitizer. Consumes nothing (`next` is unaffected).
    public func wait(timeout: Double = 20, until condition: ([[String: Any]]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        var parsed = [[String: Any]](), read = 0
        func parseNew() {
            while read < lines.count {
                if let event = Self.parse(lines[read]) { parsed.append(event) }
                read += 1
            }
        }
        parseNew()
        while !condition(parsed) {
            if stdoutClosed || !lock.wait(until: deadline) {
                parseNew()
                return condition(parsed)
            }
            parseNew()
        }
        return true
    }

    /// Every line on stdout so far, as written (a first line that is not JSON, such as a window id, too).
    public var standardOutputLines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }

    /// Every trace line so far, parsed.
    public var allEvents: [[String: Any]] {
        lock.lock()
        defer { lock.unlock() }
        return lines.compactMap { Self.parse($0) }
    }

    private static func parse(_ line: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }

    /// The next trace event named `name` (after those already returned) that
    /// satisfies `predicate`; skipped events are consumed.
    /// - Throws: `Timeout` when none arrives within `timeout` seconds.
    public func next(_ name: String, timeout: Double = 20, where predicate: ([String: Any]) -> Bool = { _ in true }) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while true {
            while consumed < lines.count {
                let line = lines[consumed]
                consumed += 1
                if let object = Self.parse(line), object["event"] as? String == name, predicate(object) { return object }
            }
            if stdoutClosed || !lock.wait(until: deadline) {
                if consumed < lines.count { continue }
                throw Timeout(description: "no '\(name)' trace event within \(timeout) s; stderr: \(String(decoding: stderrData, as: UTF8.self))")
            }
        }
    }

    /// The first line on stdout as it is (tabbed's and segmented-tabbed's window id, `0x...`), whether or not
    /// `next` has passed it.
    /// - Throws: `Timeout` when none arrives within `timeout` seconds.
    public func firstLine(timeout: Double = 20) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while lines.isEmpty {
            if stdoutClosed || !lock.wait(until: deadline) {
                if let line = lines.first { return line }
                throw Timeout(description: "no line on stdout within \(timeout) s; stderr: \(String(decoding: stderrData, as: UTF8.self))")
            }
        }
        return lines[0]
    }

    /// Forgets every trace line received so far: `next` then waits for new ones.
    public func skipToEnd() {
        lock.lock()
        consumed = lines.count
        lock.unlock()
    }

    /// Resident memory of the process now, kilobytes (VmRSS), or nil when it has ended.
    public var residentKilobytes: Int? { statusKilobytes("VmRSS:") }

    /// The most resident memory the process has had, kilobytes (VmHWM, its peak), or nil when it has ended.
    public var peakResidentKilobytes: Int? { statusKilobytes("VmHWM:") }

    /// The value of the line starting with `field` in /proc/PID/status, kilobytes.
    private func statusKilobytes(_ field: String) -> Int? {
        guard let status = ProcFile.text("/proc/\(process.processIdentifier)/status"),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }) else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }

    /// Waits for the process to end; returns its exit status, or nil on timeout (the process is then killed).
    public func waitForExit(timeout: Double = 10) -> Int32? {
        guard ending?.wait(timeout: timeout) == true else {
            process.terminate()
            return nil
        }
        // Let the pipes drain: both reach their end once every writer (the demo's children too) is gone.
        let drain = Date().addingTimeInterval(2)
        lock.lock()
        while !(stdoutClosed && stderrClosed), lock.wait(until: drain) {}
        lock.unlock()
        return process.terminationStatus
    }

    /// Runs the demo to completion with `arguments` (no trace); returns (status, stdout + stderr).
    public static func runToEnd(_ arguments: [String], environment: [String: String]? = nil, timeout: Double = 15) throws -> (status: Int32?, stderr: String) {
        let demo = try DemoProcess(arguments: arguments, trace: false, environment: environment)
        let status = demo.waitForExit(timeout: timeout)
        return (status, demo.standardError)
    }
}

/// Reads a rectangle `{x, y, width, height}` from a trace object.
public func traceRect(_ value: Any?) -> (x: Double, y: Double, width: Double, height: Double)? {
    guard let r = value as? [String: Any], let x = (r["x"] as? NSNumber)?.doubleValue,
          let y = (r["y"] as? NSNumber)?.doubleValue, let w = (r["width"] as? NSNumber)?.doubleValue,
          let h = (r["height"] as? NSNumber)?.doubleValue else { return nil }
    return (x, y, w, h)
}

/// Reads a number from a trace object.
public func traceNumber(_ value: Any?) -> Double? {
    (value as? NSNumber)?.doubleValue
}
