// swift-tools-version:6.0
import Foundation
import PackageDescription

/// Include paths of pkg-config packages (`pkg-config --cflags-only-I`), for
/// C targets that compile against a library's headers but load the library
/// with dlopen only when it is needed (a systemLibrary target would link it
/// into every program).
func includeFlags(_ packages: String...) -> [String] {
    let pkgConfig = Process()
    pkgConfig.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    pkgConfig.arguments = ["pkg-config", "--cflags-only-I"] + packages
    let output = Pipe()
    pkgConfig.standardOutput = output
    guard (try? pkgConfig.run()) != nil else { return [] }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    pkgConfig.waitUntilExit()
    return pkgConfig.terminationStatus == 0 ? text.split(whereSeparator: \.isWhitespace).map(String.init) : []
}

/// ATK's and GLib's include paths. CStripAccessibility compiles against their
/// headers but links none of their libraries: it loads them with dlopen, only
/// when an accessibility bus runs, so a program without one never maps them
/// (linked, they cost 1.3 MiB more resident and 1-3 ms more startup).
let atkIncludeFlags = includeFlags("atk")
/// HarfBuzz's (with FreeType's) and FriBidi's: CHarfBuzz loads them the first time a title needs shaping.
let harfBuzzIncludeFlags = includeFlags("harfbuzz", "fribidi")
/// libpng's, pixman's and gdk-pixbuf's (with GLib's): CIcons loads libpng
/// with the first PNG icon, pixman with the first one to scale, and
/// gdk-pixbuf with the first SVG.
let pixbufIncludeFlags = includeFlags("libpng", "pixman-1", "gdk-pixbuf-2.0")

// The core (layout, hit-testing, scrolling, tweening) imports no X11; the X11
// target is the only one that talks to Xlib and Xft, through one C shim.
let package = Package(
    name: "SegmentedStrip",
    products: [
        .library(name: "SegmentedCore", targets: ["SegmentedCore"]),
        .library(name: "SegmentedX11", targets: ["SegmentedX11"]),
        .library(name: "SegmentedTitles", targets: ["SegmentedTitles"]),
        .executable(name: "segmented-demo", targets: ["segmented-demo"]),
        .executable(name: "two-strips", targets: ["two-strips"]),
        .executable(name: "segmented-tabbed", targets: ["segmented-tabbed"]),
    ],
    targets: [
        .systemLibrary(
            name: "CX11",
            pkgConfig: "xft",
            providers: [.apt(["libx11-dev", "libxft-dev", "libfontconfig-dev", "libxi-dev"])]
        ),
        .systemLibrary(
            name: "CXTest",
            pkgConfig: "xtst",
            providers: [.apt(["libxtst-dev"])]
        ),
        .systemLibrary(
            name: "CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"])]
        ),
        // The strip's ATK objects (page tab list, page tabs, frames), calling back into Swift.
        // ATK's headers come from libatk1.0-dev (scripts/install-deps.sh).
        .target(name: "CStripAccessibility", cSettings: [.unsafeFlags(atkIncludeFlags)]),
        // HarfBuzz (with hb-ft) and FriBidi behind a few C functions, loaded with dlopen when a title first needs them.
        // Their headers come from libharfbuzz-dev and libfribidi-dev (scripts/install-deps.sh).
        .target(name: "CHarfBuzz", cSettings: [.unsafeFlags(harfBuzzIncludeFlags)]),
        // Icon files (PNG, SVG) decoded by gdk-pixbuf, loaded with dlopen when the first icon is decoded.
        // Its headers come from libgdk-pixbuf-2.0-dev; SVG needs librsvg2-common's loader (scripts/install-deps.sh).
        .target(name: "CIcons", cSettings: [.unsafeFlags(pixbufIncludeFlags)]),
        // The demo's signal mask, set by the dynamic loader's first call into it, before the Swift runtime starts.
        .target(name: "CEarlySignals"),
        .target(name: "SegmentedCore"),
        // Itemizing (bidi, script, grapheme clusters) and shaping titles: HarfBuzz and FriBidi, no X11.
        .target(name: "SegmentedText", dependencies: ["CHarfBuzz"]),
        // Titles for a strip, not the strip itself: the titles-file reader (a JSON array of titles and items, read by jansson, or one title a line),
        // terminal-safe text for echoing a title or a path in a message, and the programs' JSON trace lines.
        .target(name: "SegmentedTitles", dependencies: ["SegmentedCore", "CJansson"]),
        .target(name: "SegmentedX11", dependencies: ["SegmentedCore", "SegmentedText", "CX11", "CStripAccessibility", "CIcons"]),
        .executableTarget(name: "segmented-demo", dependencies: ["CEarlySignals", "SegmentedCore", "SegmentedX11", "SegmentedTitles"]),
        .executableTarget(name: "two-strips", dependencies: ["SegmentedCore", "SegmentedX11", "SegmentedTitles"]),
        // tabbed's job (other programs' windows as tabs, by XEmbed) with the strip as the bar, on the library's public API.
        .executableTarget(name: "segmented-tabbed", dependencies: ["SegmentedCore", "SegmentedX11", "SegmentedTitles", "CX11"]),
        // The delaying X proxy (C): `make bench`'s remote rows and the round-trip tests run programs through it.
        .executableTarget(name: "delay-proxy", path: "bench/delay-proxy"),
        // A small XEmbed client (C, Xlib) for segmented-tabbed's protocol tests: it logs what it receives.
        .executableTarget(name: "xembed-client", path: "Tests/xembed-client", linkerSettings: [.linkedLibrary("X11")]),
        .executableTarget(name: "segmented-bench", dependencies: ["SegmentedCore", "SegmentedX11", "SegmentedTitles", "TestSupport", "CX11"]),
        .target(name: "TestSupport", dependencies: ["SegmentedCore", "CX11", "CXTest"], path: "Tests/TestSupport"),
        .testTarget(name: "SegmentedTextTests", dependencies: ["SegmentedText"]),
        .testTarget(name: "SegmentedCoreTests", dependencies: ["SegmentedCore", "SegmentedTitles", "TestSupport"]),
        .testTarget(name: "SegmentedX11Tests", dependencies: ["SegmentedX11", "SegmentedCore", "SegmentedTitles", "TestSupport", "CX11", "CStripAccessibility"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "SegmentedCore", "SegmentedX11", "SegmentedTitles", "CX11"]),
    ],
    swiftLanguageModes: [.v6]
)
