import SegmentedCore

extension StripSetting {
    /// Every user setting, in the order of `--help` and docs/settings.md: appearance, metrics, motion.
    ///
    /// The resource and flag names are the ones users already write (`fill`,
    /// `duration`, `maxSegmentWidth`); `keyPath` names the field they set.
    public static var all: [StripSetting] { table }

    /// Made once: a strip validates its style against it several times before
    /// its first frame.
    /// `nonisolated(unsafe)`: the closures are not `Sendable`, but the table is
    /// never changed after it is made, and they capture only constants.
    nonisolated(unsafe) private static let table: [StripSetting] = [
        color("accentColor", \.appearance.accentColor, help: "selected title and indicator"),
        color("textColor", \.appearance.textColor, help: "unselected titles"),
        color("hoverTextColor", \.appearance.hoverTextColor, help: "the title under the pointer"),
        autoColor("disabledTextColor", \.appearance.disabledTextColor,
                  help: "titles of disabled items; auto: textColor at 38 % over the background",
                  details: "the titles of items whose `enabled` is false; `auto` composites `textColor` at 38 % opacity (Material's disabled alpha) Over `backgroundColor`, round(c × 0.38 + b × 0.62) per 8-bit channel: #BEBEBE for the default #555555 on white"),
        color("badgeColor", \.appearance.badgeColor, help: "a badge's pill and dot"),
        color("badgeTextColor", \.appearance.badgeTextColor, help: "the count or text in a badge pill"),
        color("backgroundColor", \.appearance.backgroundColor, help: "background of the strip and page"),
        color("separatorColor", \.appearance.separatorColor, help: "the line under the strip"),
        color("pageTextColor", \.appearance.pageTextColor, help: "the page title"),
        font("font", \.appearance.font, help: "unselected titles"),
        font("selectedFont", \.appearance.selectedFont, help: "the selected title"),
        font("pageFont", \.appearance.pageFont, help: "the page title under the strip"),
        choice("overflowFade", \.metrics.overflowFade, help: "fade an edge beyond which titles continue",
               details: "`on` (the default): an edge beyond which titles continue fades into the background over `overflowFadeWidth`, the titles, icons, badges and indicator under it, from none when nothing is left to scroll that way to full once 12 px × scale (a third of the width) is; right to left mirrors it; `off`: no fade"),
        number("overflowFadeWidth", \.metrics.overflowFadeWidth, range: NumberRange(0...400), unit: "pixels",
               help: "how far into the window an edge's fade reaches (times scale)"),
        choice("iconPosition", \.metrics.iconPosition, help: "where an item's icon sits: before, after or above its title",
               details: "`before` (the default) or `after` the title, 6 px × scale from it (right to left mirrors both); `above`: centered over the title, 6 px × scale above it, and the strip 29 px × scale taller (the 16 px icon, its gap, and a 7 px margin over it) whether or not an item has an icon, which `preferredHeight` includes"),
        choice("indicatorShape", \.metrics.indicatorShape,
               help: "shape of the indicator; box is a rectangle behind the title",
               details: "`underline`; or `box`: a rectangle behind the title spanning the title band less 6 px above and below (drawn before the titles)"),
        indicatorOpacity,
        indicatorTitleColor,
        number("indicatorRadius", \.appearance.indicatorCornerRadius,
               range: NumberRange(0...1000), unit: "pixels", help: "corner radius of the indicator",
               details: "rounded corners, drawn as one span per row so a translucent fill stays even"),
        maximumSegmentWidth,
        indicatorWidth,
        number("indicatorHeight", \.metrics.indicatorHeight,
               range: NumberRange(1...40), unit: "pixels", help: "indicator height"),
        choice("indicatorLocation", \.metrics.indicatorLocation,
               help: "on the bottom inset or the top inset"),
        choice("fill", \.metrics.fillMode, help: "room to spare when the titles are narrower than the window",
               details: "when the titles are narrower than the window, `start` leaves the room after them; `center` centers them; `spread` shares it among the gaps (one title: centered); `stretch` widens every segment (past `maxSegmentWidth` too: filling wins, and a title is elided only if it is wider than its stretched segment)"),
        number("scale", \.scale, metavar: "S", range: NumberRange(0.5...4), unit: "a factor",
               help: "multiply every length and font size; the desktop's \(FontChain.dpiSetting) or the \(FontChain.dpiResource.name) resource sets it too (96 dpi = 1)",
               details: "every length (strip height, insets, spacing, indicator, segment limits, click slop, separator) and font pixel size multiplied, and the demo's default window size with them; a font size in points is converted at 96 × scale dpi (so `size=11.25` under \(FontChain.dpiResource.name) 192 is 30 px, as `pixelsize=15` is). Without it, the desktop's XSETTINGS `\(FontChain.dpiSetting)` sets it, followed live, else the `\(FontChain.dpiResource.name)` resource (96 = 1; 48 to 384, else a warning)"),
        choice("direction", \.direction, help: "rtl: the first title at the right, everything mirrored",
               details: "`rtl` mirrors everything: the first title at the right, the content offset scrolls leftward, centering, fill modes and indicator animations mirrored, pointer input and the horizontal wheel mirrored, Left/Right swapped. Each title keeps its own direction (from its first strong character, as Pango's automatic direction), whatever the strip's. The demo's `--rtl` is `--direction rtl`"),
        choice("indicatorAnimation", \.motion.indicatorAnimation,
               help: "how the indicator travels during a selection tween",
               details: "`slide` (both edges on the easing); `elastic` (TabLayout: the leading edge decelerates, 1-(1-t)^2, the trailing one accelerates, t^2, so it stretches then shrinks); `lengthen` (JXCategoryView: the leading edge reaches the target in the first half, the trailing edge follows in the second)"),
        number("duration", \.motion.tweenDuration, metavar: "S", range: NumberRange(above: 0, atMost: 60),
               unit: "seconds", help: "duration of a selection tween"),
        easing,
        choice("titleTransition", \.motion.titleTransition,
               help: "blend (color, size and weight follow the tween) or switch (selected from the first frame)",
               details: "`blend`: during a selection tween the outgoing and incoming titles change continuously on the tween's curve: color mixed in linear light (sRGB decoded, mixed, encoded), pixel size interpolated between the unselected and selected sizes in whole pixels (15, 16, 17), the weight switching at the midpoint; the segment widths follow, so positions glide. `switch`: the new title is drawn selected from the first frame"),
        onOff("reducedMotion", \.motion.reducesMotion,
               help: "on: selections, wheel steps and page turns jump with no tween, and a drag let go stops at once; the desktop's Gtk/EnableAnimations 0 turns it on",
               details: "`on`: every selection, wheel step, width change, slide and page turn jumps to its end, and a drag released with speed or past an edge stops where it is (in range) instead of gliding or springing back, for users who ask their desktop for less motion. `off` (the default) unless the desktop's XSETTINGS manager says `Gtk/EnableAnimations 0`; a flag or X resource wins over the desktop"),
        choice("closable", \.behavior.closable,
               help: "on: every title keeps room for a close button (shown on the selected and the hovered title); a click on it or a middle-click asks the program to close the title (the demo and segmented-tabbed do)"),
        choice("reorderable", \.behavior.reorderable,
               help: "on: a press held still for 0.4 s lifts a title to drag it to another place (Escape puts it back), and Ctrl+Shift+Page Up/Page Down/Home/End move the selected title"),
        choice("removalSelection", \.behavior.removalSelection, help: "what is selected when the selected title is closed or a reload drops it",
               details: "`next` (the default, QTabBar's SelectRightTab): the item after it, or the one before when it was the last; `previous`: the one before it, or after when it was the first; `previously-selected`: the item selected before it, else as `next`. Disabled items are passed over while an enabled one is left"),
    ]

