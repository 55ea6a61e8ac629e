import Foundation

/// A command run to its end, for the tests that drive tools (make, swiftc, groff).
public struct Command {
    /// The exit status, standard output and standard error (decoded as UTF-8).
    public let status: Int32, output: String, errors: String

    /// Runs `arguments[0]` found on `PATH` with the rest, standard input empty,
    /// and waits for it; throws only when it cannot be started.
    public init(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        (process.standardOutput, process.standardError, process.standardInput) = (out, err, FileHandle.nullDevice)
        try process.run()
        // Standard error on another thread, so that neither pipe fills while the other is read.
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { errorData = err.fileHandleForReading.readDataToEndOfFile() }
        let outputData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        status = process.terminationStatus
        output = String(decoding: outputData, as: UTF8.self)
        errors = String(decoding: errorData, as: UTF8.self)
    }
}
