import CXft
import Dispatch
import Foundation
import SegmentedCore
import SegmentedSupport
import SegmentedX11
import Synchronization

// SIGINT, SIGTERM and SIGQUIT are blocked before anything else happens, in this thread
// and so in every thread made later: one that arrives during startup stays
// pending until the Dispatch signal sources below read it (through a
// signalfd), never discarded and never the default action. (Ignoring them
// first, as Dispatch's documentation suggests, lost the ones that arrived
// before the sources existed.)
var blockedSignals = sigset_t()
sigemptyset(&blockedSignals)
sigaddset(&blockedSignals, SIGINT)
sigaddset(&blockedSignals, SIGTERM)
sigaddset(&blockedSignals, SIGQUIT)
// SIGHUP re-reads the titles file (a source on the main queue, made once the strip exists).
sigaddset(&blockedSignals, SIGHUP)
pthread_sigmask(SIG_BLOCK, &blockedSignals, nil)
// A program a library forks (D-Bus's autolaunch did) must not inherit that
// mask: only SIGKILL would end it. The child handler runs between fork and exec.
pthread_atfork(nil, nil) {
    var inherited = sigset_t()
    sigemptyset(&inherited)
    sigaddset(&inherited, SIGINT)
    sigaddset(&inherited, SIGTERM)
    sigaddset(&inherited, SIGQUIT)
    sigaddset(&inherited, SIGHUP)
    pthread_sigmask(SIG_UNBLOCK, &inherited, nil)
}
// A closed --trace reader or stderr must not kill the demo: writes then fail with EPIPE.
signal(SIGPIPE, SIG_IGN)

// Started with stdin, stdout or stderr closed, the next descriptors opened
// (Dispatch's signalfd and epoll below, the X connection's socket) would take
// those numbers, and trace lines or warnings would be written into them:
// point them at /dev/null first.
for fd in Int32(0)...2 where fcntl(fd, F_GETFD) == -1 {
    let null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
    if null != fd, null >= 0 { dup2(null, fd); close(null) }
}

let programName = "segmented-demo"
let version = "0.1.0"
let startTime = SegmentedStrip.now()

/// Where the program is, for the signal handler: `starting` until the event
/// loop runs (a signal then exits at once: the server frees whatever the
/// connection made), `running`, `closing` the window on the main queue, and
/// `closed` (only the trace writer's last lines are left).
enum Phase: Int { case starting, running, closing, closed }
let phase = Atomic<Int>(Phase.starting.rawValue)
/// The host window, once made (main actor, as all top-level variables).
var signalHost: HostWindow?

// SIGINT, SIGTERM and SIGQUIT exit 128 + signal number (SIGQUIT is caught so
// that the Swift runtime's crash backtracer does not take it for a crash). They
// are caught on their own queue: if the main queue is stuck in a round trip to
// a server that stopped answering, or busy, the program still leaves within a second.
let signalQueue = DispatchQueue(label: "segmented-demo.signals")
/// The pending deadline, held here so that it stays reachable until the process ends.
let signalDeadline = Mutex<DispatchWorkItem?>(nil)
let signalSources = [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGQUIT, Int32(131))].map { number, status in
    let source = DispatchSource.makeSignalSource(signal: number, queue: signalQueue)
    // @Sendable: the handler runs on `signalQueue`, so it must not inherit the
    // main actor from this top-level code (Swift would check that at run time
    // and trap). It touches only atomics and the deadline's lock, and hops to
    // the main queue for the window.
    source.setEventHandler { @Sendable in
        guard phase.load(ordering: .acquiring) != Phase.starting.rawValue else { _exit(status) }
        DispatchQueue.main.async {
            phase.store(Phase.closing.rawValue, ordering: .releasing)
            signalHost?.close()
            phase.store(Phase.closed.rawValue, ordering: .releasing)
            exit(status)   // the trace writer gets its last half second (atexit)
        }
        signalDeadline.withLock { held in
            let deadline = DispatchWorkItem {
                // Closed already: only a slow trace reader is being waited for, which exit() bounds itself.
                if phase.load(ordering: .acquiring) == Phase.closed.rawValue {
                    signalQueue.asyncAfter(deadline: .now() + Trace.exitFlushSeconds + 0.1) { _exit(status) }
                    return
                }
                ProcessOutput.error("\(programName): the window could not be closed within 1 s (the X server is not answering, or the program is busy); exiting")
                _exit(status)
            }
            held = deadline
            signalQueue.asyncAfter(deadline: .now() + 1, execute: deadline)
        }
    }
    source.resume()
    return source
}

