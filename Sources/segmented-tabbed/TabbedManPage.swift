import SegmentedTitles
import SegmentedX11

/// `segmented-tabbed --man`: the manual page, in roff (man macros), made
/// from the same tables as `--help` (`TabbedOptions.flags`, `Keys.bindings`,
/// `StripSetting.all`), so that the page `make install` writes cannot drift
/// from the program.
@MainActor
enum TabbedManPage {
    static func text(version: String) -> String {
        var out = [
            ".\\\" Made by segmented-tabbed --man; do not edit.",
            ".TH SEGMENTED-TABBED 1 \"\" \"segmented-tabbed \(version)\" \"User Commands\"",
            ".SH NAME",
            "segmented-tabbed \\- other programs' windows as tabs (XEmbed), under a segmented strip",
            ".SH SYNOPSIS",
            ".B segmented-tabbed",
            Roff.text(String(TabbedOptions.usage.dropFirst("usage: segmented-tabbed ".count))),
            ".SH DESCRIPTION",
            Roff.text("""
                suckless tabbed's job with a segmented strip as the tab bar. Programs that embed themselves into \
                another window (xterm -into, st -w, urxvt -embed, surf -e, zathura -e, mpv --wid) are shown as tabs: \
                one at a time, under the strip, with the keyboard. The window id is printed on standard output \
                (0x...), and the command, if any, runs with XEMBED set to it and the id as its last argument \
                (or argument narg with -r). New tabs go after the last (-p -1; tabbed's default is -p 0, the first). Every client is in the save-set: killed, even with SIGKILL, the \
                container leaves its clients as top-level windows.
                """),
            ".SH OPTIONS",
        ]
        for flag in TabbedOptions.flags {
            out += [".TP", "\\fB\(Roff.escape(flag.flag))\\fR" + (flag.metavar.map { " \\fI\(Roff.escape($0))\\fR" } ?? ""),
                    Roff.text(flag.help)]
        }
        out.append(".SS The strip's settings")
        out.append(Roff.text("Each is a flag, and an X resource SegmentedTabbed.NAME or SegmentedStrip.NAME; the flag wins."))
        let defaults = TabbedOptions.defaultStyle
        for setting in TabbedOptions.settings {
            out += [".TP", "\\fB\(Roff.escape(setting.flag))\\fR \\fI\(Roff.escape(setting.metavar))\\fR",
                    Roff.text(setting.help.replacing("`", with: "") + " (default " + setting.value(in: defaults) + ")")]
        }
        out.append(".SH KEYS")
        out.append(Roff.text("Grabbed on every client; Caps Lock and Num Lock may be held. Under a layout without the letter, "
                             + "the key a US keyboard has it on."))
        for binding in Keys.bindings where !binding.label.isEmpty {
            out += [".TP", "\\fB\(Roff.escape(binding.label))\\fR", Roff.text(binding.help)]
        }
        out += [
            ".SH EXIT STATUS",
            ".TP", "0", Roff.text("The container closed (its window manager's close, every client gone), -c after the last tab, "
                                  + "--help, --man, -v."),
            ".TP", "1", Roff.text("No display, or one that cannot be opened; the X server going away."),
            ".TP", "2", Roff.text("Bad options or settings."),
            ".SH ENVIRONMENT",
            ".TP", ".B DISPLAY", Roff.text("The X display to open."),
            ".TP", ".B XEMBED", Roff.text("Set for the command: the container's window id, in decimal."),
            ".SH SEE ALSO",
            ".BR tabbed (1),",
            ".BR xterm (1),",
            ".BR segmented-demo (1)",
        ]
        return out.joined(separator: "\n") + "\n"
    }
}
