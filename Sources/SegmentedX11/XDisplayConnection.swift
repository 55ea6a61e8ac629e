import CXft
import Foundation

/// An open connection to an X server, with the error handlers the strip needs.
public final class XDisplayConnection {
    /// Why a display could not be opened.
    public enum Failure: Error, CustomStringConvertible {
        /// $DISPLAY is unset or empty and no name was given.
        case noDisplay
        /// XOpenDisplay failed for this name; `reason` is why, when the server or Xlib said.
        case cannotOpen(String, reason: String? = nil)

        public var description: String {
            switch self {
            case .noDisplay: return "no display: $DISPLAY is not set (run under X11, or use 'make run' which starts Xvfb)"
            case let .cannotOpen(name, reason): return "cannot open display '\(name)'" + (reason.map { ": \($0)" } ?? "")
            }
        }
    }

    /// The Xlib display.
    public let display: OpaquePointer
    /// The default screen number.
    public let screen: Int32
    /// The display's name, as opened.
    public let name: String

    /// Opens `name`, or $DISPLAY when nil.
    /// - Throws: `Failure.noDisplay` or `Failure.cannotOpen`.
    public init(name: String? = nil) throws {
        let resolved = name ?? ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
        guard !resolved.isEmpty else { throw Failure.noDisplay }
        // A server that accepts the connection but never answers would block
        // XOpenDisplay forever: give the handshake and one round trip 10 s.
        XConnectWatchdog.arm(message: "\(XErrorReporting.programName): the X server on '\(resolved)' did not answer within \(Int(Self.connectTimeout)) s\n",
                             seconds: UInt32(Self.connectTimeout))
        // Xlib reads $XAUTHORITY with blocking reads: a FIFO or a device that
        // never ends (/dev/zero) would hang the handshake until the watchdog
        // blamed the server. /dev/null, the usual "no authority", is fine.
        if let authority = ProcessInfo.processInfo.environment["XAUTHORITY"], !authority.isEmpty {
            var info = stat(), null = stat()
            if stat(authority, &info) == 0 {
                let kind = info.st_mode & S_IFMT
                let isNull = (kind == S_IFCHR) && stat("/dev/null", &null) == 0 && null.st_rdev == info.st_rdev
                if kind == S_IFIFO || kind == S_IFSOCK || ((kind == S_IFCHR || kind == S_IFBLK) && !isNull) {
                    throw Failure.cannotOpen(resolved, reason: "XAUTHORITY '\(authority)' is not a regular file")
                }
            }
        }
        // Xlib prints the server's refusal itself ("Authorization required, but
        // no authorization protocol specified", then a blank line): catch it and
        // say it in one line of ours.
        let said = StandardErrorCapture()
        let opened = XOpenDisplay(resolved)
        let refusal = said.finish()
        guard let display = opened else {
            XConnectWatchdog.disarm()
            throw Failure.cannotOpen(resolved, reason: Self.reason(refusal))
        }
        XSync(display, 0)
        XConnectWatchdog.disarm()
        self.display = display
        self.name = resolved
        screen = XDefaultScreen(display)
    }

    /// What Xlib printed while refusing a connection, as one short reason.
    static func reason(_ printed: String) -> String? {
        let lines = printed.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        guard let first = lines.first else { return nil }
        let lower = printed.lowercased()
        if lower.contains("authoriz") || lower.contains("magic-cookie") || lower.contains("no protocol specified") {
            return "authorization refused (check XAUTHORITY)"
        }
        return String(first.prefix(200))
    }

    /// Seconds the connection handshake may take before the program gives up (exit 1).
    public static let connectTimeout = 10.0

    deinit {
        XCloseDisplay(display)
    }

    /// The file descriptor of the connection, for a Dispatch read source.
    public var fileDescriptor: Int32 { XConnectionNumber(display) }

    /// Called after the strip makes a round trip or flushes (XSync, XFlush,
    /// font loading): Xlib may then hold events that the socket will not
    /// signal again, so whoever reads the connection should drain `XPending`.
    /// `XEventLoop` sets it.
    public var roundTripObserver: (() -> Void)?

