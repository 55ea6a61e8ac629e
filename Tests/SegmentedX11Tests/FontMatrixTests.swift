import Foundation
@testable import SegmentedX11
import TestSupport
import XCTest

/// The library refuses a font matrix that cannot be inverted in every font
/// field of a style (`StripStyle.validate`) and when a chain is opened.
final class FontMatrixTests: XCTestCase {
    /// One connection kept open for the process: a font chain released after its connection
    /// closed would call Xft on a freed Display, which the next connection may reuse.
    @MainActor private static let sharedConnection = Result { try XDisplayConnection() }

    func testWhichMatricesCanBeInverted() throws {
        XCTAssertNil(FontMatrix.of(pattern: "sans:pixelsize=15"), "no matrix")
        XCTAssertEqual(FontMatrix.of(pattern: "sans:matrix=1 0.5 -0.25 2"), FontMatrix(xx: 1, xy: 0.5, yx: -0.25, yy: 2))
        XCTAssertEqual(FontMatrix(xx: 1, xy: 0.5, yx: -0.25, yy: 2).determinant, 2.125)
        for invertible in ["1 0 0 1", "0 1 -1 0", "-1 0 0 1", "1 0 0 -1", "1 0.3 0 1", "0.01 0 0 0.01"] {
            XCTAssertTrue(try XCTUnwrap(FontMatrix.of(pattern: "sans:matrix=\(invertible)")).isInvertible, invertible)
            XCTAssertNil(FontMatrix.refusal(of: "sans:matrix=\(invertible)"), invertible)
        }
        for singular in ["0 0 0 0", "1 2 2 4", "0 1 0 1", "1 0 0 nan", "inf 0 0 1", "1e200 0 0 1e200"] {
            XCTAssertFalse(try XCTUnwrap(FontMatrix.of(pattern: "sans:matrix=\(singular)")).isInvertible, singular)
        }
        XCTAssertEqual(FontMatrix.refusal(of: "sans:matrix=1 2 2 4"), "its matrix '1 2 2 4' cannot be inverted (determinant 0): its glyphs would be flattened")
    }

    func testEveryFontFieldOfAStyleIsChecked() throws {
        for field in [\StripStyle.Appearance.font, \.selectedFont, \.pageFont] {
            var style = StripStyle()
            style.appearance[keyPath: field] = "sans:pixelsize=15:matrix=0 0 0 0"
            XCTAssertThrowsError(try style.validate()) { error in
                XCTAssertTrue("\(error)".hasSuffix(" is 'sans:pixelsize=15:matrix=0 0 0 0': its matrix '0 0 0 0' cannot be inverted (determinant 0): its glyphs would be flattened"),
                              "\(error)")
            }
            style.appearance[keyPath: field] = "sans:pixelsize=15:matrix=0 1 -1 0"
            XCTAssertNoThrow(try style.validate(), "a rotation is invertible")
        }
        var style = StripStyle()
        style.pageFont = "sans:matrix=1 2 2 4"
        XCTAssertThrowsError(try style.validate()) { XCTAssertTrue("\($0)".hasPrefix("StripStyle.pageFont is 'sans:matrix=1 2 2 4': "), "\($0)") }
        for setting in StripSetting.all where setting.isFont {
            var style = StripStyle()
            XCTAssertThrowsError(try setting.apply("sans:matrix=0 0 0 0", to: &style, display: nil)) {
                XCTAssertEqual("\($0)", "bad font pattern 'sans:matrix=0 0 0 0' for \(setting.flag) (its matrix '0 0 0 0' cannot be inverted (determinant 0): its glyphs would be flattened)")
            }
            XCTAssertEqual(style, StripStyle(), "nothing set")
        }
    }

    func testAChainRefusesASingularMatrix() throws {
        try MainActor.assumeIsolated {
            let connection = try Self.sharedConnection.get()
            XCTAssertThrowsError(try FontChain(display: connection.display, screen: connection.screen, pattern: "sans:matrix=0 0 0 0")) { error in
                guard case FontChain.Failure.singularMatrix(let pattern, let matrix) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(pattern, "sans:matrix=0 0 0 0")
                XCTAssertEqual(matrix, FontMatrix(xx: 0, xy: 0, yx: 0, yy: 0))
            }
        }
    }
    func testATransformedCellSpansItsCorners() {
        // A 10 px wide cell from -3 to 12: the identity keeps it, a quarter turn swaps it, a shear widens it.
        XCTAssertTrue(FontMatrix(xx: 1, xy: 0, yx: 0, yy: 1).transformedCell(widest: 10, descender: -3, ascender: 12) == (10, 15))
        XCTAssertTrue(FontMatrix(xx: 0, xy: 1, yx: -1, yy: 0).transformedCell(widest: 10, descender: -3, ascender: 12) == (15, 10))
        XCTAssertTrue(FontMatrix(xx: 1, xy: 0.5, yx: 0, yy: 1).transformedCell(widest: 10, descender: -3, ascender: 12) == (17.5, 15))
        XCTAssertTrue(FontMatrix(xx: 1, xy: 0, yx: 0, yy: 0.25).transformedCell(widest: 10, descender: -3, ascender: 12) == (10, 3.75))
    }

