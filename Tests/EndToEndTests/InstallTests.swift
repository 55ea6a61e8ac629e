import Foundation
import SegmentedX11
import TestSupport
import XCTest

/// `make install` and `make uninstall` into a DESTDIR: the stripped demo, its
/// titles where it finds them (also once the tree is moved elsewhere) and a
/// man page that names every setting; uninstall removes exactly those files.
/// The test installs the debug binary (`INSTALL_BIN`) so that it needs no
/// release build; the Makefile's default is the release one.
final class InstallTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `make` in the checkout with `arguments`.
    private func make(_ arguments: [String]) throws -> Command {
        try Command(["make", "--no-print-directory", "-C", Self.root.path] + arguments)
    }

    /// Every file (not folder) under `folder`, relative to it, sorted.
    private func files(under folder: URL) -> [String] {
        let base = folder.standardizedFileURL.path
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        var found = [String]()
        while let url = walker?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
                found.append(String(url.standardizedFileURL.path.dropFirst(base.count + 1)))
            }
        }
        return found.sorted()
    }

    /// Whether an ELF file still has its symbol table: `.symtab` among its section names.
    private func hasSymbolTable(_ path: String) throws -> Bool {
        try Data(contentsOf: URL(fileURLWithPath: path)).range(of: Data("\0.symtab\0".utf8)) != nil
    }

    /// The `ready` trace line's title count of `binary` run with no --titles-file (and no
    /// $SEGMENTED_STRIP_RESOURCES): which titles file it found.
    private func defaultTitleCount(_ binary: String) throws -> Int? {
        var environment = ProcessInfo.processInfo.environment
        environment["SEGMENTED_STRIP_RESOURCES"] = nil
        let demo = try DemoProcess(arguments: ["--exit-after-first-frame"], environment: environment, executable: binary)
        let ready = try demo.next("ready")
        XCTAssertEqual(demo.waitForExit(), 0, demo.standardError)
        return ready["count"] as? Int
    }

    func testInstallIntoADestdirAndUninstall() throws {
        _ = try Shared.display.get()
        let stage = try TemporaryFolder(prefix: "install")
        let usr = stage.url.appendingPathComponent("usr")
        // Files of other packages, which uninstall must leave alone.
        let others = ["usr/bin/other-program", "usr/share/man/man1/other.1"]
        for other in others {
            let url = stage.url.appendingPathComponent(other)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("other\n".utf8).write(to: url)
        }
        let binary = DemoProcess.binaryPath
        let tabbedBinary = DemoProcess.builtProduct("segmented-tabbed")
        let install = try make(["install", "DESTDIR=\(stage.path)", "PREFIX=/usr", "INSTALL_BIN=\(binary)",
                                "INSTALL_TABBED_BIN=\(tabbedBinary)"])
        XCTAssertEqual(install.status, 0, install.output + install.errors)
        let installed = ["usr/bin/segmented-demo", "usr/bin/segmented-tabbed", "usr/share/man/man1/segmented-demo.1",
                         "usr/share/man/man1/segmented-tabbed.1", "usr/share/segmented-strip/items.json",
                         "usr/share/segmented-strip/titles.json"]
        XCTAssertEqual(files(under: stage.url), (installed + others).sorted())

        // The binary: executable and stripped (the one it came from had its symbols).
        let demo = usr.appendingPathComponent("bin/segmented-demo").path
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: demo))
        XCTAssertTrue(try hasSymbolTable(binary), "the check finds a symbol table where there is one")
        XCTAssertFalse(try hasSymbolTable(demo), "make install strips the binary")

        // The titles: the bundled file, byte for byte, and the one the installed binary reads.
        let bundled = try Data(contentsOf: Self.root.appendingPathComponent("Resources/titles.json"))
        XCTAssertEqual(try Data(contentsOf: usr.appendingPathComponent("share/segmented-strip/titles.json")), bundled)
        XCTAssertEqual(try Data(contentsOf: usr.appendingPathComponent("share/segmented-strip/items.json")),
                       try Data(contentsOf: Self.root.appendingPathComponent("Resources/items.json")))
        let bundledCount = try XCTUnwrap(JSONSerialization.jsonObject(with: bundled) as? [String]).count
        XCTAssertEqual(try defaultTitleCount(demo), bundledCount)

        // Moved elsewhere after staging, as a package's files are: the binary reads the titles
        // beside it (three here, so that the source tree's own file, also 10, cannot pass for them).
        let moved = stage.url.appendingPathComponent("moved/opt")
        try FileManager.default.createDirectory(at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: usr, to: moved)
        let movedTitles = moved.appendingPathComponent("share/segmented-strip/titles.json")
        let original = try Data(contentsOf: movedTitles)
        try Data(#"["one", "two", "three"]"#.utf8).write(to: movedTitles)
        XCTAssertEqual(try defaultTitleCount(moved.appendingPathComponent("bin/segmented-demo").path), 3)
        try original.write(to: movedTitles)
        try FileManager.default.moveItem(at: moved, to: usr)

        // The man page: what --man prints, plain ASCII, a title line, every setting's flag,
        // default and resource, and no warning from groff.
        let manPath = usr.appendingPathComponent("share/man/man1/segmented-demo.1").path
        let man = try String(contentsOfFile: manPath, encoding: .utf8)
        XCTAssertEqual(try Command([demo, "--man"]).output, man)
        XCTAssertTrue(man.hasPrefix(".\\\""), "a comment first")
        XCTAssertTrue(man.contains("\n.TH SEGMENTED-DEMO 1 "), "a .TH line")
        XCTAssertTrue(man.unicodeScalars.allSatisfy(\.isASCII), "non-ASCII characters are written as \\[uXXXX]")
        func roff(_ text: String) -> String {
            text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        }
        for setting in StripSetting.all {
            XCTAssertTrue(man.contains("\n\\fB\(roff(setting.flag))\\fR \\fI\(roff(setting.metavar))\\fR\n"), "man page: \(setting.flag)")
            XCTAssertTrue(man.contains("Default: \\fB\(roff(setting.defaultText))\\fR;"), "man page: \(setting.flag)'s default")
            XCTAssertTrue(man.contains("\\fB\\%SegmentedStrip.\(setting.name)\\fR"), "man page: resource \(setting.name)")
        }
        for flag in ["--titles-file", "--select", "--geometry", "--rtl", "--trace", "--exit-after-first-frame", "--frame-stats", "--help", "--version"] {
            XCTAssertTrue(man.contains("\n\\fB\(roff(flag))\\fR"), "man page: \(flag)")
        }
        let groff = try Command(["groff", "-man", "-Tutf8", "-ww", "-z", manPath])
        XCTAssertEqual(groff.status, 0, "groff (Debian groff-base, scripts/install-deps.sh test)")
        XCTAssertEqual(groff.errors, "", "groff's warnings")
        let rendered = try Command(["groff", "-man", "-Tascii", "-P", "-cbou", manPath])
        XCTAssertTrue(rendered.output.contains("--indicator-width W"), rendered.output)
        XCTAssertTrue(rendered.output.contains("SegmentedStrip.titleTransition"), rendered.output)

        // segmented-tabbed: stripped, and its man page is what its --man prints, with every option and key, groff-clean.
        let tabbed = usr.appendingPathComponent("bin/segmented-tabbed").path
        XCTAssertFalse(try hasSymbolTable(tabbed))
        let tabbedManPath = usr.appendingPathComponent("share/man/man1/segmented-tabbed.1").path
        let tabbedMan = try String(contentsOfFile: tabbedManPath, encoding: .utf8)
        XCTAssertEqual(try Command([tabbed, "--man"]).output, tabbedMan)
        XCTAssertTrue(tabbedMan.contains("\n.TH SEGMENTED-TABBED 1 "))
        for flag in ["-c", "-d", "-f", "-k", "-s", "-v", "-g", "-n", "-p", "-r", "-o", "-O", "-t", "-T", "-u", "-U", "--trace"] {
            XCTAssertTrue(tabbedMan.contains("\n\\fB\(roff(flag))\\fR"), "segmented-tabbed's man page: \(flag)")
        }
        XCTAssertTrue(tabbedMan.contains("\\fBCtrl+Shift+Return\\fR"), "the keys")
        let tabbedGroff = try Command(["groff", "-man", "-Tutf8", "-ww", "-z", tabbedManPath])
        XCTAssertEqual(tabbedGroff.status, 0)
        XCTAssertEqual(tabbedGroff.errors, "", "groff's warnings")

        // Uninstall removes those files and share/segmented-strip, nothing else.
        let uninstall = try make(["uninstall", "DESTDIR=\(stage.path)", "PREFIX=/usr"])
        XCTAssertEqual(uninstall.status, 0, uninstall.output + uninstall.errors)
        XCTAssertEqual(files(under: stage.url), others.sorted())
        XCTAssertFalse(FileManager.default.fileExists(atPath: usr.appendingPathComponent("share/segmented-strip").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: usr.appendingPathComponent("share/man/man1").path))
    }
}
