/// One program whose startup is timed.
struct StartupSubject {
    let name: String
    let path: String
    let arguments: [String]
}

struct StartupResult: Encodable {
    let name: String
    let wallSeconds: Summary
    let cpuSeconds: Summary
    let peakRSSKiB: Summary
    let failures: Int
    /// Exit statuses of the failed runs (-1: killed by a signal or not measured).
    let failedStatuses: [Int32]
}

/// Startup to first frame, whole process: every subject is run in turn,
/// round after round (so that a slow moment of the machine hits all of them),
/// after `warmup` rounds that are not counted.
func measureStartup(_ subjects: [StartupSubject], runs: Int, warmup: Int, helper: String) -> [StartupResult] {
    var costs = [[ProcessCost]](repeating: [], count: subjects.count)
    for round in 0..<(warmup + runs) {
        for (i, subject) in subjects.enumerated() {
            let cost = measureProcess(subject.path, subject.arguments, helper: helper)
            if round >= warmup { costs[i].append(cost) }
        }
    }
    return subjects.enumerated().map { i, subject in
        let ok = costs[i].filter { $0.status == 0 }
        return StartupResult(name: subject.name, wallSeconds: Summary(ok.map(\.wall)), cpuSeconds: Summary(ok.map(\.cpu)),
                             peakRSSKiB: Summary(ok.map { Double($0.maxRSS) }), failures: costs[i].count - ok.count,
                             failedStatuses: costs[i].filter { $0.status != 0 }.map(\.status))
    }
}
