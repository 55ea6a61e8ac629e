import Glibc

/// A mutex with one condition variable (POSIX), for the trace writer: what
/// Foundation's `NSCondition` gave, without linking the full Foundation.
/// Timed waits use the monotonic clock, so a change of the wall clock
/// neither cuts nor stretches them.
final class TraceCondition: @unchecked Sendable {
    // On the heap: a pthread mutex or condition must not move once initialized.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }
    func signal() { pthread_cond_signal(condition) }
    func broadcast() { pthread_cond_broadcast(condition) }

    /// Waits, the mutex locked, until signalled.
    func wait() { pthread_cond_wait(condition, mutex) }

    /// The monotonic clock `seconds` from now, for `wait(until:)`.
    static func deadline(secondsFromNow seconds: Double) -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nanoseconds = Int(now.tv_nsec) + Int(seconds * 1e9)
        return timespec(tv_sec: now.tv_sec + nanoseconds / 1_000_000_000, tv_nsec: nanoseconds % 1_000_000_000)
    }

    /// Waits, the mutex locked, until signalled or `deadline` (monotonic) passes.
    /// - Returns: false when the deadline passed.
    func wait(until deadline: timespec) -> Bool {
        var deadline = deadline
        return pthread_cond_timedwait(condition, mutex, &deadline) != ETIMEDOUT
    }
}
