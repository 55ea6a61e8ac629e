import Foundation
import TestSupport

/// What the accessibility bridge costs when an accessibility bus runs, beside
/// the same demo with the bridge turned off (NO_AT_BRIDGE=1, which skips even
/// the root-window check), in the same session.
struct AccessibilityResult: Encodable {
    /// Spawn to the first frame's trace line, seconds, bridge off / on.
    let firstFrameOff: Summary
    let firstFrameOn: Summary
    /// From the first frame's trace line until a pyatspi client finds the application on the bus, seconds.
    let firstFrameToOnBus: Summary
    /// Peak resident set (VmHWM) once on the bus (or settled), KiB.
    let peakRSSOffKiB: Summary
    let peakRSSOnKiB: Summary
    /// CPU time used by then, seconds (all threads, from schedstat).
    let cpuOff: Summary
    let cpuOn: Summary
    /// At rest on the bus, over `idleSeconds`: CPU ticks and wakeups (context switches of every thread).
    let idleSeconds: Double
    let idleTicks: Int
    let idleWakeups: Int
}

/// CPU seconds every thread of `pid` has run (/proc/PID/task/*/schedstat, nanoseconds).
func processCPUSeconds(_ pid: Int32) -> Double {
    var total = 0.0
    for task in (try? listDirectory("/proc/\(pid)/task")) ?? [] {
        if let text = readFile("/proc/\(pid)/task/\(task)/schedstat"), let ns = Double(text.split(separator: " ").first ?? "") {
            total += ns / 1e9
        }
    }
    return total
}

/// VmHWM of `pid`, KiB.
func peakRSS(_ pid: Int32) -> Double {
    let line = readFile("/proc/\(pid)/status")?.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
    return Double(line?.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? .nan
}

func measureAccessibility(titlesFile: String, runs: Int) throws -> AccessibilityResult {
    let session = try AccessibilitySession()
    defer { session.stop() }
    var off = session.environment
    off["NO_AT_BRIDGE"] = "1"
    var firstFrame: [Bool: [Double]] = [false: [], true: []], rss = firstFrame, cpu = firstFrame
    var onBus: [Double] = []
    var idle: (ticks: Int, wakeups: Int) = (-1, -1)
    let idleSeconds = 5.0
    for round in 0..<(runs + 1) {
        for bridge in [false, true] {
            let start = monotonicSeconds()
            let demo = try DemoProcess(arguments: ["--titles-file", titlesFile], environment: bridge ? session.environment : off)
            defer { demo.process.terminate() }
            let pid = demo.process.processIdentifier
            _ = try demo.next("firstFrame", timeout: 30)
            let framed = monotonicSeconds()
            let status = try demo.next("accessibility", timeout: 30)["status"] as? String
            guard status == (bridge ? "active" : "noBus") else {
                throw AccessibilitySession.Failed("the demo's accessibility status is \(status ?? "none") with the bridge \(bridge ? "on" : "off")")
            }
            if bridge {
                try session.ask(["cmd": "find", "pid": Int(pid)])
                if round > 0 { onBus.append(monotonicSeconds() - framed) }
            } else {
                usleep(50_000)
            }
            if round > 0 {
                firstFrame[bridge]!.append(framed - start)
                rss[bridge]!.append(peakRSS(pid))
                cpu[bridge]!.append(processCPUSeconds(pid))
            }
            if bridge, round == runs {
                usleep(500_000)
                let a = processActivity(pid)
                usleep(UInt32(idleSeconds * 1e6))
                idle = activity(from: a, to: processActivity(pid))
            }
        }
    }
    return AccessibilityResult(firstFrameOff: Summary(firstFrame[false]!), firstFrameOn: Summary(firstFrame[true]!),
                               firstFrameToOnBus: Summary(onBus), peakRSSOffKiB: Summary(rss[false]!),
                               peakRSSOnKiB: Summary(rss[true]!), cpuOff: Summary(cpu[false]!), cpuOn: Summary(cpu[true]!),
                               idleSeconds: idleSeconds, idleTicks: idle.ticks, idleWakeups: idle.wakeups)
}
