import Foundation
@testable import SegmentedX11
import TestSupport
import XCTest

/// Icon names mapped to files as the Icon Theme Specification says, in
/// theme trees the test writes (nothing depends on the machine's themes).
final class IconThemeTests: XCTestCase {
    private var folder: TemporaryFolder!
    private var user: String { folder.path + "/user" }
    private var system: String { folder.path + "/system" }

    override func setUpWithError() throws {
        folder = try TemporaryFolder(prefix: "segmented-icon-theme")
    }

    private func write(_ path: String, _ text: String = "x") throws {
        _ = try folder.file(path, Array(text.utf8))
    }

    private func theme(_ name: String?) -> IconTheme {
        IconTheme(name: name, baseDirectories: [user, system, folder.path + "/pixmaps"])
    }

    func testTheIndexTakesEachDirectorysTypeAndSizesWithTheSpecsDefaults() {
        let index = IconTheme.parseIndex("""
        # a comment
        [Icon Theme]
        Name=Test
        Inherits = Parent, ,Other
        Directories=16x16/apps,scalable/apps,threshold,nosize,16x16/apps
        ScaledDirectories=16x16@2/apps
        Directories=ignored
        not a key line

        [16x16/apps]
        Size=16
        Type=Fixed
        [scalable/apps]
        Size=16
        MinSize=8
        MaxSize=512
        Type=Scalable
        [threshold]
        Size=22
        Threshold=3
        [nosize]
        Size=zero
        [16x16@2/apps]
        Size=16
        Scale=2
        """)
        XCTAssertEqual(index.inherits, ["Parent", "Other"])
        XCTAssertEqual(index.directories, [
            .init(path: "16x16/apps", size: 16, minSize: 16, maxSize: 16, threshold: 2, scale: 1, kind: .fixed),
            .init(path: "scalable/apps", size: 16, minSize: 8, maxSize: 512, threshold: 2, scale: 1, kind: .scalable),
            .init(path: "threshold", size: 22, minSize: 22, maxSize: 22, threshold: 3, scale: 1, kind: .threshold),
            .init(path: "16x16@2/apps", size: 16, minSize: 16, maxSize: 16, threshold: 2, scale: 2, kind: .threshold),
        ])
        XCTAssertEqual(IconTheme.parseIndex(""), IconTheme.Index())
        XCTAssertEqual(IconTheme.parseIndex("\u{0}[Icon Theme\nDirectories=a\n[a]\nSize=-4"), IconTheme.Index())
    }

    func testMatchesAndDistancesFollowTheSpec() {
        let fixed = IconTheme.Directory(path: "", size: 32, minSize: 32, maxSize: 32, threshold: 2, scale: 1, kind: .fixed)
        XCTAssertTrue(fixed.matches(size: 32, scale: 1))
        XCTAssertFalse(fixed.matches(size: 31, scale: 1))
        XCTAssertFalse(fixed.matches(size: 32, scale: 2))
        XCTAssertEqual(fixed.distance(size: 16, scale: 1), 16)
        XCTAssertEqual(fixed.distance(size: 16, scale: 2), 0)
        let scalable = IconTheme.Directory(path: "", size: 16, minSize: 8, maxSize: 48, threshold: 2, scale: 1, kind: .scalable)
        XCTAssertTrue(scalable.matches(size: 8, scale: 1))
        XCTAssertTrue(scalable.matches(size: 48, scale: 1))
        XCTAssertEqual(scalable.distance(size: 4, scale: 1), 4)
        XCTAssertEqual(scalable.distance(size: 64, scale: 1), 16)
        XCTAssertEqual(scalable.distance(size: 30, scale: 1), 0)
        let threshold = IconTheme.Directory(path: "", size: 22, minSize: 22, maxSize: 22, threshold: 2, scale: 1, kind: .threshold)
        XCTAssertTrue(threshold.matches(size: 20, scale: 1))
        XCTAssertTrue(threshold.matches(size: 24, scale: 1))
        XCTAssertFalse(threshold.matches(size: 25, scale: 1))
        XCTAssertEqual(threshold.distance(size: 16, scale: 1), 6)
        XCTAssertEqual(threshold.distance(size: 32, scale: 1), 10)
        XCTAssertEqual(threshold.distance(size: 23, scale: 1), 0)
    }

