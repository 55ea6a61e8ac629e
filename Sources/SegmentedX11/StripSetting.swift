import SegmentedCore

/// One user setting of `StripStyle`, declared once: its name, the field it
/// sets, the values it accepts, how text becomes a value, its default and its
/// help.
///
/// `StripSetting.all` drives `StripStyle.validate()`, the X resources
/// (`SegmentedStrip.<name>`, `StripXResources`), the demo's flags (`--kebab-name`)
/// `--help` and the man page, and docs/settings.md's table (`markdownTable`): a setting
/// is added in one place, and its range is the same in all of them.
public struct StripSetting {
    /// The X resource name, e.g. "accentColor"; the flag is made from it.
    public let name: String
    /// The fields of `StripStyle` it sets (stored properties only, so that
    /// their names can be read back: see `fieldName(_:)`).
    public let fields: [PartialKeyPath<StripStyle>]
    /// The value's placeholder in the usage line: "C", "PATTERN", "bottom|top".
    public let metavar: String
    /// The values accepted, in words, e.g. "0.5 to 4".
    public let accepted: String
    /// One line for `--help`.
    public let help: String
    /// The longer description of docs/settings.md and the man page (nil: `help`).
    public let details: String?
    /// The numbers this setting carries, each with its range.
    public let numbers: [NumericField]
    /// Whether the value is a color (which may need the display to parse).
    public let isColor: Bool
    private let parse: (String, OpaquePointer?, inout StripStyle, StripSetting) throws -> Void
    private let describe: (StripStyle) -> String

    /// Whether the value is a fontconfig pattern.
    public var isFont: Bool { metavar == "PATTERN" }

    /// The fields it sets as docs/settings.md names them, e.g.
    /// "metrics.indicatorWidth, metrics.indicatorSizing".
    public var keyPath: String { fields.map(Self.fieldName).joined(separator: ", ") }

    /// The path of `field` below `StripStyle`, e.g. "appearance.accentColor":
    /// Swift's own description of the key path ("\StripStyle.appearance.accentColor")
    /// without its root. Swift names stored properties there in debug and
    /// release builds alike; a computed one would read "<computed 0x…>",
    /// which `StripSettingTests` refuses.
    public static func fieldName(_ field: AnyKeyPath) -> String {
        let text = String(describing: field)
        let root = "\\StripStyle."
        return text.hasPrefix(root) ? String(text.dropFirst(root.count)) : text
    }

    /// The command-line flag, e.g. "--accent-color".
    public var flag: String {
        "--" + name.reduce(into: "") { out, c in
            if c.isUppercase { out += "-" + c.lowercased() } else { out.append(c) }
        }
    }

    /// The default, as a flag would write it.
    public var defaultText: String { value(in: StripStyle()) }

    /// This setting's value in `style`, as a flag would write it.
    public func value(in style: StripStyle) -> String { describe(style) }

    /// Why a value was refused.
    public struct BadValue: Error, CustomStringConvertible {
        public let description: String
    }

