import XCTest
@testable import SegmentedCore

final class LayoutDirectionTests: XCTestCase {
    func testRightToLeftMirrorsSpansAndPointerPositions() {
        let ltr = LayoutDirection.leftToRight, rtl = LayoutDirection.rightToLeft
        // The design's first segment (x 5, 75 wide) at offset 0 in a 400 px viewport.
        XCTAssertEqual(ltr.windowPixelMinX(contentX: 5, width: 75, contentOffset: 0, viewportWidth: 400), 5)
        XCTAssertEqual(rtl.windowPixelMinX(contentX: 5, width: 75, contentOffset: 0, viewportWidth: 400), 320)
        // Scrolled by 27.5: LTR moves left (67.5 rounds to 68), RTL moves right (400 - round(142.5) = 257).
        XCTAssertEqual(ltr.windowPixelMinX(contentX: 95, width: 75, contentOffset: 27.5, viewportWidth: 400), 68)
        XCTAssertEqual(rtl.windowPixelMinX(contentX: 95, width: 75, contentOffset: 27.5, viewportWidth: 400), 257)
        // Whole pixels: the mirror image of the rounded LTR span, exactly.
        for x in stride(from: 0.0, through: 40, by: 0.25) {
            let left = ltr.windowPixelMinX(contentX: x, width: 30, contentOffset: 0, viewportWidth: 400)
            let mirrored = rtl.windowPixelMinX(contentX: x, width: 30, contentOffset: 0, viewportWidth: 400)
            XCTAssertEqual(mirrored, 400 - (left + 30), "x \(x)")
        }
        XCTAssertEqual(rtl.viewportX(windowX: 390, viewportWidth: 400), 9, "column 390 mirrors column 9")
        XCTAssertEqual(rtl.viewportX(windowX: 0, viewportWidth: 400), 399)
        // Far off or not a number: clamped, never a trap.
        XCTAssertEqual(ltr.windowPixelMinX(contentX: 1e300, width: 30, contentOffset: 0, viewportWidth: 400), 0x4000_0000)
        XCTAssertEqual(rtl.windowPixelMinX(contentX: -.infinity, width: 30, contentOffset: 0, viewportWidth: 400), 400 + 0x4000_0000)
        XCTAssertEqual(ltr.windowPixelMinX(contentX: .nan, width: 30, contentOffset: 0, viewportWidth: 400), 0)
        XCTAssertEqual(ltr.viewportX(windowX: 390, viewportWidth: 400), 390)
    }
}