    /// A theme "Seg" inheriting "Parent", an Adwaita and a hicolor, split over a user and a system base directory.
    private func writeThemes() throws {
        try write("system/Seg/index.theme", """
        [Icon Theme]
        Inherits=Parent
        Directories=16x16/apps,32x32/apps,scalable/apps
        [16x16/apps]
        Size=16
        Type=Fixed
        [32x32/apps]
        Size=32
        Type=Fixed
        [scalable/apps]
        Size=16
        MinSize=8
        MaxSize=24
        Type=Scalable
        """)
        // The user's copy of the theme has no index of its own: the system's describes both.
        try write("user/Seg/16x16/apps/exact.png")
        try write("system/Seg/16x16/apps/exact.png")
        try write("system/Seg/32x32/apps/exact.png")
        try write("system/Seg/32x32/apps/nearest.png")
        try write("system/Seg/scalable/apps/vector.svg")
        try write("system/Seg/16x16/apps/unknown.xpm")
        try write("system/Parent/index.theme", "[Icon Theme]\nInherits=Seg\nDirectories=48x48\n[48x48]\nSize=48\n")
        try write("system/Parent/48x48/inherited.png")
        try write("system/Adwaita/index.theme", "[Icon Theme]\nInherits=hicolor\nDirectories=16x16/status\n[16x16/status]\nSize=16\n")
        try write("system/Adwaita/16x16/status/adwaita-only.png")
        try write("system/Adwaita/16x16/status/inherited.png")
        try write("system/hicolor/index.theme", "[Icon Theme]\nDirectories=16x16/apps\n[16x16/apps]\nSize=16\nType=Fixed\n")
        try write("system/hicolor/16x16/apps/hicolor-only.png")
        try write("pixmaps/loose.png")
    }

    func testTheThemeItsParentsAdwaitaHicolorThenPixmaps() throws {
        try writeThemes()
        let seg = theme("Seg")
        XCTAssertEqual(seg.lookup("exact", size: 16), user + "/Seg/16x16/apps/exact.png", "a matching directory, the first base directory")
        XCTAssertEqual(seg.lookup("exact", size: 32), system + "/Seg/32x32/apps/exact.png")
        XCTAssertEqual(seg.lookup("nearest", size: 16), system + "/Seg/32x32/apps/nearest.png", "no match: the nearest size")
        XCTAssertEqual(seg.lookup("vector", size: 16), system + "/Seg/scalable/apps/vector.svg")
        XCTAssertEqual(seg.lookup("vector", size: 96), system + "/Seg/scalable/apps/vector.svg", "the only one, however far")
        XCTAssertEqual(seg.lookup("inherited", size: 16), system + "/Parent/48x48/inherited.png",
                       "a parent before Adwaita, even at a worse size; the parent's loop back to Seg ends")
        XCTAssertEqual(seg.lookup("adwaita-only", size: 16), system + "/Adwaita/16x16/status/adwaita-only.png")
        XCTAssertEqual(seg.lookup("hicolor-only", size: 16), system + "/hicolor/16x16/apps/hicolor-only.png")
        XCTAssertEqual(seg.lookup("loose", size: 16), folder.path + "/pixmaps/loose.png")
        XCTAssertNil(seg.lookup("unknown", size: 16), "XPM is not drawn")
        XCTAssertNil(seg.lookup("missing", size: 16))
        for bad in ["", ".", "..", "../Seg/16x16/apps/exact", "a\u{0}b"] { XCTAssertNil(seg.lookup(bad, size: 16), bad) }
        XCTAssertEqual(theme(nil).lookup("inherited", size: 16), system + "/Adwaita/16x16/status/inherited.png", "no theme named: Adwaita")
        XCTAssertEqual(theme("").name, "Adwaita")
        XCTAssertEqual(theme("NoSuchTheme").lookup("hicolor-only", size: 16), system + "/hicolor/16x16/apps/hicolor-only.png")
    }

    func testAMalformedOrHugeIndexIsAThemeWithNoDirectories() throws {
        try write("system/Big/index.theme", String(repeating: "#", count: (1 << 20) + 1))
        try write("system/Big/16x16/a.png")
        XCTAssertEqual(theme("Big").index(of: "Big"), IconTheme.Index())
        XCTAssertNil(theme("Big").lookup("a", size: 16))
        try FileManager.default.createDirectory(atPath: system + "/Dir/index.theme", withIntermediateDirectories: true)
        XCTAssertEqual(theme("Dir").index(of: "Dir"), IconTheme.Index(), "a folder named index.theme")
        try FileManager.default.createDirectory(atPath: system + "/Fifo", withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(system + "/Fifo/index.theme", 0o600), 0)
        XCTAssertEqual(theme("Fifo").index(of: "Fifo"), IconTheme.Index(), "a FIFO with no writer is not waited on")
    }