    /// Tells `roundTripObserver` that a round trip happened.
    public func noteRoundTrip() { roundTripObserver?() }

    /// Interns `name` (creating the atom if needed).
    public func atom(_ name: String) -> Atom {
        XInternAtom(display, name, 0)
    }

    /// How many X protocol errors the installed handler has seen (each is printed only the first time).
    public static var errorCount: Int { XErrorReporting.total }

    /// Installs process-wide Xlib error handlers: a non-fatal protocol error is
    /// reported once per (error code, request code) on stderr and the program
    /// goes on; losing the server prints one line and exits with status 1.
    public static func installErrorHandlers(programName: String) {
        XErrorReporting.programName = programName
        XSetErrorHandler { display, event in
            guard let event else { return 0 }
            // A strip window destroyed under a running animation, or a back
            // buffer the server had no memory for: how the strip learns of it, not an error to print.
            if XErrorReporting.absorb(event.pointee) { return 0 }
            XErrorReporting.total += 1
            let key = Int(event.pointee.error_code) << 8 | Int(event.pointee.request_code)
            if XErrorReporting.seen.insert(key).inserted {
                var buffer = [CChar](repeating: 0, count: 256)
                XGetErrorText(display, Int32(event.pointee.error_code), &buffer, Int32(buffer.count))
                let text = String(cString: buffer)
                ProcessOutput.error(
                    "\(XErrorReporting.programName): X error: \(text) (error code \(event.pointee.error_code), request code \(event.pointee.request_code), minor \(event.pointee.minor_code))")
            }
            return 0
        }
        XSetIOErrorHandler { _ in
            ProcessOutput.error("\(XErrorReporting.programName): lost the connection to the X server")
            _exit(1)
        }
    }
}

/// State of the C error handlers, which cannot capture context.
enum XErrorReporting {
    nonisolated(unsafe) static var programName = "segmented-demo"
    nonisolated(unsafe) static var seen = Set<Int>()
    nonisolated(unsafe) static var total = 0
    // The strips' own resources (StripResourceErrors.swift) are told apart in `absorb(_:)`.
}

/// Standard error pointed at a pipe while Xlib opens the display, so that
/// what Xlib prints there can be read back and said in our words.
final class StandardErrorCapture {
    private var saved: Int32 = -1
    private var pipeEnds: [Int32] = [-1, -1]

    init() {
        guard pipe(&pipeEnds) == 0 else { return }
        _ = fcntl(pipeEnds[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(pipeEnds[1], F_SETFL, O_NONBLOCK)   // a flood from Xlib is cut short, never waited on
        saved = dup(2)
        guard saved >= 0 else { return }
        XConnectWatchdog.stderrDescriptor = saved
        dup2(pipeEnds[1], 2)
    }

    /// Puts standard error back and returns what was written to it meanwhile.
    func finish() -> String {
        guard saved >= 0 else { return "" }
        dup2(saved, 2)
        close(saved)
        XConnectWatchdog.stderrDescriptor = 2
        close(pipeEnds[1])
        var bytes = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(pipeEnds[0], &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        close(pipeEnds[0])
        saved = -1
        return String(decoding: bytes, as: UTF8.self)
    }

    deinit { _ = finish() }
}

/// SIGALRM while connecting: one line on stderr and exit 1. The handler is a
/// C function pointer, so the message waits in a global buffer.
enum XConnectWatchdog {
    nonisolated(unsafe) static var message: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) static var length = 0
    /// Where the message goes: standard error, or its saved copy while Xlib's own output is captured.
    nonisolated(unsafe) static var stderrDescriptor: Int32 = 2

    static func arm(message text: String, seconds: UInt32) {
        let bytes = Array(text.utf8CString)
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        buffer.initialize(from: bytes, count: bytes.count)
        message = buffer
        length = bytes.count - 1
        signal(SIGALRM) { _ in
            if let m = XConnectWatchdog.message { _ = write(XConnectWatchdog.stderrDescriptor, m, XConnectWatchdog.length) }
            _exit(1)
        }
        alarm(seconds)
    }

    static func disarm() {
        alarm(0)
        signal(SIGALRM, SIG_DFL)
        message?.deallocate()
        message = nil
    }
}
