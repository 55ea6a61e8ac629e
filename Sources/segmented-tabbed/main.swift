import CX11
import Dispatch
import Glibc
import SegmentedCore
import SegmentedTitles
import SegmentedX11

// segmented-tabbed: suckless tabbed's job (other programs' windows embedded
// as tabs by XEmbed) with a segmented strip as the tab bar. Prints its
// window id (0x...) on stdout, then, with --trace, one JSON line per event.

let programName = "segmented-tabbed"

func fail(_ message: String, status: Int32) -> Never {
    ProcessOutput.error("\(programName): \(message)")
    exit(status)
}

if let refusal = ResourceLimits.refusal() { fail(refusal, status: 1) }
StandardStreams.reopenClosed()
signal(SIGPIPE, SIG_IGN)

let arguments = Array(CommandLine.arguments.dropFirst())
let version = "0.1.0"
/// Prints `text` on stdout and exits 0, or 1 when stdout cannot take it.
func print(andExit text: String) -> Never {
    guard ProcessOutput.write(text, to: 1) else { fail("cannot write to standard output: \(String(cString: strerror(errno)))", status: 1) }
    exit(0)
}
let options: TabbedOptions
do {
    options = try TabbedOptions.parse(arguments)
} catch {
    fail("\(error)", status: 2)
}
switch options.printOnly {
case .help: print(andExit: TabbedOptions.help)
case .man: print(andExit: TabbedManPage.text(version: version))
case .version: print(andExit: "\(programName) \(version), tabbed's job with a segmented strip\n")
case nil: break
}

// -d: the program goes on in a child of its own session, and this process prints the window id the child sends
// through a pipe, then exits (tabbed's detach). Forked before any thread or connection exists.
if options.detach {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { fail("cannot detach: \(String(cString: strerror(errno)))", status: 1) }
    let child = fork()
    guard child >= 0 else { fail("cannot detach: \(String(cString: strerror(errno)))", status: 1) }
    if child > 0 {
        close(ends[1])
        var line = [UInt8]()
        var byte: UInt8 = 0
        while read(ends[0], &byte, 1) == 1, byte != 0x0A { line.append(byte) }
        guard !line.isEmpty else {
            // The child failed before it had a window: its own message is on stderr, its status is ours.
            var status: Int32 = 0
            waitpid(child, &status, 0)
            exit(status & 0x7F == 0 ? (status >> 8) & 0xFF : 1)
        }
        guard ProcessOutput.write(String(decoding: line, as: UTF8.self) + "\n", to: 1) else {
            // No one can reach a container whose id was not told: it ends too (its clients outlive it, the save-set).
            let reason = String(cString: strerror(errno))
            kill(child, SIGTERM)
            fail("cannot write to standard output: \(reason)", status: 1)
        }
        exit(0)
    }
    close(ends[0])
    setsid()
    dup2(ends[1], 1)
    close(ends[1])
    // Descriptors inherited beyond the standard three are the starter's (a shell's pipe, a socket Foundation's Process
    // watches for the end of its child): a detached program keeps none of them open.
    closefrom(3)
}

/// One JSON line on stdout, with --trace.
@MainActor
func trace(_ event: String, _ fields: [String: Any]) {
    guard options.trace else { return }
    var fields = fields
    fields["event"] = event
    if let line = JSONLine.text(fields) { _ = ProcessOutput.write(line + "\n", to: 1) }
}

let spawner = Spawner()
XDisplayConnection.installErrorHandlers(programName: programName)
let connection: XDisplayConnection
do {
    connection = try XDisplayConnection()
} catch XDisplayConnection.Failure.noDisplay {
    fail("\(XDisplayConnection.Failure.noDisplay) (run it in an X session, or use 'make tabbed', which starts Xvfb)", status: 1)
} catch {
    fail("\(error)", status: 1)
}

/// Ends the program for a strip that cannot be made: a value or a font pattern
/// the user gave is bad input (2); no font at all is the machine's problem (1), as in the demo.
func failToMakeStrip(_ error: any Error) -> Never {
    if case FontChain.Failure.noMatch = error { fail("\(error)", status: 1) }
    fail("\(error)", status: error is StripStyle.InvalidValue || error is FontChain.Failure ? 2 : 1)
}

// The style: tabbed's defaults for the strip (TabbedOptions.defaultStyle), X resources (SegmentedTabbed.*), then the
// flags in order.
var style = TabbedOptions.defaultStyle
for warning in StripXResources.apply(to: &style, connection: connection, instance: "SegmentedTabbed") {
    ProcessOutput.error("\(programName): warning: \(warning)")
}
for (setting, value, flag) in options.settings {
    do {
        try setting.apply(value, to: &style, display: connection.display)
    } catch {
        // Named as typed: -o, not the --background-color it stands for.
        fail("\(error)".replacing(setting.flag, with: flag), status: 2)
    }
}

