import Glibc

/// Finds the bundled `Resources/titles.json` without Foundation's
/// `Bundle.module`, which traps when its bundle is missing.
enum BundledResources {
    struct NotFound: Error, CustomStringConvertible {
        let searched: [String]
        var description: String {
            "cannot find the default titles file; looked in: " + searched.joined(separator: ", ")
                + " (pass --titles-file PATH)"
        }
    }

    /// Where the default titles may be, most specific first: $SEGMENTED_STRIP_RESOURCES,
    /// `Resources/` beside the executable or up to four folders above it
    /// (the package root for `.build/<config>/segmented-demo`), an installed
    /// `share/segmented-strip/`, and the source tree this binary was built from.
    static func candidates() -> [String] {
        var dirs = [String]()
        if let env = getenv("SEGMENTED_STRIP_RESOURCES"), env.pointee != 0 {
            dirs.append(String(cString: env))
        }
        // Plain path strings, not URL: its path arithmetic cost as much as a tenth of the fonts' opening.
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        var dir = parent(length > 0 ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "/")
        for _ in 0..<5 {
            dirs.append(dir + "/Resources")
            dirs.append(dir + "/share/segmented-strip")
            dir = parent(dir)
        }
        dirs.append(parent(parent(parent(#filePath))) + "/Resources")
        var seen = Set<String>()
        return dirs.map { $0.hasPrefix("//") ? String($0.dropFirst()) : $0 }.filter { seen.insert($0).inserted }.map { $0 + "/titles.json" }
    }

    /// The folder holding `path` ("/" for the root and its children).
    private static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    static func defaultTitlesPath() throws -> String {
        let all = candidates()
        if let found = all.first(where: { access($0, R_OK) == 0 }) { return found }
        throw NotFound(searched: all)
    }
}
