import CX11
import Foundation
import TestSupport
import XCTest

/// Bad input: one clear line on stderr, exit status 2 and no window; no
/// display: exit status 1 naming it.
final class BadInputTests: XCTestCase {
    private var folder: TemporaryFolder!

    override func setUpWithError() throws {
        folder = try TemporaryFolder(prefix: "segmented-bad-input")
    }

    override func tearDown() {
        folder = nil
    }

    private func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        try folder.file(name, bytes)
    }

    private func assertFails(_ arguments: [String], status: Int32 = 2, message: String, environment: [String: String]? = nil,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try DemoProcess.runToEnd(arguments, environment: environment)
        XCTAssertEqual(result.status, status, "\(arguments): \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.contains(message), "\(arguments): expected '\(message)' in '\(result.stderr)'", file: file, line: line)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, "one line: '\(result.stderr)'", file: file, line: line)
        XCTAssertTrue(result.stderr.hasPrefix("segmented-demo: "), file: file, line: line)
    }

    func testMissingFile() throws {
        try assertFails(["--titles-file", "/no/such/titles.json"], message: "cannot read titles file /no/such/titles.json: no such file")
    }

    /// An empty path is said as one, not as a missing file with no name (`cannot read titles file : no such file`).
    func testAnEmptyPathIsSaidToBeEmpty() throws {
        try assertFails(["--titles-file", ""], message: "cannot read titles file: the path is empty")
        try assertFails(["--titles-file="], message: "cannot read titles file: the path is empty")
    }

    func testDirectoryInsteadOfAFile() throws {
        try assertFails(["--titles-file", folder.path], message: "it is a directory")
    }

    func testMalformedJSONGivesItsPosition() throws {
        let path = try file("bad.json", Array("[\"一级\",\n  oops]".utf8))
        try assertFails(["--titles-file", path], message: "malformed JSON: invalid token near 'oops' (line 2, column 6)")
    }

    /// A file named `*.json` is JSON: one that does not start as JSON does is refused
    /// with the place of its error, not read silently as a title a line.
    func testAJSONNameThatIsNotJSONIsMalformed() throws {
        for (name, text, detail) in [("abc.json", "abc\n", "invalid token near 'abc' (line 1, column 3)"),
                                     ("bracket.json", "]", "unexpected token near ']' (line 1, column 1)"),
                                     ("late.JSON", "\n\n   x", "invalid token near 'x' (line 3, column 4)")] {
            let path = try file(name, Array(text.utf8))
            try assertFails(["--titles-file", path], message: "titles file \(path) is malformed JSON: \(detail)")
        }
    }

    func testJSONWithANonString() throws {
        let path = try file("mixed.json", Array("[\"a\", null]".utf8))
        try assertFails(["--titles-file", path], message: "element 1 is null, not a string or an item")
    }

    /// An object that is not an item: refused before any window, naming the element and the key.
    func testJSONWithABadItem() throws {
        let path = try file("items.json", Array("[\"a\", {\"b\": 1}, {\"title\": \"c\", \"badge\": -2}]".utf8))
        try assertFails(["--titles-file", path], message: "element 1: unknown key \"b\"")
        let badge = try file("badge.json", Array("[\"a\", \"b\", {\"title\": \"c\", \"badge\": -2}]".utf8))
        try assertFails(["--titles-file", badge], message: "element 2: \"badge\" must be a count, \"dot\" or a short text")
    }

    func testInvalidUTF8() throws {
        let path = try file("bad.txt", Array("一级\n".utf8) + [0xC3, 0x28] + Array("\n".utf8))
        try assertFails(["--titles-file", path], message: "is not valid UTF-8 (first bad byte at offset 7)")
    }

    func testSelectOutOfRange() throws {
        try assertFails(["--select", "10"], message: "--select 10 is out of range: there are 10 titles (0...9)")
        try assertFails(["--select", "-1"], message: "--select needs a non-negative whole number, not '-1'")
        try assertFails(["--select", "+3"], message: "--select needs a non-negative whole number, not '+3'")
        try assertFails(["--select", "99999999999999999999"], message: "--select needs a non-negative whole number")
        try assertFails(["--titles-file", try file("empty.json", Array("[]".utf8)), "--select", "5"],
                        message: "--select 5 is out of range: there are no titles")
    }

    func testFIFOAndObjectFilesAreRefused() throws {
        let fifo = folder.url.appendingPathComponent("fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        try assertFails(["--titles-file", fifo], message: "not a regular file")
        try assertFails(["--titles-file", try file("o.json", Array("{}".utf8))], message: "the top level is an object, not an array")
    }

    func testValuesWithNewlinesStayOnOneLine() throws {
        try assertFails(["--titles-file", "no\nsuch"], message: "cannot read titles file no\\nsuch: no such file")
    }

    func testUnknownFlagAndMissingValue() throws {
        try assertFails(["--frobnicate"], message: "unknown option '--frobnicate'")
        try assertFails(["--titles-file"], message: "--titles-file needs a value")
        try assertFails(["--font", "--exit-after-first-frame"],
                        message: "--font needs a value (for a value that starts with --, write --font=--exit-after-first-frame)")
        try assertFails(["--trace=no"], message: "--trace takes no value")
    }

    func testBadGeometry() throws {
        for geometry in ["0x200", "400", "axb", "400x-1", "16385x10", "+400x+200"] {
            try assertFails(["--geometry", geometry], message: "bad geometry '\(geometry)'")
        }
    }

    func testBadFontPatterns() throws {
        try assertFails(["--font", "sans:weight=heavyish"], message: "invalid font pattern 'sans:weight=heavyish'")
        // The height comes from whichever face the default pattern opens (DejaVu Sans: 20000, Noto Sans: 23000): ask Xft for it here.
        let tall = ":matrix=1000 0 0 1000"
        try assertFails(["--font", tall], message: "its lines would be \(try Self.lineHeight(of: tall)) pixels tall (at most 2000)")
        // A matrix that turns the glyphs is laid out by what it draws (TransformedFontTests); one that stretches them past any line is not.
        try assertFails(["--font", "sans:pixelsize=15:matrix=3000 0 0 1"], message: "its glyphs would advance")
        try assertFails(["--selected-font", ":pixelsize=0"], message: "invalid font pattern ':pixelsize=0': the pixel size must be a number from 1 to 1000 (fontconfig read 0.0)")
    }

    /// Ascent + descent (pixels) of the face Xft opens for `pattern` on this display, as the demo measures it
    /// (its default 12 pt converted at 96 dpi at scale 1, `FontChain.pointResolution`).
    private static func lineHeight(of pattern: String) throws -> Int {
        let x = try TestDisplay()
        let font = try XCTUnwrap(XftFontOpenName(x.display, x.screen, pattern + ":dpi=96"))
        defer { XftFontClose(x.display, font) }
        return Int(font.pointee.ascent) + Int(font.pointee.descent)
    }

    /// fontconfig prints its own lines while it reads its configuration; they come out as one warning of
    /// the demo's, and the demo goes on with fontconfig's defaults (or ends, with its own line, if no font is left).
    func testFontconfigsOwnLinesAreSaidInOneLineOfOurs() throws {
        let broken = try file("broken.conf", Array("<fontconfig><bogus/>".utf8))
        let empty = try file("empty.conf", Array("<?xml version=\"1.0\"?>\n<fontconfig><dir>/nonexistent</dir></fontconfig>\n".utf8))
        for (config, status, lines) in [("/nonexistent/fonts.conf", Int32(0), ["segmented-demo: warning: fontconfig: Cannot load default config file"]),
                                        (broken, 0, ["segmented-demo: warning: fontconfig: \"\(broken)\", line 1: no element found (and 2 more messages)"]),
                                        (empty, 1, ["segmented-demo: no font matches 'sans-serif:pixelsize=15'"])] {
            var environment = ProcessInfo.processInfo.environment
            environment["FONTCONFIG_FILE"] = config
            let result = try DemoProcess.runToEnd(["--exit-after-first-frame"], environment: environment)
            XCTAssertEqual(result.status, status, "\(config): \(result.stderr)")
            let said = result.stderr.split(separator: "\n").map(String.init)
            XCTAssertEqual(said.count, lines.count, "\(config): \(result.stderr)")
            for (line, expected) in zip(said, lines) { XCTAssertTrue(line.hasPrefix(expected), "\(config): '\(line)'") }
        }
    }

    func testNoDisplay() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        try assertFails([], status: 1, message: "no display: $DISPLAY is not set", environment: environment)
        environment["DISPLAY"] = ":987"
        try assertFails([], status: 1, message: "cannot open display ':987'", environment: environment)
    }

    /// Xlib opens a display named with any screen number, -1 too, and keeps it as the default screen: a
    /// screen the server does not have is refused in one line, never read outside the screens.
    func testAScreenTheServerDoesNotHaveIsRefused() throws {
        var environment = ProcessInfo.processInfo.environment
        let name = try XCTUnwrap(environment["DISPLAY"])
        let colon = try XCTUnwrap(name.lastIndex(of: ":"))
        let base = name[..<colon] + ":" + (name[name.index(after: colon)...].split(separator: ".").first ?? "")
        for screen in ["-1", "-100", "-2147483648"] {
            environment["DISPLAY"] = "\(base).\(screen)"
            try assertFails(["--exit-after-first-frame"], status: 1,
                            message: "cannot open display '\(base).\(screen)': it has no screen \(screen) (its screens are 0 to 0)",
                            environment: environment)
        }
        environment["DISPLAY"] = "\(base).7"      // past the count: Xlib refuses it itself
        try assertFails(["--exit-after-first-frame"], status: 1, message: "cannot open display '\(base).7'", environment: environment)
    }

    /// A large titles file (over 1 MiB) reports its failures first, with or
    /// without a display, before a bad color, font or display; and once
    /// parsed, it is the strip's titles.
    func testALargeTitlesFileFailsFirstEvenWithoutADisplay() throws {
        let good = "[" + (0..<80_000).map { "\"title \($0)\"" }.joined(separator: ",") + "]"
        XCTAssertGreaterThan(good.utf8.count, 1 << 20, "a large file")
        let large = try file("large.json", Array(good.utf8))
        let bad = try file("large-bad.json", Array((good.dropLast() + ",\n oops]").utf8))
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        try assertFails(["--titles-file", bad], message: "malformed JSON: invalid token near 'oops'", environment: environment)
        try assertFails(["--titles-file", large, "--select", "80000"],
                        message: "--select 80000 is out of range: there are 80000 titles (0...79999)", environment: environment)
        try assertFails(["--titles-file", large], status: 1, message: "no display: $DISPLAY is not set", environment: environment)
        environment["DISPLAY"] = ":987"
        try assertFails(["--titles-file", bad], message: "malformed JSON: invalid token near 'oops'", environment: environment)
        try assertFails(["--titles-file", bad], message: "malformed JSON: invalid token near 'oops'")
        try assertFails(["--titles-file", bad, "--accent-color", "#12"], message: "malformed JSON: invalid token near 'oops'")
        try assertFails(["--titles-file", bad, "--text-color", "notacolor"], message: "malformed JSON: invalid token near 'oops'")
        try assertFails(["--titles-file", bad, "--selected-font", ":pixelsize=0"], message: "malformed JSON: invalid token near 'oops'")
        try assertFails(["--titles-file", large, "--selected-font", ":pixelsize=0"],
                        message: "invalid font pattern ':pixelsize=0': the pixel size must be a number from 1 to 1000 (fontconfig read 0.0)")
        try assertFails(["--titles-file", large, "--select", "80000", "--selected-font", ":pixelsize=0"],
                        message: "--select 80000 is out of range: there are 80000 titles (0...79999)")

        let demo = try DemoProcess(arguments: ["--titles-file", large, "--select", "79999", "--exit-after-first-frame"])
        let ready = try demo.next("ready")
        XCTAssertEqual(ready["count"] as? Int, 80_000)
        XCTAssertEqual(ready["selectedIndex"] as? Int, 79_999)
        XCTAssertEqual(demo.waitForExit(), 0)
        XCTAssertEqual(demo.standardError, "", "no warning")
    }

    /// A sparse file larger than any limit (2 EiB: tmpfs allows it) is refused
    /// at once as too large: its size is never used in arithmetic (the demo
    /// once trapped on an overflow sizing a buffer for it).
    func testASparseFileOfExabytesIsTooLarge() throws {
        let path = "/dev/shm/segmented-sparse-\(getpid())"
        let fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
        guard fd >= 0 else { throw XCTSkip("no /dev/shm: \(String(cString: strerror(errno)))") }
        defer { unlink(path) }
        let size = off_t(1) << 61
        let grown = ftruncate(fd, size)
        close(fd)
        guard grown == 0 else { throw XCTSkip("/dev/shm refuses a file of \(size) bytes") }
        try assertFails(["--titles-file", path], message: "is too large (\(size) bytes; the limit is 16777216)")
    }

    /// A bad large file is still reported first, and at once, when the
    /// display accepts the connection but never answers:
    /// not the connection watchdog's "did not answer within 10 s", exit 1.
    func testABadLargeFileComesBeforeADisplayThatNeverAnswers() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(listener, 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        // X display n listens on TCP port 6000 + n: the first free one from 300.
        guard let number = (300..<400).first(where: { n in
            address.sin_port = in_port_t(6000 + n).bigEndian
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            } == 0
        }) else { return XCTFail("no free TCP port from 6300 to 6399") }
        XCTAssertEqual(listen(listener, 4), 0)
        let good = "[" + (0..<80_000).map { "\"title \($0)\"" }.joined(separator: ",") + "]"
        let bad = try file("large-bad.json", Array((good.dropLast() + ",\n oops]").utf8))
        let large = try file("large.json", Array(good.utf8))
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = "127.0.0.1:\(number)"
        try assertFails(["--titles-file", bad], message: "malformed JSON: invalid token near 'oops'", environment: environment)
        try assertFails(["--titles-file", large, "--select", "80000"],
                        message: "--select 80000 is out of range: there are 80000 titles (0...79999)", environment: environment)
    }

    func testTextFileWithOneTitlePerLineWorks() throws {
        let path = try file("titles.txt", [0xEF, 0xBB, 0xBF] + Array("Alpha\r\n一级建造师\r\n\r\nGamma\r\n".utf8))
        let demo = try DemoProcess(arguments: ["--titles-file", path, "--exit-after-first-frame"])
        let ready = try demo.next("ready")
        XCTAssertEqual(ready["count"] as? Int, 3)
        XCTAssertEqual(demo.waitForExit(), 0)
    }

    func testClosedStandardOutputAndErrorDoNotReachTheXConnection() throws {
        // With fd 1 or 2 closed the X socket would take that number; the demo reopens them on /dev/null first.
        for redirect in [">&-", "2>&-", "<&- >&- 2>&-"] {
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = ["-c", "exec \"$0\" --trace --exit-after-first-frame --titles-file \"$1\" \(redirect)", DemoProcess.binaryPath,
                               try file("warn.json", Array("[\"\u{10FFFD} no font\", \"x\"]".utf8))]
            let exit = ProcessExit(shell)
            try shell.run()
            if !exit.wait(timeout: 10) { shell.terminate() }
            shell.waitUntilExit()
            XCTAssertEqual(shell.terminationStatus, 0, redirect)
        }
    }

    func testConflictingFlagsAreRefused() throws {
        try assertFails(["--rtl", "--direction", "ltr"], message: "--rtl conflicts with --direction ltr: give one")
        try assertFails(["--direction", "ltr", "--rtl"], message: "--direction ltr conflicts with --rtl: give one")
        try assertFails(["--font", "sans:pixelsize=15", "--font=serif"], message: "--font sans:pixelsize=15 conflicts with --font serif: give one")
        // The same value twice is no conflict, however it is written.
        for same in [["--duration", "0.3", "--duration", ".3"], ["--scale", "1", "--scale", "1.0"],
                     ["--accent-color", "#f00", "--accent-color", "#FF0000"], ["--indicator-height", "3", "--indicator-height", "03"]] {
            let demo = try DemoProcess(arguments: same + ["--exit-after-first-frame"], trace: false)
            XCTAssertEqual(demo.waitForExit(), 0, "\(same): \(demo.standardError)")
        }
        let same = try DemoProcess(arguments: ["--rtl", "--direction", "rtl", "--exit-after-first-frame"], trace: false)
        XCTAssertEqual(same.waitForExit(), 0, same.standardError)
    }

    /// What `segmented-demo --help` prints on stdout; it exits 0.
    private func helpText() throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DemoProcess.binaryPath)
        process.arguments = ["--help"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let help = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return help
    }

    func testHelpNamesEveryXResource() throws {
        let help = try helpText()
        for name in ["accentColor", "font", "scale", "titleTransition", "direction", "indicatorRadius", "maxSegmentWidth"] {
            XCTAssertTrue(help.contains(" \(name),") || help.contains(" \(name)."), "--help names the X resource \(name)")
        }
        XCTAssertFalse(help.contains("from --font to --direction"))
    }

    /// docs/usage.md's usage block is the help's usage line (made from `StripSetting.all`), word for word.
    func testTheDocumentedUsageIsTheHelpsUsage() throws {
        let usage = try XCTUnwrap(try helpText().components(separatedBy: "\n\n").first)
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/usage.md"), encoding: .utf8)
        let start = try XCTUnwrap(readme.range(of: "```\nsegmented-demo ["), "docs/usage.md: no usage block")
        let end = try XCTUnwrap(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let block = "segmented-demo [" + readme[start.upperBound..<end.lowerBound]
        func words(_ text: String) -> [String] { text.split(whereSeparator: \.isWhitespace).map(String.init) }
        XCTAssertEqual(words(String(block)), Array(words(usage).dropFirst()),
                       "docs/usage.md's usage block differs from segmented-demo --help: copy the help's usage lines into it")
    }

    func testHelpAndVersion() throws {
        let help = try DemoProcess(arguments: ["--help"], trace: false)
        XCTAssertEqual(help.waitForExit(), 0)
        let version = try DemoProcess(arguments: ["--version"], trace: false)
        XCTAssertEqual(version.waitForExit(), 0)
    }
}

/// `make run` with no display plays the tour (scripts/tour.sh): a flag the
/// demo refuses ends it at once with the demo's own line and status.
final class TourBadFlagTests: XCTestCase {
    func testTheTourEndsAtOnceWithTheDemosStatus() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let output = try TemporaryFolder(prefix: "segmented-tour")
        let start = Date()
        let result = try Command([root.appendingPathComponent("scripts/tour.sh").path, DemoProcess.binaryPath, output.path,
                                  "--accent-color", "nope"])
        XCTAssertEqual(result.status, 2, result.errors)
        XCTAssertTrue(result.errors.hasPrefix("segmented-demo: "), result.errors)
        XCTAssertEqual(result.errors.split(separator: "\n").count, 1, "the demo's line alone: \(result.errors)")
        // The tour polls for the first frame every 50 ms and gave up after 10 s; the demo exits within a second.
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "at once, not after the tour's wait")
    }
}
