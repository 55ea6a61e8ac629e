import CXft
import Foundation
@testable import SegmentedX11
import TestSupport
import XCTest

/// A fallback font is fontconfig's best match of every installed font for
/// the base pattern plus the code points' charset (`FcFontMatch`), as it was
/// with `XftFontMatch`; `XftFontChain.bestCoveringMatch` finds it among the
/// fonts that have the code points when that is sure to give the same font,
/// and says nil otherwise (the chain then asks `FcFontMatch`). Whenever it
/// answers, its font must be `FcFontMatch`'s. The expected fonts come from
/// fontconfig on this machine, whatever is installed.
final class FallbackMatchTests: XCTestCase, @unchecked Sendable {
    @MainActor private static let sharedConnection = Result { try XDisplayConnection() }

    /// (file, face index) of a font pattern.
    private static func face(_ pattern: OpaquePointer?) -> String? {
        guard let pattern else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return "?" }
        FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        return "\(String(cString: file)) #\(index)"
    }

    func testTheCoveringMatchIsFontconfigsOwnMatchOfEveryFont() throws {
        try MainActor.assumeIsolated {
            let connection = try Self.sharedConnection.get()
            let cases: [(codePoints: [UInt32], color: Bool)] = [
                ([0x4E00], false), ([0x5E08], false),                 // Han (with the Han language outside CJK locales)
                ([0x0627], false), ([0x0628, 0x064E], false),         // Arabic, a letter and its mark
                ([0x0915, 0x094D], false), ([0x05D0], false),         // Devanagari with virama, Hebrew
                ([0x0E01], false), ([0xAC00], false), ([0x3042], false),  // Thai, Hangul, Hiragana
                ([0x10D0], false), ([0x13A0], false), ([0x00E9], false),  // Georgian, Cherokee, é
                ([0x211D], false), ([0x1D400], false), ([0x2A00], false), // ℝ, a bold 𝐀, ⨀: math fonts rank on language
                ([0x1F525], false), ([0x1F525], true), ([0x1F600], false), // emoji, as text and as color
                ([0x1F469, 0x200D, 0x1F4BB], true),                   // a ZWJ sequence's code points
                ([0x10FFFD], false),                                  // no font has it
            ]
            var answered = 0, compared = 0
            // The last three (found by a differential test against the chain before bestCoveringMatch):
            // fontconfig's rules give emoji and math languages color and format preferences that rank above the charset.
            for patternName in ["sans-serif:pixelsize=15", "serif:pixelsize=17:weight=bold", "monospace:pixelsize=12",
                                "Noto Color Emoji:pixelsize=15", "DejaVu Sans:pixelsize=15:lang=ja",
                                "sans-serif:pixelsize=15:lang=und-zsye", "sans-serif:pixelsize=15:fontformat=CFF:lang=und-zmth",
                                "serif:pixelsize=15:color=true:lang=und-zmth"] {
                let chain = try XftFontChain(display: connection.display, screen: connection.screen, pattern: patternName)
                for (codePoints, color) in cases {
                    let pattern = try XCTUnwrap(chain.fallbackPattern(for: codePoints, color: color))
                    defer { FcPatternDestroy(pattern) }
                    var result = FcResultMatch
                    let all = FcFontMatch(nil, pattern, &result)
                    defer { if let all { FcPatternDestroy(all) } }
                    compared += 1
                    guard let covering = chain.bestCoveringMatch(pattern, codePoints: codePoints, color: color) else { continue }
                    defer { FcPatternDestroy(covering) }
                    answered += 1
                    XCTAssertEqual(Self.face(covering), Self.face(all), "\(patternName) for \(codePoints.map { String($0, radix: 16) }) color \(color)")
                }
            }
            // Under the pinned DejaVu-only configuration most code points have no font; every configuration has some.
            XCTAssertGreaterThan(answered, 0, "the covering match never answered (\(compared) cases)")
            print("FallbackMatchTests: the covering match answered \(answered) of \(compared) cases")
        }
    }
}
