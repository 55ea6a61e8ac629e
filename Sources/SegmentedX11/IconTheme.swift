import Glibc

/// Icon names mapped to files as the freedesktop Icon Theme Specification
/// (version 0.13, "Icon Lookup") says: the named theme and the themes it
/// inherits, then Adwaita, then hicolor (the spec's fallback theme), then
/// the base directories' own files (`/usr/share/pixmaps`).
///
/// Within a theme, the first directory whose size matches wins; else the
/// one nearest in size (`Directory.distance`). Only PNG and SVG files are
/// taken (what `cicons_decode` draws). Each theme's `index.theme` is read
/// once, when a name first needs it; a missing or malformed one is a theme
/// with no directories, never an error. When a lookup first reaches a
/// theme, its folders are listed once into one table of the theme's files
/// (as GTK keeps a table of each theme's icon names), so a name costs a
/// table lookup a theme, found or not, never file system calls. Bounded
/// against hostile themes: parents followed `maximumDepth` levels and
/// `maximumThemes` themes in all (an `Inherits` chain or loop of any length
/// ends, and Adwaita and hicolor keep their places),
/// `maximumDirectories` directories a theme, `maximumListing` names a
/// folder and `maximumFiles` files a theme.
///
/// `@unchecked Sendable`: not thread-safe; a strip's theme is made on the
/// main queue and used from then on only by `IconDecoder`'s one thread.
final class IconTheme: @unchecked Sendable {
    /// One size directory of a theme, from its `index.theme` group.
    struct Directory: Equatable {
        enum Kind: Equatable { case fixed, scalable, threshold }
        /// Relative to the theme's folder, e.g. `16x16/actions`.
        let path: String
        /// Nominal sizes, pixels at `scale` 1.
        let size: Int, minSize: Int, maxSize: Int, threshold: Int
        let scale: Int
        let kind: Kind

        /// Whether an icon of `size` at `scale` is drawn from this directory unscaled (the spec's DirectoryMatchesSize).
        func matches(size wanted: Int, scale wantedScale: Int) -> Bool {
            guard scale == wantedScale else { return false }
            switch kind {
            case .fixed: return size == wanted
            case .scalable: return minSize <= wanted && wanted <= maxSize
            case .threshold: return size - threshold <= wanted && wanted <= size + threshold
            }
        }

        /// How far this directory's pixel sizes are from `size` × `scale` (the spec's DirectorySizeDistance).
        func distance(size wanted: Int, scale wantedScale: Int) -> Int {
            let pixels = wanted * wantedScale
            switch kind {
            case .fixed:
                return abs(size * scale - pixels)
            case .scalable:
                if pixels < minSize * scale { return minSize * scale - pixels }
                return pixels > maxSize * scale ? pixels - maxSize * scale : 0
            case .threshold:
                if pixels < (size - threshold) * scale { return minSize * scale - pixels }
                return pixels > (size + threshold) * scale ? pixels - maxSize * scale : 0
            }
        }
    }

    /// A theme's index: its parents and its directories in file order.
    struct Index: Equatable {
        var inherits: [String] = []
        var directories: [Directory] = []
    }

    /// The theme names were asked for, first to last.
    let name: String
    /// Folders holding themes, first to last.
    let baseDirectories: [String]
    private var indexes: [String: Index] = [:]
    /// Each theme's table of files, made when a lookup first reaches the theme.
    private var files: [String: [String: [Place]]] = [:]
    /// The names in each base directory, for its own files (`/usr/share/pixmaps`).
    private var listings: [String: Set<String>] = [:]

    /// Where a theme holds a file: the index of its directory in the theme's
    /// `Index.directories`, and of the base directory it is under.
    struct Place {
        let directory: Int, base: Int
    }

    /// The most levels of parents followed below the named theme, Adwaita
    /// and hicolor. GTK sets none; a desktop's chains are 2 to 4 deep
    /// (Papirus-Dark, Papirus, breeze-dark, hicolor).
    static let maximumDepth = 8
    /// The most themes one lookup reads, all lines together: what a hostile
    /// theme's chain may cost, each theme's folders being listed once.
    static let maximumThemes = 32
    /// The most directories taken from one `index.theme`: hicolor, the
    /// largest on Debian 12, lists 649; a lookup lists each once.
    static let maximumDirectories = 1024
    /// The most names read from one folder (Adwaita's largest holds about 1,500).
    static let maximumListing = 65_536
    /// The most files kept in one theme's table (Papirus, among the largest, has about 100,000).
    static let maximumFiles = 262_144

