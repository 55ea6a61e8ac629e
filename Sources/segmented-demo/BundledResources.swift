import Foundation

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
        if let env = ProcessInfo.processInfo.environment["SEGMENTED_STRIP_RESOURCES"], !env.isEmpty {
            dirs.append(env)
        }
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        var dir = exe
        for _ in 0..<5 {
            dirs.append(dir.appendingPathComponent("Resources").path)
            dirs.append(dir.appendingPathComponent("share/segmented-strip").path)
            dir = dir.deletingLastPathComponent()
        }
        let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        dirs.append(sourceRoot.appendingPathComponent("Resources").path)
        var seen = Set<String>()
        return dirs.filter { seen.insert($0).inserted }.map { $0 + "/titles.json" }
    }

    static func defaultTitlesPath() throws -> String {
        let all = candidates()
        if let found = all.first(where: { FileManager.default.isReadableFile(atPath: $0) }) { return found }
        throw NotFound(searched: all)
    }
}
