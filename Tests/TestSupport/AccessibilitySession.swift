import CX11
import Foundation

/// A private accessibility stack for the tests, on the current $DISPLAY: a D-Bus
/// session bus (`dbus-daemon --session`), the accessibility bus started by
/// `at-spi-bus-launcher --launch-immediately` (which sets the root window's
/// AT_SPI_BUS property; the registry daemon is started on demand), and one
/// long-lived pyatspi client (Tests/Accessibility/atspi_probe.py under the
/// system python3) that answers JSON commands.
///
/// `stop()` ends every process it started and what they started (the
/// registry, the accessibility bus), deepest first so that each parent reaps
/// its children, and removes the AT_SPI_BUS property if it is left.
public final class AccessibilitySession {
    public struct Failed: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// The session bus's address.
    public let sessionAddress: String
    private let daemon = Process()
    private let launcher = Process()
    private let probe = Process()
    private let probeInput = Pipe()
    private let lines = LineReader()
    private let display: OpaquePointer
    private var stopped = false

    /// The probe script in the source tree.
    public static var probePath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Accessibility/atspi_probe.py").path
    }

    /// Starts the buses and the client; throws (with what went wrong) when
    /// any of them does not come up within 20 seconds.
    public init() throws {
        guard let name = ProcessInfo.processInfo.environment["DISPLAY"], let display = XOpenDisplay(name) else {
            throw Failed("no X display to run the accessibility bus on")
        }
        self.display = display
        for path in ["/usr/bin/dbus-daemon", "/usr/libexec/at-spi-bus-launcher", "/usr/bin/python3"]
        where !FileManager.default.isExecutableFile(atPath: path) {
            XCloseDisplay(display)
            throw Failed("\(path) is missing: run scripts/install-deps.sh (dbus, at-spi2-core, python3-pyatspi)")
        }
        let address = Pipe()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--nopidfile", "--print-address=1"]
        daemon.standardOutput = address
        daemon.standardError = FileHandle.nullDevice
        daemon.standardInput = FileHandle.nullDevice
        try daemon.run()
        let reader = LineReader()
        reader.attach(address.fileHandleForReading)
        guard let line = reader.next(timeout: 20), line.hasPrefix("unix:") else {
            daemon.terminate()
            XCloseDisplay(display)
            throw Failed("dbus-daemon --session printed no address")
        }
        sessionAddress = line
        launcher.executableURL = URL(fileURLWithPath: "/usr/libexec/at-spi-bus-launcher")
        launcher.arguments = ["--launch-immediately"]
        launcher.environment = environment
        launcher.standardOutput = FileHandle.nullDevice
        launcher.standardError = FileHandle.nullDevice
        launcher.standardInput = FileHandle.nullDevice
        do {
            try launcher.run()
            let deadline = Date().addingTimeInterval(20)
            while busProperty() == nil {
                guard Date() < deadline, launcher.isRunning else {
                    throw Failed("at-spi-bus-launcher did not publish AT_SPI_BUS on the root window")
                }
                usleep(20_000)
            }
            probe.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            probe.arguments = [Self.probePath]
            probe.environment = environment
            let output = Pipe()
            probe.standardOutput = output
            probe.standardInput = probeInput
            probe.standardError = FileHandle.standardError
            try probe.run()
            lines.attach(output.fileHandleForReading)
            guard let ready = lines.next(timeout: 20), ready.contains("ready") else {
                throw Failed("the pyatspi probe did not start (is python3-pyatspi installed?)")
            }
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// This process's environment with the session bus's address: what a
    /// program needs to find the accessibility bus.
    public var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = sessionAddress
        environment.removeValue(forKey: "NO_AT_BRIDGE")
        environment.removeValue(forKey: "AT_SPI_BUS_ADDRESS")
        return environment
    }

    /// The root window's AT_SPI_BUS property (the accessibility bus's address), or nil.
    public func busProperty() -> String? {
        XSync(display, 0)
        let atom = XInternAtom(display, "AT_SPI_BUS", 1)
        guard atom != 0 else { return nil }
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, XDefaultRootWindow(display), atom, 0, 1024, 0, Atom(AnyPropertyType), &type, &format,
                                 &count, &after, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        return type == 0 ? nil : String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
    }

    /// Sends one command to the probe and returns its answer; throws the
    /// probe's error, or when it does not answer within `timeout` seconds.
    @discardableResult
    public func ask(_ command: [String: Any], timeout: Double = 30) throws -> [String: Any] {
        var data = try JSONSerialization.data(withJSONObject: command)
        data.append(0x0A)
        probeInput.fileHandleForWriting.write(data)
        guard let line = lines.next(timeout: timeout) else {
            throw Failed("the pyatspi probe did not answer \(command) within \(timeout) s")
        }
        guard let answer = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw Failed("the probe answered something that is not a JSON object: \(line)")
        }
        if let error = answer["error"] as? String { throw Failed("pyatspi: \(error)") }
        return answer
    }

    /// Process ids of `roots` and everything they started, deepest first.
    public static func descendants(of roots: [Int32]) -> [Int32] {
        var parents: [Int32: Int32] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry), let stat = ProcFile.text("/proc/\(entry)/stat"),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = Int32(fields[1]) { parents[pid] = parent }
        }
        var order: [Int32] = []
        var level = roots
        while !level.isEmpty {
            order.append(contentsOf: level)
            level = parents.filter { level.contains($0.value) }.map(\.key)
        }
        return order.reversed()
    }

    /// Whether `pid` still runs (a zombie does not count).
    public static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = ProcFile.text("/proc/\(pid)/stat"),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }

    /// The processes this session started and that still run (empty after `stop()`).
    public private(set) var started: [Int32] = []

    /// Ends the probe, the launcher (and the accessibility bus and registry it
    /// started) and the session bus, and waits until none of them runs.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        if probe.isRunning {
            probeInput.fileHandleForWriting.write(Data("{\"cmd\": \"quit\"}\n".utf8))
        }
        let roots = [probe, launcher, daemon].filter(\.isRunning).map(\.processIdentifier)
        started = Self.descendants(of: roots)
        for pid in started {
            kill(pid, SIGTERM)
            let deadline = Date().addingTimeInterval(2)
            while Self.isRunning(pid), Date() < deadline { usleep(10_000) }
            if Self.isRunning(pid) { kill(pid, SIGKILL) }
        }
        for process in [probe, launcher, daemon] where process.processIdentifier != 0 { process.waitUntilExit() }
        // The launcher removes the property when it ends; a killed one cannot.
        let atom = XInternAtom(display, "AT_SPI_BUS", 1)
        if atom != 0 { XDeleteProperty(display, XDefaultRootWindow(display), atom) }
        XSync(display, 0)
        XCloseDisplay(display)
        started = started.filter(Self.isRunning)
    }
}

/// Lines of a pipe as they arrive (`@unchecked Sendable`: the reading thread and the
/// reader touch `buffer` and `lines` only under `condition`).
final class LineReader: @unchecked Sendable {
    private let condition = NSCondition()
    private var buffer = Data()
    private var lines: [String] = []
    private var closed = false

    func attach(_ handle: FileHandle) {
        PipeReader.start(handle, name: "LineReader") { [self] data in
            condition.lock()
            if data.isEmpty { closed = true }
            buffer.append(data)
            while let newline = buffer.firstIndex(of: 0x0A) {
                lines.append(String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self))
                buffer = Data(buffer[buffer.index(after: newline)...])
            }
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The next line, or nil after `timeout` seconds or at the end.
    func next(timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while lines.isEmpty, !closed, condition.wait(until: deadline) {}
        return lines.isEmpty ? nil : lines.removeFirst()
    }
}