/// One line on stderr (control characters in echoed input are escaped) and exit.
func fail(_ message: String, status: Int32) -> Never {
    ProcessOutput.error("\(programName): \(TerminalText.oneLine(message))")
    exit(status)
}

/// One warning line on stderr, escaped as `fail` escapes; the program goes on.
func warn(_ message: String) {
    ProcessOutput.error("\(programName): warning: \(TerminalText.oneLine(message))")
}

/// Prints `text` on stdout and exits 0; exits 1 with a message when stdout
/// cannot take it (`--help >/dev/full`), as GNU tools do.
func printAndExit(_ text: String, newline: Bool = true) -> Never {
    guard ProcessOutput.write(newline ? text + "\n" : text, to: 1) else {
        fail("cannot write to standard output: \(String(cString: strerror(errno)))", status: 1)
    }
    exit(0)
}

let options: DemoOptions
do {
    switch try DemoOptions.parse(Array(CommandLine.arguments.dropFirst())) {
    case .help:
        printAndExit(DemoOptions.usage)
    case .man:
        printAndExit(DemoManPage.text(version: version), newline: false)
    case .version:
        printAndExit("\(programName) \(version)")
    case let .run(parsed):
        options = parsed
    }
} catch {
    fail("\(error)", status: 2)
}

let titlesPath: String
do {
    titlesPath = try options.titlesFile ?? BundledResources.defaultTitlesPath()
} catch {
    fail("\(error)", status: 2)
}
// The titles come first: a bad file (or a `--select` beyond its last title)
// is the error reported, whatever else is wrong.
let titles: [String]
do {
    titles = try TitlesFile.load(path: titlesPath)
} catch {
    fail("\(error)", status: 2)
}
if options.selectedIndex >= max(titles.count, 1) {
    let range = titles.isEmpty ? "there are no titles" : titles.count == 1 ? "there is 1 title (0)" : "there are \(titles.count) titles (0...\(titles.count - 1))"
    fail("--select \(options.selectedIndex) is out of range: \(range)", status: 2)
}

// Colors that need no server (#RGB, #RRGGBB) are checked before any window;
// X color names are checked once the display is open, still before the window.
for (setting, value) in options.theme where setting.isColor && value.hasPrefix("#") {
    var scratch = StripStyle()
    do { try setting.apply(value, to: &scratch, display: nil) } catch { fail("\(error)", status: 2) }
}

// Before the display opens, so that even a server that dies during the
// handshake is reported in our words, not Xlib's.
XDisplayConnection.installErrorHandlers(programName: programName)
let connection: XDisplayConnection
do {
    connection = try XDisplayConnection()
} catch {
    fail("\(error)", status: 1)
}

// Style: defaults, then X resources (xrdb; a resource's font that does not
// open is a warning and the default), then flags.
var style = StripStyle()
for warning in StripTheme.applyResources(to: &style, connection: connection, instance: programName) {
    warn(warning)
}
for (setting, value) in options.theme {
    do {
        try setting.apply(value, to: &style, display: connection.display)
    } catch {
        fail("\(error)", status: 2)
    }
}

/// The paged view's frame in a window of `width` x `height` pixels: everything under the strip.
func pagesFrame(width: Int, height: Int) -> PixelRect {
    PixelRect(x: 0, y: pageAreaTop, width: width, height: max(1, height - pageAreaTop))
}

let windowWidth = options.geometryGiven ? options.width : Int((Double(options.width) * style.scale).rounded())
let windowHeight = options.geometryGiven ? options.height : Int((Double(options.height) * style.scale).rounded())
// The demo is a host like any other: a top-level window of its own with one
// strip filling it, all through the library's public API.
let host = HostWindow(connection: connection, width: windowWidth, height: windowHeight,
                      background: style.backgroundColor, title: "SegmentedStrip", instanceName: programName,
                      className: StripTheme.resourceClass)