// The strip's window takes its height and its separator line (`pageAreaTop`); the clients go under it.
let stripHeight: Int
do {
    stripHeight = try SegmentedStrip.pageAreaTop(for: style, connection: connection)
} catch {
    failToMakeStrip(error)
}
// The size: tabbed's 800 x 600, or -g's, kept from 1 px of client under the strip to the largest window side, 16384 px.
var width = 800, height = 600, x: Int32 = 0, y: Int32 = 0
if let geometry = options.geometry {
    var w: UInt32 = 0, h: UInt32 = 0
    let mask = XParseGeometry(geometry, &x, &y, &w, &h)
    guard mask != 0 else { fail("-g needs an X geometry (WIDTHxHEIGHT[+X+Y]), not '\(TerminalText.oneLine(geometry))'", status: 2) }
    if mask & WidthValue != 0 { width = min(max(Int(w), 1), 16384) }
    if mask & HeightValue != 0 { height = min(max(Int(h), stripHeight + 1), 16384) }
}
let host = HostWindow(connection: connection, width: width, height: height, background: style.backgroundColor, title: programName,
                      instanceName: options.name, className: "SegmentedTabbed")
if let geometry = options.geometry {
    // X geometry: a negative offset (-0 too) places the window's far edge from the screen's right or bottom edge.
    var w: UInt32 = 0, h: UInt32 = 0
    let mask = XParseGeometry(geometry, &x, &y, &w, &h)
    let screen = connection.screen
    if mask & XNegative != 0 { x += XDisplayWidth(connection.display, screen) - Int32(width) }
    if mask & YNegative != 0 { y += XDisplayHeight(connection.display, screen) - Int32(height) }
    XMoveWindow(connection.display, host.window, x, y)
    if mask & (XValue | YValue) != 0 { Container.askToBePlaced(host.window, at: (Int(x), Int(y)), display: connection.display) }
}
let strip: SegmentedStrip
do {
    strip = try SegmentedStrip(connection: connection, parent: host.window,
                               frame: PixelRect(x: 0, y: 0, width: width, height: stripHeight), titles: [], style: style)
} catch {
    failToMakeStrip(error)
}
strip.accessibleName = "Tabs"
let container = Container(connection: connection, host: host, strip: strip, options: options, width: width, height: height,
                          stripHeight: stripHeight)
container.report = trace
container.finished = { status in
    host.close()
    exit(status)
}
let window = UInt(host.window)
container.spawn = {
    guard !options.command.isEmpty else { return }
    if case let .failure(failure) = spawner.spawn(options.command(embeddingInto: window), window: window) {
        ProcessOutput.error("\(programName): \(failure)")
    }
}
spawner.started = { pid, argv in trace("spawned", ["pid": Int(pid), "command": argv]) }
spawner.ended = { pid, status in trace("exited", ["pid": Int(pid), "status": Int(status)]) }
host.closeRequested = { container.closeRequested() }
host.destroyed = { fail("the window was destroyed by another client", status: 1) }
strip.callbacks.destroyed = { _ in
    // The container's window destroyed takes the strip's with it, first: that one is the host's to say.
    var attributes = XWindowAttributes()
    XDisplayConnection.expectErrors(about: host.window)
    if XGetWindowAttributes(connection.display, host.window, &attributes) == 0 { host.destroyed?() }
    fail("the tab bar's window was destroyed by another client", status: 1)
}
strip.callbacks.firstFrame = { _ in trace("firstFrame", [:]) }
// A tab's tooltip shown (its lines: the title, the client's class and command) or hidden (index -1).
strip.callbacks.tooltipChanged = { strip, _ in
    let shown = strip.shownTooltip
    trace("tooltip", ["index": shown?.index ?? -1, "lines": shown?.lines ?? []])
}
// Where each tab and its close button rest once the strip settles, in the strip window's pixels (left to right).
strip.callbacks.settled = { strip in
    let snapshot = strip.snapshot, layout = snapshot.presentation.layout, offset = snapshot.presentation.contentOffset
    let tabs: [[String: Any]] = snapshot.titles.indices.map { i in
        let frame = layout.frame(at: i)
        var fields: [String: Any] = ["x": frame.x - offset, "y": frame.y, "width": frame.width, "height": frame.height,
                                     "title": snapshot.titles[i]]
        if let button = layout.closeButtonFrame(at: i) {
            fields["closeButton"] = ["x": button.x - offset, "y": button.y, "width": button.width, "height": button.height]
        }
        return fields
    }
    trace("settled", ["selectedIndex": snapshot.selectedIndex ?? -1, "tabs": tabs])
}

// tabbed's first line: the window id, for `st -w`, `xterm -into` and scripts.
guard ProcessOutput.write("0x" + String(window, radix: 16) + "\n", to: 1) else {
    fail("cannot write to standard output: \(String(cString: strerror(errno)))", status: 1)
}
if options.detach {
    // The id went to the parent through the pipe; nothing more is read from it.
    let null = open("/dev/null", O_WRONLY)
    dup2(null, 1)
    close(null)
}
trace("ready", ["window": Int(window), "stripWindow": Int(strip.window), "stripHeight": stripHeight, "width": width, "height": height])

let loop = XEventLoop(connection: connection)
loop.add(strip)
loop.handler = { event in
    if !container.handle(&event) { host.handle(&event) }
}
host.map()
loop.start()
if options.spawnAtStart { container.spawn() }
for window in options.adopt { container.take(Window(window)) }
if options.pick { container.startPicking() }
runMainQueue()
