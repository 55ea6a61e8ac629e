import CX11
import Dispatch
import Glibc
import SegmentedCore

/// Icons decoded once per (source, pixel size) into a server-side ARGB32
/// Pixmap and its XRender Picture, composited Over the back buffer.
///
/// Asking for a picture never waits: the first time, the icon goes to
/// `IconDecoder`'s thread (a name looked up in the icon theme, `IconTheme`,
/// then the file decoded by `cicons_decode`: PNG by libpng and pixman, SVG
/// by gdk-pixbuf) and the answer is nil until it comes back; its pixels are
/// then uploaded on the main queue and `changed` is called, so the strip
/// draws it in its next frame. The theme is the one the desktop's XSETTINGS
/// manager names (`Net/IconThemeName`), read when the first name is, else
/// Adwaita, then hicolor. A symbolic icon (its name, or its file's name
/// before the extension, ends in `-symbolic`) is `Picture.isSymbolic`: drawn
/// as a mask in the title's color. An icon that cannot be drawn (missing,
/// corrupt, over `largestSide` a side, not PNG or SVG, a name no theme has)
/// is warned about once per program (`IconWarnings`: the first few by name,
/// the rest counted) and stays nil. Holds at most `capacity`
/// icons (the oldest go first), so server memory is bounded by the sizes in
/// use: 256 × 16² × 4 bytes = 256 KiB at scale 1; and icons given as pixels
/// (a key holds them) take at most `pixelBytes` between them, so a client
/// that changes a large icon again and again pins no more than that. Without
/// RENDER there is no icon.
@MainActor
final class IconCache {
    /// The most icons kept: far more than a strip shows at once.
    static let capacity = 256
    /// The most bytes of given pixels (`SegmentIcon.pixels`) the keys hold: sixteen 512 × 512 icons.
    static let pixelBytes = 16 << 20
    /// A raster file whose header gives a side over this (pixels) is refused
    /// unread: a theme's largest icons are 512 px, and this bounds the one
    /// full-size decode to 4 MiB.
    nonisolated static let largestSide: Int32 = 1024

    /// A decoded icon on the server.
    struct Picture {
        let pixmap: Pixmap
        let picture: CX11.Picture
        /// Pixels; the longer side is the box's.
        let width: Int, height: Int
        /// Only its alpha is drawn, in the title's color (GTK's symbolic icons).
        let isSymbolic: Bool
    }

    private struct Key: Hashable, Sendable {
        let icon: SegmentIcon
        let size: Int

        /// The bytes of pixels the key holds (0 for a name or a path).
        var pixelBytes: Int {
            if case let .pixels(_, _, argb) = icon { return argb.count * 4 }
            return 0
        }
    }

    private enum Entry {
        /// On the decoder's thread.
        case pending
        case ready(Picture)
        /// It cannot be drawn: kept, so it is neither decoded nor warned about again.
        case failed
    }

    private let connection: XDisplayConnection
    private var display: OpaquePointer { connection.display }
    private let format: UnsafeMutablePointer<XRenderPictFormat>?
    private var entries: [Key: Entry] = [:]
    /// Keys in insertion order, for evicting the oldest.
    private var order: [Key] = []
    /// The keys' `pixelBytes` together.
    private(set) var heldPixelBytes = 0
    /// How many icons were decoded, failed, and are still on the decoder's thread, since the cache was made.
    private(set) var counts = SegmentedStrip.IconCounts()
    /// Called on the main queue when an icon asked for was decoded or failed.
    var changed: (() -> Void)?

    /// The theme names are looked up in first; nil: the desktop's.
    private let themeName: String?

    /// A cache on `connection` looking names up in the theme `themeName`
    /// (nil: the one XSETTINGS names); with no RENDER or no ARGB32 format, every icon is nil.
    init(connection: XDisplayConnection, themeName: String? = nil) {
        self.connection = connection
        self.themeName = themeName
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        format = XRenderQueryExtension(connection.display, &eventBase, &errorBase) != 0
            ? XRenderFindStandardFormat(connection.display, Int32(PictStandardARGB32)) : nil
    }

    deinit {
        // On the main queue, as every use (see `XDisplayConnection.deinit`).
        MainActor.assumeIsolated {
            for case let .ready(picture) in entries.values { free(picture) }
            if disabledMaskPicture != 0 { XRenderFreePicture(display, disabledMaskPicture) }
        }
    }

