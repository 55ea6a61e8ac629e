import CIcons
import Dispatch
import Glibc
import SegmentedCore

/// Icons looked up and decoded on one background thread, so that no frame
/// waits on a file, an icon theme's folders or a decoder: a 1024 px PNG
/// takes about 15 ms, an SVG of nested `<use>` elements 2 s in librsvg
/// (its own limit, 500,000 references, ends it there, but cannot be set
/// lower).
///
/// The thread is made with the first request and then waits on a semaphore
/// for as long as the program runs, so it never wakes at rest; it is a
/// POSIX thread, not Dispatch's pool (`PosixThread`). It takes the newest
/// request first: those are what the last frame showed, while older ones
/// may have scrolled away. `cicons_decode` is only ever called on it, one
/// icon at a time. What it makes goes back through each request's
/// `finished`, on the thread; the pixels are uploaded on the main queue,
/// from which alone Xlib is called.
final class IconDecoder: Sendable {
    /// The one decoder of the program.
    static let shared = IconDecoder()

    /// An icon to decode, and where its result goes.
    struct Request: Sendable {
        let icon: SegmentIcon
        /// The box it is fitted into, pixels.
        let size: Int
        /// Where a `.named` icon is looked up (nil for a file).
        let theme: IconTheme?
        /// Called on the decoder's thread with the result, and whether no other request was waiting then.
        let finished: @Sendable (Decoded, _ last: Bool) -> Void
    }

    /// A decoded icon, or why it cannot be drawn.
    struct Decoded: Sendable {
        /// Premultiplied native ARGB32 words, `width` × `height`, rows `width` long; empty when it failed.
        var pixels: [UInt32] = []
        /// Pixels; the longer side is the box's.
        var width = 0, height = 0
        /// Only its alpha is drawn, in the title's color (`IconCache.isSymbolic`).
        var isSymbolic = false
        /// Its warning, once per `key` (the icon's path or name); nil when it was decoded.
        var failure: (key: String, message: String)?
    }

    private struct State {
        var requests: [Request] = []
        var started = false
    }
    private let state = PosixLocked(State())
    /// One signal per request queued.
    private let queued = DispatchSemaphore(value: 0)

    /// Queues `request`; its `finished` is called on the decoder's thread.
    func decode(_ request: Request) {
        let start = state.withLock { state in
            state.requests.append(request)
            defer { state.started = true }
            return !state.started
        }
        if start { PosixThread.detach { [self] in run() } }
        queued.signal()
    }

    private func run() {
        while true {
            queued.wait()
            guard let request = state.withLock({ $0.requests.popLast() }) else { continue }
            let decoded = Self.decode(request.icon, size: request.size, theme: request.theme)
            request.finished(decoded, state.withLock { $0.requests.isEmpty })
        }
    }

    /// An icon given as pixels (`SegmentIcon.pixels`), premultiplied and fitted into a `size` px box.
    private static func decode(width: Int, height: Int, argb: [UInt32], size: Int) -> Decoded {
        let key = "icon pixels \(width)x\(height)"
        guard width > 0, height > 0, max(width, height) <= Int(IconCache.largestSide), argb.count >= width * height else {
            return Decoded(failure: (key, "an icon of \(width) x \(height) px with \(argb.count) pixels cannot be drawn"))
        }
        var fitted = (width: Int32(0), height: Int32(0))
        var reason = [CChar](repeating: 0, count: 256)
        guard let pixels = cicons_fit_argb(argb, Int32(width), Int32(height), Int32(size), &fitted.width, &fitted.height, &reason, reason.count) else {
            return Decoded(failure: (key, "an icon of pixels: " + String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
        defer { cicons_free(pixels) }
        return Decoded(pixels: Array(UnsafeBufferPointer(start: pixels, count: Int(fitted.width) * Int(fitted.height))),
                       width: Int(fitted.width), height: Int(fitted.height))
    }

    /// `icon` fitted into a `size` px box: a name looked up in `theme`, then the file decoded by `cicons_decode`.
    static func decode(_ icon: SegmentIcon, size: Int, theme: IconTheme?) -> Decoded {
        let path: String
        switch icon {
        case let .pixels(width, height, argb): return decode(width: width, height: height, argb: argb, size: size)
        case let .file(file): path = file
        case let .named(name):
            guard let theme, let file = theme.lookup(name, size: size) else {
                let themes = IconCache.themeList(theme?.name ?? "Adwaita")
                return Decoded(failure: ("icon \(name)", "icon '\(IconCache.printable(name))': not found in the icon themes \(themes)"))
            }
            path = file
        }
        var width: Int32 = 0, height: Int32 = 0
        var reason = [CChar](repeating: 0, count: 512)
        guard let pixels = cicons_decode(path, Int32(size), IconCache.largestSide, &width, &height, &reason, reason.count) else {
            let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // A relative path is the working directory's, which the reader may not guess.
            let shown = path.hasPrefix("/") ? "" : " (from the working directory \(IconCache.printable(IconCache.workingDirectory)))"
            return Decoded(failure: ("icon \(path)", "icon '\(IconCache.printable(path))'\(shown): \(text)"))
        }
        defer { cicons_free(pixels) }
        return Decoded(pixels: Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height))), width: Int(width),
                       height: Int(height), isSymbolic: IconCache.isSymbolic(path))
    }
}
