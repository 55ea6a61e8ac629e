import Foundation

/// An Xvfb of the test's own, for the cases the shared display cannot show:
/// another depth, an extension turned off, a server short of memory.
/// Stopped when released.
public final class PrivateXServer {
    public struct Failed: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    /// The display name, ":N" (Xvfb picks a free N itself, `-displayfd`).
    public let name: String
    private let process = Process()
    /// Xorg's config and log, kept while it runs.
    private var folder: TemporaryFolder?

    /// Starts Xvfb with `arguments` (screen, `-extension`...; `-nolisten tcp`
    /// is added) and waits until it accepts connections.
    /// - Parameter memoryLimitKilobytes: the server's address-space limit
    ///   (`ulimit -v`, KiB); an allocation past it fails with BadAlloc.
    public init(arguments: [String], memoryLimitKilobytes: Int? = nil) throws {
        let xvfb = ["Xvfb", "-displayfd", "1", "-nolisten", "tcp"] + arguments
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let limit = memoryLimitKilobytes.map { "ulimit -v \($0) && " } ?? ""
        process.arguments = ["-c", limit + "exec \"$@\"", "sh"] + xvfb
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Xvfb writes its display number and a newline on fd 1 once it listens.
        guard let number = Self.readDisplayNumber(out.fileHandleForReading.fileDescriptor) else {
            if process.isRunning { process.terminate() }
            throw Failed(description: "Xvfb \(arguments.joined(separator: " ")) did not start")
        }
        name = ":\(number)"
    }

    /// Starts Xorg with the dummy video driver (xserver-xorg-video-dummy) and
    /// no input devices, one 800 × 600 mode per rate in `hertz` (the first
    /// is set), and waits until it accepts connections: a real server whose
    /// RandR reports a refresh rate, as Xvfb's does not. Its config and log
    /// are in a folder of its own.
    public init(dummyModesAtHertz hertz: [Double]) throws {
        let folder = try TemporaryFolder(prefix: "segmented-xorg")
        // 800 × 600 with the VESA totals (1056 × 628): the dot clock gives the rate.
        let modes = hertz.map { rate -> (name: String, line: String) in
            let name = "800x600_\(Int(rate))"
            return (name, "  Modeline \"\(name)\" \(rate * 1056 * 628 / 1e6) 800 840 968 1056 600 601 605 628")
        }
        let config = """
        Section "ServerFlags"
          Option "AutoAddDevices" "false"
          Option "AutoEnableDevices" "false"
        EndSection
        Section "Device"
          Identifier "dummy"
          Driver "dummy"
          VideoRam 32768
        EndSection
        Section "Monitor"
          Identifier "monitor"
          HorizSync 5.0-1000.0
          VertRefresh 5.0-500.0
        \(modes.map(\.line).joined(separator: "\n"))
        EndSection
        Section "Screen"
          Identifier "screen"
          Device "dummy"
          Monitor "monitor"
          DefaultDepth 24
          SubSection "Display"
            Depth 24
            Modes \(modes.map { "\"\($0.name)\"" }.joined(separator: " "))
          EndSubSection
        EndSection
        """
        let configPath = try folder.file("xorg.conf", Array(config.utf8))
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec Xorg -displayfd 1 -nolisten tcp -noreset -config \"$1\" -logfile \"$2\"", "sh", configPath,
                             folder.path + "/xorg.log"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        guard let number = Self.readDisplayNumber(out.fileHandleForReading.fileDescriptor, seconds: 20) else {
            if process.isRunning { process.terminate() }
            throw Failed(description: "Xorg with the dummy driver did not start (its log: \(folder.path)/xorg.log)")
        }
        name = ":\(number)"
        self.folder = folder
    }

    /// Sets the dummy driver's mode at `hertz` (one of those it was started
    /// with) with xrandr, as a user switching modes would.
    /// - Returns: xrandr's exit status.
    @discardableResult
    public func setDummyMode(hertz: Double) throws -> Int32 {
        let xrandr = Process()
        xrandr.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        xrandr.arguments = ["xrandr", "--output", "DUMMY0", "--mode", "800x600_\(Int(hertz))"]
        xrandr.environment = environment
        try xrandr.run()
        xrandr.waitUntilExit()
        return xrandr.terminationStatus
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }

    /// The display number a server (`-displayfd`) or the delaying proxy writes, with a newline, once it
    /// listens; nil when `fd` closes or `seconds` pass first.
    public static func readDisplayNumber(_ fd: Int32, seconds: Double = 10) -> Int? {
        var text = ""
        let deadline = Date().addingTimeInterval(seconds)
        while !text.contains("\n"), Date() < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 64)
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { break }
            text += String(decoding: buffer[..<n], as: UTF8.self)
        }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The server's address space now, KiB (VmSize), or nil when it has ended.
    public var virtualMemoryKilobytes: Int? {
        guard let status = ProcFile.text("/proc/\(process.processIdentifier)/status"),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmSize:") }) else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }

    /// This process's environment with DISPLAY naming the server.
    public var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = name
        return environment
    }
}
