import Glibc

/// CPU time this thread has used, seconds (`CLOCK_THREAD_CPUTIME_ID`): what
/// drawing a frame cost, as a strip, a paged view and the popup list tell
/// their frame observers (`SegmentedStrip.FrameStat.cpuSeconds`).
func threadCPUTime() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