    /// What a hostile theme can hold (found by a breaker pass): a threshold at Int.max
    /// (it overflowed), and an Inherits chain longer than a lookup visits (it recursed
    /// to a stack overflow at 60,000 themes): both end, found or not.
    func testExtremeThresholdsAndLongInheritChainsEnd() throws {
        for threshold in ["9223372036854775807", "-9223372036854775808"] {
            XCTAssertEqual(IconTheme.parseIndex("[Icon Theme]\nDirectories=d\n[d]\nSize=16\nThreshold=\(threshold)\n").directories.first?.threshold,
                           threshold.hasPrefix("-") ? 0 : 4096)
        }
        try write("system/Edge/index.theme", "[Icon Theme]\nDirectories=d\n[d]\nSize=16\nThreshold=9223372036854775807\n")
        try write("system/Edge/d/far.png")
        XCTAssertEqual(theme("Edge").lookup("far", size: 4000), system + "/Edge/d/far.png")
        let count = IconTheme.maximumThemes + 10
        for i in 0..<count { try write("system/C\(i)/index.theme", "[Icon Theme]\nInherits=C\(i + 1)\nDirectories=d\n[d]\nSize=16\n") }
        try write("system/C5/d/near.png")
        try write("system/C\(count - 1)/d/beyond.png")
        XCTAssertEqual(theme("C0").lookup("near", size: 16), system + "/C5/d/near.png")
        XCTAssertNil(theme("C0").lookup("beyond", size: 16), "past the themes a lookup visits")
    }

    /// A hostile theme (found by a review): an `index.theme` listing 10,000
    /// directories that inherits a chain of 69 more such themes. Every name
    /// no theme had cost 0.45 s: each directory of each theme was searched,
    /// a folder path built for each. Now a theme's folders are listed into
    /// one table of its files when a lookup first reaches it, so a missing
    /// name costs a table lookup a theme (20 µs here); and a lookup reads
    /// parents `maximumDepth` levels down and `maximumDirectories`
    /// directories of each theme, and hicolor still after them.
    func testAHostileThemeCostsLittleForEachMissingName() throws {
        let directories = (0..<10_000).map { "d\($0)" }
        let groups = directories.map { "[\($0)]\nSize=16\nType=Fixed\n" }.joined()
        for i in 0..<70 {
            try write("user/H\(i)/index.theme", "[Icon Theme]\nInherits=H\(i + 1)\nDirectories=\(directories.joined(separator: ","))\n" + groups)
        }
        let last = IconTheme.maximumDirectories - 1
        try write("user/H0/d\(last)/inside.png")
        try write("user/H0/d\(last + 1)/outside.png")
        try write("user/H\(IconTheme.maximumDepth)/d0/deep.png")
        try write("user/H\(IconTheme.maximumDepth + 1)/d0/deeper.png")
        try write("system/hicolor/index.theme", "[Icon Theme]\nDirectories=16x16/apps\n[16x16/apps]\nSize=16\nType=Fixed\n")
        try write("system/hicolor/16x16/apps/hicolor-only.png")
        let hostile = theme("H0")
        /// How long `body` takes, seconds.
        func seconds(_ body: () -> Void) -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        }
        // The first reads the themes' indexes and folders (8.6 s before, 1.2 s now in a debug build).
        XCTAssertNil(hostile.lookup("missing-0", size: 16))
        var total = 0.0
        for i in 1..<200 where total < 5 {
            total += seconds { XCTAssertNil(hostile.lookup("missing-\(i)", size: 16)) }
        }
        XCTAssertLessThan(total, 0.2, "199 more missing names, seconds")
        XCTAssertEqual(hostile.lookup("inside", size: 16), user + "/H0/d\(last)/inside.png", "the last directory read")
        XCTAssertNil(hostile.lookup("outside", size: 16), "past the directories read")
        // The lookup's themes: H0 and its parents down to the depth read, then Adwaita and hicolor.
        XCTAssertEqual(hostile.lookup("deep", size: 16), user + "/H\(IconTheme.maximumDepth)/d0/deep.png", "the deepest parent read")
        XCTAssertNil(hostile.lookup("deeper", size: 16), "past the parents read")
        XCTAssertEqual(hostile.lookup("hicolor-only", size: 16), system + "/hicolor/16x16/apps/hicolor-only.png", "hicolor after the chain")
    }

    func testMessagesQuoteTheThemeAndNeutralizeBidiAndLength() {
        XCTAssertEqual(IconCache.themeList("My Theme  "), "'My Theme  ', Adwaita and hicolor")
        XCTAssertEqual(IconCache.themeList("hicolor"), "Adwaita and hicolor")
        XCTAssertEqual(IconCache.printable("a\u{202E}b\u{2028}c\u{1B}[2J"), "a?b?c?[2J")
        XCTAssertEqual(IconCache.printable(String(repeating: "x", count: 300)), String(repeating: "x", count: 200) + "…")
    }

    func testBaseDirectoriesInGTKsOrderWithTheSpecsDefaults() {
        let set = ["HOME": "/h", "XDG_DATA_HOME": "/data", "XDG_DATA_DIRS": "/a:/b"]
        XCTAssertEqual(IconTheme.baseDirectories { set[$0] }, ["/data/icons", "/h/.icons", "/a/icons", "/b/icons", "/usr/share/pixmaps"])
        XCTAssertEqual(IconTheme.baseDirectories { $0 == "HOME" ? "/h" : nil },
                       ["/h/.local/share/icons", "/h/.icons", "/usr/local/share/icons", "/usr/share/icons", "/usr/share/pixmaps"])
        XCTAssertEqual(IconTheme.baseDirectories { _ in "" }, ["/usr/local/share/icons", "/usr/share/icons", "/usr/share/pixmaps"])
    }

    func testSymbolicIconsByTheirNames() {
        XCTAssertTrue(IconCache.isSymbolic("/usr/share/icons/Adwaita/scalable/status/mail-unread-symbolic.svg"))
        XCTAssertTrue(IconCache.isSymbolic("/i/16x16/status/mail-unread-symbolic.symbolic.png"))
        XCTAssertFalse(IconCache.isSymbolic("/i/48x48/legacy/mail-unread.png"))
        XCTAssertFalse(IconCache.isSymbolic("/i/-symbolic/mail.png"))
        XCTAssertFalse(IconCache.isSymbolic("/i/mail-symbolic-not.png"))
    }
}

