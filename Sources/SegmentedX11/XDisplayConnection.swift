import CX11
import Glibc
import Synchronization

/// An open connection to an X server, with the error handlers the strip needs.
///
/// Xlib is used without `XInitThreads`, so every call on a display must come
/// from one thread: the connection and everything built on it (strips, host
/// windows, event loops, font chains) are main-actor isolated, and the
/// compiler checks it.
@MainActor
public final class XDisplayConnection {
    /// Why a display could not be opened.
    public enum Failure: Error, CustomStringConvertible, Sendable {
        /// $DISPLAY is unset or empty and no name was given.
        case noDisplay
        /// XOpenDisplay failed for this name; `reason` is why, when the server or Xlib said.
        case cannotOpen(String, reason: String? = nil)

        public var description: String {
            switch self {
            case .noDisplay: return "no display: $DISPLAY is not set"
            case let .cannotOpen(name, reason): return "cannot open display '\(name)'" + (reason.map { ": \($0)" } ?? "")
            }
        }
    }

    /// The Xlib display.
    public let display: OpaquePointer
    /// Font chains opened on this display, by pattern and scale (see `fontChain(pattern:scale:)`).
    var fontChains: [String: FontChain] = [:]
    /// `fontChains`' keys, the one asked for last at the end.
    var fontChainOrder: [String] = []
    /// The pointer's shapes (`cursor(overSegment:)`), made on first use; they go with the display.
    private var cursors: [Bool: Cursor] = [:]
    /// RandR's first event code once its screen and CRTC changes are asked for (`watchRefreshRates`); nil before, or without RandR.
    var randrEventBase: Int32?
    /// The monitors' areas and rates (`refreshHertz(atRootX:y:)`); nil until read, and after RandR says they changed.
    var monitorRates: [(area: PixelRect, hertz: Double?)]?
    /// The strips and views that follow the refresh rate, told when their top-level window moves.
    var refreshFollowers: [RefreshFollower] = []

    /// A widget that follows the refresh rate, held weakly.
    struct RefreshFollower {
        weak var widget: ChildWindow?
    }
    /// The default screen number.
    public nonisolated let screen: Int32
    /// The display's name, as opened.
    public nonisolated let name: String

    /// Opens `name`, or $DISPLAY when nil.
    /// - Throws: `Failure.noDisplay` or `Failure.cannotOpen`.
    public init(name: String? = nil) throws {
        // getenv, not ProcessInfo's environment: that copies every variable into a dictionary on each call.
        let resolved = name ?? getenv("DISPLAY").map { String(cString: $0) } ?? ""
        guard !resolved.isEmpty else { throw Failure.noDisplay }
        // A server that accepts the connection but never answers would block
        // XOpenDisplay forever: give the handshake and one round trip 10 s.
        XConnectWatchdog.arm(message: "\(XErrorReporting.programName): the X server on '\(resolved)' did not answer within \(Int(Self.connectTimeout)) s\n",
                             seconds: UInt32(Self.connectTimeout))
        // Xlib reads $XAUTHORITY with blocking reads: a FIFO or a device that
        // never ends (/dev/zero) would hang the handshake until the watchdog
        // blamed the server. /dev/null, the usual "no authority", is fine.
        if let authority = getenv("XAUTHORITY").map({ String(cString: $0) }), !authority.isEmpty {
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
        errno = 0
        let opened = XOpenDisplay(resolved)
        let openError = errno
        let refusal = said.finish()
        guard let display = opened else {
            XConnectWatchdog.disarm()
            throw Failure.cannotOpen(resolved, reason: Self.reason(refusal) ?? Self.reason(errno: openError))
        }
        // No XSync here: XOpenDisplay has already made round trips of its own
        // (BIG-REQUESTS, the RESOURCE_MANAGER property, XKB), so the server
        // answered; one more would cost a round trip over a slow link.
        XConnectWatchdog.disarm()
        // Xlib takes any number after the dot as the default screen, -1 too; every screen call would then read
        // outside its array of screens.
        let screen = XDefaultScreen(display), count = XScreenCount(display)
        guard (0..<count).contains(screen) else {
            XCloseDisplay(display)
            throw Failure.cannotOpen(resolved, reason: "it has no screen \(screen) (its screens are 0 to \(count - 1))")
        }
        self.display = display
        self.name = resolved
        self.screen = screen
        FontChain.prepareResources(display)
    }

    /// What Xlib printed while refusing a connection, as one short reason.
    nonisolated static func reason(_ printed: String) -> String? {
        let lines = printed.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).map { $0.trimmingWhitespace() }
            .filter { !$0.isEmpty }
        guard let first = lines.first else { return nil }
        let lower = printed.lowercased()
        if lower.contains("authoriz") || lower.contains("magic-cookie") || lower.contains("no protocol specified") {
            return "authorization refused (check XAUTHORITY)"
        }
        return String(first.prefix(200))
    }

