import Foundation
import SegmentedCore
@testable import SegmentedX11
import XCTest

/// The table of settings (`StripSetting.all`): one range per number, enforced
/// alike by the flags, the X resources and `StripStyle.validate()`, and the
/// settings table in docs/settings.md made from it.
final class StripSettingTests: XCTestCase {
    private static let settingsDocument = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/settings.md")

    /// Sets `field` to `value` through each of the three ways; nil where it was accepted, else the message.
    private func outcomes(_ setting: StripSetting, _ field: StripSetting.NumericField, _ value: Double)
        -> (flag: String?, resource: String?, api: String?, values: [Double?]) {
        var flagged = StripStyle()
        var flagError: String?
        do { try setting.apply(field.text(value), to: &flagged, display: nil) } catch { flagError = "\(error)" }
        let resource = "SegmentedStrip.\(setting.name): \(field.text(value))\n"
        // Main-actor isolated (with a display it would reach Xlib); XCTest runs the tests on the main thread.
        let (warnings, resourced) = MainActor.assumeIsolated {
            var style = StripStyle()
            let warnings = StripXResources.apply(resource, to: &style, instance: "segmented-test", display: nil)
            return (warnings, style)
        }
        var api = StripStyle()
        field.set(&api, value)
        var apiError: String?
        do { try api.validate() } catch { apiError = "\(error)" }
        return (flagError, warnings.first, apiError, [field.get(flagged), field.get(resourced), field.get(api)])
    }

    /// The default style is within every range; one NaN in it is refused.
    func testTheDefaultStylePassesTheFullCheck() throws {
        XCTAssertNoThrow(try StripStyle().validate())
        var nan = StripStyle()
        nan.metrics.minimumSegmentWidth = .nan
        XCTAssertThrowsError(try nan.validate(), "a NaN minimum segment width")
    }

    func testEveryRangeIsEnforcedAlikeByFlagsResourcesAndTheAPI() throws {
        var checked = 0
        for setting in StripSetting.all {
            for field in setting.numbers {
                let range = field.range
                let lowest = range.includesLower ? range.lower : range.lower.nextUp
                for value in [lowest, range.upper] {
                    let result = outcomes(setting, field, value)
                    XCTAssertNil(result.flag, "\(setting.flag) \(value)")
                    XCTAssertNil(result.resource, "resource \(setting.name) \(value)")
                    XCTAssertNil(result.api, "StripStyle.\(field.apiName) = \(value)")
                    XCTAssertEqual(result.values, [value, value, value], "\(setting.name) \(value)")
                }
                let below = range.includesLower ? range.lower.nextDown : range.lower
                for value in [below, range.upper.nextUp, .nan, .infinity] {
                    let result = outcomes(setting, field, value)
                    let what = "\(setting.name) \(value)"
                    XCTAssertTrue(result.flag?.contains(range.text) == true, "\(what): \(result.flag ?? "accepted")")
                    XCTAssertTrue(result.resource?.contains("X resource SegmentedStrip.\(setting.name): ") == true
                                  && result.resource?.contains(range.text) == true, "\(what): \(result.resource ?? "accepted")")
                    XCTAssertFalse(result.resource?.contains(setting.flag) ?? true, "\(what): a resource's warning names no flag: \(result.resource ?? "")")
                    XCTAssertTrue(result.api?.hasPrefix("StripStyle.\(field.apiName) is ") == true
                                  && result.api?.contains(range.text) == true, "\(what): \(result.api ?? "accepted")")
                    XCTAssertEqual(result.values[0], field.get(StripStyle()), "\(what): a refused flag changes nothing")
                    XCTAssertEqual(result.values[1], field.get(StripStyle()), "\(what): a refused resource keeps the default")
                }
                checked += 1
            }
        }
        XCTAssertEqual(checked, 11, "scale, indicator width, title increment, height, opacity, radius, segment limit, fade width, duration, easing y1/y2")
    }

    func testTheRangesUsersAreDocumentedToHave() {
        let ranges = Dictionary(uniqueKeysWithValues: StripSetting.all.flatMap(\.numbers).map { ($0.apiName, $0.range.text) })
        XCTAssertEqual(ranges["scale"], "0.5 to 4")
        XCTAssertEqual(ranges["indicatorHeight"], "1 to 40")
        XCTAssertEqual(ranges["indicatorCornerRadius"], "0 to 1000")
        XCTAssertEqual(ranges["indicatorWidth"], "1 to 10000")
        XCTAssertEqual(ranges["maximumSegmentWidth"], "24 to 100000")
        XCTAssertEqual(ranges["tweenDuration"], "above 0, at most 60")
        XCTAssertEqual(ranges["easing.y1"], "-1...2")
    }

