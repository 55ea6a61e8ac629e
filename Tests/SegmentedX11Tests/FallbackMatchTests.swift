import CX11
import Foundation
@testable import SegmentedX11
import TestSupport
import XCTest

/// The fallback font a chain opens for each code point (or cluster) its
/// primary lacks, under a pinned fontconfig setup whose fonts are known: the
/// DejaVu, Noto CJK and Noto Color Emoji faces that scripts/install-deps.sh
/// installs (found through fontconfig, named by path in a generated file, the
/// system's rules kept). Each answer is fontconfig's match for the base
/// pattern plus the code points' charset, or the first font of its sorted
/// list that has them when the match lacks them; Han code points ask for
/// Simplified Chinese forms outside CJK locales (`hanFallbackLanguage`), and
/// an emoji sequence asks for a color font.
final class FallbackMatchTests: XCTestCase, @unchecked Sendable {
    @MainActor private static let sharedConnection = Result { try XDisplayConnection() }

    /// The faces of the pinned setup: fonts-dejavu-core, fonts-noto-cjk, fonts-noto-color-emoji.
    static let faces = ["DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif"].flatMap { family in ["Book", "Bold"].map { (family, $0) } }
        + ["Noto Sans CJK SC", "Noto Serif CJK SC"].flatMap { family in ["Regular", "Bold"].map { (family, $0) } }
        + [("Noto Color Emoji", "Regular")]

    /// A fontconfig file whose fonts are exactly `files`: their folders, every
    /// font rejected but those files (by path), the system's rules
    /// (conf.d: the generic families, the bitmap scaling of color emoji).
    static func pinnedConfiguration(files: [String], cache: String) -> String {
        let folders = Set(files.map { ($0 as NSString).deletingLastPathComponent }).sorted()
        return """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
            \(folders.map { "  <dir>\($0)</dir>" }.joined(separator: "\n"))
              <selectfont>
                <rejectfont><glob>*</glob></rejectfont>
            \(files.map { "    <acceptfont><glob>\($0)</glob></acceptfont>" }.joined(separator: "\n"))
              </selectfont>
              <include ignore_missing="yes">/etc/fonts/conf.d</include>
              <cachedir>\(cache)</cachedir>
            </fontconfig>
            """
    }

    /// Runs `body` with the pinned setup as fontconfig's current configuration, then puts the previous one back.
    @MainActor static func withPinnedFonts(_ body: () throws -> Void) throws {
        let folder = try TemporaryFolder(prefix: "fallback-fonts")
        let files = try faces.map { try FontFiles.file(family: $0.0, style: $0.1) }
        let file = try folder.file("fonts.conf", Array(pinnedConfiguration(files: Array(Set(files)).sorted(), cache: folder.path + "/cache").utf8))
        let previous = try XCTUnwrap(FcConfigReference(nil), "fontconfig's current configuration")
        defer { FcConfigDestroy(previous) }
        let pinned = try XCTUnwrap(FcConfigCreate())
        defer { FcConfigDestroy(pinned) }   // the current configuration holds its own reference
        XCTAssertEqual(FcConfigParseAndLoad(pinned, file, FcTrue), FcTrue, "the generated fonts.conf loads")
        XCTAssertEqual(FcConfigBuildFonts(pinned), FcTrue)
        XCTAssertEqual(FcConfigSetCurrent(pinned), FcTrue)
        defer { FcConfigSetCurrent(previous) }
        try body()
    }

