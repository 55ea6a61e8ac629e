import Foundation
import TestSupport

/// Frames of 0.3 s selection tweens at one refresh rate (issue 26).
struct RatePacingResult: Encodable {
    let hertz: Double
    /// The rate the demo said it ticks at (its `refreshRate` line).
    let tickHertz: Double
    let framesPerTween: Summary
    /// Between consecutive frames of one tween.
    let intervalMilliseconds: Summary
    /// The demo's CPU (every thread's scheduler run time) from the first click to the last settle, per second of tween.
    let cpuMillisecondsPerSecond: Double
}

/// Xorg with the dummy video driver, one 800 × 600 mode per rate in
/// `hertz`, each set in turn with xrandr; at each, `tweens` selection tweens
/// of the demo (clicks alternately right and left, each waited for until it
/// settles, 0.3 s apart).
func measureRatePacing(hertz: [Double], tweens: Int) throws -> [RatePacingResult] {
    let server = try PrivateXServer(dummyModesAtHertz: hertz)
    // The bench's connection closes before the server stops (a server gone under it is a fatal XIO error).
    return try withExtendedLifetime(server) { try measureRatePacing(on: server, hertz: hertz, tweens: tweens) }
}

private func measureRatePacing(on server: PrivateXServer, hertz: [Double], tweens: Int) throws -> [RatePacingResult] {
    let display = try TestDisplay(name: server.name)
    var results: [RatePacingResult] = []
    for rate in hertz {
        try server.setDummyMode(hertz: rate)
        let driver = try DemoDriver(display: display, arguments: [], environment: server.environment)
        let tick = traceNumber(try driver.demo.next("refreshRate")["hertz"]) ?? 0
        usleep(300_000)
        let before = processRunMilliseconds(driver.demo.process.processIdentifier)
        var counts = [Double](), gaps = [Double]()
        for _ in 0..<tweens {
            let first = driver.demo.allEvents.count
            try driver.selectionTweens(1)
            let times = driver.demo.allEvents[first...]
                .filter { $0["event"] as? String == "frame" && $0["animating"] as? Bool == true }.compactMap { traceNumber($0["time"]) }
            counts.append(Double(times.count))
            gaps += zip(times.dropFirst(), times).map { ($0 - $1) * 1000 }
            usleep(300_000)
        }
        let after = processRunMilliseconds(driver.demo.process.processIdentifier)
        results.append(RatePacingResult(hertz: rate, tickHertz: tick, framesPerTween: Summary(counts), intervalMilliseconds: Summary(gaps),
                                        cpuMillisecondsPerSecond: (after - before) / (0.3 * Double(tweens))))
    }
    return results
}

/// The process's time on a CPU, every thread's, milliseconds (the sum of
/// `se.sum_exec_runtime` in /proc/PID/task/*/sched, exact where /proc/PID/stat
/// counts 10 ms ticks and schedstat may read 0); 0 when unreadable. (The
/// main queue runs on a worker thread once the main thread parks in `dispatchMain`.)
func processRunMilliseconds(_ pid: Int32) -> Double {
    ((try? listDirectory("/proc/\(pid)/task")) ?? []).reduce(0) { sum, task in
        let line = readFile("/proc/\(pid)/task/\(task)/sched")?.split(separator: "\n").first { $0.hasPrefix("se.sum_exec_runtime") }
        return sum + (Double(line?.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0)
    }
}
