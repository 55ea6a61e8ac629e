import Foundation
import SegmentedCore
import SegmentedTitles
import SegmentedX11
import TestSupport

/// `make bench`: startup, frame cost, layout, idle and pacing of the demo,
/// beside the C floor (bench/peers/floor.c) and GtkNotebook. Prints one table, writes the same
/// figures as JSON. Needs $DISPLAY (the Makefile starts Xvfb when there is none).
///
/// usage: segmented-bench --demo PATH --measure PATH [--floor PATH] [--gtk PATH] [--proxy PATH] [--delay-ms N]
///                        [--tabbed PATH --tabbed-peer PATH --client PATH] [--out FILE] [--runs N] [--only rates|tabbed]
/// (`--proxy`: bench/delay-proxy, for the remote rows: startup and interaction over a slow link. `--tabbed`:
/// segmented-tabbed, measured against `--tabbed-peer`, suckless tabbed, both embedding `--client`, xembed-client.)
struct BenchOptions {
    var demo = ".build/release/segmented-demo"
    var floor: String?
    var gtk: String?
    var measure = ".build/bench/measure"
    var out = "bench-results/bench.json"
    var runs = 9
    var proxy: String?
    /// The proxy's delay in each direction (a round trip costs twice this).
    var delayMilliseconds = 10.0
    /// segmented-tabbed, suckless tabbed and the XEmbed client they embed (Tests/xembed-client).
    var tabbed: String?
    var tabbedPeer: String?
    var client = ".build/release/xembed-client"
    /// `rates`: only the pacing at each display rate, printed (for working on it; no budgets, no JSON).
    /// `tabbed`: only segmented-tabbed against tabbed, printed with its budgets (no JSON).
    var only: String?

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            let value = rest.popFirst() ?? ""
            switch flag {
            case "--demo": demo = value
            case "--floor": floor = value
            case "--gtk": gtk = value
            case "--measure": measure = value
            case "--out": out = value
            case "--runs": runs = max(1, Int(value) ?? runs)
            case "--proxy": proxy = value
            case "--delay-ms": delayMilliseconds = max(0, Double(value) ?? delayMilliseconds)
            case "--tabbed": tabbed = value
            case "--tabbed-peer": tabbedPeer = value
            case "--client": client = value
            case "--only": only = value
            default:
                FileHandle.standardError.write(Data("segmented-bench: unknown option \(flag)\n".utf8))
                exit(2)
            }
        }
    }
}

struct Report: Encodable {
    let machine: String
    let date: String
    let startup: [StartupResult]
    let ratios: [String: Double]
    let frameCost: [FrameCostResult]
    let layout: [LayoutResult]
    let itemChanges: [ItemChangeCostResult]
    let popupList: PopupListResult
    let hitTest: HitTestResult
    let idle: [IdleResult]
    let pacing: PacingResult
    let ratePacing: [RatePacingResult]
    let remote: RemoteReport?
    let accessibility: AccessibilityResult
    let tabbed: TabbedReport?
    let budgets: [Budget]
}

let options = BenchOptions(Array(CommandLine.arguments.dropFirst()))
setenv("SEGMENTED_DEMO", options.demo, 1)
if options.only == "rates" {
    for r in try measureRatePacing(hertz: [60, 75, 144], tweens: 7) {
        print(r.hertz, r.tickHertz, r.framesPerTween.median, r.intervalMilliseconds.median, r.intervalMilliseconds.p99, r.cpuMillisecondsPerSecond)
    }
    exit(0)
}