    /// The widest a segment gets; none by default.
    private static var maximumSegmentWidth: StripSetting {
        let range = NumberRange(24...100_000)
        let number = NumericField(\.metrics.maximumSegmentWidth, range: range)
        return StripSetting("maxSegmentWidth", [\.metrics.maximumSegmentWidth], metavar: "N", accepted: "pixels, \(range.text)",
                            help: "elide titles wider than N pixels with \"…\"",
                            details: "a title wider than this many pixels is elided with \"…\", measured through the same font chain; the page area and the trace keep the full title",
                            numbers: [number], describe: { $0.metrics.maximumSegmentWidth?.shortText ?? "none" }) { value, _, style, setting in
            style.metrics.maximumSegmentWidth = try setting.number(value, range, "pixels")
        }
    }

    /// A number from 0 to 1, or "auto" (the default): 1 for an underline, 0.2 for a box.
    private static var indicatorOpacity: StripSetting {
        let range = NumberRange(0...1)
        let number = NumericField(\.appearance.indicatorOpacity, range: range)
        let box = StripStyle.Appearance.automaticIndicatorOpacity(for: .box).shortText
        return StripSetting("indicatorOpacity", [\.appearance.indicatorOpacity], metavar: "F",
                            accepted: "opacity, \(range.text), or auto (1 for an underline, \(box) for a box)",
                            help: "indicator opacity; auto keeps a box's title readable",
                            details: "composited Over with XRender, so a box at `\(box)` (its automatic opacity, HMSegmentedControl's) tints the background; an opaque box in the accent color would hide the accent title, so a box whose accent title would not read on it draws it in `indicatorTitleColor`",
                            numbers: [number], describe: { $0.appearance.indicatorOpacity?.shortText ?? "auto" }) { value, _, style, setting in
            style.appearance.indicatorOpacity = value == "auto" ? nil : try setting.number(value, range, "opacity")
        }
    }

