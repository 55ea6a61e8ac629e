import Glibc

/// A bounded look at an accessibility bus before the bridge joins it.
///
/// libdbus waits for the bus's answer to authentication with no timeout (a
/// bus that accepts the connection and never writes keeps the bridge's thread
/// for good, and with it every later join), so the bus must first answer
/// D-Bus's opening `AUTH` line, within a deadline, on a connection of our own.
/// A bus that answers that and then stalls is bounded by libdbus's own 25 s
/// timeout on `Hello`, on the join's thread.
enum AccessibilityBusProbe {
    /// Why the bus at `address` (a `;`-separated D-Bus address list, already
    /// checked to hold only `unix:` and `tcp:` entries) cannot be used, or nil
    /// when one of its entries answers. Blocks up to `timeout` seconds per
    /// entry: call it off the main thread.
    static func problem(address: String, timeout: Double) -> String? {
        var first: String?
        for entry in address.split(separator: ";") {
            guard let problem = entryProblem(String(entry), timeout: timeout) else { return nil }
            first = first ?? problem
        }
        return first.map { "the accessibility bus at \(address) \($0)" }
    }

    /// One entry's problem: "refuses connections (…)", "did not answer within T s" or "closed the connection".
    private static func entryProblem(_ entry: String, timeout: Double) -> String? {
        let parts = entry.split(separator: ":", maxSplits: 1).map(String.init)
        var keys: [String: String] = [:]
        for pair in (parts.count > 1 ? parts[1] : "").split(separator: ",") {
            let kv = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if kv.count == 2 { keys[kv[0]] = unescape(kv[1]) }
        }
        let deadline = now() + timeout
        let fd: Int32
        switch (parts[0], keys["path"], keys["abstract"], keys["host"], keys["port"]) {
        case let ("unix", path?, _, _, _): fd = connectUnix(Array(path.utf8), abstract: false)
        case let ("unix", nil, name?, _, _): fd = connectUnix(Array(name.utf8), abstract: true)
        case let ("tcp", _, _, host, port?): fd = connectTCP(host: host ?? "localhost", port: port, deadline: deadline)
        default: return "has no socket to connect to (\(entry))"
        }
        guard fd >= 0 else { return "refuses connections (\(String(cString: strerror(-fd))))" }
        defer { close(fd) }
        // D-Bus's opening: a NUL byte, then EXTERNAL authentication as our user id
        // (hex digits of its decimal form). Any reply line (OK or REJECTED) is an answer.
        let uid = Array(String(getuid()).utf8).map { String($0, radix: 16) }.joined()
        let hello = Array("\0AUTH EXTERNAL \(uid)\r\n".utf8)
        guard send(fd, hello, hello.count, Int32(MSG_NOSIGNAL)) == hello.count else { return "closed the connection" }
        guard wait(fd, for: Int16(POLLIN), until: deadline) else { return "did not answer within \(timeout) s" }
        var reply = [UInt8](repeating: 0, count: 256)
        return recv(fd, &reply, reply.count, 0) > 0 ? nil : "closed the connection"
    }

    /// D-Bus address values escape bytes as %XX.
    private static func unescape(_ value: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = value.utf8.makeIterator()
        while let byte = utf8.next() {
            if byte == UInt8(ascii: "%"), let high = utf8.next(), let low = utf8.next(),
               let code = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) {
                bytes.append(code)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A connected Unix socket, or -errno.
    private static func connectUnix(_ name: [UInt8], abstract: Bool) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let offset = abstract ? 1 : 0   // an abstract name starts with a NUL byte
        guard name.count + offset < MemoryLayout.size(ofValue: address.sun_path) else { return -ENAMETOOLONG }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in name.enumerated() { raw[i + offset] = byte }
        }
        // Non-blocking: a listener whose backlog is full would otherwise hold connect() for good.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { return -errno }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + offset + name.count + (abstract ? 0 : 1))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, length) }
        }
        guard connected == 0 else {
            let error = errno
            close(fd)
            return -error
        }
        return fd
    }

    /// A connected TCP socket (the first address of `host` that connects before `deadline`), or -errno.
    private static func connectTCP(host: String, port: String, deadline: Double) -> Int32 {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, port, &hints, &list) == 0 else { return -EHOSTUNREACH }
        defer { freeaddrinfo(list) }
        var error = ECONNREFUSED
        var next = list
        while let info = next {
            next = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue),
                            info.pointee.ai_protocol)
            guard fd >= 0 else { continue }
            if connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0
                || (errno == EINPROGRESS && wait(fd, for: Int16(POLLOUT), until: deadline) && socketError(fd) == 0) {
                return fd
            }
            error = errno == EINPROGRESS ? ETIMEDOUT : errno
            close(fd)
        }
        return -error
    }

    private static func socketError(_ fd: Int32) -> Int32 {
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
        errno = error
        return error
    }

    /// Whether `fd` becomes ready for `events` before `deadline`.
    private static func wait(_ fd: Int32, for events: Int16, until deadline: Double) -> Bool {
        var poller = pollfd(fd: fd, events: events, revents: 0)
        while true {
            let left = Int32(max(0, (deadline - now()) * 1000).rounded(.up))
            let ready = poll(&poller, 1, left)
            if ready == 1 { return true }
            if ready == 0 || errno != EINTR { return false }
        }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
