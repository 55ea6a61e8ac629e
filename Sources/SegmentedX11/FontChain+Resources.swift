import CX11
import Glibc

// The X resources and desktop settings that Xft reads or names: the one owner
// of Xft keeps their names, so that no other file needs them.
extension FontChain {
    /// The queries Xft makes: `XGetDefault(display, "Xft", option)`, that is name `Xft.option`, class
    /// `Program.Name`, for the options libXft's xftdpy.c reads (fontconfig's property names).
    nonisolated static let resourceFirst: Set<String> = ["Xft", "Program"]
    nonisolated static let resourceLast: Set<String> = ["antialias", "autohint", "core", "dpi", "embolden", "hinting", "hintstyle", "lcdfilter",
                                           "maxglyphmemory", "maxunreffonts", "minspace", "render", "rgba", "scale", "trackmemusage", "Name"]

    /// The text resolution as an X resource: name and class (`Xft.dpi`, read by Xft and by the strip's scale).
    nonisolated static let dpiResource = (name: "Xft.dpi", class: "Xft.Dpi")
    /// The first component of `dpiResource`, for `XResourceLines`.
    nonisolated static let dpiResourceFirst = "Xft"
    /// The text resolution as an XSETTINGS setting (GTK's and GNOME's), in 1024ths of a dot per inch.
    public nonisolated static let dpiSetting = "Xft/DPI"

    /// Sets the display's resource database, which Xft's `XGetDefault` reads,
    /// to what Xlib would make of it (libX11's GetDflt.c `InitDefaults`: the
    /// RESOURCE_MANAGER string, merged with `$XENVIRONMENT`'s file, else
    /// `~/.Xdefaults-<host>`), but of the RESOURCE_MANAGER only the lines that
    /// can answer Xft (`XResourceLines`): Xlib would parse every line, and a
    /// database of 200,000 lines took seconds. With no RESOURCE_MANAGER Xlib's
    /// own path (`~/.Xdefaults`) is left alone.
    static func prepareResources(_ display: OpaquePointer) {
        guard let text = XResourceManagerString(display).map({ String(cString: $0) }), !text.isEmpty else { return }
        var database = XResourceLines.database(text, first: resourceFirst, last: resourceLast)
        var host = [CChar](repeating: 0, count: 256)
        let user = getenv("XENVIRONMENT").map { String(cString: $0) }
            ?? (gethostname(&host, host.count - 1) == 0 ? (getenv("HOME").map { String(cString: $0) } ?? "")
                + "/.Xdefaults-" + String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil)
        if let user, let file = XrmGetFileDatabase(user) { XrmMergeDatabases(file, &database) }
        // An empty database, not nil: nil would make XGetDefault parse the whole string after all.
        XrmSetDatabase(display, database ?? XrmGetStringDatabase(""))
    }
}
