import CX11
import Foundation
import SegmentedText
import SegmentedX11
import TestSupport
import XCTest

/// Default-ignorable code points are drawn as nothing on both text paths:
/// shaped titles (HarfBuzz hides them) and titles over 4 KiB drawn code point
/// by code point.
final class DefaultIgnorableTests: XCTestCase, @unchecked Sendable {
    @MainActor private static let sharedConnection = Result { try XDisplayConnection() }

    /// Variation selectors (text, emoji, VS17), tag characters, soft hyphen,
    /// word joiner, CGJ, ZWSP, ZWNJ, ZWJ, LRM, BOM, a Mongolian FVS and the tag cancel.
    static let ignorables: [UInt32] = [0xFE0E, 0xFE0F, 0xE0100, 0xE0061, 0xE0062, 0x00AD, 0x2060, 0x034F, 0x200B, 0x200C,
                                       0x200D, 0x200E, 0xFEFF, 0x180B, 0xE007F]

    func testTheTableIsHarfBuzzsDefaultIgnorables() {
        for c in Self.ignorables { XCTAssertTrue(DefaultIgnorable.contains(c), String(c, radix: 16)) }
        // Hangul fillers are drawn by fonts as blanks of their own; letters, spaces and the ellipsis are drawn.
        for c: UInt32 in [0x41, 0x20, 0xAC, 0xAE, 0x115F, 0x1160, 0x3164, 0xFFA0, 0x2026, 0xFE10, 0xE1000, 0x1F600] {
            XCTAssertFalse(DefaultIgnorable.contains(c), String(c, radix: 16))
        }
    }

    func testALongTitleDrawsNothingForIgnorables() throws {
        try MainActor.assumeIsolated {
            let connection = try Self.sharedConnection.get()
            let chain = try FontChain(display: connection.display, screen: connection.screen, pattern: "sans-serif:pixelsize=15")
            let marks = String(String.UnicodeScalarView(Self.ignorables.compactMap(UnicodeScalar.init)))
            // Over 4 KiB: drawn without shaping, as is the same text without the ignorables.
            var plain = "", marked = ""
            for i in 0..<1100 {
                let word = "Wx\(i % 10) "
                plain += word
                marked += word.prefix(1) + marks + word.dropFirst()
            }
            XCTAssertTrue(FontChain.drawsWithoutShaping(marked))
            XCTAssertTrue(FontChain.drawsWithoutShaping(plain))
            XCTAssertEqual(chain.advance(of: marked), chain.advance(of: plain), "no advance for the ignorables")
            XCTAssertEqual(chain.missingCodePoints(in: marked), [], "none reported missing")
            let canvas = try XCTUnwrap(Canvas(connection, width: 500, height: 40))
            @MainActor func pixels(_ text: String) -> [UInt] {
                canvas.snapshot { c in
                    XCTAssertEqual(chain.draw(text, on: c.surface, color: &c.black, x: 4, baseline: 28, clipMinX: 0, clipMaxX: 500),
                                   chain.advance(of: text))
                }
            }
            let drawn = pixels(marked)
            XCTAssertGreaterThan(drawn.filter { $0 != drawn[0] }.count, 200, "the letters are drawn")
            XCTAssertEqual(drawn, pixels(plain), "no tofu or mark where the ignorables are")
            // The shaped path agrees on a short title.
            let short = "W" + marks + "x"
            XCTAssertNotNil(chain.shapedTitle(short))
            XCTAssertEqual(chain.advance(of: short), chain.advance(of: "Wx"))
        }
    }
}