/// segmented-tabbed against tabbed, when both are given (and through the proxy too when there is one).
func measureTabbedIfGiven() throws -> TabbedReport? {
    guard let ours = options.tabbed, let peer = options.tabbedPeer, !peer.isEmpty else { return nil }
    var proxy: DelayProxy?
    if let proxyPath = options.proxy, let target = ProcessInfo.processInfo.environment["DISPLAY"] {
        proxy = try DelayProxy(target: target, delayMilliseconds: options.delayMilliseconds, executable: proxyPath)
    }
    FileHandle.standardError.write(Data("bench: segmented-tabbed against tabbed (\(options.runs) runs, 2 x 50 switches)\n".utf8))
    return try measureTabbed(TabbedPrograms(ours: ours, peer: peer, client: options.client), runs: options.runs, switches: 50,
                             proxy: proxy, remoteRuns: min(options.runs, 7))
}
if options.only == "tabbed" {
    guard let report = try measureTabbedIfGiven() else {
        FileHandle.standardError.write(Data("segmented-bench: --only tabbed needs --tabbed and --tabbed-peer\n".utf8))
        exit(2)
    }
    print((tabbedLines(report) + [""] + budgetLines(tabbedBudgets(report))).joined(separator: "\n"))
    exit(0)
}
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("segmented-bench-\(getpid())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let defaults = try TitlesFile.load(path: root.appendingPathComponent("Resources/titles.json").path)
let sizes = [10, 10_000, 100_000]
var titleFiles = [Int: String]()
var titleLists = [Int: [String]]()
for n in sizes {
    titleLists[n] = benchmarkTitles(n, defaults: defaults)
    titleFiles[n] = try writeTitlesFile(titleLists[n]!, in: scratch, name: "titles-\(n).json")
}
let linesFile = try writeTitlesLines(defaults, in: scratch, name: "titles.txt")
// Shaped scripts (issue 10), against the CJK-and-Latin row of the same size.
let shapedLists = [("Arabic", arabicTitles(100_000)), ("mixed-script", mixedScriptTitles(100_000))]
let shapedFiles = try shapedLists.map { try writeTitlesFile($0.1, in: scratch, name: "titles-\($0.0).json") }
// Items (issue 24): the same titles, each with an icon (8 PNG files in turn) and a badge.
let icons = try writeIcons(8, in: scratch)
let itemFiles = try [10, 100_000].map { try writeItemsFile(titleLists[$0]!, icons: icons, in: scratch, name: "items-\($0).json") }

func progress(_ text: String) { FileHandle.standardError.write(Data("bench: \(text)\n".utf8)) }

// 1 and 2: startup, ours beside the peers, alternating.
progress("startup (\(options.runs) runs after 2 warm-up rounds)")
var subjects = sizes.map { StartupSubject(name: "segmented-demo, \($0) titles", path: options.demo,
                                          arguments: ["--titles-file", titleFiles[$0]!, "--exit-after-first-frame"]) }
for (i, list) in shapedLists.enumerated() {
    subjects.append(StartupSubject(name: "segmented-demo, 100000 \(list.0)", path: options.demo,
                                   arguments: ["--titles-file", shapedFiles[i], "--exit-after-first-frame"]))
}
for (i, n) in [10, 100_000].enumerated() {
    subjects.append(StartupSubject(name: "segmented-demo, \(n) items", path: options.demo,
                                   arguments: ["--titles-file", itemFiles[i], "--exit-after-first-frame"]))
}
if let floor = options.floor { subjects.append(StartupSubject(name: "C floor (floor.c), 10 titles", path: floor, arguments: [linesFile])) }
if let gtk = options.gtk { subjects.append(StartupSubject(name: "GtkNotebook (GTK3), 10 titles", path: gtk, arguments: [linesFile])) }
let startup = measureStartup(subjects, runs: options.runs, warmup: 2, helper: options.measure)
var ratios = [String: Double]()
let ours = startup[0]
for (label, peer) in [("Floor", startup.first { $0.name.hasPrefix("C floor") }), ("Gtk", startup.first { $0.name.hasPrefix("GtkNotebook") })] {
    guard let peer else { continue }
    ratios["wallVs\(label)"] = ours.wallSeconds.median / peer.wallSeconds.median
    ratios["cpuVs\(label)"] = ours.cpuSeconds.median / peer.cpuSeconds.median
    ratios["rssVs\(label)"] = ours.peakRSSKiB.median / peer.peakRSSKiB.median
}
// The guide's first budget in instructions (callgrind), which a loaded machine does not move.
if let floor = options.floor {
    progress("instructions to the first frame (callgrind), 10 titles")
    if let ours = countInstructions(options.demo, ["--titles-file", titleFiles[10]!, "--exit-after-first-frame"], stripInto: scratch),
       let peer = countInstructions(floor, [linesFile]) {
        ratios["instructionsVsFloor"] = ours / peer
        ratios["instructions"] = ours
        ratios["floorInstructions"] = peer
    }
}
for list in shapedLists {
    guard let row = startup.first(where: { $0.name == "segmented-demo, 100000 \(list.0)" }) else { continue }
    let key = list.0 == "Arabic" ? "Arabic" : "MixedScript"
    ratios["cpu100k\(key)VsCJK"] = row.cpuSeconds.median / startup[2].cpuSeconds.median
    ratios["wall100k\(key)Vs10"] = row.wallSeconds.median / startup[0].wallSeconds.median
}
if let items10 = startup.first(where: { $0.name == "segmented-demo, 10 items" }),
   let items100k = startup.first(where: { $0.name == "segmented-demo, 100000 items" }) {
    if let floor = startup.first(where: { $0.name.hasPrefix("C floor") }) {
        ratios["itemsWallVsFloor"] = items10.wallSeconds.median / floor.wallSeconds.median
        ratios["itemsCpuVsFloor"] = items10.cpuSeconds.median / floor.cpuSeconds.median
    }
    ratios["itemsWall100kVs10"] = items100k.wallSeconds.median / items10.wallSeconds.median
}
ratios["rssBytesPerTitle100k"] = (startup[2].peakRSSKiB.median - startup[0].peakRSSKiB.median) * 1024 / Double(100_000 - 10)

// 3 and 6: frame cost and pacing through the real demo.
let display = try TestDisplay()
progress("frame cost")
let frameCost = try [10, 100_000].map {
    try measureFrameCost(display: display, titlesFile: titleFiles[$0]!, titles: $0, select: $0 / 2)
} + [measureFrameCost(display: display, titlesFile: itemFiles[1], titles: 100_000, kind: "items", select: 50_000)]
progress("pacing")
let pacing = try measurePacing(display: display, tweens: 7)
progress("pacing at 60, 75 and 144 Hz (Xorg with the dummy driver)")
let ratePacing = try measureRatePacing(hertz: [60, 75, 144], tweens: 7)
progress("popup list (100,000 titles)")
let popupList = try measurePopupList(display: display, titlesFile: titleFiles[100_000]!, titles: 100_000, select: 50_000, opens: 5)

// 4: layout and hit-testing in this process.
progress("layout")
let connection = try XDisplayConnection()
let layout = try sizes.map { try measureLayout(connection, titles: titleLists[$0]!, runs: $0 == 100_000 ? 3 : 7) }
    + shapedLists.map { try measureLayout(connection, titles: $0.1, kind: $0.0, runs: 3) }
let hitTest = try measureHitTest(titles: titleLists[100_000]!, queries: 1_000_000)
let itemChanges = try [false, true].map { try measureItemChanges(titles: titleLists[100_000]!, withItems: $0) }

// 5: idle.
progress("idle (2 x 5 s)")
let idle = try measureIdle(display: display, seconds: 5)

// 7: over a slow link, the delaying proxy in front of the same server (the
// bench's own connection keeps that server from resetting between runs).
var remote: RemoteReport?
if let proxyPath = options.proxy, let target = ProcessInfo.processInfo.environment["DISPLAY"] {
    let proxy = try DelayProxy(target: target, delayMilliseconds: options.delayMilliseconds, executable: proxyPath)
    let remoteRuns = min(options.runs, 7)
    progress("remote startup (\(remoteRuns) runs through delay-proxy, \(options.delayMilliseconds) ms each way)")
    let remoteSubjects = [subjects[0]] + subjects.filter { $0.name.hasPrefix("C floor") || $0.name.hasPrefix("GtkNotebook") }
    let remoteStartup = measureRemoteStartup(remoteSubjects, proxy: proxy, runs: remoteRuns, warmup: 1, helper: options.measure)
    if let floor = remoteStartup.first(where: { $0.name.hasPrefix("C floor") }) {
        ratios["remoteWallVsFloor"] = remoteStartup[0].wallSeconds.median / floor.wallSeconds.median
    }
    if let gtk = remoteStartup.first(where: { $0.name.hasPrefix("GtkNotebook") }) {
        ratios["remoteWallVsGtk"] = remoteStartup[0].wallSeconds.median / gtk.wallSeconds.median
    }
    progress("remote interaction (7 clicks, 3 drags)")
    let interaction = try measureRemoteInteraction(display: display, proxy: proxy, roundTripSeconds: 2 * options.delayMilliseconds / 1000,
                                                   clicks: 7, drags: 3)
    remote = RemoteReport(delayMillisecondsEachWay: options.delayMilliseconds, startup: remoteStartup, interaction: interaction)
}
// 8: the accessibility bridge with an accessibility bus running.
progress("accessibility bus on and off (\(options.runs) runs each)")
let accessibility = try measureAccessibility(titlesFile: titleFiles[10]!, runs: options.runs)
// 9: segmented-tabbed against suckless tabbed.
let tabbed = try measureTabbedIfGiven()

let machine = "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.physicalMemory >> 30) GiB, "
    + ((readFile("/proc/cpuinfo") ?? "").split(separator: "\n").first { $0.hasPrefix("model name") }?
        .split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU")
let budgetRows = budgets(startup: startup, ratios: ratios, frameCost: frameCost, hitTest: hitTest, idle: idle, accessibility: accessibility,
                         popupList: popupList, ratePacing: ratePacing) + (tabbed.map(tabbedBudgets) ?? [])
let report = Report(machine: machine, date: ISO8601DateFormatter().string(from: Date()), startup: startup, ratios: ratios,
                    frameCost: frameCost, layout: layout, itemChanges: itemChanges, popupList: popupList, hitTest: hitTest, idle: idle, pacing: pacing, ratePacing: ratePacing, remote: remote,
                    accessibility: accessibility, tabbed: tabbed, budgets: budgetRows)

// The table.
func ms(_ s: Double) -> String { String(format: "%.1f", s * 1000) }
func mib(_ k: Double) -> String { String(format: "%.1f", k / 1024) }
var lines = ["SegmentedStrip benchmark — \(machine)", ""]
lines.append("Startup to first frame (median [min–max] of \(options.runs) runs)")
lines.append("  program                              wall ms              cpu ms             peak RSS MiB")
for r in startup {
    lines.append("  " + r.name.padding(toLength: 36, withPad: " ", startingAt: 0)
                 + " \(ms(r.wallSeconds.median)) [\(ms(r.wallSeconds.min))–\(ms(r.wallSeconds.max))]".padding(toLength: 21, withPad: " ", startingAt: 0)
                 + " \(ms(r.cpuSeconds.median)) [\(ms(r.cpuSeconds.min))–\(ms(r.cpuSeconds.max))]".padding(toLength: 19, withPad: " ", startingAt: 0)
                 + " \(mib(r.peakRSSKiB.median))" + (r.failures > 0 ? "  (\(r.failures) failed runs, status \(r.failedStatuses.map(String.init).joined(separator: ", ")))" : ""))
}
for key in ratios.keys.sorted() { lines.append("  \(key): " + String(format: "%.2f", ratios[key]!)) }
lines.append("")
lines.append("Frame cost, CPU per painted frame incl. copy to the window (µs: median / p99 / max, frames)")
for f in frameCost {
    lines.append("  \(f.titles) \(f.kind)   tween \(String(format: "%.0f / %.0f / %.0f", f.tweenMicros.median, f.tweenMicros.p99, f.tweenMicros.max)) (\(f.tweenMicros.count))"
                 + "   drag \(String(format: "%.0f / %.0f / %.0f", f.dragMicros.median, f.dragMicros.p99, f.dragMicros.max)) (\(f.dragMicros.count))")
}
for f in frameCost {
    let c = f.itemChangeMicros
    lines.append("  \(f.titles) \(f.kind)   moves and closes \(String(format: "%.0f / %.0f / %.0f", c.median, c.p99, c.max)) (\(c.count))")
}
for f in frameCost {
    let p = f.swipePagesMicros, s = f.swipeStripMicros
    lines.append("  \(f.titles) \(f.kind)   swipe: pages \(String(format: "%.0f / %.0f / %.0f", p.median, p.p99, p.max)) (\(p.count))"
                 + " + strip following \(String(format: "%.0f / %.0f / %.0f", s.median, s.p99, s.max)) (\(s.count))")
}
lines.append("")
lines.append("Layout: measure + lay out all titles (ns per title, median [min–max])")
for l in layout {
    let c = l.coldNanosecondsPerTitle, w = l.warmNanosecondsPerTitle
    lines.append("  \(l.titles) \(l.kind)".padding(toLength: 30, withPad: " ", startingAt: 0)
                 + String(format: "cold %.0f [%.0f–%.0f]   warm %.0f [%.0f–%.0f]", c.median, c.min, c.max, w.median, w.min, w.max))
}
lines.append("  hit-test at \(hitTest.titles) titles: \(String(format: "%.0f", hitTest.nanosecondsPerQuery)) ns per query")
for c in itemChanges {
    lines.append("  one change at \(c.titles) \(c.kind), in the model: " + String(format: "move %.2f, remove %.2f, insert %.2f ms",
                                                                                  c.moveMilliseconds, c.removeMilliseconds, c.insertMilliseconds))
}
lines.append("")
lines.append("Idle, no input")
for i in idle { lines.append("  \(i.phase): \(i.cpuTicks) CPU ticks, \(i.wakeups) wakeups in \(Int(i.seconds)) s") }
lines.append("")
lines.append("Popup list of \(popupList.titles) titles: opens in " + String(format: "%.1f [%.1f–%.1f] ms", popupList.openMilliseconds.median,
             popupList.openMilliseconds.min, popupList.openMilliseconds.max) + ", rows drawn in "
             + String(format: "%.0f / %.0f / %.0f µs (median / p99 / max, %d)", popupList.frameMicros.median, popupList.frameMicros.p99,
                      popupList.frameMicros.max, popupList.frameMicros.count))
lines.append("")
lines.append("Pacing over \(pacing.framesPerTween.count) tweens of 0.3 s: \(String(format: "%.0f [%.0f–%.0f]", pacing.framesPerTween.median, pacing.framesPerTween.min, pacing.framesPerTween.max)) frames each, longest gap \(String(format: "%.1f", pacing.longestGapMilliseconds)) ms")
lines.append("Pacing by the display's rate (Xorg dummy driver; \(ratePacing.first?.framesPerTween.count ?? 0) tweens of 0.3 s each)")
lines.append("  mode    ticks at   frames per tween (goal)   interval ms median / p99 (period)   CPU ms per s of tween")
for r in ratePacing {
    let f = r.framesPerTween, i = r.intervalMilliseconds
    lines.append("  " + String(format: "%3.0f Hz  %6.1f Hz   %4.0f [%.0f–%.0f] (%.0f)", r.hertz, r.tickHertz, f.median, f.min, f.max, r.hertz * 0.3)
                 .padding(toLength: 47, withPad: " ", startingAt: 0)
                 + String(format: "%.2f / %.2f (%.2f)", i.median, i.p99, 1000 / r.hertz).padding(toLength: 36, withPad: " ", startingAt: 0)
                 + String(format: "%.1f", r.cpuMillisecondsPerSecond))
}
if let remote {
    let rtt = 2 * remote.delayMillisecondsEachWay
    lines.append("")
    lines.append("Remote startup over a \(String(format: "%.0f", rtt)) ms round trip (delay-proxy; median [min–max] of \(remote.startup.first?.wallSeconds.count ?? 0) runs)")
    lines.append("  program                              wall ms                  round trips before the first frame")
    for r in remote.startup {
        lines.append("  " + r.name.padding(toLength: 36, withPad: " ", startingAt: 0)
                     + " \(ms(r.wallSeconds.median)) [\(ms(r.wallSeconds.min))–\(ms(r.wallSeconds.max))]".padding(toLength: 25, withPad: " ", startingAt: 0)
                     + " \(String(format: "%.0f", r.roundTrips.median))" + (r.roundTrips.min != r.roundTrips.max ? String(format: " [%.0f–%.0f]", r.roundTrips.min, r.roundTrips.max) : "")
                     + (r.failures > 0 ? "  (\(r.failures) failed runs)" : ""))
    }
    let i = remote.interaction
    lines.append("Interaction over the same link (\(i.tweenRoundTrips.count) clicks, \(i.dragRoundTrips.count) drags; median [min–max])")
    lines.append("  click reaches the demo to settled: \(ms(i.selectToSettledSeconds.median)) ms [\(ms(i.selectToSettledSeconds.min))–\(ms(i.selectToSettledSeconds.max))]"
                 + " (target \(ms(i.targetSeconds)) = 0.3 s tween + 1 round trip); from the click at the server: \(ms(i.clickToSettledSeconds.median)) ms"
                 + " [\(ms(i.clickToSettledSeconds.min))–\(ms(i.clickToSettledSeconds.max))]")
    lines.append("  round trips during a tween: \(String(format: "%.0f", i.tweenRoundTrips.max)), during a drag: \(String(format: "%.0f", i.dragRoundTrips.max))"
                 + " (the most of any; each then makes one sync after its last frame, to say settled or scrolled)")
}
lines.append("")
let a = accessibility
lines.append("Accessibility bus running, 10 titles (median [min–max] of \(options.runs) runs; off: NO_AT_BRIDGE=1)")
lines.append("  first frame        off \(ms(a.firstFrameOff.median)) ms   on \(ms(a.firstFrameOn.median)) ms [\(ms(a.firstFrameOn.min))–\(ms(a.firstFrameOn.max))]")
lines.append("  on the bus         \(ms(a.firstFrameToOnBus.median)) ms [\(ms(a.firstFrameToOnBus.min))–\(ms(a.firstFrameToOnBus.max))] after the first frame (bridge loaded, application registered)")
lines.append("  peak RSS           off \(mib(a.peakRSSOffKiB.median)) MiB   on \(mib(a.peakRSSOnKiB.median)) MiB   (+\(mib(a.peakRSSOnKiB.median - a.peakRSSOffKiB.median)))")
lines.append("  CPU by then        off \(ms(a.cpuOff.median)) ms   on \(ms(a.cpuOn.median)) ms   (+\(ms(a.cpuOn.median - a.cpuOff.median)))")
lines.append("  at rest on the bus \(a.idleTicks) CPU ticks, \(a.idleWakeups) wakeups in \(Int(a.idleSeconds)) s")
lines.append("")
if let tabbed { lines += tabbedLines(tabbed) + [""] }
lines += budgetLines(budgetRows)
print(lines.joined(separator: "\n"))

let out = URL(fileURLWithPath: options.out)
try FileManager.default.createDirectory(at: out.deletingLastPathComponent(), withIntermediateDirectories: true)
let encoder = JSONEncoder()
encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
try encoder.encode(report).write(to: out)
print("\nJSON: \(out.path)")
let over = budgetRows.filter { !$0.met }.count
if over > 0 {
    FileHandle.standardError.write(Data("segmented-bench: \(over) of \(budgetRows.count) budgets not met\n".utf8))
    exit(1)
}
