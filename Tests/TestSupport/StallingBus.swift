import Foundation
import Glibc

/// A fake D-Bus daemon that completes authentication and then never answers
/// (a wedged or hostile bus): it accepts connections on a Unix socket or on a
/// loopback TCP port, answers the SASL lines of D-Bus's opening (`AUTH` with
/// `OK`, `NEGOTIATE_UNIX_FD` with `AGREE_UNIX_FD`) and, after `BEGIN`, reads
/// every message and answers none, `Hello` included. Made `silent`, it
/// answers nothing at all, not even authentication (a stopped daemon whose
/// socket still accepts).
public final class StallingBus: @unchecked Sendable {
    /// The D-Bus address clients are given.
    public let address: String
    private let listener: Int32
    private let path: String?
    private let lock = NSLock()
    private var clients: [Int32] = []
    private var stopped = false
    private let done = DispatchSemaphore(value: 0)
    private let silent: Bool

    /// Listens on a new Unix socket (`tcp == false`) or on 127.0.0.1 at a port the kernel picks.
    /// - Throws: `AccessibilitySession.Failed` when the socket cannot be made.
    public init(tcp: Bool, silent: Bool = false) throws {
        self.silent = silent
        if tcp {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            listener = fd
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
                }
            }
            guard fd >= 0, bound else { throw AccessibilitySession.Failed("StallingBus: no TCP port") }
            self.address = "tcp:host=127.0.0.1,port=\(UInt16(bigEndian: address.sin_port))"
            path = nil
        } else {
            let path = NSTemporaryDirectory() + "/stalling-bus-\(getpid())-\(UInt32.random(in: 0 ... .max))"
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            listener = fd
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, byte) in path.utf8.enumerated() { raw[i] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard fd >= 0, bound == 0 else { throw AccessibilitySession.Failed("StallingBus: cannot bind \(path)") }
            self.address = "unix:path=\(path)"
            self.path = path
        }
        guard listen(listener, 8) == 0 else { throw AccessibilitySession.Failed("StallingBus: cannot listen") }
        Thread.detachNewThread { [self] in serve() }
    }

    deinit { stop() }

    /// Closes every connection (a client blocked on one sees it end) and the listener.
    public func stop() {
        lock.lock()
        guard !stopped else { lock.unlock(); return }
        stopped = true
        lock.unlock()
        shutdown(listener, Int32(SHUT_RDWR))
        done.wait()
        if let path { unlink(path) }
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// Serves until stopped: one poll over the listener and every client, 100 ms at a time.
    private func serve() {
        var pending: [Int32: [UInt8]] = [:]   // a client's unanswered SASL bytes; absent after BEGIN
        while !isStopped {
            var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            fds += clients.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&fds, nfds_t(fds.count), 100) > 0 else { continue }
            if fds[0].revents & Int16(POLLIN) != 0 {
                let client = accept(listener, nil, nil)
                if client >= 0 {
                    clients.append(client)
                    pending[client] = []
                }
            }
            for entry in fds.dropFirst() where entry.revents != 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = recv(entry.fd, &buffer, buffer.count, 0)
                guard count > 0 else {
                    close(entry.fd)
                    clients.removeAll { $0 == entry.fd }
                    pending[entry.fd] = nil
                    continue
                }
                guard !silent, var bytes = pending[entry.fd] else { continue }   // after BEGIN: read, never answer
                bytes += buffer[..<count].filter { $0 != 0 }
                while let end = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: bytes[..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                    bytes.removeSubrange(...end)
                    let reply: String? = switch line.split(separator: " ").first ?? "" {
                    case "AUTH", "DATA": "OK 0123456789abcdef0123456789abcdef\r\n"
                    case "NEGOTIATE_UNIX_FD": "AGREE_UNIX_FD\r\n"
                    case "BEGIN": nil
                    default: "ERROR\r\n"
                    }
                    if let reply { _ = send(entry.fd, reply, reply.utf8.count, Int32(MSG_NOSIGNAL)) }
                    if line.hasPrefix("BEGIN") { pending[entry.fd] = nil; break }
                }
                if pending[entry.fd] != nil { pending[entry.fd] = bytes }
            }
        }
        for client in clients { close(client) }
        clients = []
        close(listener)
        done.signal()
    }
}
