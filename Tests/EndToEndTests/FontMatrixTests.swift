import Foundation
import SegmentedX11
import TestSupport
import XCTest

/// A font matrix that cannot be inverted is refused the same way for every
/// font setting: a flag exits with status 2 and one line, an X resource is
/// a warning and the default font.
final class FontMatrixTests: XCTestCase {
    override func tearDownWithError() throws {
        try Shared.display.get().setResources(nil)
    }

    /// Singular or not finite: the zero matrix, one that flattens every glyph onto a line, and a NaN entry.
    private let singular = ["0 0 0 0", "1 2 2 4", "1 0 0 nan"]

    /// Runs the demo with each font flag set to `base` with each of `matrices`: each exits with
    /// status 2 and one line, which `check` gets with the pattern and the flag.
    private func assertEveryFontFlagRefuses(_ matrices: [String], base: String, _ check: (String, String, String) -> Void) throws {
        for flag in ["--font", "--selected-font", "--page-font"] {
            for matrix in matrices {
                let pattern = "\(base):matrix=\(matrix)"
                let result = try DemoProcess.runToEnd([flag, pattern])
                XCTAssertEqual(result.status, 2, "\(flag) \(matrix): \(result.stderr)")
                XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
                check(result.stderr, pattern, flag)
            }
        }
    }

    func testEveryFontFlagRefusesASingularMatrix() throws {
        try assertEveryFontFlagRefuses(singular, base: "sans:pixelsize=15") { stderr, pattern, flag in
            XCTAssertTrue(stderr.hasPrefix("segmented-demo: bad font pattern '\(pattern)' for \(flag) (its matrix '"), stderr)
            XCTAssertTrue(stderr.contains("cannot be inverted (determinant "), stderr)
        }
    }

    func testEveryFontResourceWithASingularMatrixWarnsAndKeepsTheDefault() throws {
        let display = try Shared.display.get()
        for name in ["font", "selectedFont", "pageFont"] {
            display.setResources("SegmentedStrip.\(name): sans:pixelsize=15:matrix=0 0 0 0\n")
            let demo = try RunningDemo()
            defer { demo.process.process.terminate() }
            let warning = "segmented-demo: warning: X resource SegmentedStrip.\(name): bad font pattern 'sans:pixelsize=15:matrix=0 0 0 0' "
                + "(its matrix '0 0 0 0' cannot be inverted (determinant 0): its glyphs would be flattened); using the default"
            XCTAssertEqual(demo.process.standardError.split(separator: "\n").map(String.init), [warning])
            // The default fonts: the frames are the design's, measured in them.
            try assertLayoutFollowsTheDesign(demo.ready, titles: try bundledTitles(), viewportWidth: 400)
        }
    }

    /// Invertible, but squashing a glyph cell under a pixel tall or wide: refused when the font opens.
    private let flat = ["1 0 0 1e-12", "1e-12 0 0 1"]

    func testEveryFontFlagRefusesAFlatMatrix() throws {
        try assertEveryFontFlagRefuses(flat, base: "sans:size=12") { stderr, pattern, _ in
            let matrix = String(pattern.dropFirst("sans:size=12:matrix=".count))
            XCTAssertTrue(stderr.hasPrefix("segmented-demo: invalid font pattern '\(pattern)': its matrix '\(matrix)' squashes a glyph cell to "), stderr)
            XCTAssertTrue(stderr.hasSuffix(" pixels (at least 1 by 1): its glyphs would draw nothing\n"), stderr)
        }
    }

    func testEveryFontResourceWithAFlatMatrixWarnsAndKeepsTheDefault() throws {
        let display = try Shared.display.get()
        for name in ["font", "selectedFont", "pageFont"] {
            for matrix in flat {
                display.setResources("SegmentedStrip.\(name): sans:size=12:matrix=\(matrix)\n")
                let demo = try RunningDemo()
                defer { demo.process.process.terminate() }
                let lines = demo.process.standardError.split(separator: "\n").map(String.init)
                XCTAssertEqual(lines.count, 1, "\(lines)")
                let prefix = "segmented-demo: warning: X resource SegmentedStrip.\(name): invalid font pattern 'sans:size=12:matrix=\(matrix)': its matrix '\(matrix)' squashes"
                XCTAssertTrue(lines.first?.hasPrefix(prefix) == true, "\(lines)")
                XCTAssertTrue(lines.first?.hasSuffix("its glyphs would draw nothing; using the default") == true, "\(lines)")
                try assertLayoutFollowsTheDesign(demo.ready, titles: try bundledTitles(), viewportWidth: 400)
            }
        }
    }
}