    /// The titles' color where a box covers them: a color, or "auto" (the default).
    private static var indicatorTitleColor: StripSetting {
        let contrast = StripStyle.minimumBoxContrast.shortText
        return autoColor("indicatorTitleColor", \.appearance.indicatorTitleColor,
                         help: "titles where a box covers them; auto: their own colors while the accent reads on the box",
                         details: "the part of any title a box covers is drawn in this color (JXCategoryView's title mask); `auto` keeps the titles' own colors while the accent's contrast with the box is at least \(contrast):1 (WCAG 2's for large text; the default box, 3.2:1) and otherwise takes white or black, whichever contrasts more with the box (an opaque default box: black, 5.0:1)")
    }

    /// A color that may be "auto" (nil, the default: the style works it out).
    private static func autoColor(_ name: String, _ field: WritableKeyPath<StripStyle, UInt32?>, help: String, details: String) -> StripSetting {
        StripSetting(name, [field], metavar: "C", accepted: "#RRGGBB, #RGB, an X color name, or auto", help: help, details: details,
                     isColor: true, describe: { style in style[keyPath: field].map(hexColor) ?? "auto" }) { value, display, style, setting in
            if value == "auto" {
                style[keyPath: field] = nil
                return
            }
            guard let rgb = StripXResources.parseColor(value, display: display) else {
                throw BadValue(description: "bad color '\(value)' for \(setting.flag) (use #RRGGBB, #RGB, an X color name or auto)")
            }
            style[keyPath: field] = rgb
        }
    }