/// The XSETTINGS property as its specification lays it out, in both byte orders.
final class XSettingsTests: XCTestCase {
    /// The property for `settings` (name, type, value bytes) in `bigEndian` order or not.
    private static func property(bigEndian: Bool, _ settings: [(String, UInt8, [UInt8])]) -> [UInt8] {
        func card(_ value: Int, _ size: Int) -> [UInt8] {
            let bytes = (0..<size).map { UInt8(value >> (8 * $0) & 0xFF) }
            return bigEndian ? bytes.reversed() : bytes
        }
        func padded(_ bytes: [UInt8]) -> [UInt8] { bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4) }
        var out: [UInt8] = [bigEndian ? 1 : 0, 0, 0, 0] + card(7, 4) + card(settings.count, 4)
        for (name, type, value) in settings {
            out += [type, 0] + card(name.utf8.count, 2) + padded(Array(name.utf8)) + card(3, 4) + value
        }
        return out
    }

    private static func string(_ text: String, bigEndian: Bool) -> [UInt8] {
        let length = (0..<4).map { UInt8(text.utf8.count >> (8 * $0) & 0xFF) }
        let bytes = Array(text.utf8)
        return (bigEndian ? length.reversed() : length) + bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
    }

    func testIntegersStringsAndColorsInBothByteOrders() throws {
        for bigEndian in [false, true] {
            let dpi: [UInt8] = bigEndian ? [0x00, 0x01, 0x80, 0x00] : [0x00, 0x80, 0x01, 0x00]
            let color: [UInt8] = bigEndian ? [0x12, 0x34, 0, 0, 0xFF, 0xFF, 0x00, 0x01] : [0x34, 0x12, 0, 0, 0xFF, 0xFF, 0x01, 0x00]
            let bytes = Self.property(bigEndian: bigEndian, [
                ("Xft/DPI", 0, dpi), ("Net/IconThemeName", 1, Self.string("Papirus-Dark", bigEndian: bigEndian)),
                ("Gtk/Color", 2, color), ("Empty", 1, Self.string("", bigEndian: bigEndian)),
            ])
            XCTAssertEqual(XSettings.parse(bytes), ["Xft/DPI": .integer(98_304), "Net/IconThemeName": .string("Papirus-Dark"),
                                                    "Gtk/Color": .color(0x1234, 0, 0xFFFF, 1), "Empty": .string("")])
            // Every shorter property runs out mid-field: no settings at all, and no read past its end.
            for length in 0..<bytes.count where XSettings.parse(Array(bytes.prefix(length))) != nil {
                XCTFail("a property cut to \(length) of \(bytes.count) bytes was read")
            }
        }
    }

    func testAnUnknownTypeOrByteOrderOrAnAbsurdLengthIsNoSettings() {
        XCTAssertNil(XSettings.parse(Self.property(bigEndian: false, [("A", 3, [0, 0, 0, 0])])))
        XCTAssertNil(XSettings.parse([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))
        XCTAssertNil(XSettings.parse(Self.property(bigEndian: false, [("A", 1, [0xFF, 0xFF, 0xFF, 0xFF])])))
        XCTAssertNil(XSettings.parse([0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF]), "four billion settings in 12 bytes")
        XCTAssertEqual(XSettings.parse([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]), [:])
    }
}
