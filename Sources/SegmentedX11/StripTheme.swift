import CXft
import SegmentedCore

/// One themable value of `StripStyle`: its X resource name, its command-line
/// flag, and how a text value is applied.
///
/// Precedence (the X11 convention): command-line flags override X resources,
/// which override the defaults. Resources are read from the server's
/// RESOURCE_MANAGER property (`xrdb`), as `SegmentedStrip.<name>` (class) or
/// `<instance>.<name>` (the program's name, `segmented-demo` for the demo).
public enum StripTheme: String, CaseIterable, Sendable {
    case accentColor, textColor, hoverTextColor, backgroundColor, separatorColor, pageTextColor
    case font, selectedFont, pageFont
    case maxSegmentWidth, indicatorWidth, indicatorHeight, indicatorLocation, fill, scale
    case indicatorAnimation, duration, easing, indicatorShape, indicatorOpacity, indicatorRadius, titleTransition
    case direction

    /// The X resource class.
    public static let resourceClass = "SegmentedStrip"

    /// The resource name, e.g. "accentColor".
    public var resourceName: String { rawValue }

    /// The command-line flag, e.g. "--accent-color".
    public var flag: String {
        "--" + rawValue.reduce(into: "") { out, c in
            if c.isUppercase { out += "-" + c.lowercased() } else { out.append(c) }
        }
    }

    /// Whether the value is a color (else a fontconfig pattern, a number or a name).
    public var isColor: Bool {
        switch self {
        case .accentColor, .textColor, .hoverTextColor, .backgroundColor, .separatorColor, .pageTextColor: return true
        default: return false
        }
    }

    /// Why a value was refused.
    public struct BadValue: Error, CustomStringConvertible {
        public let description: String
    }

    /// Sets this value of `style` from `text`: a color as `#RGB`, `#RRGGBB`
    /// or an X color name (`XParseColor`, which needs `display`), a font as a
    /// fontconfig pattern (checked when the font chain opens), a width in pixels.
    /// - Throws: `BadValue` for a color or width that does not parse, or an empty pattern.
    public func apply(_ text: String, to style: inout StripStyle, display: OpaquePointer?) throws {
        let value = String(text.drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
        guard !value.isEmpty else { throw BadValue(description: "empty value for \(flag)") }
        switch self {
        case .font: style.font = value
        case .selectedFont: style.selectedFont = value
        case .pageFont: style.pageFont = value
        case .maxSegmentWidth: style.maximumSegmentWidth = try number(value, in: 24...100_000, "pixels")
        case .indicatorWidth:
            // "30" (fixed pixels), "title", "title+6", "title-4" or "segment".
            let rest = value.dropFirst(5)
            if value == "segment" {
                style.indicatorSizing = .segment
            } else if value.hasPrefix("title"),
                      rest.isEmpty || ((rest.first == "+" || rest.first == "-") && Double(rest).map { abs($0) <= 1000 } == true) {
                style.indicatorSizing = .title(increment: Double(rest) ?? 0)
            } else if let width = Double(value), (1...10_000).contains(width) {
                style.indicatorSizing = .fixed
                style.indicatorWidth = width
            } else {
                throw BadValue(description: "bad value '\(value)' for \(flag) (N from 1 to 10000, title, title+N, title-N with N up to 1000, or segment)")
            }
        case .indicatorHeight: style.indicatorHeight = try number(value, in: 1...40, "pixels")
        case .indicatorLocation: style.indicatorLocation = try choice(value)
        case .fill: style.fillMode = try choice(value)
        case .scale: style.scale = try number(value, in: 0.5...4, "a factor")
        case .indicatorShape: style.indicatorShape = try choice(value)
        case .indicatorOpacity: style.indicatorOpacity = try number(value, in: 0...1, "opacity")
        case .indicatorRadius: style.indicatorCornerRadius = try number(value, in: 0...1000, "pixels")
        case .indicatorAnimation: style.indicatorAnimation = try choice(value)
        case .titleTransition: style.titleTransition = try choice(value)
        case .direction: style.direction = try choice(value)
        case .duration:
            let seconds = try number(value, in: 0...60, "seconds")
            guard seconds > 0 else { throw BadValue(description: "bad value '\(value)' for \(flag) (seconds, above 0, at most 60)") }
            style.tweenDuration = seconds
        case .easing:
            // "ease-in-out", "linear", or the four control values "x1,y1,x2,y2" of a cubic Bézier.
            let named: [String: CubicBezierEasing] = ["ease-in-out": .easeInOut, "ease-out": .easeOut, "linear": .linear]
            if let curve = named[value] {
                style.easing = curve
            } else {
                let numbers = value.split(separator: ",").compactMap { Double($0.filter { $0 != " " }) }
                // y may overshoot (a bounce), within the range StripStyle.validate() accepts.
                guard numbers.count == 4, (0...1).contains(numbers[0]), (0...1).contains(numbers[2]),
                      StripStyle.easingYRange.contains(numbers[1]), StripStyle.easingYRange.contains(numbers[3]) else {
                    throw BadValue(description: "bad easing '\(value)' for \(flag) (ease-in-out, ease-out, linear or x1,y1,x2,y2 with x in 0...1 and y in -1...2)")
                }
                style.easing = CubicBezierEasing(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3])
            }
        default:
            guard let rgb = Self.parseColor(value, display: display) else {
                throw BadValue(description: "bad color '\(value)' for \(flag) (use #RRGGBB, #RGB or an X color name)")
            }
            switch self {
            case .accentColor: style.accentColor = rgb
            case .textColor: style.textColor = rgb
            case .hoverTextColor: style.hoverTextColor = rgb
            case .backgroundColor: style.backgroundColor = rgb
            case .separatorColor: style.separatorColor = rgb
            default: style.pageTextColor = rgb
            }
        }
    }

