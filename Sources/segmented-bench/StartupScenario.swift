import Foundation

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
///
/// Each program's executable is first dropped from the page cache
/// (`evictFromPageCache`), so that the warm-up rounds read it back as any
/// installed program's pages are read: a file just written (by the linker, or
/// `cp`) sits in the cache as it was written, and the kernel then maps more of
/// it around each fault. The same demo binary measured 20.2 MiB peak RSS as a
/// fresh copy and 19.5 MiB once its pages were dropped and read back.
func measureStartup(_ subjects: [StartupSubject], runs: Int, warmup: Int, helper: String) -> [StartupResult] {
    for subject in subjects { evictFromPageCache(subject.path) }
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

/// Writes back and drops the cached pages of the file at `path`
/// (`fsync`, then `posix_fadvise(POSIX_FADV_DONTNEED)`: dirty pages are not
/// dropped); a file that does not open is left alone.
func evictFromPageCache(_ path: String) {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return }
    fsync(fd)
    _ = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED)
    close(fd)
}
