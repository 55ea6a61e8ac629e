import Foundation

/// Instructions `path` runs from exec to exit with `arguments`, as
/// callgrind counts them (`valgrind --tool=callgrind`, "Collected"): unlike
/// wall or CPU time, the count hardly moves on a loaded machine. Our release
/// binary is counted from a stripped copy in `scratch` (valgrind 3.19 cannot
/// read the debug information lld writes into it). Nil when valgrind is
/// missing or the run fails.
func countInstructions(_ path: String, _ arguments: [String], stripInto scratch: URL? = nil) -> Double? {
    var program = path
    if let scratch {
        program = scratch.appendingPathComponent("stripped-" + URL(fileURLWithPath: path).lastPathComponent).path
        guard run("/usr/bin/env", ["strip", "-o", program, path]).status == 0 else { return nil }
    }
    let (status, errors) = run("/usr/bin/env", ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", program] + arguments)
    guard status == 0 else { return nil }
    // "==123== Collected : 48880988"
    let line = errors.split(separator: "\n").first { $0.contains("Collected :") }
    return line.flatMap { Double($0.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) }
}

/// Runs a program to its end: its exit status and standard error.
private func run(_ path: String, _ arguments: [String]) -> (status: Int32, standardError: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let errors = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = errors
    guard (try? process.run()) != nil else { return (-1, "") }
    let data = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
