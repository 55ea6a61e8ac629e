import Foundation
import TestSupport
import XCTest

/// Fonts with a matrix (issue 23, reliability 3) on screen, under the pinned
/// DejaVu setup (Tests/fonts/dejavu.conf): mirrored, upside down, turned a
/// quarter and sheared, every title's ink lies inside its own segment's
/// frame from the trace, so no two titles overlap, and nothing is cut.
final class TransformedFontTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder(prefix: "segmented-matrix")
    }

    override func tearDown() {
        folder = nil
    }

    /// Latin titles with ascenders, descenders, accents and spaces: DejaVu Sans draws every one.
    private let titles = ["Home", "Jiggly pq", "Résumé", "W", "About us", "fly", "Ångström"]

    private var environment: [String: String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = root.appendingPathComponent("fonts/dejavu.conf").path
        return environment
    }

    /// Runs the demo with every font transformed by `matrix` and checks the strip's and the page's ink.
    private func assertInkStaysInItsSegments(_ matrix: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let titlesFile = try folder.file("titles.json", [UInt8](try JSONSerialization.data(withJSONObject: titles)))
        let demo = try RunningDemo(["--titles-file", titlesFile,
                                    "--font", "sans-serif:pixelsize=15:matrix=\(matrix)",
                                    "--selected-font", "sans-serif:bold:pixelsize=15:matrix=\(matrix)",
                                    "--page-font", "sans-serif:bold:pixelsize=30:matrix=\(matrix)"], environment: environment)
        defer { demo.process.process.terminate() }
        XCTAssertEqual(demo.process.standardError, "", matrix, file: file, line: line)
        let frames = RunningDemo.segments(demo.ready)
        XCTAssertEqual(frames.count, titles.count, matrix, file: file, line: line)
        let offset = try XCTUnwrap(traceNumber(demo.ready["contentOffset"]))
        let indicator = try XCTUnwrap(traceRect(demo.ready["indicator"]))
        let pageTop = try XCTUnwrap(demo.ready["pageAreaTop"] as? Int)
        let height = try XCTUnwrap(demo.ready["viewportHeight"] as? Int)
        let image = try XCTUnwrap(try Shared.display.get().pixels(demo.window, width: 400, height: height))
        let segmentHeight = Int(frames[0].height)

        // The strip: every ink pixel (not the background, not the indicator) in the frame of one segment.
        var inkBySegment = [Int](repeating: 0, count: frames.count)
        var stray = [(x: Int, y: Int)]()
        for y in 0..<segmentHeight {
            for x in 0..<400 where image[x, y] != white {
                let contentX = Double(x) + offset
                if Double(y) >= indicator.y - 1, contentX >= indicator.x.rounded(.down) - 1, contentX <= indicator.x + indicator.width + 1 { continue }
                if let i = frames.firstIndex(where: { contentX >= $0.x && contentX < $0.x + $0.width }) {
                    inkBySegment[i] += 1
                } else {
                    stray.append((x, y))
                }
            }
        }
        XCTAssertTrue(stray.isEmpty, "\(matrix): ink outside every segment at \(stray.prefix(8))", file: file, line: line)
        for (i, f) in frames.enumerated() where f.x - offset + f.width <= 400 {
            XCTAssertGreaterThan(inkBySegment[i], 20, "\(matrix): title \(i) is drawn", file: file, line: line)
        }
        // Not cut at the top of the strip, nor running into the indicator's rows.
        XCTAssertFalse((0..<400).contains { image[$0, 0] != white }, "\(matrix): ink on the strip's top row", file: file, line: line)

        // The page: its title and lines drawn whole, centered in the page area.
        let pageInk = (pageTop..<height).flatMap { y in (0..<400).filter { image[$0, y] != white }.map { (x: $0, y: y) } }
        let columns = pageInk.map(\.x), rows = pageInk.map(\.y)
        let left = try XCTUnwrap(columns.min(), file: file, line: line), right = try XCTUnwrap(columns.max(), file: file, line: line)
        XCTAssertGreaterThan(left, 0, "\(matrix): page text cut at the left", file: file, line: line)
        XCTAssertLessThan(right, 399, "\(matrix): page text cut at the right", file: file, line: line)
        XCTAssertGreaterThan(try XCTUnwrap(rows.min()), pageTop, "\(matrix): page text cut at the top", file: file, line: line)
        XCTAssertLessThan(try XCTUnwrap(rows.max()), height - 1, "\(matrix): page text cut at the bottom", file: file, line: line)
        XCTAssertEqual(Double(left + right) / 2, 199.5, accuracy: 3, "\(matrix): page text centered (\(left)...\(right))", file: file, line: line)
    }

    func testAMirroredFont() throws { try assertInkStaysInItsSegments("-1 0 0 1") }

    func testAFontTurnedUpsideDown() throws { try assertInkStaysInItsSegments("-1 0 0 -1") }

    func testAFontTurnedAQuarter() throws { try assertInkStaysInItsSegments("0 1 -1 0") }

    func testASlantedFont() throws { try assertInkStaysInItsSegments("1 0.3 0 1") }
}
