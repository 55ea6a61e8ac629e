import CX11
import Foundation
import SegmentedTitles
import TestSupport
import XCTest

/// The strip's titles against Pango's rendering of the same strings (issue 10): Pango is the
/// reference. Both programs run under one private fontconfig file whose `<dir>` holds only
/// chosen faces, one per script, so that fallback picks the same faces in both. For each
/// title, its ink columns cut from a screenshot of the strip (the segment's frame from the
/// trace) must have the ink width of `pango-view`'s picture within ±2 px, and at least 95 %
/// of the columns must agree (ink or no ink) when both are laid from their first ink column.
final class PangoReferenceTests: XCTestCase {
    /// The scripts the issue names: Arabic, Arabic with Latin, Hebrew with digits, Devanagari,
    /// Thai, Latin with kerning pairs, a combining mark, CJK, an emoji title.
    ///
    /// The emoji titles: the fire first and last. Xft and cairo scale the fire's 109 px bitmap
    /// differently (Xft samples each pixel's left edge, cairo its center), which put Xft's
    /// picture about half a pixel right of cairo's; `FontChain.colorGlyphShift` moves it back
    /// by that, rounded (without it, "🔥热门" had 42 of 46 columns agreeing at 15 px).
    static let titles = ["مهندس مدني", "C++ مطور", "עברית 2024", "हिन्दी परीक्षा", "ภาษาไทย", "AVATAR Wolf To", "Cafe\u{301}", "热门推荐",
                         "热门🔥", "🔥热门"]
    static let emojiTitles = [8, 9]

