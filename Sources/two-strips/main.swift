import Dispatch
import Glibc
import SegmentedCore
import SegmentedTitles
import SegmentedX11

// A second host of the library: one window, two strips with different styles,
// laid out by the host, the bottom one linked to a paged view under it (swipe
// the pages or tap a title: either drives the other). A click on a strip gives it the keyboard (Left/Right,
// Home/End). Prints one JSON line per event on stdout: "ready" with both
// strips' windows and frames, then "select" with the strip's name, the old and
// new index and whether the user caused it.

let programName = "two-strips"
// Writes report failures instead of trapping; a reader that went away is EPIPE, not a signal.
signal(SIGPIPE, SIG_IGN)
if CommandLine.arguments.count > 1 {
    let argument = CommandLine.arguments[1]
    if argument == "--help" || argument == "-h" {
        let usage = "usage: \(programName)\n\nOne window with two segmented strips in different styles, the bottom one over its pages. Escape or q closes it.\n"
        guard ProcessOutput.write(usage, to: 1) else {
            ProcessOutput.error("\(programName): cannot write to standard output: \(String(cString: strerror(errno)))")
            exit(1)
        }
        exit(0)
    }
    let shown = TerminalText.oneLine(argument)
    ProcessOutput.error("\(programName): unknown argument '\(shown)' (try --help)")
    exit(2)
}

func emit(_ fields: [String: Any]) {
    guard let text = JSONLine.text(fields) else { return }
    ProcessOutput.write(text + "\n", to: 1)
}

XDisplayConnection.installErrorHandlers(programName: programName)
let connection: XDisplayConnection
do {
    connection = try XDisplayConnection()
} catch {
    ProcessOutput.error("\(programName): \(error)")
    exit(1)
}

// The top strip keeps the design; the bottom one is a blue box that lengthens, spread across the window.
let topStyle = StripStyle()
var bottomStyle = StripStyle()
bottomStyle.accentColor = 0x1E88E5
bottomStyle.indicatorShape = .box
bottomStyle.indicatorOpacity = 0.15
bottomStyle.indicatorCornerRadius = 6
bottomStyle.indicatorSizing = .segment
bottomStyle.indicatorAnimation = .lengthen
bottomStyle.fillMode = .spread

let width = 480, gap = 16, pagesHeight = 120
// Both strips get the taller one's height (each fits its fonts).
let stripHeight: Int
do {
    stripHeight = try max(SegmentedStrip.preferredHeight(for: topStyle, connection: connection),
                          SegmentedStrip.preferredHeight(for: bottomStyle, connection: connection))
} catch {
    ProcessOutput.error("\(programName): \(error)")
    exit(1)
}
let host = HostWindow(connection: connection, width: width, height: 2 * stripHeight + 3 * gap + pagesHeight,
                      background: 0xFFFFFF, title: "Two strips", instanceName: programName)
func frames(width: Int) -> [PixelRect] {
    [PixelRect(x: 0, y: gap, width: width, height: stripHeight),
     PixelRect(x: 0, y: 2 * gap + stripHeight, width: width, height: stripHeight)]
}
/// The bottom strip's pages, right under it.
func pagesFrame(width: Int) -> PixelRect {
    PixelRect(x: 0, y: 2 * gap + 2 * stripHeight, width: width, height: pagesHeight)
}
let mailboxes = ["Inbox", "Starred", "Sent", "Drafts"]
let counts = [12, 3, 40, 1]

let strips: [(name: String, strip: SegmentedStrip)]
let pages: PagedView
do {
    let f = frames(width: width)
    strips = [
        ("top", try SegmentedStrip(connection: connection, parent: host.window, frame: f[0],
                                   titles: ["推荐", "关注", "热榜", "视频", "小说", "科技", "财经", "体育", "娱乐", "汽车"],
                                   selectedIndex: 0, style: topStyle)),
        ("bottom", try SegmentedStrip(connection: connection, parent: host.window, frame: f[1],
                                      titles: mailboxes, selectedIndex: 1, style: bottomStyle)),
    ]
    // One page per mailbox: its name and a line per message, on a tint of the strip's blue.
    pages = try PagedView(connection: connection, parent: host.window, frame: pagesFrame(width: width),
                          pageCount: mailboxes.count, style: bottomStyle) { index, rect, context in
        context.fill(PixelRect(x: rect.x + 8, y: rect.y + 8, width: rect.width - 16, height: rect.height - 16), color: 0xEEF5FD)
        let font = context.titleFont, body = context.bodyFont
        context.drawText(mailboxes[index], font: font, x: rect.x + 24, baseline: rect.y + 16 + font.ascent, color: context.titleColor)
        let line = "\(counts[index]) message\(counts[index] == 1 ? "" : "s")"
        context.drawText(line, font: body, x: rect.x + 24, baseline: rect.y + 24 + font.ascent + font.descent + body.ascent,
                         color: context.bodyColor)
    }
    pages.link(to: strips[1].strip)
} catch {
    ProcessOutput.error("\(programName): \(error)")
    exit(1)
}

// Screen readers tell the two page tab lists apart by these names.
strips[0].strip.accessibleName = "Channels"
strips[1].strip.accessibleName = "Folders"

let loop = XEventLoop(connection: connection)
loop.add(pages)
for (name, strip) in strips {
    loop.add(strip)
    strip.callbacks.pressed = { strip in host.focusedStrip = strip }
    strip.callbacks.selectionChanged = { strip, change in
        emit(["event": "select", "strip": name, "index": change.newIndex.map { $0 as Any } ?? JSONNull(),
              "previousIndex": change.oldIndex.map { $0 as Any } ?? JSONNull(), "userInitiated": change.isUserInitiated,
              "cause": change.cause.rawValue])
    }
    strip.callbacks.settled = { strip in
        emit(["event": "settled", "strip": name, "index": strip.selectedIndex.map { $0 as Any } ?? JSONNull(),
              "contentOffset": strip.presentation.contentOffset])
    }
}
host.focusedStrip = strips[0].strip
host.resized = { width, _ in
    for (strip, frame) in zip(strips.map(\.strip), frames(width: width)) { strip.setFrame(frame) }
    pages.setFrame(pagesFrame(width: width))
}
loop.handler = { event in host.handle(&event) }
// Leaving is the host's choice, not the library's.
host.closeRequested = {
    host.close()
    exit(0)
}
host.destroyed = { exit(1) }
host.map()
emit(["event": "ready", "window": Int(host.window),
      "strips": strips.map { ["name": $0.name, "window": Int($0.strip.window), "x": $0.strip.frame.x, "y": $0.strip.frame.y,
                              "width": $0.strip.frame.width, "height": $0.strip.frame.height] },
      "pages": ["window": Int(pages.window), "linkedTo": "bottom", "x": pages.frame.x, "y": pages.frame.y,
                "width": pages.frame.width, "height": pages.frame.height]])
loop.start()
runMainQueue()
