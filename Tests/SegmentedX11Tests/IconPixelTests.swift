import CX11
import Foundation
import SegmentedCore
@testable import SegmentedX11
import TestSupport
import XCTest

/// Icons on a real X server, read back as pixels: a PNG's opaque, half
/// transparent and transparent pixels composited Over the background where
/// the core's formula puts the icon, a 32 px PNG scaled into the 16 px box,
/// an SVG, right to left, theme names (a symbolic one in each title color)
/// and icons that cannot be drawn (corrupt, a 10,000 × 10,000 header,
/// missing, a name no theme has) leaving their slots empty. The files
/// and the icon theme are written by the test (`ImageFixtures`), and the
/// theme's base directories pointed at them, so nothing depends on the
/// machine's icon theme or fonts.
/// `@unchecked Sendable`: as `SegmentedStripAPITests`, everything runs on the main thread.
final class IconPixelTests: XCTestCase, @unchecked Sendable {
    private var stage: PixelStripStage!
    private var folder: TemporaryFolder!
    @MainActor private var user: TestDisplay { stage.user }

    private static let green: UInt32 = 0x00C853, red: UInt32 = 0xFF0000, blue: UInt32 = 0x1E88E5, orange: UInt32 = 0xFF9800
    /// 16 × 16: a transparent 4 × 4 top-left corner, rows 12 to 15 red at alpha 128, the rest opaque green.
    private static let png16 = ImageFixtures.png(width: 16, height: 16) { x, y in
        x < 4 && y < 4 ? 0 : y >= 12 ? 0x8000_0000 | red : 0xFF00_0000 | green
    }
    private var files: [String: String] = [:]
    /// The icon theme's variables as they were before the test.
    private var savedEnvironment: [String: String?] = [:]

    override func setUpWithError() throws {
        MainActor.assumeIsolated { stage = PixelStripStage() }
        folder = try TemporaryFolder(prefix: "segmented-icons")
        // The test's hicolor comes first (this display has no XSETTINGS manager); the system's data
        // directories stay after it, as GIO finds the MIME database there, which gdk-pixbuf reads.
        let dataDirectories = getenv("XDG_DATA_DIRS").map { String(cString: $0) } ?? ""
        for (name, value) in ["XDG_DATA_DIRS": folder.path + "/data:" + (dataDirectories.isEmpty ? "/usr/local/share:/usr/share" : dataDirectories),
                              "XDG_DATA_HOME": folder.path + "/home"] {
            savedEnvironment[name] = getenv(name).map { String(cString: $0) }
            setenv(name, value, 1)
        }
        let index = "[Icon Theme]\nDirectories=16x16/apps,32x32/apps\n[16x16/apps]\nSize=16\nType=Fixed\n[32x32/apps]\nSize=32\nType=Fixed\n"
        _ = try folder.file("data/icons/hicolor/index.theme", Array(index.utf8))
        // Black at full, half and no alpha: a symbolic icon's shape, whatever its color.
        _ = try folder.file("data/icons/hicolor/16x16/apps/segmented-test-tint-symbolic.png", ImageFixtures.png(width: 16, height: 16) { x, y in
            x < 4 && y < 4 ? 0 : y >= 12 ? 0x8000_0000 : 0xFF00_0000
        })
        _ = try folder.file("data/icons/hicolor/32x32/apps/segmented-test-green.png",
                            ImageFixtures.png(width: 32, height: 32) { _, _ in 0xFF00_0000 | Self.green })
        files["png16"] = try folder.file("green.png", Self.png16)
        files["png32"] = try folder.file("orange.png", ImageFixtures.png(width: 32, height: 32) { _, _ in 0xFF00_0000 | Self.orange })
        files["svg"] = try folder.file("blue.svg", ImageFixtures.svg(size: 16, color: "#1E88E5"))
        files["corrupt"] = try folder.file("corrupt.png", Array(Self.png16.prefix(60)) + [UInt8](repeating: 0x5A, count: 200))
        files["huge"] = try folder.file("huge.png", ImageFixtures.png(width: 10_000, height: 10_000, idat: [0x78, 0x01, 0x00]))
    }

    override func tearDown() {
        MainActor.assumeIsolated { stage.tearDown() }
        for (name, value) in savedEnvironment {
            if let value { setenv(name, value, 1) } else { unsetenv(name) }
        }
        folder = nil
    }