    /// The faces, one per script (family and style), from fonts-noto-core, fonts-noto-cjk and
    /// fonts-noto-color-emoji; their files are found through fontconfig (`FontFiles`).
    static let faces = ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "Noto Sans Devanagari", "Noto Sans Thai", "Noto Sans CJK SC"]
        .flatMap { family in ["Regular", "Bold"].map { (family, $0) } } + [("Noto Color Emoji", "Regular")]

    // nonisolated(unsafe): set once in the class's setUp and read by its tests, all on XCTest's one thread.
    nonisolated(unsafe) private static var folder: TemporaryFolder?
    /// Why setUp made no folder (a face not installed), thrown by every test.
    nonisolated(unsafe) private static var setUpError: Error?
    nonisolated(unsafe) private static var environment: [String: String] = [:]

    override class func setUp() {
        super.setUp()
        let folder: TemporaryFolder, files: [String]
        do {
            folder = try TemporaryFolder(prefix: "pango-fonts")
            files = try faces.map { try FontFiles.file(family: $0.0, style: $0.1) }
        } catch {
            setUpError = error
            return
        }
        let fonts = folder.url.appendingPathComponent("fonts")
        try? FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        for face in Set(files) {
            try? FileManager.default.createSymbolicLink(atPath: fonts.appendingPathComponent((face as NSString).lastPathComponent).path,
                                                        withDestinationPath: face)
        }
        // The CJK collection holds every regional face: keep the Simplified Chinese one only (the chain asks
        // for zh-cn forms outside CJK locales; Pango would pick by its own language).
        let regional = ["JP", "KR", "TC", "HK"].flatMap { ["Noto Sans CJK \($0)", "Noto Sans Mono CJK \($0)"] } + ["Noto Sans Mono CJK SC"]
        let rejected = regional.map { "<rejectfont><pattern><patelt name=\"family\"><string>\($0)</string></patelt></pattern></rejectfont>" }
        let config = """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
              <dir>\(fonts.path)</dir>
              <cachedir>\(folder.url.appendingPathComponent("cache").path)</cachedir>
              <selectfont>\(rejected.joined())</selectfont>
              <!-- The system's own rule that scales bitmap (color emoji) faces to the asked size, for Pango's cairo. -->
              <include ignore_missing="yes">/etc/fonts/conf.d/10-scale-bitmap-fonts.conf</include>
              <alias binding="same"><family>sans</family><prefer><family>Noto Sans</family></prefer></alias>
              <alias binding="same"><family>sans-serif</family><prefer><family>Noto Sans</family></prefer></alias>
              <match target="font">
                <edit name="antialias" mode="assign"><bool>true</bool></edit>
                <edit name="hinting" mode="assign"><bool>true</bool></edit>
                <edit name="hintstyle" mode="assign"><const>hintslight</const></edit>
                <edit name="rgba" mode="assign"><const>none</const></edit>
              </match>
            </fontconfig>
            """
        let file = folder.url.appendingPathComponent("fonts.conf")
        try? config.write(to: file, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["FONTCONFIG_FILE"] = file.path
        Self.environment = environment
        Self.folder = folder
    }

    override class func tearDown() {
        folder = nil
        super.tearDown()
    }

    /// The folder of the private fontconfig setup, or why there is none.
    private func pinnedFolder() throws -> TemporaryFolder {
        if let error = Self.setUpError { throw error }
        return try XCTUnwrap(Self.folder)
    }

    /// A picture's pixels, 0xRRGGBB, row-major.
    private struct Picture {
        let width: Int, height: Int
        let pixels: [UInt32]
        subscript(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }

        /// The columns in [x0, x1) with any pixel other than `background` in rows [y0, y1).
        func inkColumns(_ x0: Int, _ x1: Int, rows: Range<Int>, background: UInt32) -> [Int] {
            (max(0, x0)..<min(width, x1)).filter { x in rows.contains { self[x, $0] != background } }
        }

        /// Pixels in the columns whose color is far from any gray (a channel 80 or more off another).
        func colorfulPixels(_ columns: [Int], rows: Range<Int>) -> Int {
            columns.reduce(0) { count, x in
                count + rows.filter { y in
                    let p = self[x, y]
                    let r = Int(p >> 16 & 0xFF), g = Int(p >> 8 & 0xFF), b = Int(p & 0xFF)
                    return max(r, g, b) - min(r, g, b) >= 80
                }.count
            }
        }

        /// The top and bottom ink rows of an emoji title's emoji and of its text: the emoji is the
        /// first run of adjacent ink columns when `emojiFirst`, else the last; the text is the rest.
        func emojiRows(_ columns: [Int], rows: Range<Int>, background: UInt32, emojiFirst: Bool) -> EmojiRows? {
            var runs = [[Int]]()
            for x in columns {
                if let last = runs.last?.last, x == last + 1 { runs[runs.count - 1].append(x) } else { runs.append([x]) }
            }
            guard runs.count >= 2 else { return nil }
            let emoji = Set(emojiFirst ? runs[0] : runs[runs.count - 1])
            func inkRows(_ xs: [Int]) -> [Int] { rows.filter { y in xs.contains { self[$0, y] != background } } }
            let emojiInk = inkRows(columns.filter { emoji.contains($0) }), textInk = inkRows(columns.filter { !emoji.contains($0) })
            guard let top = emojiInk.first, let bottom = emojiInk.last, let textTop = textInk.first, let textBottom = textInk.last else { return nil }
            return EmojiRows(top: top - textTop, bottom: bottom - textBottom)
        }
    }

    /// Where an emoji's ink is vertically: its top ink row less the text's (the CJK glyphs'), and its bottom ink row less theirs, pixels.
    private struct EmojiRows: Equatable, CustomStringConvertible {
        let top: Int, bottom: Int
        var description: String { "top \(top), bottom \(bottom)" }
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = Self.environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// A PNG read through ImageMagick as binary PPM.
    private func readPNG(_ path: String) throws -> Picture {
        let data = try run(["convert", path, "ppm:-"]).output
        // "P6\nW H\n255\n" then RGB triples.
        var fields = [String](), index = data.startIndex
        while fields.count < 4, index < data.endIndex {
            var field = ""
            while index < data.endIndex, ![0x20, 0x0A].contains(data[index]) { field.append(Character(UnicodeScalar(data[index]))); index += 1 }
            index += 1
            if !field.isEmpty { fields.append(field) }
        }
        let width = try XCTUnwrap(Int(fields[1])), height = try XCTUnwrap(Int(fields[2]))
        let bytes = [UInt8](data[index...])
        XCTAssertEqual(bytes.count, width * height * 3, "a whole PPM")
        var pixels = [UInt32]()
        pixels.reserveCapacity(width * height)
        for i in 0..<min(width * height, bytes.count / 3) {
            let r = UInt32(bytes[3 * i]), g = UInt32(bytes[3 * i + 1]), b = UInt32(bytes[3 * i + 2])
            pixels.append(r << 16 | g << 8 | b)
        }
        return Picture(width: width, height: height, pixels: pixels)
    }

    /// Each title's ink columns in one pango-view picture of all of them: one left-to-right line,
    /// each title in an isolate with its own direction (U+2068 ... U+2069, as the strip gives each
    /// title its own), four em spaces apart.
    private func pangoInk(_ titles: [String], font: String, color: UInt32, scale: Int) throws -> [(columns: [Int], colorful: Int, emoji: EmojiRows?)] {
        let folder = try pinnedFolder()
        let output = folder.url.appendingPathComponent("pango-\(UUID().uuidString).png").path
        let text = "\u{200E}" + titles.map { "\u{2068}\($0)\u{2069}" }.joined(separator: String(repeating: "\u{2003}", count: 4))
        let hex = String(color, radix: 16)
        let status = try run(["pango-view", "--hint-metrics=on", "--dpi=96", "--antialias=gray", "--font=\(font)", "--margin=10",
                              "--foreground=#\(String(repeating: "0", count: 6 - hex.count) + hex)", "--background=#ffffff",
                              "-q", "-t", text, "-o", output]).status
        XCTAssertEqual(status, 0, "pango-view (Debian pango1.0-tools, installed by scripts/install-deps.sh)")
        let picture = try readPNG(output)
        let rows = 0..<picture.height
        let ink = picture.inkColumns(0, picture.width, rows: rows, background: 0xFFFFFF)
        // Titles are the runs of ink columns separated by more than 20 px (x scale) of paper.
        var groups = [[Int]]()
        for x in ink {
            if let last = groups.last?.last, x - last <= 20 * scale { groups[groups.count - 1].append(x) } else { groups.append([x]) }
        }
        XCTAssertEqual(groups.count, titles.count, "one group of ink per title")
        return zip(titles, groups).map { title, columns in
            (columns, picture.colorfulPixels(columns, rows: rows),
             picture.emojiRows(columns, rows: rows, background: 0xFFFFFF, emojiFirst: title.hasPrefix("🔥")))
        }
    }

    /// Each title's ink columns as the demo draws them under the same fonts (`selected` in the selected font).
    private func stripInk(_ titles: [String], selected: Int, extra: [String] = [], scale: Int = 1)
        throws -> [(columns: [Int], colorful: Int, emoji: EmojiRows?)] {
        let folder = try pinnedFolder()
        let file = try writeTitles(titles, in: folder)
        let width = 1200, height = 60 * scale
        let demo = try DemoProcess(arguments: ["--titles-file", file, "--select", String(selected), "--geometry", "\(width)x\(height)"] + extra,
                                   environment: Self.environment)
        defer { demo.process.terminate() }
        let ready = try demo.next("ready")
        _ = try demo.next("firstFrame")
        let window = Window(try XCTUnwrap(traceNumber(ready["window"])))
        let display = try Shared.display.get()
        display.parkPointer()
        let image = try XCTUnwrap(display.pixels(window, width: width, height: height))
        let picture = Picture(width: image.width, height: image.height, pixels: image.pixels)
        // Rows above the underline (and its gap): the titles' ink only.
        let indicator = try XCTUnwrap(traceRect(ready["indicator"]))
        let rows = 0..<Int(indicator.y) - 1
        let offset = try XCTUnwrap(traceNumber(ready["contentOffset"]))
        let rtl = (ready["direction"] as? String) == "rtl"
        return zip(titles, RunningDemo.segments(ready)).map { title, frame in
            // A right-to-left strip mirrors the content: its window x is width - (content x + width) + offset.
            let x = rtl ? Double(width) - (frame.x + frame.width) + offset : frame.x - offset
            let columns = picture.inkColumns(Int(x), Int(x + frame.width), rows: rows, background: 0xFFFFFF)
            return (columns, picture.colorfulPixels(columns, rows: rows),
                    picture.emojiRows(columns, rows: rows, background: 0xFFFFFF, emojiFirst: title.hasPrefix("🔥")))
        }
    }

    private func writeTitles(_ titles: [String], in folder: TemporaryFolder) throws -> String {
        let url = folder.url.appendingPathComponent("titles-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: titles).write(to: url)
        return url.path
    }

    /// The issue's two measures: ink width within ±2 px, and ≥ 95 % of columns agreeing from the first ink column.
    private func assertMatches(_ ours: [Int], _ pango: [Int], _ label: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        guard let first = ours.first, let last = ours.last, let pFirst = pango.first, let pLast = pango.last else {
            return XCTFail("\(label): no ink (ours \(ours.count) columns, Pango's \(pango.count))", file: file, line: line)
        }
        XCTAssertEqual(last - first + 1, pLast - pFirst + 1, accuracy: 2, "\(label): ink width", file: file, line: line)
        let a = Set(ours.map { $0 - first }), b = Set(pango.map { $0 - pFirst })
        let span = max(last - first, pLast - pFirst) + 1
        let agreeing = (0..<span).filter { a.contains($0) == b.contains($0) }.count
        XCTAssertGreaterThanOrEqual(Double(agreeing) / Double(span), 0.95, "\(label): \(agreeing) of \(span) columns agree", file: file, line: line)
    }

    /// The issue's "vertically centered on the text": the emoji's top and bottom ink rows, each
    /// taken from the text's, within 1 px of Pango's. Measured (ours, Pango's; top, bottom): 15 px
    /// (0, 1) and (−1, 1); bold 17 px (1, 2) and (0, 2); scale 2 (−1, 3) both. Xft's box-filtered
    /// picture of the 109 px strike has one faint row less at the top than cairo's at 15 and 17 px;
    /// its placement differs by ½ − s·(k + ½ − `bitmap_top`) − `XGlyphInfo.y` (the vertical form
    /// of `FontChain.colorGlyphShift`'s offset): 0.54, 0.17 and 0.02 px, under a pixel.
    private func assertEmojiRowsMatch(_ ours: EmojiRows?, _ pango: EmojiRows?, _ label: String,
                                      file: StaticString = #filePath, line: UInt = #line) {
        guard let ours, let pango else { return XCTFail("\(label): no emoji and text apart (ours \(String(describing: ours)), Pango's \(String(describing: pango)))", file: file, line: line) }
        XCTAssertEqual(ours.top, pango.top, accuracy: 1, "\(label): emoji top (ours \(ours), Pango's \(pango))", file: file, line: line)
        XCTAssertEqual(ours.bottom, pango.bottom, accuracy: 1, "\(label): emoji bottom (ours \(ours), Pango's \(pango))", file: file, line: line)
    }

    func testUnselectedTitlesMatchPango() throws {
        let titles = Self.titles
        // The last title selected: every other one is drawn unselected (sans 15 px, #555555).
        let ours = try stripInk(titles, selected: titles.count - 1)
        let pango = try pangoInk(titles, font: "sans 15px", color: unselectedColor, scale: 1)
        for i in 0..<titles.count - 1 {
            assertMatches(ours[i].columns, pango[i].columns, "unselected \(titles[i])")
        }
        // And the last one unselected, with the first selected.
        let last = try stripInk(titles, selected: 0)
        let i = titles.count - 1
        assertMatches(last[i].columns, pango[i].columns, "unselected \(titles[i])")
        // The fire is drawn in color by both (a gray title has no such pixels).
        for e in Self.emojiTitles {
            assertEmojiRowsMatch(last[e].emoji, pango[e].emoji, "unselected \(titles[e])")
            XCTAssertGreaterThan(pango[e].colorful, 20, "Pango's fire in \(titles[e]) is in color")
            XCTAssertGreaterThan(last[e].colorful, 20, "the strip's fire in \(titles[e]) is in color")
        }
        for i in 1..<titles.count where !Self.emojiTitles.contains(i) {
            XCTAssertEqual(last[i].colorful, 0, "\(titles[i]) is gray text")
        }
    }

    func testSelectedTitlesMatchPangoInBold() throws {
        let titles = Self.titles
        let pango = try pangoInk(titles, font: "sans bold 17px", color: accent, scale: 1)
        for i in titles.indices {
            let ours = try stripInk(titles, selected: i)
            assertMatches(ours[i].columns, pango[i].columns, "selected \(titles[i])")
            if Self.emojiTitles.contains(i) { assertEmojiRowsMatch(ours[i].emoji, pango[i].emoji, "selected \(titles[i])") }
        }
    }

    func testARightToLeftStripDrawsEachTitleAsPangoDoes() throws {
        let titles = Self.titles
        let ours = try stripInk(titles, selected: 0, extra: ["--direction", "rtl"])
        let pango = try pangoInk(titles, font: "sans 15px", color: unselectedColor, scale: 1)
        for i in 1..<titles.count {
            assertMatches(ours[i].columns, pango[i].columns, "right-to-left strip: \(titles[i])")
            if Self.emojiTitles.contains(i) { assertEmojiRowsMatch(ours[i].emoji, pango[i].emoji, "right-to-left strip: \(titles[i])") }
        }
    }

    func testAtScaleTwoTitlesMatchPangoAtTwiceTheSize() throws {
        // Half the titles a window: at scale 2 all of them would be wider than the screen.
        for half in [Array(Self.titles.prefix(5)), Array(Self.titles.suffix(5))] {
            let ours = try stripInk(half, selected: 0, extra: ["--scale", "2"], scale: 2)
            let pango = try pangoInk(half, font: "sans 30px", color: unselectedColor, scale: 2)
            for i in 1..<half.count {
                assertMatches(ours[i].columns, pango[i].columns, "scale 2: \(half[i])")
                if half[i].contains("🔥") { assertEmojiRowsMatch(ours[i].emoji, pango[i].emoji, "scale 2: \(half[i])") }
            }
            let bold = try pangoInk(half, font: "sans bold 34px", color: accent, scale: 2)
            assertMatches(ours[0].columns, bold[0].columns, "scale 2, selected: \(half[0])")
        }
    }
}
