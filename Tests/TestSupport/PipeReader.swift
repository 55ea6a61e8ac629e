import Foundation

/// Reads a pipe to its end on a thread of its own, handing each chunk to
/// `receive` and then an empty chunk at the end of file (or on a read error).
///
/// Not `FileHandle.readabilityHandler`: its dispatch source can miss the end
/// of file when the last bytes and the writer's exit arrive together (the
/// handler reads the bytes and is never called again), which left a test
/// waiting for a pipe that had already closed. A blocking read(2) always sees
/// the end. The thread keeps `handle` (so its descriptor) open until then, and
/// closes it there: XCTest keeps every test case, and so every process a test
/// kept, to the end of the run, and their pipes took hundreds of descriptors
/// (past a thousand, Foundation's `Process.run` read past its buffer while
/// listing /proc/self/fd, under AddressSanitizer). A closed handle's
/// descriptor is -1, so a later `drain` reads nothing.
enum PipeReader {
    static func start(_ handle: FileHandle, name: String, receive: @escaping @Sendable (Data) -> Void) {
        let box = UncheckedHandle(handle)
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(box.handle.fileDescriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                receive(Data(buffer[0..<count]))
            }
            try? box.handle.close()
            receive(Data())
        }
        thread.name = name
        thread.start()
    }

    /// Reads as `start` does, but each chunk is read and handed over while
    /// holding `gate`, so that `drain(_:gate:receive:)` can take whatever is
    /// left in the pipe at a given moment with nothing in flight: bytes the
    /// writer wrote before that moment are then all received.
    static func start(_ handle: FileHandle, name: String, gate: NSLock, receive: @escaping @Sendable (Data) -> Void) {
        let box = UncheckedHandle(handle)
        let fd = handle.fileDescriptor
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 65536)
            var ended = false
            while !ended {
                var ready = pollfd(fd: box.handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
                if poll(&ready, 1, -1) < 0, errno != EINTR { break }
                gate.lock()
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count > 0 { receive(Data(buffer[0..<count])) }
                ended = count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR)
                if ended { try? box.handle.close() }    // under the gate: no drain reads it meanwhile
                gate.unlock()
            }
            receive(Data())
        }
        thread.name = name
        thread.start()
    }

    /// Hands `receive` every byte in the pipe now (one read by `start(_:name:gate:receive:)`'s thread, if in
    /// flight, finishes first); never waits for more.
    static func drain(_ handle: FileHandle, gate: NSLock, receive: (Data) -> Void) {
        gate.lock()
        defer { gate.unlock() }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return }    // empty (EAGAIN), or the end, which the thread reports
            receive(Data(buffer[0..<count]))
        }
    }

    /// FileHandle is not Sendable; only the reading thread uses it after `start`.
    private struct UncheckedHandle: @unchecked Sendable {
        let handle: FileHandle
        init(_ handle: FileHandle) { self.handle = handle }
    }
}