    private func items() -> [SegmentItem] {
        [SegmentItem(title: "推荐", icon: .file(path: files["png16"]!)), SegmentItem(title: "关注", icon: .file(path: files["corrupt"]!)),
         SegmentItem(title: "", icon: .file(path: files["svg"]!)), SegmentItem(title: "热榜", icon: .file(path: files["png32"]!)),
         SegmentItem(title: "视频", icon: .file(path: files["huge"]!)), SegmentItem(title: "小说", icon: .named("segmented-test-missing"))]
    }

    /// A strip of `items` (default `items()`) in a new 400 x 60 host, its first frame drawn.
    @MainActor
    private func shownStrip(_ items: [SegmentItem]? = nil, direction: LayoutDirection = .leftToRight,
                            position: IconPosition = .before, height: Int = 44) throws -> SegmentedStrip {
        var style = StripStyle()
        style.direction = direction
        style.metrics.iconPosition = position
        return try stage.show(items ?? self.items(), style: style, title: "icons", height: height)
    }

    /// Segment `index`'s icon box in window pixels (x, y), by the core's formula.
    @MainActor
    private func expectedIcon(_ strip: SegmentedStrip, at index: Int) throws -> (x: Int, y: Int) {
        let snapshot = strip.snapshot, metrics = snapshot.metrics
        let chain = snapshot.selectedIndex == index ? strip.planner.selectedFont : strip.planner.unselectedFont
        let baseline = metrics.titleBaseline(ascent: chain.ascent, descent: chain.descent)
        let placement = snapshot.presentation.layout.itemPlacement(
            at: index, iconWidth: metrics.iconSize, titleAdvance: Double(chain.advance(of: snapshot.titles[index])),
            titleTop: Double(baseline - chain.ascent), titleHeight: Double(chain.ascent + chain.descent), pill: nil)
        let box = try XCTUnwrap(placement.icon)
        let x = strip.style.direction.windowPixelMinX(contentX: box.x, width: box.width, contentOffset: snapshot.presentation.contentOffset,
                                                      viewportWidth: 400)
        return (x, Int(box.y.rounded()))
    }

    /// `color` (premultiplied by `alpha`, 0-255) Over `background`, per 8-bit channel as XRender computes it.
    private static func over(_ color: UInt32, alpha: UInt32, on background: UInt32) -> UInt32 {
        func div255(_ v: UInt32) -> UInt32 { let t = v + 128; return (t + (t >> 8)) >> 8 }
        return [16, 8, 0].reduce(0) { sum, shift in
            let src = div255((color >> UInt32(shift) & 0xFF) * alpha), dst = background >> UInt32(shift) & 0xFF
            return sum | (src + div255(dst * (255 - alpha))) << UInt32(shift)
        }
    }

    func testThePNGIsCompositedOverTheBackgroundBeforeTheTitle() throws {
        try MainActor.assumeIsolated {
            let strip = try shownStrip()
            let background = strip.style.backgroundColor
            let icon = try expectedIcon(strip, at: 0)
            let image = try XCTUnwrap(user.pixels(strip.window, width: 400, height: 44))
            XCTAssertEqual(image[icon.x + 8, icon.y + 6], Self.green, "opaque")
            XCTAssertEqual(image[icon.x + 15, icon.y + 11], Self.green, "the box's last column")
            XCTAssertEqual(image[icon.x, icon.y], background, "the transparent corner shows the background")
            XCTAssertEqual(image[icon.x + 3, icon.y + 3], background)
            XCTAssertEqual(image[icon.x + 8, icon.y + 14], Self.over(Self.red, alpha: 128, on: background), "half transparent")
            XCTAssertEqual(image[icon.x - 1, icon.y + 6], background, "nothing before the box")
            XCTAssertEqual(image[icon.x + 4, icon.y - 1], background, "nothing above it")
            // The title starts after the gap: no title ink in the 6 px between (above the indicator).
            XCTAssertEqual(image.count(notMatching: background, x: icon.x + 16, y: 0, width: 6, height: 36), 0, "the gap")
            XCTAssertGreaterThan(image.count(notMatching: background, x: icon.x + 22, y: 0, width: 20, height: 40), 10, "the title")
            let layout = strip.snapshot.restingLayout, metrics = strip.snapshot.metrics
            XCTAssertEqual(layout.frame(at: 0).width,
                           StripModel.segmentWidth(Double(strip.planner.selectedFont.advance(of: "推荐")), metrics: metrics) + 22)
        }
    }