    func testAChainRefusesAMatrixThatSquashesItsCellUnderAPixel() throws {
        try MainActor.assumeIsolated {
            let connection = try Self.sharedConnection.get()
            // Flat vertically or horizontally, by a scale or a squashed quarter turn; 0.01 of a 20 px cell is 0.2 px.
            for matrix in ["1 0 0 1e-12", "1e-12 0 0 1", "1 0 0 0.01", "0.001 0 0 1", "0 1e-12 1 0", "0 1 1e-12 0"] {
                let pattern = "sans:pixelsize=20:matrix=\(matrix)"
                XCTAssertNil(FontMatrix.refusal(of: pattern), "invertible: \(matrix)")
                XCTAssertThrowsError(try FontChain(display: connection.display, screen: connection.screen, pattern: pattern)) { error in
                    guard case let FontChain.Failure.flatMatrix(p, m, width, height) = error else { return XCTFail("\(matrix): \(error)") }
                    XCTAssertEqual(p, pattern)
                    XCTAssertEqual(m, FontMatrix.of(pattern: pattern))
                    XCTAssertTrue(width < 1 || height < 1, "\(matrix): \(width) by \(height)")
                    XCTAssertTrue("\(error)".hasPrefix("invalid font pattern '\(pattern)': its matrix '\(m)' squashes a glyph cell to "), "\(error)")
                    XCTAssertTrue("\(error)".hasSuffix(" pixels (at least 1 by 1): its glyphs would draw nothing"), "\(error)")
                }
            }
            XCTAssertThrowsError(try FontChain(display: connection.display, screen: connection.screen, pattern: "sans:pixelsize=20:matrix=1 0 0 1e-12")) {
                XCTAssertTrue("\($0)".contains(" by less than 0.01 pixels "), "\($0)")
            }
            // Squashed, but a pixel or more each way (a tenth of a 20 px cell is 2 px or so): opened, with an advance.
            for matrix in ["1 0 0 0.1", "0.1 0 0 1", "0 0.1 1 0"] {
                let font = try FontChain(display: connection.display, screen: connection.screen, pattern: "sans:pixelsize=20:matrix=\(matrix)")
                XCTAssertGreaterThan(font.advance(of: "HHHH"), 0, matrix)
                XCTAssertGreaterThan(font.ascent + font.descent, 0, matrix)
            }
        }
    }

    func testATransformedFontIsLaidOutByWhatItDraws() throws {
        try MainActor.assumeIsolated {
            let connection = try Self.sharedConnection.get()
            let plain = try FontChain(display: connection.display, screen: connection.screen, pattern: "sans:pixelsize=20")
            XCTAssertNil(plain.transformedExtents)
            for matrix in ["1 0 0 -1", "1 0.4 0 1", "2 0 0 2", "1 0 0.1 1"] {
                let font = try FontChain(display: connection.display, screen: connection.screen, pattern: "sans:pixelsize=20:matrix=\(matrix)")
                XCTAssertGreaterThan(font.ascent, 0, matrix)
                XCTAssertGreaterThan(font.descent, 0, matrix)
                // Every inked row of a title lies in the line the font reports: baseline - ascent up to baseline + descent.
                let canvas = try XCTUnwrap(Canvas(connection, width: 300, height: 120))
                let baseline = 60
                let pixels = canvas.snapshot { c in font.draw("Hdgjpqy", on: c.surface, color: &c.black, x: 20, baseline: baseline) }
                let inked = (0..<120).filter { y in (0..<300).contains { pixels[y * 300 + $0] != pixels[0] } }
                XCTAssertFalse(inked.isEmpty, matrix)
                XCTAssertGreaterThanOrEqual(inked.first!, baseline - font.ascent, matrix)
                XCTAssertLessThan(inked.last!, baseline + font.descent, matrix)
            }
            // Upside down, the ascender is below the baseline: the two swap.
            let flipped = try FontChain(display: connection.display, screen: connection.screen, pattern: "sans:pixelsize=20:matrix=1 0 0 -1")
            XCTAssertEqual(flipped.ascent, plain.descent, accuracy: 1)
            XCTAssertEqual(flipped.descent, plain.ascent, accuracy: 1)
        }
    }
}
