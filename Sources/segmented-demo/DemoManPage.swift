import SegmentedTitles
import SegmentedX11

/// `segmented-demo --man`: the manual page, in roff (man macros), made from
/// the same tables as `--help` (the demo's flags in `DemoOptions` and every
/// setting in `StripSetting.all`), so that the page `make install` writes
/// cannot drift from the program.
enum DemoManPage {
    /// The whole page; `version` goes in its title line.
    static func text(version: String) -> String {
        var out = [
            ".\\\" Made by segmented-demo --man from StripSetting.all; do not edit.",
            ".TH SEGMENTED-DEMO 1 \"\" \"segmented-demo \(version)\" \"User Commands\"",
            ".SH NAME",
            "segmented-demo \\- a scrollable segmented control (tab strip) for X11, with one page per title",
            ".SH SYNOPSIS",
            ".nh",
            ".ad l",
            ".B segmented-demo",
        ]
        out += DemoOptions.usageItems.map(synopsisItem)
        out += [
            ".ad",
            ".hy",
            ".SH DESCRIPTION",
            text("""
                Opens a window with a horizontally scrolling strip of titles over a paged view. The selected \
                title is drawn larger, bold and in the accent color; an indicator glides to a newly selected \
                title while the strip scrolls to center it. Titles are shaped with HarfBuzz, ordered with FriBidi \
                and drawn through a fontconfig fallback chain.
                """),
            ".PP",
            text("A value can also be written --flag=value (needed for one that starts with --). "
                 + "A setting given twice with different values is refused."),
            ".SH OPTIONS",
        ]
        out += DemoOptions.leadingFlags.flatMap(entry)
        out.append(".SS Settings")
        out.append(text("Each is also read from the X resources (below); the flag wins."))
        for setting in StripSetting.all {
            out += [".TP", "\\fB\(escape(setting.flag))\\fR \\fI\(escape(setting.metavar))\\fR"]
            out.append(text(plain(setting.details ?? setting.help)))
            out.append(".br")
            out.append("Default: \\fB\(escape(setting.defaultText))\\fR; accepts \(escape(plain(setting.accepted))). "
                       + "Resource: \\fB\\%\(escape(StripXResources.resourceClass)).\(escape(setting.name))\\fR.")
        }
        out += entry(DemoOptions.rtlFlag)
        out.append(".SS Other flags")
        out += DemoOptions.trailingFlags.flatMap(entry)
        out += [
            ".SH X RESOURCES",
            text("Every setting above can come from the X resource database (xrdb) as "
                 + "\(StripXResources.resourceClass).NAME (the class) or segmented-demo.NAME; flags override resources, "
                 + "resources override the defaults. A resource that does not parse gives a warning and keeps the "
                 + "default; the same value as a flag is an error (exit 2). The names: "
                 + StripSetting.all.map(\.name).joined(separator: ", ") + "."),
            ".SH USAGE",
            text(DemoOptions.inputHelp.joined(separator: " ")),
            ".SH EXIT STATUS",
            ".TP", "0", text("Escape, q or the window manager's close button; --help, --man and --version."),
            ".TP", "1", text("No display, one that cannot be opened or does not answer, no font at all, "
                             + "the X server going away, or --help when standard output cannot take it."),
            ".TP", "2", text("Bad input, before any window: an unknown flag, a bad value, a titles file that cannot be used."),
            ".TP", "130, 143, 131", text("SIGINT, SIGTERM, SIGQUIT."),
            ".SH ENVIRONMENT",
            ".TP", ".B DISPLAY", text("The X display to open."),
            ".TP", ".B SEGMENTED_STRIP_RESOURCES", text("A folder to look for titles.json in first."),
            ".TP", ".B AT_SPI_BUS_ADDRESS", text("The accessibility bus, when the root window has no AT_SPI_BUS property."),
            ".TP", ".B NO_AT_BRIDGE", text("Set to 1: no accessibility, as for GTK."),
            ".SH FILES",
            ".TP", ".I share/segmented-strip/titles.json",
            text("The default titles, looked for in Resources/ or share/segmented-strip/ beside the binary "
                 + "and up to four folders above it (so $PREFIX/bin/segmented-demo finds "
                 + "$PREFIX/share/segmented-strip/titles.json wherever it is installed), "
                 + "then in the source tree it was built from."),
            ".TP", ".I share/segmented-strip/items.json",
            text("The same certification names as items, with badges, an icon and a disabled item: "
                 + "segmented-demo --titles-file $PREFIX/share/segmented-strip/items.json."),
            ".SH SEE ALSO",
            ".BR xrdb (1),",
            ".BR fc-match (1),",
            ".BR fonts-conf (5)",
        ]
        return out.joined(separator: "\n") + "\n"
    }

    /// One `[--flag METAVAR]` of the usage line as a roff line: the flag bold, its value italic.
    private static func synopsisItem(_ item: String) -> String {
        let inner = item.dropFirst().dropLast().split(separator: " ", maxSplits: 1).map(String.init)
        let value = inner.count > 1 ? " \\fI\(escape(inner[1]))\\fR" : ""
        return "[\\fB\(escape(inner[0]))\\fR\(value)]"
    }

    /// A `.TP` entry for one of the demo's own flags.
    private static func entry(_ flag: DemoOptions.Flag) -> [String] {
        [".TP", "\\fB\(escape(flag.flag))\\fR" + (flag.metavar.map { " \\fI\(escape($0))\\fR" } ?? ""), text(flag.help)]
    }

    /// Running text (`Roff.text`).
    private static func text(_ text: String) -> String { Roff.text(text) }

    /// The Markdown of the settings table's cells as plain text (no code spans).
    private static func plain(_ text: String) -> String {
        text.replacing("`", with: "")
    }

    /// roff's escapes (`Roff.escape`).
    static func escape(_ text: String) -> String { Roff.escape(text) }
}
