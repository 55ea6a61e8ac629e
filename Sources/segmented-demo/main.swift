import Glibc
import SegmentedX11
import SegmentedTitles

// The order of startup. Signals were blocked before the Swift runtime
// started (CEarlySignals). Limits too small to run are refused before
// anything starts libdispatch, and the closed standard streams are reopened
// before the first descriptor is opened.
if let refusal = ResourceLimits.refusal() { fail(refusal, status: 1) }
StandardStreams.reopenClosed()
let startTime = SegmentedStrip.now()
let signalSources = exitOnTerminationSignals()
let hangupSource = readHangups()

// Options and titles, then colors that need no server: their errors come
// before the display's.
let options = readOptions()
let (titlesPath, contents) = readTitles(options: options)
checkColorsBeforeDisplay(options: options)

let connection = openDisplay()
let styleSources = StyleSources(options: options, connection: connection)
let demo = DemoWindow(connection: connection, options: options, style: styleSources.makeStyle(), contents: contents)
signalHost = demo.host
demo.show()
warnAboutMissingCharactersOnceMeasured(demo.strip)

let trace = Trace(enabled: options.trace)
// Every exit(), wherever it is called, first lets the trace writer finish (briefly: a reader that does not read is not waited for).
atexit { trace.flush() }
traceCallbacks(of: demo, to: trace, options: options, startTime: startTime)
reloadTitlesOnHangup(path: titlesPath, demo: demo, trace: trace)
handleTabOperations(of: demo, trace: trace)
traceAccessibilityStatus(to: trace, startTime: startTime)
demo.exitWhenClosed(trace: trace)

let loop = XEventLoop(connection: connection)
loop.add(demo.strip)
loop.add(demo.pages)
loop.handler = { event in demo.host.handle(&event) }
followTheDesktop(demo, sources: styleSources, trace: trace, loop: loop)
emitReady(demo, trace: trace)
loop.start()
phase.store(Phase.running.rawValue, ordering: .releasing)
waitForSignalSources()
runMainQueue()