    func testAScaledPNGAndAnSVG() throws {
        try MainActor.assumeIsolated {
            let strip = try shownStrip()
            let scaled = try XCTUnwrap(strip.planner.icons.picture(.file(path: files["png32"]!), size: 16))
            XCTAssertEqual([scaled.width, scaled.height], [16, 16], "32 px fitted into the 16 px box")
            let image = try XCTUnwrap(user.pixels(strip.window, width: 400, height: 44))
            let orange = try expectedIcon(strip, at: 3)
            XCTAssertEqual(image[orange.x + 8, orange.y + 8], Self.orange)
            XCTAssertEqual(image[orange.x - 1, orange.y + 8], strip.style.backgroundColor)
            // Icon only: the 16 px box centered in the 24 px minimum segment.
            let frame = strip.snapshot.restingLayout.frame(at: 2)
            XCTAssertEqual(frame.width, 24)
            let svg = try expectedIcon(strip, at: 2)
            XCTAssertEqual(svg.x, Int(frame.x) + 4)
            XCTAssertEqual(image[svg.x + 8, svg.y + 8], Self.blue)
            XCTAssertEqual(image[svg.x + 1, svg.y + 1], Self.blue)
        }
    }

    /// An icon that cannot be drawn keeps its slot, empty: the item's width
    /// never waits on decoding it (it used to have no room, which only a
    /// decode could tell), as GTK keeps a missing image's room.
    func testIconsThatCannotBeDrawnLeaveTheirSlotEmpty() throws {
        try MainActor.assumeIsolated {
            let strip = try shownStrip()
            let metrics = strip.snapshot.metrics, layout = strip.snapshot.restingLayout
            let image = try XCTUnwrap(user.pixels(strip.window, width: 400, height: 44))
            for (index, key) in [(1, "corrupt"), (4, "huge"), (5, "a name no theme has")] {
                XCTAssertEqual(layout.frame(at: index).width,
                               StripModel.segmentWidth(Double(strip.planner.unselectedFont.advance(of: strip.snapshot.titles[index])),
                                                       metrics: metrics) + 22, "\(key): the icon's 16 px and the 6 px gap")
                let icon = try expectedIcon(strip, at: index)
                XCTAssertEqual(image.count(notMatching: strip.style.backgroundColor, x: icon.x, y: icon.y, width: 16, height: 16), 0,
                               "\(key): the slot is empty")
            }
            for (key, icon) in [("corrupt", SegmentIcon.file(path: files["corrupt"]!)), ("huge", .file(path: files["huge"]!)),
                                ("a name no theme has", .named("segmented-test-missing"))] {
                XCTAssertNil(strip.planner.icons.picture(icon, size: 16), key)
            }
            XCTAssertNil(strip.planner.icons.picture(.file(path: folder.path + "/missing.png"), size: 16))
            XCTAssertNil(strip.planner.icons.picture(.file(path: folder.path), size: 16), "a directory")
        }
    }

    func testRightToLeftPutsTheIconRightOfTheTitle() throws {
        try MainActor.assumeIsolated {
            let strip = try shownStrip(direction: .rightToLeft)
            let icon = try expectedIcon(strip, at: 0)
            let p = strip.snapshot.presentation, f = p.layout.frame(at: 0)
            let segmentMinX = strip.style.direction.windowPixelMinX(contentX: f.x, width: f.width, contentOffset: p.contentOffset,
                                                                    viewportWidth: 400)
            XCTAssertEqual(icon.x + 16, segmentMinX + Int(f.width), "the icon ends the segment on its right")
            let image = try XCTUnwrap(user.pixels(strip.window, width: 400, height: 44))
            XCTAssertEqual(image[icon.x + 8, icon.y + 6], Self.green)
            // The picture is not mirrored: its transparent corner is still top-left.
            XCTAssertEqual(image[icon.x, icon.y], strip.style.backgroundColor)
            XCTAssertGreaterThan(image.count(notMatching: strip.style.backgroundColor, x: icon.x - 26, y: 0, width: 20, height: 40), 10,
                                 "the title left of it")
        }
    }

