import Foundation
import XCTest

/// Every file the README and the documents in docs/ link to is in the checkout,
/// and every `#anchor` names a heading, so a new user never meets a broken image
/// (the style gallery's PNGs were once ignored by git) or a dead table of contents.
final class ReadmeLinksTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// README.md and every docs/*.md, as URLs.
    private static func documents() throws -> [URL] {
        let docs = root.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path)
        return [root.appendingPathComponent("README.md")]
            + names.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
    }

    func testEveryLinkedFileExists() throws {
        let rootPath = Self.root.standardizedFileURL.path
        for document in try Self.documents() {
            let name = String(document.path.dropFirst(rootPath.count + 1))
            let links = MarkdownLinks(try String(contentsOf: document, encoding: .utf8))
            if name == "README.md" {
                // Guards against an extractor that silently finds nothing.
                XCTAssertTrue(links.all.contains { $0.isImage && $0.target == "docs/demo.png" }, "README.md: no image found")
            }
            for link in links.all where !link.isExternal && !link.target.hasPrefix("#") {
                let (path, fragment) = link.pathAndFragment
                let file = document.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
                let what = "\(name) line \(link.line): \(link.isImage ? "image" : "link") \(link.target)"
                // GitHub serves only what is inside the repository.
                XCTAssertTrue(file.path.hasPrefix(rootPath + "/"), "\(what) points outside the repository")
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory) else {
                    XCTFail("\(what): no such file \(file.path)")
                    continue
                }
                if link.isImage {
                    XCTAssertFalse(isDirectory.boolValue, "\(what) is a directory")
                    let data = try Data(contentsOf: file)
                    XCTAssertFalse(data.isEmpty, "\(what) is empty")
                    if file.pathExtension.lowercased() == "png" {
                        // Not a Git LFS pointer or a truncated file.
                        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "\(what) is not a PNG")
                    }
                }
                if let fragment, file.pathExtension == "md" {
                    let anchors = MarkdownLinks(try String(contentsOf: file, encoding: .utf8)).anchors
                    XCTAssertTrue(anchors.contains(fragment), "\(what): no heading #\(fragment) in \(path)")
                }
            }
        }
    }

    func testEveryAnchorMatchesAHeading() throws {
        for document in try Self.documents() {
            let links = MarkdownLinks(try String(contentsOf: document, encoding: .utf8))
            let anchors = links.anchors
            let local = links.all.filter { $0.target.hasPrefix("#") }
            if document.lastPathComponent == "README.md" {
                XCTAssertFalse(local.isEmpty, "README.md: no #anchor link found (its table of contents?)")
            }
            for link in local {
                let anchor = String(link.target.dropFirst()).removingPercentEncoding ?? ""
                XCTAssertTrue(anchors.contains(anchor),
                              "\(document.lastPathComponent) line \(link.line): [\(link.text)](\(link.target)) matches no heading")
            }
        }
    }

    /// The README stays short (at most 300 lines) and its map of docs/ names every document there.
    func testTheReadmeIsShortAndMapsEveryDocument() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertLessThanOrEqual(readme.components(separatedBy: "\n").count - 1, 300, "README.md is over 300 lines")
        let targets = Set(MarkdownLinks(readme).all.map { $0.pathAndFragment.path })
        for document in try Self.documents().dropFirst() {
            let path = "docs/" + document.lastPathComponent
            XCTAssertTrue(targets.contains(path), "README.md does not link to \(path)")
        }
    }

    /// The slugs GitHub gives these headings (checked against its rendering).
    func testSlugsFollowGitHubsRule() {
        XCTAssertEqual(MarkdownLinks.slug("The two commands"), "the-two-commands")
        XCTAssertEqual(MarkdownLinks.slug("Trace (`--trace`)"), "trace---trace")
        XCTAssertEqual(MarkdownLinks.slug("Theming with X resources"), "theming-with-x-resources")
        XCTAssertEqual(MarkdownLinks.slug("Startup: 1.5x, *the* floor's_time"), "startup-15x-the-floors_time")
        XCTAssertEqual(MarkdownLinks.slug("Über  Größe"), "über--größe")
        let doc = MarkdownLinks("# A\n## A\n```\n# not a heading\n```\n### A ###\n")
        XCTAssertEqual(doc.anchors, ["a", "a-1", "a-2"])
    }

    func testExtractionSkipsCodeAndFindsImagesInsideLinks() {
        let doc = MarkdownLinks("""
            See [the library](#the-library) and `[not](a-link)`.
            [![shot](docs/a.png)](docs/b.md#part "title")
            ```
            [also not](a-link)
            ```
            [ref]: docs/c.md
            <img src="docs/d.png" alt="">
            [web](https://example.com/x.png)
            """)
        XCTAssertEqual(doc.all.map(\.target), ["#the-library", "docs/b.md#part", "docs/a.png", "docs/c.md", "docs/d.png", "https://example.com/x.png"])
        XCTAssertEqual(doc.all.map(\.isImage), [false, false, true, false, true, false])
        XCTAssertEqual(doc.all.map(\.line), [1, 2, 2, 6, 7, 8])
        XCTAssertEqual(doc.all[1].pathAndFragment.path, "docs/b.md")
        XCTAssertEqual(doc.all[1].pathAndFragment.fragment, "part")
        XCTAssertTrue(doc.all[5].isExternal)
    }
}