    /// `icon` fitted into a `size` px square, or nil while it is decoded (the
    /// first call sends it to the decoder's thread) and when it cannot be drawn.
    func picture(_ icon: SegmentIcon, size: Int) -> Picture? {
        let key = Key(icon: icon, size: size)
        switch entries[key] {
        case let .ready(picture)?: return picture
        case .pending?, .failed?: return nil
        case nil: break
        }
        guard format != nil, size > 0 else {
            store(.failed, for: key)
            return nil
        }
        store(.pending, for: key)
        counts.pending += 1
        let theme: IconTheme? = if case .named = icon { self.theme } else { nil }
        // Weak: the decoder's thread must never hold the last reference, whose deinit frees server objects.
        IconDecoder.shared.decode(IconDecoder.Request(icon: icon, size: size, theme: theme) { [weak self] decoded, last in
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    self?.finish(key, decoded)
                    if last { IconWarnings.decoderIdle() }
                }
            }
        })
        return nil
    }

    private func store(_ entry: Entry, for key: Key) {
        while !order.isEmpty, order.count >= Self.capacity || heldPixelBytes + key.pixelBytes > Self.pixelBytes {
            let oldest = order.removeFirst()
            heldPixelBytes -= oldest.pixelBytes
            if case let .ready(old)? = entries.removeValue(forKey: oldest) { free(old) }
        }
        entries[key] = entry
        order.append(key)
        heldPixelBytes += key.pixelBytes
    }

    /// `key`'s icon as the decoder made it: uploaded, or warned about once.
    private func finish(_ key: Key, _ decoded: IconDecoder.Decoded) {
        counts.pending -= 1
        if let failure = decoded.failure {
            counts.failed += 1
            IconWarnings.cannotDraw(failure.key, failure.message)
        } else {
            counts.decoded += 1
        }
        // One evicted while it was decoded is not kept.
        if case .pending? = entries[key] {
            entries[key] = decoded.failure == nil ? .ready(upload(decoded)) : .failed
        }
        changed?()
    }

    /// `decoded`'s pixels in a new ARGB32 Pixmap and its Picture.
    private func upload(_ decoded: IconDecoder.Decoded) -> Picture {
        let width = UInt32(decoded.width), height = UInt32(decoded.height)
        let pixmap = XCreatePixmap(display, XRootWindow(display, connection.screen), width, height, 32)
        let gc = XCreateGC(display, pixmap, 0, nil)
        var pixels = decoded.pixels
        pixels.withUnsafeMutableBytes { bytes in
            // The XImage borrows the pixels; only its struct is freed (XDestroyImage, a macro, would free them too).
            guard let image = XCreateImage(display, nil, 32, ZPixmap, 0, bytes.baseAddress!.assumingMemoryBound(to: CChar.self),
                                           width, height, 32, Int32(width * 4)) else { return }
            image.pointee.byte_order = 1.littleEndian == 1 ? LSBFirst : MSBFirst    // the pixels are native words
            XPutImage(display, pixmap, gc, image, 0, 0, 0, 0, width, height)
            image.pointee.data = nil
            XFree(image)
        }
        XFreeGC(display, gc)
        let picture = XRenderCreatePicture(display, pixmap, format, 0, nil)
        return Picture(pixmap: pixmap, picture: picture, width: decoded.width, height: decoded.height, isSymbolic: decoded.isSymbolic)
    }

    /// The theme names are looked up in, made with the first name; from then on only the decoder's thread uses it.
    private lazy var theme: IconTheme = {
        var name = themeName
        if name == nil, case let .string(text)? = XSettings.read(display: display, screen: connection.screen)["Net/IconThemeName"] {
            name = text
        }
        return IconTheme(name: name, baseDirectories: IconTheme.baseDirectories())
    }()

    /// Whether the file at `path` is a symbolic icon: its name, up to the
    /// first `.`, ends in `-symbolic` (`go-next-symbolic.svg`, and GTK's
    /// rendered `go-next-symbolic.symbolic.png`).
    nonisolated static func isSymbolic(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? ""
        return (name.split(separator: ".").first ?? "").hasSuffix("-symbolic")
    }

    /// A solid alpha of `StripStyle.disabledTextOpacity` (the disabled
    /// title's strength) to composite a disabled item's icon through, made
    /// on first use (0 without RENDER).
    var disabledMask: CX11.Picture {
        if disabledMaskPicture == 0, format != nil {
            var color = XRenderColor(red: 0, green: 0, blue: 0, alpha: UInt16((0xFFFF * StripStyle.disabledTextOpacity).rounded()))
            disabledMaskPicture = XRenderCreateSolidFill(display, &color)
        }
        return disabledMaskPicture
    }
    private var disabledMaskPicture: CX11.Picture = 0

    private func free(_ picture: Picture) {
        XRenderFreePicture(display, picture.picture)
        XFreePixmap(display, picture.pixmap)
    }

    /// `text` for a one-line message: control characters, line and paragraph
    /// separators and bidi formatting characters shown as "?" (so a path can
    /// neither move the terminal's cursor nor reorder the line), and cut to
    /// 200 characters with "…".
    nonisolated static func printable(_ text: String) -> String {
        let shown = text.unicodeScalars.prefix(200).map { scalar -> Unicode.Scalar in
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: return "?"
            default:
                // The bidi embeddings, overrides, isolates and marks.
                let v = scalar.value
                return (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x061C
                    ? "?" : scalar
            }
        }
        return String(String.UnicodeScalarView(shown)) + (text.unicodeScalars.count > 200 ? "…" : "")
    }

    /// The themes a name was looked for in, for a message: the desktop's (quoted) when it is neither of the others, Adwaita and hicolor.
    nonisolated static func themeList(_ name: String) -> String {
        (name == "Adwaita" || name == "hicolor" ? "" : "'\(printable(name))', ") + "Adwaita and hicolor"
    }

    /// The working directory, for messages about relative paths ("?" when it cannot be read).
    nonisolated static var workingDirectory: String {
        guard let path = getcwd(nil, 0) else { return "?" }
        defer { Glibc.free(path) }
        return String(cString: path)
    }
}
