import CIcons
import CXft
import Glibc
import SegmentedCore

/// Icons decoded once per (source, pixel size) into a server-side ARGB32
/// Pixmap and its XRender Picture, composited Over the back buffer.
///
/// Files are decoded by `cicons_decode`: PNG by libpng and pixman, SVG by
/// gdk-pixbuf, each loaded when an icon first needs it. A name is looked up in the icon theme (`IconTheme`) that the
/// desktop's XSETTINGS manager names (`Net/IconThemeName`), read when the
/// first name is, else Adwaita, then hicolor. A symbolic icon (its name,
/// or its file's name before the extension, ends in `-symbolic`) is
/// `Picture.isSymbolic`: drawn as a mask in the title's color. An icon that
/// cannot be drawn (missing, corrupt, over `largestSide` a side, not PNG or
/// SVG, a name no theme has) gives one warning per program and the item is
/// drawn without it. Holds at most `capacity` pictures (the oldest goes
/// first), so server memory is bounded by the sizes in use: 256 × 16² × 4
/// bytes = 256 KiB at scale 1. Without RENDER there is no icon.
final class IconCache {
    /// The most pictures kept: far more than a strip shows at once.
    static let capacity = 256
    /// A raster file whose header gives a side over this (pixels) is refused
    /// unread: a theme's largest icons are 512 px, and this bounds the one
    /// full-size decode to 4 MiB.
    static let largestSide: Int32 = 1024

    /// A decoded icon on the server.
    struct Picture {
        let pixmap: Pixmap
        let picture: CXft.Picture
        /// Pixels; the longer side is the box's.
        let width: Int, height: Int
        /// Only its alpha is drawn, in the title's color (GTK's symbolic icons).
        let isSymbolic: Bool
    }

    private struct Key: Hashable {
        let icon: SegmentIcon
        let size: Int
    }

    private let display: OpaquePointer
    private let screen: Int32
    private let root: Window
    private let format: UnsafeMutablePointer<XRenderPictFormat>?
    /// nil: it could not be drawn (kept, so it is neither decoded nor warned about again).
    private var entries: [Key: Picture?] = [:]
    /// Keys in insertion order, for evicting the oldest.
    private var order: [Key] = []

    /// The theme names are looked up in first; nil: the desktop's.
    private let themeName: String?

    /// A cache on `display`'s screen `screen` looking names up in the theme
    /// `themeName` (nil: the one XSETTINGS names); with no RENDER or no ARGB32 format, every icon is nil.
    init(display: OpaquePointer, screen: Int32, themeName: String? = nil) {
        self.display = display
        self.screen = screen
        self.themeName = themeName
        root = XRootWindow(display, screen)
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        format = XRenderQueryExtension(display, &eventBase, &errorBase) != 0
            ? XRenderFindStandardFormat(display, Int32(PictStandardARGB32)) : nil
    }

    deinit {
        for case let picture?? in entries.values { free(picture) }
        if disabledMaskPicture != 0 { XRenderFreePicture(display, disabledMaskPicture) }
    }

    /// `icon` fitted into a `size` px square, decoded and uploaded on first
    /// use; nil when it cannot be drawn (after one warning).
    func picture(_ icon: SegmentIcon, size: Int) -> Picture? {
        let key = Key(icon: icon, size: size)
        if let entry = entries[key] { return entry }
        let entry = load(icon, size: size)
        if order.count >= Self.capacity {
            let oldest = order.removeFirst()
            if let old = entries.removeValue(forKey: oldest), let old { free(old) }
        }
        entries[key] = entry
        order.append(key)
        return entry
    }

