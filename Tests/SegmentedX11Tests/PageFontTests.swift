import CX11
import Foundation
@testable import SegmentedX11
import TestSupport
import XCTest

/// The page title font is opened with the strip's title fonts, so a pattern
/// that fails is refused before any window shows.
final class PageFontTests: XCTestCase {
    /// Kept for the process, as a program keeps its connection (strips and
    /// their fonts are not torn down before it).
    @MainActor private static let sharedConnection = Result { try XDisplayConnection() }

    func testThePageFontOpensWithTheStripsFonts() throws {
        try MainActor.assumeIsolated {
            XDisplayConnection.installErrorHandlers(programName: "SegmentedX11Tests")
            let connection = try Self.sharedConnection.get()
            let host = HostWindow(connection: connection, width: 360, height: 140, background: 0xFFFFFF, title: "pages",
                                  instanceName: "SegmentedX11Tests")
            defer { host.close() }
            var style = StripStyle()
            style.pageFont = "sans-serif:pixelsize=31:weight=bold"
            let key = "1.0 \(style.pageFont)"
            let strip = try SegmentedStrip(connection: connection, parent: host.window, frame: PixelRect(x: 0, y: 0, width: 360, height: 45),
                                           titles: ["一级建造师", "Alpha"], style: style)
            defer { strip.destroy() }
            XCTAssertNotNil(connection.fontChains[key], "opened with the strip's fonts, before any page is drawn")
            let pages = try PagedView(connection: connection, parent: host.window, frame: PixelRect(x: 0, y: 46, width: 360, height: 94),
                                      pageCount: 2, style: style) { _, _, _ in }
            defer { pages.destroy() }
            XCTAssertNotNil(connection.fontChains["1.0 \(style.selectedFont)"], "the strip's own fonts")

            let font = pages.titleFont
            XCTAssertTrue(connection.fontChains[key] === font, "opened with the strip and the paged view, shared through the connection")
            XCTAssertEqual(font.pixelSize, 31)
            XCTAssertTrue(strip.pageTitle.font === font, "the strip's page title takes the same chain")

            // A transformed pattern opens too, and a bad one is refused before any window is made.
            style.pageFont = "sans-serif:pixelsize=20:matrix=2 0 0 2"
            let transformed = try PagedView(connection: connection, parent: host.window, frame: PixelRect(x: 0, y: 46, width: 360, height: 94),
                                            pageCount: 2, style: style) { _, _, _ in }
            defer { transformed.destroy() }
            XCTAssertNotNil(connection.fontChains["1.0 \(style.pageFont)"])
            for (pattern, read) in [(":pixelsize=0", "0.0"), ("sans:scale=1000", "16000.0")] {
                style.pageFont = pattern
                XCTAssertThrowsError(try PagedView(connection: connection, parent: host.window, frame: PixelRect(x: 0, y: 46, width: 360, height: 94),
                                                   pageCount: 2, style: style) { _, _, _ in }) { error in
                    XCTAssertEqual("\(error)", "invalid font pattern '\(pattern)': the pixel size must be a number from 1 to 1000 (fontconfig read \(read))")
                }
            }
        }
    }
}
