import CX11
import Foundation
@testable import SegmentedX11
import XCTest

/// The width rule of a font with a matrix (`GlyphLayout`): each glyph in a
/// slot as wide as its transformed cell, neighbouring cells tiled when the
/// baseline stays horizontal; and a chain measures what it draws.
final class GlyphLayoutTests: XCTestCase {
    /// Kept open for the process (see FontMatrixTests.sharedConnection).
    @MainActor private static let sharedConnection = Result { try XDisplayConnection() }
    /// A cell 4 px below the baseline to 14 above it (DejaVu Sans at 15 px) under `matrix`.
    private func layout(_ matrix: String) throws -> GlyphLayout {
        GlyphLayout(matrix: try XCTUnwrap(FontMatrix.of(pattern: "sans:matrix=\(matrix)")), descender: -4, ascender: 14)
    }

    func testTheSlotOfEachMatrix() throws {
        // Mirrored and upside down: the advance, the origin at the slot's right edge (the glyph is drawn leftwards).
        for matrix in ["-1 0 0 1", "-1 0 0 -1"] {
            let l = try layout(matrix)
            XCTAssertEqual(l.slot(advance: 8), 8, matrix)
            XCTAssertEqual(l.origin(advance: 8), 8, matrix)
            XCTAssertEqual(l.trail, 0, matrix)
        }
        // A quarter turn: every cell stands 18 px wide (ascender - descender), its descender side at the slot's left.
        let quarter = try layout("0 1 -1 0")
        XCTAssertEqual(quarter.slot(advance: 8), 18)
        XCTAssertEqual(quarter.slot(advance: 3), 18)
        XCTAssertEqual(quarter.origin(advance: 8), 4)
        XCTAssertEqual(quarter.trail, 0)
        // Sheared: the cells tile, so the slot is the advance and the slant (0.3 x 18) comes once, after the last.
        let sheared = try layout("1 0.3 0 1")
        XCTAssertEqual(sheared.slot(advance: 8), 8)
        XCTAssertEqual(sheared.origin(advance: 8), 1.2, accuracy: 1e-9)
        XCTAssertEqual(sheared.trail, 5.4, accuracy: 1e-9)
        // Turned 30°: the baseline tilts, so the cells stand side by side, each |xx|·a + |xy|·18 wide.
        let turned = try layout("0.866 -0.5 0.5 0.866")
        XCTAssertEqual(turned.slot(advance: 10), 8.66 + 9, accuracy: 1e-9)
        XCTAssertEqual(turned.origin(advance: 10), 7, accuracy: 1e-9)
        XCTAssertEqual(turned.trail, 0)
        // Doubled: twice the advance, as Xft's own pen.
        XCTAssertEqual(try layout("2 0 0 2").slot(advance: 8), 16)
        // The origin of a slot is the origin of its glyph's advance, for the titles drawn without shaping.
        for matrix in ["-1 0 0 1", "0 1 -1 0", "1 0.3 0 1", "-0.866 -0.5 0.5 -0.866", "-1 0.2 0.1 1"] {
            let l = try layout(matrix)
            XCTAssertEqual(l.origin(slot: l.slot(advance: 9)), l.origin(advance: 9), accuracy: 1e-9, matrix)
        }
    }

    func testTheAdvanceBeforeTheMatrixFromXftsPen() throws {
        var mirrored = XGlyphInfo()
        mirrored.xOff = -8
        XCTAssertEqual(try layout("-1 0 0 1").slotPixels(mirrored), 8)
        var down = XGlyphInfo()
        down.yOff = 8   // a quarter turn: Xft's pen goes down the page
        XCTAssertEqual(try layout("0 1 -1 0").slotPixels(down), 18)
    }

    /// Drawn at x = 20, every inked column of a title lies in [20, 20 + its advance) and every inked row in its line.
    func testAChainDrawsInsideWhatItMeasures() throws {
        try MainActor.assumeIsolated {
            let connection = try Self.sharedConnection.get()
            let long = String(repeating: "x", count: FontChain.longestShapedTitle + 1)   // drawn without shaping
            for matrix in ["-1 0 0 1", "-1 0 0 -1", "0 1 -1 0", "1 0.3 0 1", "0.866 -0.5 0.5 0.866"] {
                let font = try FontChain(display: connection.display, screen: connection.screen, pattern: "sans:pixelsize=20:matrix=\(matrix)")
                for title in ["Jiggly Wq", "Å f", long] {
                    let canvas = try XCTUnwrap(Canvas(connection, width: 400, height: 160))
                    let baseline = 80
                    let pixels = canvas.snapshot { c in font.draw(title, on: c.surface, color: &c.black, x: 20, baseline: baseline, clipMaxX: 400) }
                    let inked = (0..<160 * 400).filter { pixels[$0] != pixels[0] }
                    let columns = inked.map { $0 % 400 }, rows = inked.map { $0 / 400 }
                    let what = "\(matrix) \(title.prefix(10))"
                    XCTAssertGreaterThanOrEqual(try XCTUnwrap(columns.min(), what), 20, what)
                    XCTAssertLessThan(try XCTUnwrap(columns.max()), 20 + font.advance(of: title), what)
                    // The line (`transformedExtents`) holds a glyph cell from x = 0 to the widest advance; turned,
                    // ink left of the origin (the hook of "j") reaches a pixel or two past it, which the strip's insets hold.
                    let slack = matrix.split(separator: " ")[2] == "0" ? 0 : 3
                    XCTAssertGreaterThanOrEqual(try XCTUnwrap(rows.min()), baseline - font.ascent - slack, what)
                    XCTAssertLessThan(try XCTUnwrap(rows.max()), baseline + font.descent + slack, what)
                }
            }
        }
    }
}