    private func load(_ icon: SegmentIcon, size: Int) -> Picture? {
        guard let format, size > 0 else { return nil }
        let path: String
        switch icon {
        case let .file(file): path = file
        case let .named(name):
            guard let file = theme.lookup(name, size: size) else {
                XErrorReporting.warnOnce("icon \(name)", "icon '\(Self.printable(name))': not found in the icon themes \(Self.themeList(theme.name))")
                return nil
            }
            path = file
        }
        var width: Int32 = 0, height: Int32 = 0
        var reason = [CChar](repeating: 0, count: 512)
        guard let pixels = cicons_decode(path, Int32(size), Self.largestSide, &width, &height, &reason, reason.count) else {
            let text = String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // A relative path is the working directory's, which the reader may not guess.
            let shown = path.hasPrefix("/") ? "" : " (from the working directory \(Self.printable(Self.workingDirectory)))"
            XErrorReporting.warnOnce("icon \(path)", "icon '\(Self.printable(path))'\(shown): \(text)")
            return nil
        }
        defer { cicons_free(pixels) }
        let pixmap = XCreatePixmap(display, root, UInt32(width), UInt32(height), 32)
        let gc = XCreateGC(display, pixmap, 0, nil)
        // The XImage borrows the pixels; only its struct is freed (XDestroyImage, a macro, would free them too).
        if let image = XCreateImage(display, nil, 32, ZPixmap, 0, UnsafeMutableRawPointer(pixels).assumingMemoryBound(to: CChar.self),
                                    UInt32(width), UInt32(height), 32, width * 4) {
            image.pointee.byte_order = 1.littleEndian == 1 ? LSBFirst : MSBFirst    // the pixels are native words
            XPutImage(display, pixmap, gc, image, 0, 0, 0, 0, UInt32(width), UInt32(height))
            image.pointee.data = nil
            XFree(image)
        }
        XFreeGC(display, gc)
        let picture = XRenderCreatePicture(display, pixmap, format, 0, nil)
        return Picture(pixmap: pixmap, picture: picture, width: Int(width), height: Int(height), isSymbolic: Self.isSymbolic(path))
    }

    /// The theme names are looked up in, made with the first name.
    private lazy var theme: IconTheme = {
        var name = themeName
        if name == nil, case let .string(text)? = XSettings.read(display: display, screen: screen)["Net/IconThemeName"] { name = text }
        return IconTheme(name: name, baseDirectories: IconTheme.baseDirectories())
    }()

    /// Whether the file at `path` is a symbolic icon: its name, up to the
    /// first `.`, ends in `-symbolic` (`go-next-symbolic.svg`, and GTK's
    /// rendered `go-next-symbolic.symbolic.png`).
    static func isSymbolic(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? ""
        return (name.split(separator: ".").first ?? "").hasSuffix("-symbolic")
    }

    /// A solid alpha of `StripStyle.disabledTextOpacity` (the disabled
    /// title's strength) to composite a disabled item's icon through, made
    /// on first use (0 without RENDER).
    var disabledMask: CXft.Picture {
        if disabledMaskPicture == 0, format != nil {
            var color = XRenderColor(red: 0, green: 0, blue: 0, alpha: UInt16((0xFFFF * StripStyle.disabledTextOpacity).rounded()))
            disabledMaskPicture = XRenderCreateSolidFill(display, &color)
        }
        return disabledMaskPicture
    }
    private var disabledMaskPicture: CXft.Picture = 0

    private func free(_ picture: Picture) {
        XRenderFreePicture(display, picture.picture)
        XFreePixmap(display, picture.pixmap)
    }

    /// `text` for a one-line message: control characters, line and paragraph
    /// separators and bidi formatting characters shown as "?" (so a path can
    /// neither move the terminal's cursor nor reorder the line), and cut to
    /// 200 characters with "…".
    static func printable(_ text: String) -> String {
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
    static func themeList(_ name: String) -> String {
        (name == "Adwaita" || name == "hicolor" ? "" : "'\(printable(name))', ") + "Adwaita and hicolor"
    }

    /// The working directory, for messages about relative paths ("?" when it cannot be read).
    static var workingDirectory: String {
        guard let path = getcwd(nil, 0) else { return "?" }
        defer { Glibc.free(path) }
        return String(cString: path)
    }
}
