import CXft
import Foundation
@testable import SegmentedX11
import TestSupport
import XCTest

/// A fallback font is fontconfig's best match among the installed fonts that
/// have the code points (`XftFontChain.bestCoveringMatch`). It must be the
/// font fontconfig itself picks from every installed font: its best match
/// (`FcFontMatch`) when that has them all, else the first font of its sorted
/// list (`FcFontSort`) that has them, as the chain did before and Pango does.
/// The expected fonts come from fontconfig on this machine, whatever is installed.
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

    /// What fontconfig picks from all installed fonts for the substituted `pattern`.
    @MainActor private static func reference(_ pattern: OpaquePointer, codePoints: [UInt32], color: Bool) -> String? {
        var result = FcResultMatch
        if let best = FcFontMatch(nil, pattern, &result) {
            defer { FcPatternDestroy(best) }
            if XftFontChain.covers(best, codePoints, color: color) { return face(best) }
        }
        guard let sorted = FcFontSort(nil, pattern, 0, nil, &result) else { return nil }
        defer { FcFontSetDestroy(sorted) }
        for i in 0..<Int(sorted.pointee.nfont) {
            if let candidate = sorted.pointee.fonts[i], XftFontChain.covers(candidate, codePoints, color: color) { return face(candidate) }
        }
        return nil
    }

    func testTheCoveringMatchIsFontconfigsOwnChoiceFromEveryFont() throws {
        try MainActor.assumeIsolated {
            let connection = try Self.sharedConnection.get()
            let cases: [(codePoints: [UInt32], color: Bool)] = [
                ([0x4E00], false), ([0x5E08], false),                 // Han (with the Han language outside CJK locales)
                ([0x0627], false), ([0x0628, 0x064E], false),         // Arabic, a letter and its mark
                ([0x0915, 0x094D], false), ([0x05D0], false),         // Devanagari with virama, Hebrew
                ([0x0E01], false), ([0xAC00], false), ([0x3042], false),  // Thai, Hangul, Hiragana
                ([0x10D0], false), ([0x13A0], false), ([0x00E9], false),  // Georgian, Cherokee, é
                ([0x1F525], false), ([0x1F525], true),                // fire, as text and as color
                ([0x1F469, 0x200D, 0x1F4BB], true),                   // a ZWJ sequence's code points
                ([0x10FFFD], false),                                  // no font has it
            ]
            var compared = 0
            for patternName in ["sans-serif:pixelsize=15", "serif:pixelsize=17:weight=bold", "monospace:pixelsize=12",
                                "Noto Color Emoji:pixelsize=15", "DejaVu Sans:pixelsize=15:lang=ja"] {
                let chain = try XftFontChain(display: connection.display, screen: connection.screen, pattern: patternName)
                for (codePoints, color) in cases {
                    let pattern = try XCTUnwrap(chain.fallbackPattern(for: codePoints, color: color))
                    defer { FcPatternDestroy(pattern) }
                    let match = chain.bestCoveringMatch(pattern, codePoints: codePoints, color: color)
                    defer { if let match { FcPatternDestroy(match) } }
                    let expected = Self.reference(pattern, codePoints: codePoints, color: color)
                    XCTAssertEqual(Self.face(match), expected, "\(patternName) for \(codePoints.map { String($0, radix: 16) }) color \(color)")
                    if expected != nil { compared += 1 }
                }
            }
            // Under the pinned DejaVu-only configuration most cases have no font; every configuration covers some.
            XCTAssertGreaterThan(compared, 0, "no fallback font found at all")
        }
    }
}
