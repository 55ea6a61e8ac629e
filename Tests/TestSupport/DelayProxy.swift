import Foundation

/// The delaying X proxy (bench/delay-proxy) on a display of its own, forwarding
/// to `target`: a slow link (`ssh -X`) on one machine, which also counts the
/// round trips of the programs run through it. Stopped when released.
public final class DelayProxy {
    public struct Failed: Error, CustomStringConvertible {
        public let description: String
    }

    /// What the proxy has counted over every connection so far.
    public struct Counts: Equatable, Sendable {
        public var connections = 0
        public var requests = 0
        public var replies = 0
        /// Replies the client sat waiting for (nothing newer sent): a batch counts once.
        public var roundTrips = 0
    }

    /// The proxy's display name, ":N".
    public let name: String
    private let process = Process()
    private let statsPath: String
    private let log: Pipe

    /// Starts the proxy in front of `target` (":N"), holding each chunk for
    /// `delayMilliseconds` in each direction. `executable` defaults to the
    /// `delay-proxy` built beside this program.
    public init(target: String, delayMilliseconds: Double, verbose: Bool = false, executable: String? = nil) throws {
        statsPath = NSTemporaryDirectory() + "delay-proxy-\(getpid())-\(UUID().uuidString).stats"
        process.executableURL = URL(fileURLWithPath: executable ?? DemoProcess.builtProduct("delay-proxy"))
        process.arguments = ["--delay-ms", String(delayMilliseconds), "--stats", statsPath] + (verbose ? ["--verbose"] : []) + [target]
        let out = Pipe()
        log = Pipe()
        process.standardOutput = out
        process.standardError = log
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Like Xvfb -displayfd: the display number and a newline once it listens.
        guard let number = PrivateXServer.readDisplayNumber(out.fileHandleForReading.fileDescriptor) else {
            if process.isRunning { process.terminate() }
            throw Failed(description: "delay-proxy in front of \(target) did not start")
        }
        name = ":\(number)"
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: statsPath)
    }

    /// The counts now (the proxy rewrites them after every reply it passes on).
    public var counts: Counts {
        guard let text = try? String(contentsOfFile: statsPath, encoding: .utf8) else { return Counts() }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        var values = [String: Int]()
        for i in stride(from: 0, to: words.count - 1, by: 2) { values[String(words[i])] = Int(words[i + 1]) }
        return Counts(connections: values["connections"] ?? 0, requests: values["requests"] ?? 0,
                      replies: values["replies"] ?? 0, roundTrips: values["roundtrips"] ?? 0)
    }

    /// Stops the proxy and returns what it wrote on stderr (with `verbose`, one line per round trip).
    public func stopAndReadLog() -> String {
        process.terminate()
        process.waitUntilExit()
        return String(decoding: log.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// This process's environment with DISPLAY naming the proxy.
    public var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = name
        return environment
    }
}