/// Ends the program for an error in making the strip or the page area, with its message:
/// a pattern the user typed is bad input (2); no font at all is the machine's problem (1).
@MainActor
func failToMakeStrip(_ error: any Error) -> Never {
    switch error {
    case let error as StripStyle.InvalidValue:
        fail("\(error)", status: 2)
    case let error as XftFontChain.Failure:
        switch error {
        case .invalidPattern, .singularMatrix, .flatMatrix, .badPixelSize, .tooLarge, .badAdvance: fail("\(error)", status: 2)
        case .noMatch: fail("\(error)", status: 1)
        }
    default:
        fail("\(error)", status: 1)
    }
}
/// Where the page area begins, pixels (the strip and its separator above it).
let pageAreaTop: Int
do {
    pageAreaTop = try SegmentedStrip.pageAreaTop(for: style, connection: connection)
} catch {
    failToMakeStrip(error)
}
let strip: SegmentedStrip
/// The page area under the strip: a paged view of one page per title, linked to the strip.
let pages: PagedView
let demoPages = DemoPages(titles: titles)
do {
    strip = try SegmentedStrip(connection: connection, parent: host.window,
                               frame: PixelRect(x: 0, y: 0, width: windowWidth, height: min(windowHeight, pageAreaTop)),
                               titles: titles, selectedIndex: titles.isEmpty ? 0 : options.selectedIndex, style: style)
    // Below the window's bottom edge (out of sight) while the window is no taller than the strip.
    pages = try PagedView(connection: connection, parent: host.window, frame: pagesFrame(width: windowWidth, height: windowHeight),
                          pageCount: titles.count, page: options.selectedIndex, style: style) { index, rect, context in
        demoPages.draw(index, rect, context)
    }
    pages.link(to: strip)
} catch {
    failToMakeStrip(error)
}
signalHost = host
host.map()
host.focusedStrip = strip
/// The host window's height, pixels (the strip's own window is only the strip's height).
var hostHeight = windowHeight
host.resized = { width, height in
    hostHeight = height
    strip.setFrame(PixelRect(x: 0, y: 0, width: width, height: min(height, pageAreaTop)))
    pages.setFrame(pagesFrame(width: width, height: height))
}

/// Names the code points no font can draw, once, so boxes are never silent.
/// Measuring every title in the unselected font put every code point used in
/// its glyph cache (titles drawn without shaping) or, for shaped titles, every
/// one no font has in its `codePointsWithoutFont`: check those, not every title.
@MainActor
func warnAboutMissingCharacters() {
    let chains = strip.fontChains
    // Sorted: a set's order changes from run to run, and the selected chain opens fallbacks in this order.
    let usedCodePoints = Set(chains.unselected.codePointsSeen)
        .union(chains.unselected.codePointsWithoutFont).union(chains.selected.codePointsWithoutFont).sorted()
    for (name, chain) in [("--font", chains.unselected), ("--selected-font", chains.selected)] {
        let missing = chain.missingCodePoints(among: usedCodePoints).sorted()
        if !missing.isEmpty {
            let list = missing.prefix(8).map { String(format: "U+%04X", $0) }.joined(separator: " ")
            warn("no installed font has \(missing.count) character(s) used in the titles for \(name) '\(chain.patternName)': \(list)\(missing.count > 8 ? " ..." : "")")
        }
    }
}
// A long list is measured after the first frame (`SegmentedStrip.eagerlyMeasuredTitles`): warn once it is.
if strip.isMeasuringComplete {
    warnAboutMissingCharacters()
} else {
    strip.callbacks.measuringFinished = { _ in warnAboutMissingCharacters() }
}

let trace = Trace(enabled: options.trace)
// Every exit(), wherever it is called, first lets the trace writer finish (briefly: a reader that does not read is not waited for).
atexit { trace.flush() }

@MainActor
func layoutFields(_ snapshot: StripSnapshot) -> [String: Any] {
    let p = snapshot.presentation
    var fields: [String: Any] = [
        "selectedIndex": snapshot.selectedIndex.map { $0 as Any } ?? NSNull(),
        "contentOffset": p.contentOffset,
        "contentWidth": p.layout.contentWidth,
        "viewportWidth": snapshot.viewportWidth,
    ]
    fields.merge(Trace.segmentFields(p.layout, contentOffset: p.contentOffset, viewportWidth: snapshot.viewportWidth)) { a, _ in a }
    fields["indicator"] = p.indicator.map { Trace.rect($0) as Any } ?? NSNull()
    return fields
}