    /// The design lengths that are not settings are checked by `validate()`
    /// too: a NaN minimum segment width used to reach the layout (NaN widths,
    /// then a stop in the lazily measured list's width check).
    func testDesignLengthsOutOfRangeAreRefusedByValidate() throws {
        let fields: [(String, WritableKeyPath<StripStyle.Metrics, Double>)] = [
            ("stripHeight", \.stripHeight), ("insets.left", \.insets.left), ("insets.right", \.insets.right),
            ("insets.top", \.insets.top), ("insets.bottom", \.insets.bottom), ("spacing", \.spacing),
            ("minimumSegmentWidth", \.minimumSegmentWidth), ("indicatorBoxInset", \.indicatorBoxInset), ("indicatorGap", \.indicatorGap),
            ("clickSlop", \.clickSlop),
        ]
        for (name, field) in fields {
            for accepted in [0, 16384.0] {
                var style = StripStyle()
                style.metrics[keyPath: field] = accepted
                XCTAssertNoThrow(try style.validate(), "\(name) \(accepted)")
            }
            for refused in [Double.nan, -1, 16384.5, .infinity] {
                var style = StripStyle()
                style.metrics[keyPath: field] = refused
                XCTAssertThrowsError(try style.validate(), "\(name) \(refused)") { error in
                    XCTAssertEqual("\(error)", "StripStyle.\(name) is \(refused); it must be a finite number from 0 to 16384 (pixels)")
                }
            }
        }
    }

    func testEachSettingIsDeclaredOnceAndItsDefaultReadsBack() throws {
        let settings = StripSetting.all
        XCTAssertEqual(Set(settings.map(\.name)).count, settings.count)
        XCTAssertEqual(Set(settings.map(\.flag)).count, settings.count)
        XCTAssertEqual(Set(settings.map(\.keyPath)).count, settings.count)
        XCTAssertNoThrow(try StripStyle().validate())
        for setting in settings where setting.defaultText != "none" {
            var style = StripStyle()
            style.accentColor = 0x010203
            style.font = "serif"
            style.scale = 2
            style.indicatorSizing = .segment
            style.tweenDuration = 1
            try setting.apply(setting.defaultText, to: &style, display: nil)
            XCTAssertEqual(setting.value(in: style), setting.defaultText, setting.name)
        }
    }

    /// `--help` names each setting's value as the usage line does (`--closable on|off`, not `--closable NAME`).
    func testHelpShowsTheUsageLinesPlaceholder() {
        let help = StripSetting.helpLines(width: 400)
        for (setting, usage) in zip(StripSetting.all, StripSetting.usageItems) {
            let placeholder = usage.dropFirst().dropLast()   // "[--flag METAVAR]"
            // The head alone on its line when it is past the help's column, else the help follows it.
            XCTAssertTrue(help.contains { $0 == "  " + placeholder || $0.hasPrefix("  " + placeholder + " ") }, "\(setting.flag): \(placeholder)")
        }
    }

    func testTheLayoutMetricsOfAStyleAreTheCoresDesignScaled() {
        XCTAssertEqual(StripStyle().layoutMetrics, LayoutMetrics())
        var style = StripStyle()
        style.scale = 2
        style.indicatorHeight = 4
        style.fillMode = .spread
        style.indicatorShape = .box
        var expected = LayoutMetrics()
        expected.indicatorHeight = 4
        expected.fillMode = .spread
        expected.indicatorShape = .box
        XCTAssertEqual(style.layoutMetrics, expected.scaled(by: 2))
        XCTAssertEqual(style.layoutMetrics.indicatorHeight, 8)
        XCTAssertEqual(style.metrics.indicatorHeight, 4, "style.indicatorHeight is style.metrics.indicatorHeight")
        XCTAssertEqual(style.metrics, expected, "the style's metrics are the core's type, unscaled")
    }

    /// The field names of docs/settings.md are Swift's own names of the key
    /// paths, which name stored properties only; a computed one (or a path
    /// through `@dynamicMemberLookup`) would read "<computed 0x…>".
    func testTheFieldNamesAreDerivedFromTheKeyPaths() {
        XCTAssertEqual(StripSetting.fieldName(\StripStyle.appearance.accentColor), "appearance.accentColor")
        XCTAssertEqual(StripSetting.fieldName(\StripStyle.motion.tweenDuration), "motion.tweenDuration")
        XCTAssertEqual(StripSetting.fieldName(\StripStyle.scale), "scale")
        let names = StripSetting.all.map(\.keyPath)
        XCTAssertEqual(names.first, "appearance.accentColor")
        XCTAssertEqual(StripSetting.all.first { $0.name == "indicatorWidth" }?.keyPath, "metrics.indicatorWidth, metrics.indicatorSizing")
        XCTAssertEqual(StripSetting.all.first { $0.name == "fill" }?.keyPath, "metrics.fillMode")
        for name in names {
            XCTAssertFalse(name.contains("<") || name.contains("\\"), name)
        }
        XCTAssertTrue(StripSetting.fieldName(\StripStyle.accentColor).contains("<computed"), "a dynamic member is not a stored path")
    }

    /// Regenerate with `make settings-table`.
    func testTheSettingsTableIsTheGeneratedOne() throws {
        let text = try String(contentsOf: Self.settingsDocument, encoding: .utf8)
        let begin = "<!-- settings:begin (made from StripSetting.all by `make settings-table`) -->\n", end = "<!-- settings:end -->"
        let start = try XCTUnwrap(text.range(of: begin), "docs/settings.md has no \(begin)")
        let stop = try XCTUnwrap(text.range(of: end, range: start.upperBound..<text.endIndex), "docs/settings.md has no \(end)")
        let table = StripSetting.markdownTable
        if ProcessInfo.processInfo.environment["SEGMENTED_UPDATE_DOCS"] == "1" {
            try (text[..<start.upperBound] + table + text[stop.lowerBound...]).write(to: Self.settingsDocument, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertEqual(String(text[start.upperBound..<stop.lowerBound]), table,
                       "docs/settings.md's settings table is not the one StripSetting.all makes: run `make settings-table` to remake it")
    }
}
