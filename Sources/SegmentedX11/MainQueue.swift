import Dispatch
import Glibc

/// Serves the main queue for good: `dispatchMain()`, which on Linux ends the
/// main thread (`pthread_exit`) and lets a libdispatch worker thread serve
/// the main queue from then on, one block at a time.
///
/// Under AddressSanitizer the stack is cleaned first, as the sanitizer does
/// before any call that never returns: `pthread_exit` unwinds the caller's
/// frames without their epilogues, so their red zones would stay poisoned,
/// and libdispatch parks the exited thread in `sigsuspend` on that same
/// stack, where a signal handler then trips over them (a false
/// stack-buffer-overflow). Without the sanitizer the lookup finds nothing.
public func runMainQueue() -> Never {
    if let clean = dlsym(nil, "__asan_handle_no_return") {
        unsafeBitCast(clean, to: (@convention(c) () -> Void).self)()
    }
    dispatchMain()
}