    /// "file #face index" of a font pattern, the file's name only.
    private static func face(_ pattern: OpaquePointer?) -> String {
        guard let pattern else { return "none" }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return "?" }
        let name = (String(cString: file) as NSString).lastPathComponent
        return "\(name): " + (cxft_pattern_family(pattern).map { String(cString: $0) } ?? "?")
    }

    func testEachFallbackIsTheExpectedFont() throws {
        guard FontChain.hanFallbackLanguage() == "zh-cn" else {
            throw XCTSkip("under a CJK locale fontconfig picks the CJK faces by the locale; the expected fonts are for any other")
        }
        guard FontChain.drawsColorGlyphs else { throw XCTSkip("this libXft draws no color glyphs (before 2.3.5): color fonts take no part") }
        // A cluster of more than one code point goes through fontIndex(forCluster:); U+FE0F makes an emoji sequence (color).
        let cases: [[UInt32]] = [
            [0x4E00], [0x5E08],                   // 一 师: Han (with the Han language outside CJK locales)
            [0x0627], [0x0628, 0x064E],           // Arabic, a letter and its mark
            [0x0915, 0x094D], [0x05D0],           // Devanagari with virama, Hebrew
            [0x0E01], [0xAC00], [0x3042],         // Thai, Hangul, Hiragana
            [0x10D0], [0x13A0], [0x00E9],         // Georgian, Cherokee, é
            [0x211D], [0x1D400], [0x2A00],        // ℝ, a bold 𝐀, ⨀: math
            [0x1F525], [0x1F525, 0xFE0F], [0x1F600], // 🔥 as text and as color, 😀
            [0x1F469, 0x200D, 0x1F4BB],           // a ZWJ sequence
            [0x10FFFD],                           // no font has it
        ]
        // The fonts by short name: the file and its first family name.
        let names = ["sans": "DejaVuSans.ttf: DejaVu Sans", "sansBold": "DejaVuSans-Bold.ttf: DejaVu Sans",
                     "mono": "DejaVuSansMono.ttf: DejaVu Sans Mono", "serif": "DejaVuSerif.ttf: DejaVu Serif",
                     "serifBold": "DejaVuSerif-Bold.ttf: DejaVu Serif", "emoji": "NotoColorEmoji.ttf: Noto Color Emoji",
                     "cjkSC": "NotoSansCJK-Regular.ttc: Noto Sans CJK SC", "cjkJP": "NotoSansCJK-Regular.ttc: Noto Sans CJK JP",
                     "cjkBoldJP": "NotoSansCJK-Bold.ttc: Noto Sans CJK JP", "cjkMonoSC": "NotoSansCJK-Regular.ttc: Noto Sans Mono CJK SC",
                     "serifCJKBoldSC": "NotoSerifCJK-Bold.ttc: Noto Serif CJK SC", "none": "none"]
        // For each base pattern, the font of each case in order; the primary's own when it has the code points.
        // The last three: fontconfig's rules give emoji and math languages color and format preferences that
        // rank above the charset (the fontformat=CFF primary is Noto Sans CJK), so the match lacks the code
        // points and the sorted list decides.
        let expected: [(pattern: String, fonts: String)] = [
            ("sans-serif:pixelsize=15", "cjkSC cjkSC sans sans none sans none cjkJP cjkJP sans none sans sans serifBold sans emoji emoji sans emoji none"),
            ("serif:pixelsize=17:weight=bold", "serifCJKBoldSC serifCJKBoldSC sansBold sansBold none sansBold none cjkBoldJP cjkBoldJP serifBold "
                + "none serifBold serif serifBold sansBold emoji emoji sansBold emoji none"),
            ("monospace:pixelsize=12", "cjkMonoSC cjkMonoSC mono mono none sans none cjkJP cjkJP mono none mono mono serifBold mono emoji emoji sans emoji none"),
            ("Noto Color Emoji:pixelsize=15", "cjkSC cjkSC sans sans none sans none cjkJP cjkJP sans none sans sans serifBold sans emoji emoji emoji emoji none"),
            ("DejaVu Sans:pixelsize=15:lang=ja", "cjkJP cjkJP sans sans none sans none cjkJP cjkJP sans none sans sans serifBold sans emoji emoji sans emoji none"),
            ("sans-serif:pixelsize=15:lang=und-zsye", "cjkJP cjkJP sans sans none sans none cjkJP cjkJP sans none sans sans serifBold sans emoji emoji emoji emoji none"),
            ("sans-serif:pixelsize=15:fontformat=CFF:lang=und-zmth",
             "cjkJP cjkJP sans sans none sans none cjkJP cjkJP sans none cjkJP sans serifBold sans emoji emoji emoji emoji none"),
            ("serif:pixelsize=15:color=true:lang=und-zmth", "cjkJP cjkJP sans sans none sans none cjkJP cjkJP serif none serif serif serifBold sans emoji emoji emoji emoji none"),
        ]
        try MainActor.assumeIsolated {
            let connection = try Self.sharedConnection.get()
            try Self.withPinnedFonts {
                for (patternName, row) in expected {
                    let fonts = row.split(separator: " ").map { names[String($0)] ?? "unknown name \($0)" }
                    XCTAssertEqual(fonts.count, cases.count, patternName)
                    for (cluster, want) in zip(cases, fonts) {
                        // A new chain for each case: the fonts it opens answer for that case alone.
                        let chain = try FontChain(display: connection.display, screen: connection.screen, pattern: patternName)
                        let index = cluster.count == 1 ? chain.fontIndex(for: cluster[0]) : chain.fontIndex(forCluster: cluster[...])
                        let found = chain.codePointsWithoutFont.isDisjoint(with: cluster) ? index : nil
                        let label = "\(patternName) for " + cluster.map { "U+" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
                        XCTAssertEqual(Self.face(found.map { chain.fonts[$0].pointee.pattern }), want, label)
                    }
                }
            }
        }
    }
}
