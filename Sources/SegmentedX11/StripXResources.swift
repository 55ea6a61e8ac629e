import CX11
import SegmentedCore

/// The X resources of a strip: `StripSetting.all` read from the server's
/// RESOURCE_MANAGER property (`xrdb`).
///
/// Precedence (the X11 convention): command-line flags override X resources,
/// which override the defaults. Resources are read as `SegmentedStrip.<name>`
/// (class) or `<instance>.<name>` (the program's name, `segmented-demo` for the demo).
public enum StripXResources {
    /// The X resource class.
    public static let resourceClass = "SegmentedStrip"

    /// 0xRRGGBB for "#RGB", "#RRGGBB", or (with a display) any name XParseColor knows.
    /// Not main-actor isolated although a color name goes to Xlib on `display`:
    /// a display pointer is not `Sendable` and is only handed out on the main
    /// actor (`XDisplayConnection.display`), so the compiler keeps a caller that
    /// has one there; without one (nil) this is pure and safe anywhere.
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

    /// A setting's name as a resource class component: its first letter upper case.
    static func resourceName(class name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }

    /// The RESOURCE_MANAGER text Xlib read when `connection` was opened ("" when there was none).
    @MainActor
    public static func openingResources(of connection: XDisplayConnection) -> String {
        XResourceManagerString(connection.display).map { String(cString: $0) } ?? ""
    }

    /// Applies the X resources of `connection` to `style`, and the desktop's
    /// settings between them; returns one warning per resource whose value
    /// was refused.
    ///
    /// The order (each wins over the one before): the text resolution's
    /// resource (`FontChain.dpiResource`), `desktop` (`DesktopSettings.applied(to:)`:
    /// the XSETTINGS resolution wins over the resource, as in GTK), then the strip's own resources. A refused
    /// value keeps the one the previous resources gave (a live change: what
    /// was shown before), or, where they gave none or without `previous`, it
    /// is as if absent (the desktop's, else the default). A font named by a
    /// resource that cannot be opened is refused like any other bad value;
    /// one the previous resources gave that no longer opens (at a new
    /// scale) falls back to the default.
    ///
    /// - Parameters:
    ///   - resources: a RESOURCE_MANAGER string (`DesktopSettingsWatcher.resources`);
    ///     nil: the one Xlib read when the display was opened.
    ///   - previous: the style the previous resources made alone (from the
    ///     defaults, with no desktop: `apply(_:to:instance:display:)`), for a live change.
    @MainActor
    public static func apply(to style: inout StripStyle, connection: XDisplayConnection, instance: String, resources: String? = nil,
                             desktop: DesktopSettings = DesktopSettings(), previous: StripStyle? = nil) -> [String] {
        let text = resources ?? openingResources(of: connection)
        let before = style
        var warnings = apply(text, to: &style, instance: instance, display: connection.display, desktop: desktop, previous: previous)
        for setting in StripSetting.all where setting.isFont {
            let pattern = setting.value(in: style)
            guard pattern != setting.value(in: before) else { continue }
            func opens(_ pattern: String) -> Bool {
                (try? FontChain(display: connection.display, screen: connection.screen, pattern: pattern, scale: style.scale)) != nil
            }
            do {
                _ = try FontChain(display: connection.display, screen: connection.screen, pattern: pattern, scale: style.scale)
            } catch {
                let kept = previous.map { setting.value(in: $0) }.flatMap { $0 != pattern && $0 != setting.value(in: before) && opens($0) ? $0 : nil }
                warnings.append("X resource \(resourceClass).\(setting.name): \(error); \(kept == nil ? "using the default" : "keeping the previous value")")
                try? setting.apply(kept ?? setting.value(in: before), to: &style, display: nil)
            }
        }
        return warnings
    }

    /// Applies the resources in `text` (a RESOURCE_MANAGER string, as `xrdb -query`
    /// prints it) to `style`, with `desktop` between the resolution's resource and the strip's
    /// own resources (see `apply(to:connection:...)`); returns one warning per
    /// refused value, which keeps the value `previous` (the previous resources'
    /// style alone) gave it, or else is as if absent.
    /// `display` parses X color names; without it only `#RGB` and `#RRGGBB` colors parse.
    @MainActor
    public static func apply(_ text: String, to style: inout StripStyle, instance: String, display: OpaquePointer?,
                             desktop: DesktopSettings = DesktopSettings(), previous: StripStyle? = nil) -> [String] {
        var warnings = [String]()
        // Only the lines that can answer these queries go to Xlib's parser (`XResourceLines`).
        let names = StripSetting.all.map(\.name)
        let database = XResourceLines.database(text, first: [FontChain.dpiResourceFirst, instance, resourceClass],
                                               last: Set(names + names.map(resourceName(class:)) + ["dpi", "Dpi"]))
        defer { if let database { XrmDestroyDatabase(database) } }
        // The resolution's resource sets the scale (96 dpi = 1); the desktop's and SegmentedStrip.scale, read below, win over it.
        var type: UnsafeMutablePointer<CChar>?
        var dpi = XrmValue()
        if let database, XrmGetResource(database, FontChain.dpiResource.name, FontChain.dpiResource.class, &type, &dpi) != 0, let address = dpi.addr {
            let text = String(cString: address)
            if let value = Double(text), value >= 48, value <= 384 {
                style.scale = value / 96
            } else {
                warnings.append("X resource \(FontChain.dpiResource.name): '\(text)' is not a resolution from 48 to 384 dots per inch; "
                                + (previous == nil ? "the scale stays 1" : "the scale stays \(previous!.scale.shortText)"))
                if let previous { style.scale = previous.scale }   // the previous resources' (then the desktop's, below)
                // Point sizes are converted at 96 × scale (FontChain.pointResolution), never at this value.
            }
        }
        style = desktop.applied(to: style)
        guard let database else { return warnings }
        for setting in StripSetting.all {
            var type: UnsafeMutablePointer<CChar>?
            var value = XrmValue()
            let name = "\(instance).\(setting.name)"
            let cls = "\(resourceClass).\(resourceName(class: setting.name))"
            guard XrmGetResource(database, name, cls, &type, &value) != 0, let address = value.addr else { continue }
            do {
                try setting.apply(String(cString: address), to: &style, display: display)
            } catch {
                // The value's message names the flag ("for --indicator-height"), which no one passed here.
                let reason = "\(error)".replacing(" for \(setting.flag) (", with: " (")
                // A value the previous resources set stays; one they did not set is as if absent (the desktop's, else the default).
                if let previous, setting.value(in: previous) != setting.value(in: StripStyle()) {
                    try? setting.apply(setting.value(in: previous), to: &style, display: nil)
                    warnings.append("X resource \(resourceClass).\(setting.name): \(reason); keeping the previous value")
                } else {
                    warnings.append("X resource \(resourceClass).\(setting.name): \(reason); \(previous == nil ? "using the default" : "ignored")")
                }
            }
        }
        return warnings
    }
}
