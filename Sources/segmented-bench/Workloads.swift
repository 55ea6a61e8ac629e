import Foundation

/// Titles for the scenarios: the ten defaults, then a mix of CJK and Latin
/// titles of varied length, the same for every run.
func benchmarkTitles(_ count: Int, defaults: [String]) -> [String] {
    if count <= defaults.count { return Array(defaults.prefix(count)) }
    let latin = ["Overview", "Release notes", "Settings", "Build 2026", "Archive", "Q&A"]
    return (0..<count).map { i in
        switch i % 4 {
        case 0: return defaults[i % defaults.count]
        case 1: return "\(latin[i % latin.count]) \(i)"
        case 2: return "\(defaults[(i / 4) % defaults.count]) \(i)"
        default: return "混合 Mixed \(i)"
        }
    }
}

/// Writes `titles` as a JSON array to `folder` and returns the path.
func writeTitlesFile(_ titles: [String], in folder: URL, name: String) throws -> String {
    let url = folder.appendingPathComponent(name)
    try JSONSerialization.data(withJSONObject: titles).write(to: url)
    return url.path
}

/// Writes `titles` one per line (for the C and GTK peers).
func writeTitlesLines(_ titles: [String], in folder: URL, name: String) throws -> String {
    let url = folder.appendingPathComponent(name)
    try (titles.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    return url.path
}