    /// Lookups in theme `name` (nil or empty: Adwaita) over `baseDirectories`.
    init(name: String?, baseDirectories: [String]) {
        self.name = name.flatMap { $0.isEmpty ? nil : $0 } ?? "Adwaita"
        self.baseDirectories = baseDirectories
    }

    /// The spec's base directories, as GTK orders them: `$XDG_DATA_HOME/icons`
    /// (default `~/.local/share/icons`), `~/.icons`, each of `$XDG_DATA_DIRS`
    /// (default `/usr/local/share:/usr/share`) with `/icons`, then `/usr/share/pixmaps`.
    static func baseDirectories(environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }) -> [String] {
        let home = environment("HOME").flatMap { $0.isEmpty ? nil : $0 }
        let dataHome = environment("XDG_DATA_HOME").flatMap { $0.isEmpty ? nil : $0 } ?? home.map { $0 + "/.local/share" }
        let dataDirs = (environment("XDG_DATA_DIRS").flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
            .split(separator: ":").map(String.init)
        return [dataHome.map { $0 + "/icons" }, home.map { $0 + "/.icons" }].compactMap { $0 }
            + dataDirs.map { $0 + "/icons" } + ["/usr/share/pixmaps"]
    }

    /// The file for icon `icon` at `size` px and `scale`, or nil when no theme has it.
    func lookup(_ icon: String, size: Int, scale: Int = 1) -> String? {
        guard Self.isIconName(icon) else { return nil }
        for theme in themes {
            if let file = lookup(icon, size: size, scale: scale, in: theme) { return file }
        }
        for base in baseDirectories {
            for ext in Self.extensions where has(base, "\(icon).\(ext)") { return "\(base)/\(icon).\(ext)" }
        }
        return nil
    }

    /// A name that stays inside the directory it is looked up in: not empty, no `/`, not `.` or `..`, no NUL.
    static func isIconName(_ icon: String) -> Bool {
        !icon.isEmpty && icon != "." && icon != ".." && !icon.utf8.contains(where: { $0 == 0x2F || $0 == 0 })
    }

    /// The file types a theme icon is taken in, in the spec's order of preference (XPM left out: not drawn).
    static let extensions = ["png", "svg"]

    /// The themes a lookup searches, in order, read once: the spec's
    /// FindIconHelper depth first (a theme, then each parent's whole line)
    /// from the named theme, then Adwaita's line, then hicolor; each theme
    /// once, parents followed `maximumDepth` levels, at most `maximumThemes`
    /// in all, of which the lines after one keep their room.
    private lazy var themes: [String] = {
        var order: [String] = [], seen: Set<String> = []
        let roots = [name, "Adwaita", "hicolor"]
        for (position, root) in roots.enumerated() {
            let room = Self.maximumThemes - (roots.count - 1 - position)
            var pending = [(theme: root, depth: 0)]
            while order.count < room, let (theme, depth) = pending.popLast() {
                guard seen.insert(theme).inserted else { continue }
                order.append(theme)
                if depth < Self.maximumDepth { pending += index(of: theme).inherits.reversed().map { ($0, depth + 1) } }
            }
        }
        return order
    }()

    /// The spec's LookupIcon: a directory that matches the size, else the nearest one; among
    /// equals the first in the spec's order (directory, base directory, extension).
    private func lookup(_ icon: String, size: Int, scale: Int, in theme: String) -> String? {
        let table = files(of: theme), directories = index(of: theme).directories
        var places: [(directory: Int, base: Int, ext: Int)] = []
        for (ext, suffix) in Self.extensions.enumerated() {
            places += (table["\(icon).\(suffix)"] ?? []).map { ($0.directory, $0.base, ext) }
        }
        places.sort { ($0.directory, $0.base, $0.ext) < ($1.directory, $1.base, $1.ext) }
        var nearest: (file: String, distance: Int)?
        for place in places {
            let directory = directories[place.directory]
            let file = "\(baseDirectories[place.base])/\(theme)/\(directory.path)/\(icon).\(Self.extensions[place.ext])"
            if directory.matches(size: size, scale: scale) { return file }
            let distance = directory.distance(size: size, scale: scale)
            if nearest == nil || distance < nearest!.distance { nearest = (file, distance) }
        }
        return nearest?.file
    }

    /// `theme`'s PNG and SVG files by name, and where each is, in the spec's
    /// order: each directory of its index, under each base directory that
    /// holds the theme; listed once, at most `maximumFiles` of them.
    private func files(of theme: String) -> [String: [Place]] {
        if let table = files[theme] { return table }
        var table: [String: [Place]] = [:], count = 0
        let bases = Self.isIconName(theme) ? baseDirectories.indices.filter { Self.isDirectory("\(baseDirectories[$0])/\(theme)") } : []
        for (directory, entry) in index(of: theme).directories.enumerated() {
            for base in bases where count < Self.maximumFiles {
                for name in Self.names(in: "\(baseDirectories[base])/\(theme)/\(entry.path)")
                where count < Self.maximumFiles && Self.extensions.contains(where: { name.hasSuffix(".\($0)") }) {
                    table[name, default: []].append(Place(directory: directory, base: base))
                    count += 1
                }
            }
        }
        files[theme] = table
        return table
    }

    /// The first `index.theme` of `theme` among the base directories, parsed once.
    func index(of theme: String) -> Index {
        if let index = indexes[theme] { return index }
        var index = Index()
        if Self.isIconName(theme),
           let text = baseDirectories.lazy.compactMap({ Self.readSmallFile("\($0)/\(theme)/index.theme") }).first {
            index = Self.parseIndex(text)
        }
        indexes[theme] = index
        return index
    }

    /// An `index.theme` (a desktop-entry-style key file): `[Icon Theme]`'s
    /// `Inherits` and `Directories` plus `ScaledDirectories`, and each
    /// listed directory's group. A directory with no valid `Size` is left
    /// out, as are unknown keys and lines that are not `key=value`.
    static func parseIndex(_ text: String) -> Index {
        var groups: [String: [String: String]] = [:]
        var group: String?
        for raw in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let line = raw.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                group = String(line.dropFirst().dropLast())
            } else if let group, let equals = line.firstIndex(of: "=") {
                let key = String(line[..<equals]).trimmingWhitespace()
                // The first value of a key in a group stands, as GLib's key file reads it.
                if groups[group, default: [:]][key] == nil {
                    groups[group, default: [:]][key] = String(line[line.index(after: equals)...]).trimmingWhitespace()
                }
            }
        }
        func list(_ value: String?) -> [String] {
            (value ?? "").split(separator: ",").map { String($0).trimmingWhitespace() }.filter { !$0.isEmpty }
        }
        let header = groups["Icon Theme"] ?? [:]
        var index = Index(inherits: list(header["Inherits"]))
        var seen: Set<String> = []
        for path in (list(header["Directories"]) + list(header["ScaledDirectories"])).prefix(maximumDirectories)
        where seen.insert(path).inserted {
            guard let keys = groups[path], let size = keys["Size"].flatMap(Self.positive) else { continue }
            let kind: Directory.Kind = switch keys["Type"] {
            case "Fixed": .fixed
            case "Scalable": .scalable
            default: .threshold
            }
            index.directories.append(Directory(
                path: path, size: size, minSize: keys["MinSize"].flatMap(Self.positive) ?? size,
                maxSize: keys["MaxSize"].flatMap(Self.positive) ?? size,
                threshold: keys["Threshold"].flatMap { Int($0) }.map { min(max($0, 0), 4096) } ?? 2,
                scale: keys["Scale"].flatMap(Self.positive) ?? 1, kind: kind))
        }
        return index
    }

    /// A whole number from 1 to 4,096 (a theme's largest sizes are 512), else nil.
    private static func positive(_ text: String) -> Int? {
        Int(text).flatMap { (1...4096).contains($0) ? $0 : nil }
    }

    /// Whether base directory `folder` holds a name `file` (a file or not: one that is no regular file is refused when decoded).
    private func has(_ folder: String, _ file: String) -> Bool {
        if let names = listings[folder] { return names.contains(file) }
        let names = Set(Self.names(in: folder))
        listings[folder] = names
        return names.contains(file)
    }

    /// The names in folder `folder` but `.` and `..`, at most `maximumListing` (none when it cannot be read).
    private static func names(in folder: String) -> [String] {
        guard let handle = opendir(folder) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while names.count < maximumListing, let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Whether `path` is a directory (following links, as a theme folder may be one).
    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The UTF-8 text of a regular file of at most 1 MiB (Adwaita's index is
    /// 20 KB), else nil. Opened non-blocking, so a FIFO cannot stall the strip.
    static func readSmallFile(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        let limit = 1 << 20
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= limit else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { break }
            count += read
        }
        return String(decoding: bytes.prefix(count), as: UTF8.self)
    }
}