    /// Sets this setting of `style` from `text` (blanks around it ignored):
    /// a color as `#RGB`, `#RRGGBB` or an X color name (`XParseColor`, which
    /// needs `display`), a font as a fontconfig pattern (checked when the font
    /// chain opens), a number within its range, or one of the names.
    /// - Throws: `BadValue` naming the flag and what it accepts.
    public func apply(_ text: String, to style: inout StripStyle, display: OpaquePointer?) throws {
        let value = String(text.drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
        guard !value.isEmpty else { throw BadValue(description: "empty value for \(flag)") }
        try parse(value, display, &style, self)
    }

    /// Checks the numbers of `style` this setting carries, and a font's matrix (`FontMatrix.isInvertible`).
    /// - Throws: `StripStyle.InvalidValue` naming the field and its range.
    public func validate(_ style: StripStyle) throws {
        if isFont, let refusal = FontMatrix.refusal(of: value(in: style)) {
            throw StripStyle.InvalidValue(description: "StripStyle.\(name) is '\(value(in: style))': \(refusal)")
        }
        for field in numbers {
            guard let value = field.get(style) else { continue }
            guard field.range.contains(value) else {
                throw StripStyle.InvalidValue(description: "StripStyle.\(field.apiName) is \(value); it must be a finite number \(field.range.phrase)")
            }
        }
    }

    /// A number of the style with the range every way of setting it accepts.
    public struct NumericField {
        /// The name in `StripStyle` (through its forwarding members), e.g.
        /// "indicatorHeight" or "indicatorSizing.title(increment:)".
        public var apiName: String { name ?? String(StripSetting.fieldName(field!).split(separator: ".").last!) }
        public let range: NumberRange
        /// The value, or nil when the style does not use it (no segment limit).
        public let get: (StripStyle) -> Double?
        public let set: (inout StripStyle, Double) -> Void
        /// The flag or resource text that sets this number to a value.
        public let text: (Double) -> String
        /// The name when it is not the last part of `field`'s.
        private let name: String?
        /// The stored field this number is; nil for a part of one (an easing's y1).
        private let field: AnyKeyPath?

        /// The number `field` holds, nil where the style leaves it unset.
        init(_ field: WritableKeyPath<StripStyle, Double?>, range: NumberRange) {
            (name, self.field, self.range, text) = (nil, field, range, { $0.shortText })
            (get, set) = ({ $0[keyPath: field] }, { $0[keyPath: field] = $1 })
        }

        /// A number named `apiName` that `get` reads and `set` writes.
        init(apiName: String?, field: AnyKeyPath? = nil, range: NumberRange, get: @escaping (StripStyle) -> Double?,
             set: @escaping (inout StripStyle, Double) -> Void, text: @escaping (Double) -> String) {
            (name, self.field, self.range, self.get, self.set, self.text) = (apiName, field, range, get, set, text)
        }
    }

    /// A closed range, or one open at the bottom ("above 0, at most 60").
    public struct NumberRange: Equatable, Sendable {
        public let lower: Double, upper: Double
        public let includesLower: Bool
        /// Written as "-1...2" rather than "-1 to 2" (an easing's control points).
        public let interval: Bool

        init(_ range: ClosedRange<Double>, interval: Bool = false) {
            (lower, upper, includesLower, self.interval) = (range.lowerBound, range.upperBound, true, interval)
        }

        init(above lower: Double, atMost upper: Double) {
            (self.lower, self.upper, includesLower, interval) = (lower, upper, false, false)
        }

        public func contains(_ value: Double) -> Bool {
            value.isFinite && (includesLower ? value >= lower : value > lower) && value <= upper
        }

        /// "0.5 to 4", "above 0, at most 60" or "-1...2": in every message about this range.
        public var text: String {
            if !includesLower { return "above \(lower.shortText), at most \(upper.shortText)" }
            return interval ? "\(lower.shortText)...\(upper.shortText)" : "\(lower.shortText) to \(upper.shortText)"
        }

        /// `text` after "a finite number".
        var phrase: String { includesLower ? (interval ? "in " : "from ") + text : text }
    }
}

// MARK: - The kinds of setting

extension StripSetting {
    init(_ name: String, _ fields: [PartialKeyPath<StripStyle>], metavar: String, accepted: String, help: String, details: String? = nil,
         numbers: [NumericField] = [], isColor: Bool = false,
         describe: @escaping (StripStyle) -> String,
         parse: @escaping (String, OpaquePointer?, inout StripStyle, StripSetting) throws -> Void) {
        (self.name, self.fields, self.metavar, self.accepted, self.help, self.details) = (name, fields, metavar, accepted, help, details)
        (self.numbers, self.isColor, self.describe, self.parse) = (numbers, isColor, describe, parse)
    }

