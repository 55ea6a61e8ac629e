import CXft
import Foundation
@testable import SegmentedX11
import TestSupport
import XCTest

/// The page title font is opened when a page is first drawn, after the strip's
/// first frame, when its pattern can wait; a pattern that could fail is still
/// opened, and refused, before any window shows.
final class PageFontTests: XCTestCase {
    /// Kept for the process, as a program keeps its connection (strips and
    /// their fonts are not torn down before it).
    @MainActor private static let sharedConnection = Result { try XDisplayConnection() }

    func testWhichPatternsCanOpenLater() {
        XCTAssertTrue(XftFontChain.canOpenLater(pattern: StripStyle().pageFont), "the default, 28 px")
        XCTAssertTrue(XftFontChain.canOpenLater(pattern: "sans-serif:pixelsize=28:weight=bold", scale: 2), "56 px")
        XCTAssertTrue(XftFontChain.canOpenLater(pattern: "sans-serif:size=21"), "21 pt: 28 px at 96 dpi")
        XCTAssertTrue(XftFontChain.canOpenLater(pattern: "serif"), "no size: fontconfig's 12 pt")
        XCTAssertTrue(XftFontChain.canOpenLater(pattern: "sans:pixelsize=400"))
        XCTAssertFalse(XftFontChain.canOpenLater(pattern: "sans:pixelsize=401"))
        XCTAssertFalse(XftFontChain.canOpenLater(pattern: "sans:pixelsize=201", scale: 2), "402 px after the scale")
        XCTAssertFalse(XftFontChain.canOpenLater(pattern: "sans:size=301"), "301 pt: 401 px")
        XCTAssertFalse(XftFontChain.canOpenLater(pattern: "sans:size=150:dpi=300"), "625 px at the pattern's own dpi")
        XCTAssertFalse(XftFontChain.canOpenLater(pattern: ":pixelsize=0"))
        XCTAssertFalse(XftFontChain.canOpenLater(pattern: "sans:pixelsize=abc"), "parsed as 0")
        XCTAssertFalse(XftFontChain.canOpenLater(pattern: "sans:pixelsize=20:matrix=4 0 0 4"), "a matrix can make it taller")
        // fontconfig multiplies a point size by the pattern's scale (FcDefaultSubstitute).
        XCTAssertTrue(XftFontChain.canOpenLater(pattern: "sans:size=12:scale=2"), "32 px")
        XCTAssertFalse(XftFontChain.canOpenLater(pattern: "sans:scale=1000"), "12 pt times 1000: 16,000 px")
        XCTAssertFalse(XftFontChain.canOpenLater(pattern: "sans:size=12:scale=0.01"), "0.16 px")
    }

    func testTheDefaultPageFontOpensWhenAPageIsDrawn() throws {
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
            let pages = try PagedView(connection: connection, parent: host.window, frame: PixelRect(x: 0, y: 46, width: 360, height: 94),
                                      pageCount: 2, style: style) { _, _, _ in }
            defer { pages.destroy() }
            XCTAssertNil(connection.fontChains[key], "not opened with the strip and the paged view")
            XCTAssertNotNil(connection.fontChains["1.0 \(style.selectedFont)"], "the strip's own fonts are")

            let font = pages.renderer.pageFont
            XCTAssertTrue(connection.fontChains[key] === font, "opened on first use, shared through the connection")
            XCTAssertEqual(font.pixelSize, 31)
            XCTAssertTrue(strip.renderer.pageFont === font, "the strip's renderer takes the same chain")

            // A pattern that cannot wait is opened at once, and a bad one refused before any window is made.
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
