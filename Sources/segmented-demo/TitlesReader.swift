import Foundation
import SegmentedSupport
import Synchronization

/// The titles file, read and parsed on a thread of its own when it is large,
/// while the main thread opens the display, loads the fonts and makes the
/// window (a 2.3 MB file of 100,000 titles takes about as long to parse as
/// all of that). A small file is read at once: a thread would cost more than
/// it saves.
final class TitlesReader: Sendable {
    /// Files at least this large (bytes) are read on a second thread.
    static let backgroundBytes = 256 << 10

    private let result = Mutex<Result<[String], any Error>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Starts reading `path` (on a thread when the file is large).
    init(path: String) {
        var info = stat()
        guard stat(path, &info) == 0, Int(info.st_size) >= Self.backgroundBytes else {
            result.withLock { $0 = Result { try TitlesFile.load(path: path) } }
            done.signal()
            return
        }
        // @Sendable: the thread must not inherit the main actor from the caller.
        Thread.detachNewThread { @Sendable [self] in
            let loaded = Result { try TitlesFile.load(path: path) }
            result.withLock { $0 = loaded }
            done.signal()
        }
    }

    /// Waits for the titles (once; later calls return at once).
    /// - Throws: `TitlesFile.Failure`, as `TitlesFile.load(path:)`.
    func titles() throws -> [String] {
        if result.withLock({ $0 == nil }) {
            done.wait()
            done.signal()   // for the next caller
        }
        return try result.withLock { $0! }.get()
    }
}