    /// "30" (fixed pixels), "title", "title+6", "title-4" or "segment".
    private static var indicatorWidth: StripSetting {
        let fixed = NumericField(apiName: nil, field: \StripStyle.metrics.indicatorWidth, range: NumberRange(1...10_000), get: { $0.metrics.indicatorWidth },
                                 set: { $0.metrics.indicatorSizing = .fixed; $0.metrics.indicatorWidth = $1 }, text: { $0.shortText })
        let increment = NumericField(apiName: "indicatorSizing.title(increment:)", range: NumberRange(-1_000...1_000),
                                     get: { style in if case let .title(n) = style.metrics.indicatorSizing { return n } else { return nil } },
                                     set: { $0.metrics.indicatorSizing = .title(increment: $1) },
                                     text: { "title" + ($0 < 0 ? "" : "+") + $0.shortText })
        let accepted = "N from \(fixed.range.text), title, title+N, title-N (the increment \(increment.range.text)), or segment"
        return StripSetting("indicatorWidth", [\.metrics.indicatorWidth, \.metrics.indicatorSizing], metavar: "W", accepted: accepted,
                            help: "fixed pixels, the title's width (plus or minus N), or the segment's (title plus spacing)",
                            numbers: [fixed, increment],
                            describe: { style in
                                switch style.metrics.indicatorSizing {
                                case .fixed: return style.metrics.indicatorWidth.shortText
                                case .segment: return "segment"
                                case let .title(n): return increment.text(n)
                                }
                            }) { value, _, style, setting in
            let rest = value.dropFirst(5)
            if value == "segment" {
                style.metrics.indicatorSizing = .segment
            } else if value.hasPrefix("title"), rest.isEmpty {
                style.metrics.indicatorSizing = .title(increment: 0)
            } else if value.hasPrefix("title"), rest.first == "+" || rest.first == "-", let n = Double(rest), increment.range.contains(n) {
                increment.set(&style, n)
            } else if let width = Double(value), fixed.range.contains(width) {
                fixed.set(&style, width)
            } else {
                throw BadValue(description: "bad value '\(value)' for \(setting.flag) (\(accepted))")
            }
        }
    }

    /// "ease-in-out", "ease-out", "linear", or the four control values "x1,y1,x2,y2" of a cubic Bézier.
    private static var easing: StripSetting {
        let named: [(String, CubicBezierEasing)] = [("ease-in-out", .easeInOut), ("ease-out", .easeOut), ("linear", .linear)]
        // y may overshoot (a bounce), but not without bound (StripStyle.easingYRange).
        let x = NumberRange(0...1, interval: true), y = NumberRange(StripStyle.easingYRange, interval: true)
        func point(_ name: String, _ range: NumberRange, _ index: Int) -> NumericField {
            NumericField(apiName: "easing." + name, range: range, get: { $0.motion.easing.controls[index] },
                         set: { style, value in
                             var c = style.motion.easing.controls
                             c[index] = value
                             style.motion.easing = CubicBezierEasing(x1: c[0], y1: c[1], x2: c[2], y2: c[3])
                         },
                         text: { value in
                             var c = CubicBezierEasing.linear.controls
                             c[index] = value
                             return c.map(\.shortText).joined(separator: ",")
                         })
        }
        let accepted = "ease-in-out, ease-out, linear or x1,y1,x2,y2 with x in \(x.text) and y in \(y.text)"
        return StripSetting("easing", [\.motion.easing], metavar: "E", accepted: accepted,
                            help: "easing of a selection tween: a name or a cubic Bézier x1,y1,x2,y2",
                            details: "any cubic Bézier as `x1,y1,x2,y2` may overshoot (y beyond 0...1), but not so far that retargeting mid-tween compounds it without bound",
                            numbers: [point("y1", y, 1), point("y2", y, 3)],   // x outside 0...1 cannot be made (a precondition)
                            describe: { style in named.first { $0.1 == style.motion.easing }?.0 ?? style.motion.easing.controls.map(\.shortText).joined(separator: ",") }) { value, _, style, setting in
            if let curve = named.first(where: { $0.0 == value })?.1 {
                style.motion.easing = curve
                return
            }
            let numbers = value.split(separator: ",").compactMap { Double($0.filter { $0 != " " }) }
            guard numbers.count == 4, x.contains(numbers[0]), x.contains(numbers[2]), y.contains(numbers[1]), y.contains(numbers[3]) else {
                throw BadValue(description: "bad easing '\(value)' for \(setting.flag) (\(accepted))")
            }
            style.motion.easing = CubicBezierEasing(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3])
        }
    }
}

private extension CubicBezierEasing {
    var controls: [Double] { [x1, y1, x2, y2] }
}
