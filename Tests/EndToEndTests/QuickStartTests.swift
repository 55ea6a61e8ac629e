import Foundation
import TestSupport
import XCTest

/// The README's five-minute quick start compiles against the package as built,
/// and imports only what it uses: without any one of its imports it does not.
final class QuickStartTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The first ```swift block after "A minimal host" in the README.
    private func quickStart() throws -> String {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let intro = try XCTUnwrap(readme.range(of: "A minimal host"), "README.md: no minimal host")
        let start = try XCTUnwrap(readme.range(of: "```swift\n", range: intro.upperBound..<readme.endIndex))
        let end = try XCTUnwrap(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        return String(readme[start.upperBound..<end.lowerBound]) + "\n"
    }

    /// Type-checks `source` as a program's main.swift against the modules built beside
    /// the tests (Swift 6 mode, as the README's Package.swift asks); the compiler's errors.
    private func typeCheck(_ source: String, in folder: TemporaryFolder) throws -> (status: Int32, errors: String) {
        let file = try folder.file("main.swift", Array(source.utf8))
        let built = URL(fileURLWithPath: DemoProcess.builtProduct("Modules")).deletingLastPathComponent()
        let xft = Self.root.appendingPathComponent("Sources/CX11").path
        var arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", built.appendingPathComponent("Modules").path, "-I", xft]
        for target in ["CStripAccessibility", "CHarfBuzz", "CIcons"] {
            arguments += ["-Xcc", "-fmodule-map-file=" + built.appendingPathComponent("\(target).build/module.modulemap").path,
                          "-Xcc", "-I" + Self.root.appendingPathComponent("Sources/\(target)/include").path]
        }
        arguments += ["-Xcc", "-I/usr/include/freetype2", file]
        let result = try Command(arguments)
        let errors = result.errors.split(separator: "\n").filter { $0.contains("error:") }
        return (result.status, errors.joined(separator: "\n"))
    }

    func testTheQuickStartCompilesAndNeedsEachOfItsImports() throws {
        let source = try quickStart()
        let folder = try TemporaryFolder(prefix: "quick-start")
        let whole = try typeCheck(source, in: folder)
        XCTAssertEqual(whole.status, 0, "the README's quick start does not compile:\n\(whole.errors)")
        let imports = source.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.hasPrefix("import ") }
        XCTAssertFalse(imports.isEmpty, "no import found")
        for line in imports {
            let without = source.replacingOccurrences(of: line + "\n", with: "")
            let result = try typeCheck(without, in: folder)
            XCTAssertNotEqual(result.status, 0, "the quick start compiles without `\(line)`: it imports what it does not use")
        }
    }
}