    func testThemeNamesAndSymbolicIconsInEachTitleColor() throws {
        try MainActor.assumeIsolated {
            let tint = SegmentIcon.named("segmented-test-tint-symbolic")
            let strip = try shownStrip([SegmentItem(title: "推荐", icon: tint), SegmentItem(title: "关注", icon: tint),
                                        SegmentItem(title: "视频", icon: tint, isEnabled: false),
                                        SegmentItem(title: "热榜", icon: .named("segmented-test-green"))])
            let style = strip.style, background = style.backgroundColor
            let image = try XCTUnwrap(user.pixels(strip.window, width: 400, height: 44))
            for (index, color, name) in [(0, style.accentColor, "selected"), (1, style.textColor, "unselected"),
                                         (2, style.effectiveDisabledTextColor, "disabled")] {
                let icon = try expectedIcon(strip, at: index)
                XCTAssertEqual(image[icon.x + 8, icon.y + 6], color, "\(name): the symbolic icon's opaque part in its title's color")
                XCTAssertEqual(image[icon.x + 8, icon.y + 14], Self.over(color, alpha: 128, on: background), "\(name): half alpha")
                XCTAssertEqual(image[icon.x + 1, icon.y + 1], background, "\(name): no alpha")
            }
            // Not symbolic: its own colors, from the nearest size (32 px, fitted into 16).
            let green = try expectedIcon(strip, at: 3)
            XCTAssertEqual(image[green.x + 8, green.y + 8], Self.green)
            XCTAssertEqual(image[green.x + 15, green.y + 15], Self.green)
            XCTAssertEqual(image[green.x + 16, green.y + 8], background)
            // Selecting the second item gives its icon the accent, and the first's the text color.
            try strip.setSelectedIndex(1, animated: false)
            let moved = try expectedIcon(strip, at: 1), first = try expectedIcon(strip, at: 0)
            stage.run(until: { self.user.pixels(strip.window, width: 400, height: 44)?[moved.x + 8, moved.y + 6] == style.accentColor },
                      "the second icon in the accent color")
            let after = try XCTUnwrap(user.pixels(strip.window, width: 400, height: 44))
            XCTAssertEqual(after[first.x + 8, first.y + 6], style.textColor)
        }
    }

    func testAfterAndAboveTheTitleAndTheTallerStrip() throws {
        try MainActor.assumeIsolated {
            let items = [SegmentItem(title: "推荐", icon: .file(path: files["png16"]!)), SegmentItem("关注")]
            let after = try shownStrip(items, position: .after)
            XCTAssertEqual(after.preferredHeight, 44, "beside the title the strip keeps its height")
            var image = try XCTUnwrap(user.pixels(after.window, width: 400, height: 44))
            var icon = try expectedIcon(after, at: 0)
            let frame = after.snapshot.restingLayout.frame(at: 0)
            XCTAssertEqual(icon.x + 16, Int(frame.x + frame.width), "the icon ends the segment")
            XCTAssertEqual(image[icon.x + 8, icon.y + 6], Self.green)
            XCTAssertEqual(image[icon.x, icon.y], after.style.backgroundColor, "the transparent corner")
            XCTAssertEqual(image.count(notMatching: after.style.backgroundColor, x: icon.x - 6, y: 0, width: 6, height: 36), 0, "the gap")
            XCTAssertGreaterThan(image.count(notMatching: after.style.backgroundColor, x: Int(frame.x), y: 0, width: 20, height: 36), 10,
                                 "the title first")
            stage.tearDown()

            let chain = after.planner.selectedFont, plain = after.planner.unselectedFont
            let tallest = max(chain.ascent + chain.descent, plain.ascent + plain.descent)
            let height = max(44, tallest + 22 + 2 * (2 + 3 + 2))
            let above = try shownStrip(items, position: .above, height: height)
            XCTAssertEqual(above.preferredHeight, height, "text + 16 px icon + 6 px gap, and inset + underline + its gap twice")
            XCTAssertEqual(try SegmentedStrip.preferredHeight(for: above.style, connection: above.connection), height)
            image = try XCTUnwrap(user.pixels(above.window, width: 400, height: height))
            icon = try expectedIcon(above, at: 0)
            let top = above.snapshot.restingLayout.frame(at: 0)
            XCTAssertEqual(Double(icon.x), top.midX - 8, accuracy: 0.5, "centered over the title")
            XCTAssertEqual(image[icon.x + 8, icon.y + 6], Self.green)
            XCTAssertEqual(image[icon.x + 8, icon.y + 14], Self.over(Self.red, alpha: 128, on: above.style.backgroundColor))
            XCTAssertEqual(image.count(notMatching: above.style.backgroundColor, x: 0, y: 0, width: 400, height: icon.y), 0,
                           "nothing over the icons")
            XCTAssertGreaterThanOrEqual(icon.y, 5, "a margin over the icon")
            let baseline = above.snapshot.metrics.titleBaseline(ascent: chain.ascent, descent: chain.descent)
            XCTAssertEqual(icon.y + 16 + 6, baseline - chain.ascent, "6 px over the title's band")
            XCTAssertEqual(top.width, StripModel.segmentWidth(Double(chain.advance(of: "推荐")), metrics: above.snapshot.metrics),
                           "no room beside the title")
            XCTAssertGreaterThan(image.count(notMatching: above.style.backgroundColor, x: Int(top.x), y: icon.y + 22,
                                             width: Int(top.width), height: chain.ascent), 10, "the title under it")
        }
    }