/// The ready report; its content width and wheel step measure every title,
/// so a long list is measured before the first frame when tracing.
@MainActor
func emitReady(_ window: SegmentedStrip) {
    guard trace.enabled else { return }
    let snapshot = window.snapshot
    var fields = layoutFields(snapshot)
    fields["count"] = snapshot.titles.count
    fields["window"] = Int(host.window)
    fields["stripWindow"] = Int(window.window)
    fields["viewportHeight"] = hostHeight
    fields["pagesWindow"] = Int(pages.window)
    fields["pageAreaTop"] = pageAreaTop
    fields["pageCount"] = pages.pageCount
    fields["stripHeight"] = snapshot.metrics.stripHeight
    fields["wheelStep"] = snapshot.wheelStep
    fields["direction"] = window.style.direction.rawValue
    fields["fonts"] = [
        "unselected": window.fontChains.unselected.familyNames,
        "selected": window.fontChains.selected.familyNames,
    ]
    trace.emit("ready", fields)
}
strip.callbacks.firstFrame = { _ in
    trace.emit("firstFrame", ["elapsedSeconds": SegmentedStrip.now() - startTime])
    if options.exitAfterFirstFrame {
        // The frame is on the server (the strip synced before saying so);
        // closing the connection takes the window with it, without another round trip.
        exit(0)
    }
}
strip.callbacks.startupFinished = { window in trace.emit("startupFinished", ["xinput2": window.usesXInput2]) }
strip.callbacks.selectionChanged = { window, change in
    guard let new = change.newIndex else { return }
    trace.emit("select", ["index": new, "title": window.snapshot.titles[new], "cause": change.cause.rawValue,
                          "previousIndex": change.oldIndex.map { $0 as Any } ?? NSNull()])
}
strip.callbacks.settled = { window in trace.emit("settled", layoutFields(window.snapshot)) }
strip.callbacks.released = { window, release in
    trace.emit("release", ["contentOffset": release.contentOffset, "velocity": release.velocity, "gliding": release.isGliding,
                           "motionUpdates": window.motionUpdatesInLastPress])
}
strip.callbacks.scrolled = { window, cause in
    let snapshot = window.snapshot
    trace.emit("scroll", ["contentOffset": snapshot.presentation.contentOffset, "cause": cause.rawValue,
                          "maximumOffset": snapshot.maximumOffset])
}
strip.callbacks.hoverChanged = { _, index in
    trace.emit("hover", ["index": index.map { $0 as Any } ?? NSNull(), "cursor": index == nil ? "arrow" : "hand"])
}
strip.callbacks.resized = { window in
    let snapshot = window.snapshot, p = snapshot.presentation
    trace.emit("resize", ["viewportWidth": snapshot.viewportWidth, "viewportHeight": hostHeight,
                          "contentOffset": p.contentOffset, "contentWidth": p.layout.contentWidth])
}
if options.frameStats {
    strip.frameObserver = { frame in
        let p = strip.snapshot(at: frame.time).presentation
        trace.emit("frame", ["time": frame.time, "cpuMicros": frame.cpuSeconds * 1e6,
                             "animating": frame.animating, "dragging": frame.dragging, "contentOffset": p.contentOffset,
                             "indicator": p.indicator.map { Trace.rect($0) as Any } ?? NSNull(),
                             "titleWeights": Dictionary(uniqueKeysWithValues: p.titleWeights.map { (String($0.key), $0.value) })])
    }
}
pages.callbacks.settled = { view, page in
    trace.emit("pageSettled", ["page": page, "position": view.pagePosition])
}
if options.frameStats {
    pages.frameObserver = { frame in
        trace.emit("pageFrame", ["time": frame.time, "cpuMicros": frame.cpuSeconds * 1e6, "animating": frame.animating,
                                 "dragging": frame.dragging, "position": pages.pagePosition])
    }
}
host.destroyed = {
    fail("the window was destroyed by another client", status: 1)
}
// SIGHUP: the titles file again, as daemons reread their configuration; a
// file that no longer reads is a warning and the titles stay.
let reloadSource = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .main)
reloadSource.setEventHandler {
    MainActor.assumeIsolated {
        do {
            let fresh = try TitlesFile.load(path: titlesPath)
            demoPages.titles = fresh
            try strip.setTitles(fresh)
            trace.emit("titles", ["count": fresh.count, "selectedIndex": strip.selectedIndex.map { $0 as Any } ?? NSNull()])
        } catch {
            warn("\(error); the titles stay as they were")
        }
    }
}
reloadSource.resume()
StripAccessibility.statusChanged = { status in
    let name: String
    var fields: [String: Any] = [:]
    switch status {
    case .notChecked: name = "notChecked"
    case .noBus: name = "noBus"
    case .active: name = "active"
    case let .failed(reason):
        name = "failed"
        fields["reason"] = reason
        warn("accessibility: \(reason)")
    }
    fields["status"] = name
    fields["elapsedSeconds"] = SegmentedStrip.now() - startTime
    trace.emit("accessibility", fields)
}
host.closeRequested = {
    trace.emit("exit", ["status": 0])
    host.close()
    exit(0)
}

let loop = XEventLoop(connection: connection)
loop.add(strip)
loop.add(pages)
loop.handler = { event in host.handle(&event) }
emitReady(strip)
loop.start()
phase.store(Phase.running.rawValue, ordering: .releasing)
// The run loop serves the main queue on this, the main thread, for good.
// dispatchMain() would do the same from a worker thread after pthread_exit
// of the main thread, which leaves the dead frame poisoned for
// AddressSanitizer when libdispatch later runs its signal code on that stack.
while true {
    RunLoop.main.run()
}