    /// Why XOpenDisplay failed when Xlib printed nothing and the cause was
    /// the process's own: no descriptor left for the socket (EMFILE, with the
    /// limit) or the system's (ENFILE), or no memory. Nil for any other errno:
    /// a server that is not there leaves ENOENT or ECONNREFUSED from the
    /// addresses Xlib tried, which the display's name already says.
    nonisolated static func reason(errno code: Int32) -> String? {
        switch code {
        case EMFILE:
            var limit = rlimit()
            let value = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 ? " is \(limit.rlim_cur)" : ""
            return "too many open files (the open-file limit, ulimit -n,\(value))"
        case ENFILE: return "too many open files in the system"
        case ENOMEM: return "out of memory"
        default: return nil
        }
    }

    /// Seconds the connection handshake may take before the program gives up (exit 1).
    public nonisolated static let connectTimeout = 10.0

    deinit {
        // A deinit is nonisolated: it runs wherever the last reference goes,
        // which for every main-actor class of this module is the main queue.
        // `assumeIsolated` checks that (it traps elsewhere) and frees at once.
        // An `isolated deinit` would not do: called from a Dispatch block on
        // the main queue it defers the work to a later turn, so a window or a
        // display would outlive the code that let go of it. The other
        // main-actor classes here free their server objects the same way.
        MainActor.assumeIsolated {
            _ = XCloseDisplay(display)
        }
    }

    /// The pointer's shape over a segment (`XC_hand2`) or elsewhere (`XC_left_ptr`), one of each per display.
    func cursor(overSegment: Bool) -> Cursor {
        if let cursor = cursors[overSegment] { return cursor }
        let cursor = XCreateFontCursor(display, UInt32(overSegment ? XC_hand2 : XC_left_ptr))
        cursors[overSegment] = cursor
        return cursor
    }

    /// The file descriptor of the connection, for a Dispatch read source.
    public var fileDescriptor: Int32 { XConnectionNumber(display) }

    /// Called after the strip makes a round trip or flushes (XSync, XFlush,
    /// font loading): Xlib may then hold events that the socket will not
    /// signal again, so whoever reads the connection should drain `XPending`.
    /// `XEventLoop` sets it.
    public var eventDrainScheduler: (@MainActor () -> Void)?

    /// Asks whoever reads the connection to drain Xlib's event queue on a
    /// later turn of the main queue; call it after any round trip or flush.
    public func scheduleEventDrain() { eventDrainScheduler?() }

    /// Interns `names` (creating atoms as needed) in one round trip: Xlib's
    /// `XInternAtoms` sends every request before it reads the first reply.
    /// - Returns: the atoms, in the order of `names`.
    public func atoms(_ names: [String]) -> [Atom] {
        var result = [Atom](repeating: 0, count: names.count)
        var pointers = names.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        _ = XInternAtoms(display, &pointers, Int32(names.count), 0, &result)
        return result
    }

    /// How many X protocol errors the installed handler has seen (each is printed only the first time).
    public nonisolated static var errorCount: Int { XErrorReporting.state.withLock { $0.total } }

    /// Marks `window` as another client's window the program works on (an
    /// embedder's client): its BadWindow, BadDrawable, BadMatch and BadValue
    /// errors say that it went, or is not viewable, which can happen at any
    /// moment between two requests, and are not printed or counted. Kept
    /// for the program's life (a request already sent may fail later).
    public nonisolated static func expectErrors(about window: Window) {
        _ = XErrorReporting.state.withLock { $0.clientWindows.insert(UInt(window)) }
    }

    /// Marks error `code` of request `request` (a major opcode, `X_GrabKey`)
    /// as expected whatever it names, not printed or counted: tabbed's and
    /// dwm's rule for BadAccess of GrabKey, a key another client grabbed first.
    public nonisolated static func expectErrors(_ code: Int32, of request: Int32) {
        _ = XErrorReporting.state.withLock { $0.expectedKinds.insert(Int(code) << 8 | Int(request)) }
    }