    /// A 0xRRGGBB color.
    static func color(_ name: String, _ field: WritableKeyPath<StripStyle, UInt32>, help: String) -> StripSetting {
        StripSetting(name, [field], metavar: "C", accepted: "#RRGGBB, #RGB or an X color name", help: help, isColor: true,
                     describe: { style in hexColor(style[keyPath: field]) }) { value, display, style, setting in
            guard let rgb = StripXResources.parseColor(value, display: display) else {
                throw BadValue(description: "bad color '\(value)' for \(setting.flag) (use #RRGGBB, #RGB or an X color name)")
            }
            style[keyPath: field] = rgb
        }
    }

    /// "#RRGGBB" of a 0xRRGGBB color, as a flag writes it.
    static func hexColor(_ rgb: UInt32) -> String { "#" + String(rgb, radix: 16, uppercase: true).leftPadded(to: 6) }

    /// A fontconfig pattern.
    static func font(_ name: String, _ field: WritableKeyPath<StripStyle, String>, help: String) -> StripSetting {
        StripSetting(name, [field], metavar: "PATTERN", accepted: "a fontconfig pattern", help: help,
                     describe: { $0[keyPath: field] }) { value, _, style, setting in
            // The one font check made before a chain opens, so a flag, a resource and the API refuse the same patterns.
            if let refusal = FontMatrix.refusal(of: value) {
                throw BadValue(description: "bad font pattern '\(value)' for \(setting.flag) (\(refusal))")
            }
            style[keyPath: field] = value
        }
    }

    /// A number in `range`; `unit` names it in messages.
    static func number(_ name: String, _ field: WritableKeyPath<StripStyle, Double>, metavar: String = "N",
                       range: NumberRange, unit: String, help: String, details: String? = nil) -> StripSetting {
        let number = NumericField(apiName: nil, field: field, range: range, get: { $0[keyPath: field] },
                                  set: { $0[keyPath: field] = $1 }, text: { $0.shortText })
        return StripSetting(name, [field], metavar: metavar, accepted: "\(unit), \(range.text)", help: help, details: details, numbers: [number],
                            describe: { $0[keyPath: field].shortText }) { value, _, style, setting in
            style[keyPath: field] = try setting.number(value, number.range, unit)
        }
    }

    /// One of the names of `T`.
    static func choice<T: RawRepresentable & CaseIterable>(_ name: String, _ field: WritableKeyPath<StripStyle, T>,
                                                          help: String, details: String? = nil) -> StripSetting where T.RawValue == String {
        let names = T.allCases.map(\.rawValue)
        return StripSetting(name, [field], metavar: names.joined(separator: "|"),
                            accepted: names.dropLast().joined(separator: ", ") + " or " + names.last!, help: help, details: details,
                            describe: { $0[keyPath: field].rawValue }) { value, _, style, setting in
            guard let v = T(rawValue: value) else {
                throw BadValue(description: "bad value '\(value)' for \(setting.flag) (\(names.joined(separator: ", ")))")
            }
            style[keyPath: field] = v
        }
    }

    /// A setting of a Bool `field`, written `on` or `off` (as a `Switch` choice).
    static func onOff(_ name: String, _ field: WritableKeyPath<StripStyle, Bool>, help: String, details: String? = nil) -> StripSetting {
        StripSetting(name, [field], metavar: "on|off", accepted: "on or off", help: help, details: details,
                     describe: { $0[keyPath: field] ? "on" : "off" }) { value, _, style, setting in
            guard let v = StripStyle.Switch(rawValue: value) else {
                throw BadValue(description: "bad value '\(value)' for \(setting.flag) (on, off)")
            }
            style[keyPath: field] = v == .on
        }
    }

    /// `value` as a number in `range` (`unit` names it in the error).
    func number(_ value: String, _ range: NumberRange, _ unit: String) throws -> Double {
        guard let n = Double(value), range.contains(n) else {
            throw BadValue(description: "bad value '\(value)' for \(flag) (\(unit), \(range.text))")
        }
        return n
    }
}

extension Double {
    /// "24" rather than "24.0" in messages and help.
    var shortText: String { self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self) }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
