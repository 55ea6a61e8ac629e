import Foundation
import TestSupport

/// What one run of a program cost, from wait4's resource usage.
struct ProcessCost {
    /// Wall time from spawn to exit, seconds.
    let wall: Double
    /// User + system CPU time, seconds.
    let cpu: Double
    /// Peak resident set, KiB.
    let maxRSS: Int
    /// Exit status (-1 when killed by a signal).
    let status: Int32
}

/// Runs `path` with `arguments` to completion through the `measure` helper
/// (bench/peers/measure.c, which forks for real so that peak RSS is the child's own).
func measureProcess(_ path: String, _ arguments: [String], helper: String, environment: [String: String]? = nil) -> ProcessCost {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: helper)
    process.arguments = [path] + arguments
    if let environment { process.environment = environment }
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return ProcessCost(wall: .nan, cpu: .nan, maxRSS: 0, status: -1) }
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let fields = String(decoding: data, as: UTF8.self).split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
    guard fields.count == 4, let wall = Double(fields[0]), let cpu = Double(fields[1]), let rss = Int(fields[2]),
          let status = Int32(fields[3]) else { return ProcessCost(wall: .nan, cpu: .nan, maxRSS: 0, status: -1) }
    return ProcessCost(wall: wall, cpu: cpu, maxRSS: rss, status: status)
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// CPU ticks (utime + stime, in clock ticks) of `pid`, and the context
/// switches of each of its threads (`ProcFile.contextSwitches`).
func processActivity(_ pid: Int32) -> (ticks: Int, switches: [String: Int])? {
    guard let stat = readFile("/proc/\(pid)/stat") else { return nil }
    // Fields after the parenthesized command name: state is field 3; utime 14, stime 15.
    guard let close = stat.lastIndex(of: ")") else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 13, let utime = Int(fields[11]), let stime = Int(fields[12]) else { return nil }
    return (utime + stime, ProcFile.contextSwitches(ofProcess: pid))
}

/// CPU ticks and wakeups (`ProcFile.wakeups`) between two `processActivity`
/// samples; -1 for both when a sample failed.
func activity(from a: (ticks: Int, switches: [String: Int])?, to b: (ticks: Int, switches: [String: Int])?) -> (ticks: Int, wakeups: Int) {
    guard let a, let b else { return (-1, -1) }
    return (b.ticks - a.ticks, ProcFile.wakeups(from: a.switches, to: b.switches))
}

func readFile(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var result = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&buffer, 1, buffer.count, file)
        if n <= 0 { break }
        result.append(contentsOf: buffer[0..<n])
    }
    return String(decoding: result, as: UTF8.self)
}

func listDirectory(_ path: String) throws -> [String] {
    guard let dir = opendir(path) else { return [] }
    defer { closedir(dir) }
    var names = [String]()
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != ".", name != ".." { names.append(name) }
    }
    return names
}