    /// Installs process-wide Xlib error handlers: a non-fatal protocol error is
    /// reported once per (error code, request code) on stderr and the program
    /// goes on; losing the server prints one line and exits with status 1.
    ///
    /// Nonisolated, so that the handlers made here are too: Xlib calls them
    /// inside whichever Xlib call met the error, on any connection.
    public nonisolated static func installErrorHandlers(programName: String) {
        XErrorReporting.state.withLock { $0.programName = programName }
        XSetErrorHandler { display, event in
            guard let event else { return 0 }
            // A strip window destroyed under a running animation, or a back
            // buffer the server had no memory for: how the strip learns of it, not an error to print.
            if XErrorReporting.absorb(event.pointee) { return 0 }
            let key = Int(event.pointee.error_code) << 8 | Int(event.pointee.request_code)
            let firstOfItsKind = XErrorReporting.state.withLock { state in
                state.total += 1
                return state.seen.insert(key).inserted
            }
            if firstOfItsKind {
                var buffer = [CChar](repeating: 0, count: 256)
                XGetErrorText(display, Int32(event.pointee.error_code), &buffer, Int32(buffer.count))
                let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
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
///
/// Behind a lock rather than main-actor isolated: Xlib calls the handlers
/// synchronously inside whichever Xlib call met the error, on any connection
/// of the process (a test's XTest connection too), and a C function pointer
/// carries no isolation. The lock is never held across an Xlib call.
enum XErrorReporting {
    struct State {
        var programName = "segmented-demo"
        /// (error code << 8 | request code) of the errors printed once.
        var seen = Set<Int>()
        /// Errors counted (not those absorbed as the strips' own).
        var total = 0
        /// Warnings already printed, by key.
        var warned = Set<String>()
        /// Another client's window the program watches (`watchForeignWindow`).
        var foreignWindow: UInt?
        /// Other clients' windows a host works on (`XDisplayConnection.expectErrors(about:)`).
        var clientWindows = Set<UInt>()
        /// Errors expected of a request whatever it names, as error code << 8 | request code
        /// (`XDisplayConnection.expectErrors(_:of:)`).
        var expectedKinds = Set<Int>()
        /// The strips' own XIDs (StripXIDErrors.swift), told apart in `absorb(_:)`.
        var strips = StripXIDs()
    }

    static let state = Mutex(State())

    /// The program name that starts every message.
    static var programName: String { state.withLock { $0.programName } }
}

/// Standard error pointed at a pipe while Xlib opens the display, so that
/// what Xlib prints there can be read back and said in our words.
/// Main-actor isolated as the connection it serves: it points the watchdog at the saved stderr.
@MainActor
final class StandardErrorCapture {
    private var saved: Int32 = -1
    private var pipeEnds: [Int32] = [-1, -1]

    init() {
        guard pipe(&pipeEnds) == 0 else { return }
        _ = fcntl(pipeEnds[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(pipeEnds[1], F_SETFL, O_NONBLOCK)   // a flood from Xlib is cut short, never waited on
        saved = dup(2)
        guard saved >= 0 else {
            // No descriptor for the copy: nothing is captured, and the pipe must not stay open.
            close(pipeEnds[0])
            close(pipeEnds[1])
            return
        }
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

    deinit {
        MainActor.assumeIsolated { _ = finish() }
    }
}

/// SIGALRM while connecting: one line on stderr and exit 1. The handler is a
/// C function pointer, so the message waits in a global buffer.
enum XConnectWatchdog {
    // nonisolated(unsafe): read by the SIGALRM handler, which cannot take a
    // lock or hop to an actor. Safe because they are written only by `arm`,
    // `disarm` and `StandardErrorCapture` (all main actor, so never two at
    // once), and the message never while the handler can be reading it:
    // `arm` sets it before `alarm()` starts the clock, `disarm` stops the
    // clock (`alarm(0)`) and restores SIG_DFL before freeing the buffer.
    // `stderrDescriptor` is one aligned Int32 store; a handler that reads it
    // just after the saved copy is closed gets a failed write, then `_exit`s
    // as it would anyway.
    nonisolated(unsafe) static var message: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) static var length = 0
    /// Where the message goes: standard error, or its saved copy while Xlib's own output is captured.
    nonisolated(unsafe) static var stderrDescriptor: Int32 = 2

    @MainActor
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

    @MainActor
    static func disarm() {
        alarm(0)
        signal(SIGALRM, SIG_DFL)
        message?.deallocate()
        message = nil
    }
}
