import Foundation

/// Reads a pipe to its end on a thread of its own, handing each chunk to
/// `receive` and then an empty chunk at the end of file (or on a read error).
///
/// Not `FileHandle.readabilityHandler`: its dispatch source can miss the end
/// of file when the last bytes and the writer's exit arrive together (the
/// handler reads the bytes and is never called again), which left a test
/// waiting for a pipe that had already closed. A blocking read(2) always sees
/// the end. The thread keeps `handle` (so its descriptor) open until then.
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
            receive(Data())
        }
        thread.name = name
        thread.start()
    }

    /// FileHandle is not Sendable; only the reading thread uses it after `start`.
    private struct UncheckedHandle: @unchecked Sendable {
        let handle: FileHandle
        init(_ handle: FileHandle) { self.handle = handle }
    }
}