/// The links, images and heading anchors of one Markdown document, outside
/// fenced code blocks and code spans (where brackets are not links).
struct MarkdownLinks {
    struct Link {
        var text: String
        var target: String
        var isImage: Bool
        /// 1-based line in the document.
        var line: Int

        /// A URL with a scheme (`https:`, `mailto:`): not checked.
        var isExternal: Bool {
            target.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil
        }

        /// The file part, percent-decoded, and the `#fragment` if any.
        var pathAndFragment: (path: String, fragment: String?) {
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            return (path, parts.count > 1 ? String(parts[1]).removingPercentEncoding : nil)
        }
    }

    private(set) var all: [Link] = []
    /// GitHub's anchors for the headings, in order, plus explicit `<a name>`/`id` anchors.
    private(set) var anchors: [String] = []

    // `[text](target "title")` and `![alt](target)`; the text may hold one level of brackets.
    private static let inline = try! NSRegularExpression(
        pattern: #"(!?)\[((?:[^\[\]]|\[[^\]]*\])*)\]\(\s*<?([^()\s<>]+)>?(?:\s+"[^"]*")?\s*\)"#)
    private static let reference = try! NSRegularExpression(pattern: #"^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?"#)
    private static let htmlImage = try! NSRegularExpression(pattern: #"<img\b[^>]*\bsrc\s*=\s*"([^"]+)""#, options: .caseInsensitive)
    private static let htmlAnchor = try! NSRegularExpression(pattern: #"<a\b[^>]*\b(?:name|id)\s*=\s*"([^"]+)""#, options: .caseInsensitive)
    private static let heading = try! NSRegularExpression(pattern: #"^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$"#)
    private static let codeSpan = try! NSRegularExpression(pattern: #"(`+)(?:(?!\1).)+?\1"#)

    init(_ markdown: String) {
        var inFence = false
        var seen: [String: Int] = [:]
        for (index, rawLine) in markdown.components(separatedBy: "\n").enumerated() {
            let trimmed = rawLine.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                inFence.toggle()
                continue
            }
            if inFence { continue }
            let line = index + 1
            if let title = Self.firstGroup(Self.heading, in: rawLine) {
                let base = Self.slug(title)
                let count = seen[base, default: 0]
                seen[base] = count + 1
                anchors.append(count == 0 ? base : "\(base)-\(count)")
            }
            anchors += Self.groups(Self.htmlAnchor, in: rawLine)
            let text = Self.codeSpan.stringByReplacingMatches(
                in: rawLine, range: NSRange(rawLine.startIndex..., in: rawLine), withTemplate: "")
            collectInline(text, line: line)
            if let target = Self.firstGroup(Self.reference, in: text) {
                all.append(Link(text: "", target: target, isImage: false, line: line))
            }
            for target in Self.groups(Self.htmlImage, in: text) {
                all.append(Link(text: "", target: target, isImage: true, line: line))
            }
        }
    }

    /// Links in `text`, then the ones inside each link's text (an image that is itself a link).
    private mutating func collectInline(_ text: String, line: Int) {
        for match in Self.inline.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let group = { (i: Int) in Range(match.range(at: i), in: text).map { String(text[$0]) } ?? "" }
            all.append(Link(text: group(2), target: group(3), isImage: group(1) == "!", line: line))
            collectInline(group(2), line: line)
        }
    }

    /// GitHub's heading anchor: the text without link targets or markup,
    /// lowercased, with everything but letters, digits, `-`, `_` and spaces
    /// dropped, and each space turned into `-` (as github-slugger does).
    static func slug(_ heading: String) -> String {
        let text = inline.stringByReplacingMatches(
            in: heading, range: NSRange(heading.startIndex..., in: heading), withTemplate: "$2")
        let kept = text.lowercased().unicodeScalars.filter {
            CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" || $0 == " "
        }
        return String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-")
    }

    private static func groups(_ regex: NSRegularExpression, in text: String) -> [String] {
        regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    private static func firstGroup(_ regex: NSRegularExpression, in text: String) -> String? {
        groups(regex, in: text).first
    }
}
