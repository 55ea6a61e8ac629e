import Glibc

/// POSIX threads for work that must not go through Dispatch's global queues.
///
/// Once a program has used those queues, libdispatch's Linux worker-pool
/// monitor wakes its manager thread once a second for as long as the program
/// runs (seen in `/proc/PID/task/*/status`: an idle demo went from 0 to 1
/// context switch a second), and an idle strip must not wake at all.
public enum PosixThread {
    /// Runs `body` on a new thread that is never joined (detached: it frees
    /// itself when `body` returns); when no thread can be made, runs it at once
    /// on this one. For work whose end is announced otherwise, such as a hop
    /// back to the main queue.
    public static func detach(_ body: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let box = Unmanaged.passRetained(Box(body))
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, box.toOpaque())
        if status != 0 { box.takeRetainedValue().body() }
    }

    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}

/// A value behind a POSIX mutex, for state shared with a `PosixThread`.
///
/// Not the standard library's `Mutex`: on Linux it locks with atomics and
/// futexes inside the uninstrumented runtime, so ThreadSanitizer sees no
/// order between two `withLock`s and reports every use from two threads as
/// a race; pthread's mutex it intercepts.
final class PosixLocked<Value>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the value with the mutex held.
    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
