import Dispatch
import Glibc

/// Serves the main queue for good: `dispatchMain()`, which on Linux ends the
/// main thread (`pthread_exit`) and lets a libdispatch worker thread serve
/// the main queue from then on, one block at a time.
///
/// Under a sanitizer it first tells the sanitizer what that hand-over does,
/// which the sanitizer cannot see (docs/architecture.md); each hook is found
/// with `dlsym` and only exists when its sanitizer is linked in:
/// - AddressSanitizer: the stack is cleaned, as the sanitizer does before any
///   call that never returns. `pthread_exit` unwinds the caller's frames
///   without their epilogues, so their red zones would stay poisoned, and
///   libdispatch parks the exited thread in `sigsuspend` on that same stack,
///   where a signal handler then trips over them.
/// - ThreadSanitizer: a release on the main queue, which every block run on
///   it acquires. Nothing runs the main queue before this call, so whatever
///   this thread wrote comes before every block, even one queued earlier; but
///   the worker that takes the queue over can find it through libdispatch's
///   own atomics, which the sanitizer does not see.
public func runMainQueue() -> Never {
    if let clean = dlsym(nil, "__asan_handle_no_return") {
        unsafeBitCast(clean, to: (@convention(c) () -> Void).self)()
    }
    if let release = dlsym(nil, "__tsan_release"), let mainQueue = dlsym(nil, "_dispatch_main_q") {
        unsafeBitCast(release, to: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self)(mainQueue)
    }
    dispatchMain()
}