    /// Decoded by libpng and fitted by pixman, read back from the server: a
    /// 48 px PNG, red on its left half and blue on its right, averaged 3 × 3
    /// into the 16 px box (the halves meet on a pixel boundary, so none is
    /// mixed but at the seam), edges as opaque as the image; a 4 px one
    /// scaled up; a grayscale PNG expanded to RGB; and 1 px stripes averaged.
    func testPNGsOfOtherSizesAndKindsAreFittedByPixman() throws {
        try MainActor.assumeIsolated {
            let halves = try folder.file("halves.png", ImageFixtures.png(width: 48, height: 48) { x, _ in 0xFF00_0000 | (x < 24 ? Self.red : Self.blue) })
            let tiny = try folder.file("tiny.png", ImageFixtures.png(width: 4, height: 4) { _, _ in 0xFF00_0000 | Self.green })
            let gray = try folder.file("gray.png", ImageFixtures.grayPNG(width: 16, height: 16) { _, _ in 0x80 })
            // 1 px columns, white then black: each box of three holds two of one and one of the other.
            let stripes = try folder.file("stripes.png", ImageFixtures.grayPNG(width: 48, height: 48) { x, _ in x % 2 == 0 ? 0xFF : 0 })
            let strip = try shownStrip([SegmentItem(title: "", icon: .file(path: halves)), SegmentItem(title: "", icon: .file(path: tiny)),
                                        SegmentItem(title: "", icon: .file(path: gray)), SegmentItem(title: "", icon: .file(path: stripes))])
            let image = try XCTUnwrap(user.pixels(strip.window, width: 400, height: 44))
            let h = try expectedIcon(strip, at: 0)
            for x in 0..<7 { XCTAssertEqual(image[h.x + x, h.y + 8], Self.red, "column \(x)") }
            for x in 9..<16 { XCTAssertEqual(image[h.x + x, h.y + 8], Self.blue, "column \(x)") }
            for y in [0, 15] { XCTAssertEqual(image[h.x + 2, h.y + y], Self.red, "row \(y): the padded edge keeps its alpha") }
            XCTAssertEqual(image[h.x - 1, h.y + 8], strip.style.backgroundColor, "nothing outside the box")
            let t = try expectedIcon(strip, at: 1)
            XCTAssertEqual(try XCTUnwrap(strip.planner.icons.picture(.file(path: tiny), size: 16)).width, 16, "scaled up to the box")
            XCTAssertEqual(image[t.x + 8, t.y + 8], Self.green)
            XCTAssertEqual(image[t.x, t.y], Self.green)
            let g = try expectedIcon(strip, at: 2)
            XCTAssertEqual(image[g.x + 8, g.y + 8], 0x808080)
            // An average of each box of three, (255 + 0 + 255) / 3 and (0 + 255 + 0) / 3, within pixman's
            // sampled box-over-box filter (167 and 88 here), not one sample (a bilinear filter takes the middle column: 0 or 255).
            let s = try expectedIcon(strip, at: 3)
            for (column, level) in [(4, 170.0), (5, 85.0)] {
                let pixel = image[s.x + column, s.y + 8]
                XCTAssertEqual([pixel >> 16 & 0xFF, pixel >> 8 & 0xFF].map(Double.init), [Double(pixel & 0xFF), Double(pixel & 0xFF)], "gray")
                XCTAssertEqual(Double(pixel & 0xFF), level, accuracy: 4, "column \(column)")
            }
        }
    }
}

/// A client that changes a large icon again and again (a `_NET_WM_ICON` of 1024 × 340 ten times a second) pinned
/// about 380 MB: the cache's keys held every version's pixels, up to 256 of them. They now hold at most
/// `IconCache.pixelBytes` between them, and a small icon's key is not evicted by the count alone.
final class IconCacheBoundTests: XCTestCase {
    func testGivenPixelsAreHeldUpToTheirBound() throws {
        try MainActor.assumeIsolated {
            let connection = try XDisplayConnection()
            let cache = IconCache(connection: connection)
            let side = 512, bytes = side * side * 4
            for version in 0..<40 {
                let argb = Array(repeating: 0xFF00_0000 | UInt32(version), count: side * side)
                _ = cache.picture(.pixels(width: side, height: side, argb: argb), size: 16)
                XCTAssertLessThanOrEqual(cache.heldPixelBytes, IconCache.pixelBytes, "version \(version)")
            }
            XCTAssertEqual(cache.heldPixelBytes, IconCache.pixelBytes / bytes * bytes, "the newest sixteen are kept")
        }
    }
}
