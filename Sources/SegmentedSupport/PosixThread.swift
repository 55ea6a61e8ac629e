import Foundation

/// A POSIX thread that runs one closure and is joined once: work that
/// starts now and is waited for later, on a core of its own.
///
/// Not Dispatch's global queues: once a program has used them, libdispatch's
/// Linux worker-pool monitor wakes its manager thread once a second for as long
/// as the program runs (seen in `/proc/PID/task/*/status`: an idle demo went
/// from 0 to 1 context switch a second), and an idle strip must not wake at all.
public final class PosixThread: @unchecked Sendable {
    private var thread = pthread_t()
    /// Whether `pthread_create` failed, in which case the body already ran on the caller's thread.
    private let ranInline: Bool
    private var joined = false

    /// Starts `body` on a new thread (8 MiB of stack, the glibc default); when
    /// no thread can be made, runs it at once on this one.
    public init(_ body: @escaping @Sendable () -> Void) {
        ranInline = !Self.start(&thread, nil, body)
    }

    /// Runs `body` on a new thread that is never joined (detached: it frees
    /// itself when `body` returns); when no thread can be made, runs it at once
    /// on this one. For work whose end is announced otherwise, such as a hop
    /// back to the main queue.
    public static func detach(_ body: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        _ = start(&thread, &attributes, body)
    }

    /// Starts `body` on a new thread made with `attributes` (nil: joinable);
    /// returns false when no thread could be made, once `body` has run here.
    private static func start(_ thread: inout pthread_t, _ attributes: UnsafePointer<pthread_attr_t>?,
                              _ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Box(body))
        let status = pthread_create(&thread, attributes, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, box.toOpaque())
        guard status == 0 else {
            box.takeRetainedValue().body()
            return false
        }
        return true
    }

    /// Waits until the body has returned (at once the second time, or when it ran inline).
    /// Call it from one thread only.
    public func join() {
        guard !ranInline, !joined else { return }
        pthread_join(thread, nil)
        joined = true
    }

    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Runs `body(0)` on a new thread and `body(1)` on this one, and returns
    /// once both have: the two halves of a task on two cores.
    public static func halves(_ body: (Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            // The other thread's use ends at `join`, before this returns.
            nonisolated(unsafe) let first = body
            let other = PosixThread { first(0) }
            body(1)
            other.join()
        }
    }
}
