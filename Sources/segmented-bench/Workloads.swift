import Foundation
import TestSupport

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

/// Arabic titles (issue 10): joined letters shaped right to left, each with a
/// European number (a left-to-right run inside the right-to-left title).
func arabicTitles(_ count: Int) -> [String] {
    let words = ["مهندس مدني", "محاسب", "مدير مشروع", "مطور برمجيات", "طبيب أسنان", "معلم لغة عربية", "مصمم", "كاتب"]
    return (0..<count).map { "\(words[$0 % words.count]) \($0)" }
}

/// Titles in many scripts (issue 10): Latin with kerning, Arabic and Latin, Hebrew with
/// digits, Devanagari, Thai, combining marks, CJK, emoji, each with a number.
func mixedScriptTitles(_ count: Int) -> [String] {
    let samples = ["AVATAR Wolf To", "C++ مطور", "עברית", "हिन्दी परीक्षा", "ภาษาไทย", "Cafe\u{301}", "一级建造师", "🔥热门", "Überblick"]
    return (0..<count).map { "\(samples[$0 % samples.count]) \($0)" }
}

/// Writes `titles` as a JSON array to `folder` and returns the path.
func writeTitlesFile(_ titles: [String], in folder: URL, name: String) throws -> String {
    let url = folder.appendingPathComponent(name)
    try JSONSerialization.data(withJSONObject: titles).write(to: url)
    return url.path
}

/// Writes `titles` as items (issue 24), each with an icon (the `icons`
/// files in turn) and a badge (a count up to 120, a dot or "新" in turn).
func writeItemsFile(_ titles: [String], icons: [String], in folder: URL, name: String) throws -> String {
    let items: [[String: Any]] = titles.enumerated().map { i, title in
        let badge: Any = i % 3 == 0 ? i % 121 : i % 3 == 1 ? "dot" : "新"
        return ["title": title, "icon": icons[i % icons.count], "badge": badge]
    }
    let url = folder.appendingPathComponent(name)
    try JSONSerialization.data(withJSONObject: items).write(to: url)
    return url.path
}

/// Writes `count` 16 × 16 PNG icons of different colors, with a transparent corner, and returns their paths.
func writeIcons(_ count: Int, in folder: URL) throws -> [String] {
    try (0..<count).map { n in
        let color = UInt32(0x1E88E5 &+ n &* 0x2F3B47) & 0xFFFFFF
        let url = folder.appendingPathComponent("icon-\(n).png")
        try Data(ImageFixtures.png(width: 16, height: 16) { x, y in x < 3 && y < 3 ? 0 : 0xFF00_0000 | color }).write(to: url)
        return url.path
    }
}

/// Writes `titles` one per line (for the C and GTK peers).
func writeTitlesLines(_ titles: [String], in folder: URL, name: String) throws -> String {
    let url = folder.appendingPathComponent(name)
    try (titles.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    return url.path
}
