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

    func testEveryFontFlagRefusesASingularMatrix() throws {
        for flag in ["--font", "--selected-font", "--page-font"] {
            for matrix in singular {
                let pattern = "sans:pixelsize=15:matrix=\(matrix)"
                let result = try DemoProcess.runToEnd([flag, pattern])
                XCTAssertEqual(result.status, 2, "\(flag) \(matrix): \(result.stderr)")
                let lines = result.stderr.split(separator: "\n")
                XCTAssertEqual(lines.count, 1, result.stderr)
                XCTAssertTrue(result.stderr.hasPrefix("segmented-demo: bad font pattern '\(pattern)' for \(flag) (its matrix '"), result.stderr)
                XCTAssertTrue(result.stderr.contains("cannot be inverted (determinant "), result.stderr)
            }
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
}
