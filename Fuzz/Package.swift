// swift-tools-version:6.0
import PackageDescription

// libFuzzer target for the titles-file parser and the layout, in its own
// package so that `swift build` of the main package never needs -sanitize=fuzzer.
// Built and run by `make fuzz` (see the Makefile).
let package = Package(
    name: "SegmentedStripFuzz",
    dependencies: [.package(name: "SegmentedStrip", path: "..")],
    targets: [
        .executableTarget(
            name: "titles-fuzz",
            dependencies: [.product(name: "SegmentedCore", package: "SegmentedStrip"),
                           .product(name: "SegmentedTitles", package: "SegmentedStrip")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
