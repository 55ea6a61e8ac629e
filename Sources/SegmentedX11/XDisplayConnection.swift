import CXft
import Foundation

/// An open connection to an X server, with the error handlers the strip needs.
public final class XDisplayConnection {
    /// Why a display could not be opened.
    public enum Failure: Error, CustomStringConvertible {
        /// $DISPLAY is unset or empty and no name was given.
        case noDisplay
        /// XOpenDisplay failed for this name.
        case cannotOpen(String)

        public var description: String {
            switch self {
            case .noDisplay: return "no display: $DISPLAY is not set (run under X11, or use 'make run' which starts Xvfb)"
            case let .cannotOpen(name): return "cannot open display '\(name)'"
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
        guard let display = XOpenDisplay(resolved) else {
            XConnectWatchdog.disarm()
            throw Failure.cannotOpen(resolved)
        }
        XSync(display, 0)
        XConnectWatchdog.disarm()
        self.display = display
        self.name = resolved
        screen = XDefaultScreen(display)
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
            // A strip window destroyed under a running animation: the requests
            // already sent for it fail. That is how the strip learns it is gone, not an error to print.
            // Also the fallout for its back buffer and picture (BadPixmap, RENDER's BadPicture).
            let code = Int32(event.pointee.error_code)
            if code == BadWindow || code == BadDrawable || code == BadPixmap || code >= 128,
               let owner = XErrorReporting.stripResources[event.pointee.resourceid] {
                XErrorReporting.vanished.insert(owner)
                return 0
            }
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
    /// Resources of live strips (window, back buffer, picture) by the strip's
    /// window, and the windows the server said no longer exist.
    nonisolated(unsafe) static var stripResources = [UInt: UInt]()
    nonisolated(unsafe) static var vanished = Set<UInt>()
}

/// SIGALRM while connecting: one line on stderr and exit 1. The handler is a
/// C function pointer, so the message waits in a global buffer.
enum XConnectWatchdog {
    nonisolated(unsafe) static var message: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) static var length = 0

    static func arm(message text: String, seconds: UInt32) {
        let bytes = Array(text.utf8CString)
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        buffer.initialize(from: bytes, count: bytes.count)
        message = buffer
        length = bytes.count - 1
        signal(SIGALRM) { _ in
            if let m = XConnectWatchdog.message { _ = write(2, m, XConnectWatchdog.length) }
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