    /// `value` as a number in `range` (`unit` names it in the error).
    private func number(_ value: String, in range: ClosedRange<Double>, _ unit: String) throws -> Double {
        guard let n = Double(value), range.contains(n) else {
            throw BadValue(description: "bad value '\(value)' for \(flag) (\(unit), \(range.lowerBound.formatted) to \(range.upperBound.formatted))")
        }
        return n
    }

    /// `value` as one of the names of `T`.
    private func choice<T: RawRepresentable & CaseIterable>(_ value: String) throws -> T where T.RawValue == String {
        guard let v = T(rawValue: value) else {
            throw BadValue(description: "bad value '\(value)' for \(flag) (\(T.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return v
    }

    /// 0xRRGGBB for "#RGB", "#RRGGBB", or (with a display) any name XParseColor knows.
    public static func parseColor(_ text: String, display: OpaquePointer?) -> UInt32? {
        if text.hasPrefix("#"), text.count == 7 || text.count == 4,
           text.dropFirst().allSatisfy(\.isHexDigit), let n = UInt32(text.dropFirst(), radix: 16) {
            if text.count == 7 { return n }
            let r = (n >> 8) & 0xF, g = (n >> 4) & 0xF, b = n & 0xF
            return (r * 0x11) << 16 | (g * 0x11) << 8 | b * 0x11
        }
        guard let display else { return nil }
        var color = XColor()
        guard XParseColor(display, XDefaultColormap(display, XDefaultScreen(display)), text, &color) != 0 else { return nil }
        return UInt32(color.red >> 8) << 16 | UInt32(color.green >> 8) << 8 | UInt32(color.blue >> 8)
    }

    /// Applies the X resources of `connection` to `style`; returns one warning
    /// per resource whose value was refused (the default is kept for it).
    public static func applyResources(to style: inout StripStyle, connection: XDisplayConnection, instance: String) -> [String] {
        guard let text = XResourceManagerString(connection.display) else { return [] }
        XrmInitialize()
        guard let database = XrmGetStringDatabase(text) else { return [] }
        defer { XrmDestroyDatabase(database) }
        var warnings = [String]()
        // Xft.dpi sets the scale (96 dpi = 1); SegmentedStrip.scale, read below, wins over it.
        var type: UnsafeMutablePointer<CChar>?
        var dpi = XrmValue()
        if XrmGetResource(database, "Xft.dpi", "Xft.Dpi", &type, &dpi) != 0, let address = dpi.addr {
            let text = String(cString: address)
            if let value = Double(text), value >= 48, value <= 384 {
                style.scale = value / 96
            } else {
                warnings.append("X resource Xft.dpi: '\(text)' is not a resolution from 48 to 384 dots per inch; the scale stays 1")
                // Xft itself would still size point sizes by it (0 dpi: every size 0, "sans:size=12" unopenable).
                XftFontChain.setDPI(96, for: connection.display)
            }
        }
        for setting in allCases {
            var type: UnsafeMutablePointer<CChar>?
            var value = XrmValue()
            let name = "\(instance).\(setting.resourceName)"
            let cls = "\(resourceClass).\(setting.resourceName.prefix(1).uppercased() + setting.resourceName.dropFirst())"
            guard XrmGetResource(database, name, cls, &type, &value) != 0, let address = value.addr else { continue }
            let raw = String(cString: address)
            do {
                try setting.apply(raw, to: &style, display: connection.display)
            } catch {
                warnings.append("X resource \(resourceClass).\(setting.resourceName): \(error); using the default")
            }
        }
        return warnings
    }
}

private extension Double {
    /// "24" rather than "24.0" in messages.
    var formatted: String { self == rounded() ? String(Int(self)) : String(self) }
}
