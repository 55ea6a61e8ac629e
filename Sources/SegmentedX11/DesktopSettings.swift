import SegmentedCore

/// The desktop's settings a strip follows, as its XSETTINGS manager (GNOME's
/// settings daemon, xsettingsd) publishes them under the names of the
/// freedesktop XSETTINGS registry. Each is nil when the manager does not set
/// it, when there is no manager, or when its value is refused.
///
/// `DesktopSettingsWatcher` reads them and follows their changes;
/// `applied(to:)` makes a style of them.
public struct DesktopSettings: Equatable, Sendable {
    /// The text resolution (`FontChain.dpiSetting`), dots per inch (the
    /// setting holds 1024ths of one), 48 to 384 as its X resource.
    public var dpi: Double?
    /// `Gtk/EnableAnimations`: false asks for reduced motion.
    public var enablesAnimations: Bool?
    /// `Net/DndDragThreshold`: how far a press moves before it drags,
    /// pixels at scale 1 (GTK compares it in its logical pixels), 1 to 100.
    public var dragThreshold: Int?
    /// `Net/IconThemeName`: the icon theme names are looked up in.
    public var iconThemeName: String?

    /// Settings with the given values (nil: not set).
    public init(dpi: Double? = nil, enablesAnimations: Bool? = nil, dragThreshold: Int? = nil, iconThemeName: String? = nil) {
        (self.dpi, self.enablesAnimations, self.dragThreshold, self.iconThemeName) = (dpi, enablesAnimations, dragThreshold, iconThemeName)
    }

    /// The accepted `dpi` values, dots per inch.
    public static let dpiRange: ClosedRange<Double> = 48...384
    /// The accepted `dragThreshold` values, pixels.
    public static let dragThresholdRange: ClosedRange<Int> = 1...100

    /// The settings among a manager's `values`, and one warning per value
    /// refused (of another type, or out of range), which keeps `previous`'s
    /// value: a refused value changes nothing. Settings we do not follow are
    /// left out silently.
    static func reading(_ values: [String: XSettings.Value], previous: DesktopSettings = DesktopSettings())
        -> (settings: DesktopSettings, warnings: [String]) {
        var settings = DesktopSettings(), warnings: [String] = []
        func refuse(_ name: String, _ value: XSettings.Value, _ wanted: String) {
            let shown: String
            switch value {
            case let .integer(n): shown = "\(n)"
            case let .string(text): shown = "'\(IconCache.printable(text))'"
            case let .color(r, g, b, a): shown = "the color (\(r), \(g), \(b), \(a))"
            }
            warnings.append("XSETTINGS \(name): \(shown) is not \(wanted); ignored")
        }
        if let value = values[FontChain.dpiSetting] {
            if case let .integer(n) = value, dpiRange.contains(Double(n) / 1024) {
                settings.dpi = Double(n) / 1024
            } else {
                refuse(FontChain.dpiSetting, value, "a resolution from 48 to 384 dots per inch in 1024ths of one (196608 is 192 dpi)")
                settings.dpi = previous.dpi
            }
        }
        if let value = values["Gtk/EnableAnimations"] {
            if case let .integer(n) = value {
                settings.enablesAnimations = n != 0
            } else {
                refuse("Gtk/EnableAnimations", value, "an integer")
                settings.enablesAnimations = previous.enablesAnimations
            }
        }
        if let value = values["Net/DndDragThreshold"] {
            if case let .integer(n) = value, dragThresholdRange.contains(Int(n)) {
                settings.dragThreshold = Int(n)
            } else {
                refuse("Net/DndDragThreshold", value, "a distance from 1 to 100 pixels")
                settings.dragThreshold = previous.dragThreshold
            }
        }
        if let value = values["Net/IconThemeName"] {
            if case let .string(name) = value, !name.isEmpty, name.count <= 255, name != ".", name != "..", !name.contains("/"),
               IconCache.printable(name) == name {
                settings.iconThemeName = name
            } else {
                refuse("Net/IconThemeName", value, "a theme's name")
                settings.iconThemeName = previous.iconThemeName
            }
        }
        return (settings, warnings)
    }

    /// `style` with the settings that are set: the scale is `dpi` / 96 (as
    /// GTK and the resolution's X resource have it), `enablesAnimations` false
    /// turns `motion.reducesMotion` on, `dragThreshold` is the click slop
    /// (`metrics.clickSlop`, times the scale as every length), and
    /// `iconThemeName` the style's icon theme. What is not set keeps the
    /// style's own value.
    public func applied(to style: StripStyle) -> StripStyle {
        var style = style
        if let dpi { style.scale = dpi / 96 }
        if let enablesAnimations { style.motion.reducesMotion = !enablesAnimations }
        if let dragThreshold { style.metrics.clickSlop = Double(dragThreshold) }
        if let iconThemeName { style.iconThemeName = iconThemeName }
        return style
    }
}
