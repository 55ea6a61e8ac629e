import CXTest
import CX11
import Foundation
import TestSupport

/// segmented-tabbed and suckless tabbed, each observed the same way from
/// outside the process: the screen's pixels and the bench's own X events,
/// /proc, and the delay proxy's count. Neither program's trace is read.
struct TabbedPrograms {
    /// segmented-tabbed, path.
    let ours: String
    /// Debian's tabbed, path.
    let peer: String
    /// The XEmbed client both embed (Tests/xembed-client), path.
    let client: String
}

struct TabbedResult: Encodable {
    let name: String
    /// From the spawn to the first sighting of the selected tab's color with one client, seconds.
    let firstFrameSeconds: Summary
    /// From the Ctrl+Shift+l press to the next client mapped and given the focus, 10 clients, milliseconds.
    let switchMilliseconds: Summary
    /// VmHWM at the end of the switching (the most of the rounds), KiB.
    let peakRSSKiB: Double
    /// Context switches of every thread, and CPU ticks, at rest with 10 clients over `restSeconds` in all.
    let restWakeups: Int
    let restCPUTicks: Int
    let restSeconds: Double
    /// Through the delay proxy (nil without one): the first frame, seconds, and the round trips made by then.
    let remoteFirstFrameSeconds: Summary?
    let remoteRoundTrips: Summary?
    /// First frames never seen within 10 s, and switches not done within 2 s.
    let failures: Int
}

struct TabbedReport: Encodable {
    /// Clients in the switching and at rest.
    let clients: Int
    /// segmented-tabbed's row, then tabbed's.
    let rows: [TabbedResult]
}

/// The selected tab's color both are given (`-t`): tabbed's selected tab background, our accent (indicator and title).
let tabbedProbeColor = "#FF00AA"
/// The part of the screen looked at for it, from the container's top-left corner, pixels: where the first tab is in
/// both (tabbed's bar is 16 px high, our strip 44 px).
let tabbedProbeArea = (width: 320, height: 48)

/// Both programs, in turn, `runs` times each after 2 uncounted rounds: the first frame with one client; then
/// `switches` tab switches among 10 clients in each of 2 rounds, peak RSS and 5 s at rest after each; then,
/// with a proxy, `remoteRuns` first frames through it.
func measureTabbed(_ programs: TabbedPrograms, runs: Int, switches: Int, proxy: DelayProxy?, remoteRuns: Int) throws -> TabbedReport {
    let display = try TestDisplay()
    let direct = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
    let paths = [programs.ours, programs.peer]
    for path in paths + [programs.client] { evictFromPageCache(path) }
    // The clients connect to the server directly (not through the proxy): only the container's traffic is counted.
    let command = ["-t", tabbedProbeColor, "-r", "4", "env", "DISPLAY=\(direct)", programs.client, "--into", "ID", "--net-title", "bench"]
    // Requests about clients' windows that may be gone; Xlib's default handler would end the bench.
    let previousHandler = XSetErrorHandler { _, _ in 0 }
    defer { XSetErrorHandler(previousHandler) }

    var first = [[Double]](repeating: [], count: 2), failures = [0, 0]
    for round in 0..<(2 + runs) {
        for (i, path) in paths.enumerated() {
            let seen = try firstFrame(path, command, environment: nil, display: display, proxy: nil)
            guard round >= 2 else { continue }
            if let seen { first[i].append(seen.seconds) } else { failures[i] += 1 }
        }
    }
    var switchTimes = [[Double]](repeating: [], count: 2), peak = [0, 0], rest = [(0, 0), (0, 0)]
    for _ in 0..<2 {
        for (i, path) in paths.enumerated() {
            let round = try switchingRound(path, ["-s"] + command, clientPath: programs.client, display: display, switches: switches)
            switchTimes[i] += round.milliseconds
            failures[i] += round.failures
            peak[i] = max(peak[i], round.peakKiB)
            rest[i] = (rest[i].0 + round.rest.wakeups, rest[i].1 + round.rest.ticks)
        }
    }
    var remote = [[Double]](repeating: [], count: 2), trips = [[Double]](repeating: [], count: 2)
    if let proxy {
        for round in 0..<(1 + remoteRuns) {
            for (i, path) in paths.enumerated() {
                let seen = try firstFrame(path, command, environment: proxy.environment, display: display, proxy: proxy)
                guard round >= 1 else { continue }
                if let seen {
                    remote[i].append(seen.seconds)
                    trips[i].append(Double(seen.roundTrips))
                } else {
                    failures[i] += 1
                }
            }
        }
    }
    let names = ["segmented-tabbed", "tabbed"]
    return TabbedReport(clients: 10, rows: (0..<2).map { i in
        TabbedResult(name: names[i], firstFrameSeconds: Summary(first[i]), switchMilliseconds: Summary(switchTimes[i]),
                     peakRSSKiB: Double(peak[i]), restWakeups: rest[i].0, restCPUTicks: rest[i].1, restSeconds: 10,
                     remoteFirstFrameSeconds: proxy == nil ? nil : Summary(remote[i]), remoteRoundTrips: proxy == nil ? nil : Summary(trips[i]),
                     failures: failures[i])
    })
}

/// A container that printed no window id, or gave no client the focus.
struct TabbedFailure: Error, CustomStringConvertible {
    let description: String
}

/// A container started from the bench, with its window id read from the first line it prints.
private struct Container {
    let process: DemoProcess
    let window: Window

    init(_ path: String, _ arguments: [String], environment: [String: String]?) throws {
        process = try DemoProcess(arguments: arguments, trace: false, environment: environment, executable: path)
        let line = try process.firstLine(timeout: 20)
        guard line.hasPrefix("0x"), let id = UInt(line.dropFirst(2), radix: 16) else {
            throw TabbedFailure(description: "\(path) printed '\(line)', not its window id")
        }
        window = Window(id)
    }

    var pid: Int32 { process.process.processIdentifier }

    /// Ends the clients it started (their container reaps them), then the container.
    func stop() {
        let children = childProcesses(of: pid)
        for child in children { kill(child, SIGTERM) }
        _ = eventually(timeout: 5, interval: 0.001) { children.allSatisfy { kill($0, 0) != 0 } }
        process.process.terminate()
        _ = process.waitForExit(timeout: 10)
    }
}

/// One first frame: starts the container at `path` with `arguments` (it spawns one client) and reads the screen
/// about every millisecond until the probe color shows in the probe area. The time from just before the spawn
/// to that sighting, seconds, and the proxy's round trips meanwhile; nil when it did not show within 10 s.
private func firstFrame(_ path: String, _ arguments: [String], environment: [String: String]?, display: TestDisplay,
                        proxy: DelayProxy?) throws -> (seconds: Double, roundTrips: Int)? {
    let trips = proxy?.counts.roundTrips ?? 0
    let start = monotonicSeconds()
    let container = try Container(path, arguments, environment: environment)
    defer { container.stop() }
    let origin = display.origin(of: container.window)
    let color = UInt32(tabbedProbeColor.dropFirst(), radix: 16) ?? 0
    while monotonicSeconds() - start < 10 {
        if screenShows(color, display: display.display, x: origin.x, y: origin.y, width: tabbedProbeArea.width, height: tabbedProbeArea.height) {
            let seconds = monotonicSeconds() - start
            return (seconds, (proxy?.counts.roundTrips ?? 0) - trips)
        }
        usleep(1000)
    }
    return nil
}

/// Whether a pixel of exactly `color` (0xRRGGBB) is on the screen in `width` × `height` pixels from (`x`, `y`):
/// the root window's image, which is every window's pixels as shown (Xvfb has no compositor).
func screenShows(_ color: UInt32, display: OpaquePointer, x: Int32, y: Int32, width: Int, height: Int) -> Bool {
    guard let image = XGetImage(display, XDefaultRootWindow(display), x, y, UInt32(width), UInt32(height), UInt.max, ZPixmap) else {
        return false
    }
    defer { cxft_destroy_image(image) }
    func channel(_ value: UInt32, _ mask: UInt) -> UInt {
        let shift = UInt(mask.trailingZeroBitCount)
        return (UInt(value) * (mask >> shift) / 255) << shift
    }
    let pixel = channel(color >> 16 & 0xFF, image.pointee.red_mask) | channel(color >> 8 & 0xFF, image.pointee.green_mask)
        | channel(color & 0xFF, image.pointee.blue_mask)
    for row in 0..<Int32(height) {
        for column in 0..<Int32(width) where cxft_get_pixel(image, column, row) == pixel { return true }
    }
    return false
}

/// One container with 10 clients (started by the bench with `--into`, each waited for until the container has
/// mapped it), given the focus as a window manager would; then `switches` Ctrl+Shift+l typed into it, each timed
/// from the l's press to the FocusIn of another client while that client is mapped (the bench's own events on the
/// clients' windows); then its VmHWM, and its wakeups over 5 s at rest after 1 s.
private func switchingRound(_ path: String, _ arguments: [String], clientPath: String, display: TestDisplay,
                            switches: Int) throws -> (milliseconds: [Double], failures: Int, peakKiB: Int, rest: (ticks: Int, wakeups: Int)) {
    let dpy = display.display
    let container = try Container(path, arguments, environment: nil)
    var clients = [DemoProcess]()
    defer {
        container.stop()
        for client in clients {
            client.process.terminate()
            _ = client.waitForExit(timeout: 10)
        }
    }
    var windows = Set<Window>()
    for i in 0..<10 {
        let client = try DemoProcess(arguments: ["--into", String(container.window), "--net-title", "client \(i)"], trace: false,
                                     executable: clientPath)
        clients.append(client)
        windows.insert(Window(traceNumber(try client.next("ready", timeout: 20)["window"]) ?? 0))
        _ = try client.next("mapped", timeout: 20)
    }
    var events = ClientEvents(windows: windows, display: dpy)
    XSetInputFocus(dpy, container.window, Int32(RevertToPointerRoot), UInt(CurrentTime))
    guard var current = events.awaitFocus(other: nil, timeout: 5) else {
        throw TabbedFailure(description: "\(path): no client was given the focus")
    }
    func key(_ keysym: Int32, down: Bool) {
        XTestFakeKeyEvent(dpy, UInt32(XKeysymToKeycode(dpy, KeySym(keysym))), down ? 1 : 0, 0)
    }
    var times = [Double](), failures = 0
    for _ in 0..<switches {
        key(XK_Control_L, down: true)
        key(XK_Shift_L, down: true)
        XSync(dpy, 0)
        usleep(TestDisplay.keyHoldMicroseconds)
        events.drain()
        let start = monotonicSeconds()
        key(XK_l, down: true)
        XFlush(dpy)
        if let next = events.awaitFocus(other: current, timeout: 2) {
            times.append((monotonicSeconds() - start) * 1000)
            current = next
        } else {
            failures += 1
        }
        key(XK_l, down: false)
        key(XK_Shift_L, down: false)
        key(XK_Control_L, down: false)
        XSync(dpy, 0)
        usleep(TestDisplay.keyHoldMicroseconds)
    }
    let peak = container.process.peakResidentKilobytes ?? 0
    usleep(1_000_000)
    let before = processActivity(container.pid)
    usleep(5_000_000)
    return (times, failures, peak, activity(from: before, to: processActivity(container.pid)))
}

/// What the bench hears about the clients' windows on its own connection: their map state and which has the focus.
private struct ClientEvents {
    let display: OpaquePointer
    private(set) var mapped = Set<Window>()
    private var focused: Window?
    private let windows: Set<Window>

    /// Selects StructureNotify and FocusChange on `windows` and reads their map state once.
    init(windows: Set<Window>, display: OpaquePointer) {
        self.windows = windows
        self.display = display
        // Events of an earlier round's windows, whose ids a new client may be given again, are dropped.
        XSync(display, 1)
        for window in windows {
            XSelectInput(display, window, StructureNotifyMask | FocusChangeMask)
            var attributes = XWindowAttributes()
            if XGetWindowAttributes(display, window, &attributes) != 0, attributes.map_state != IsUnmapped { mapped.insert(window) }
        }
    }

    /// Handles the events already received.
    mutating func drain() {
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            handle(event)
        }
    }

    /// Waits up to `timeout` seconds until a client other than `other` has the focus while mapped; that client.
    mutating func awaitFocus(other: Window?, timeout: Double) -> Window? {
        let deadline = monotonicSeconds() + timeout
        while true {
            drain()
            if let focused, focused != other, mapped.contains(focused) { return focused }
            let left = deadline - monotonicSeconds()
            if left <= 0 { return nil }
            _ = waitForInput(on: XConnectionNumber(display), milliseconds: Int32(left * 1000) + 1)
        }
    }

    private mutating func handle(_ event: XEvent) {
        switch event.type {
        case MapNotify where windows.contains(event.xmap.window): mapped.insert(event.xmap.window)
        case UnmapNotify where windows.contains(event.xunmap.window): mapped.remove(event.xunmap.window)
        // The focus set on the window (not the grab's own pair at the key press, nor the pointer's window).
        case FocusIn where windows.contains(event.xfocus.window) && event.xfocus.mode != NotifyGrab && event.xfocus.mode != NotifyUngrab
            && event.xfocus.detail != NotifyPointer:
            focused = event.xfocus.window
        default: break
        }
    }
}

/// The processes whose parent is `pid` (field 4 of /proc/*/stat).
func childProcesses(of pid: Int32) -> [Int32] {
    ((try? listDirectory("/proc")) ?? []).compactMap(Int32.init).filter { candidate in
        guard let stat = readFile("/proc/\(candidate)/stat"), let close = stat.lastIndex(of: ")") else { return false }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 && Int32(fields[1]) == pid
    }
}

/// The scenario's lines of the table.
func tabbedLines(_ report: TabbedReport) -> [String] {
    func ms(_ s: Summary, scale: Double = 1000) -> String {
        String(format: "%.1f [%.1f–%.1f]", s.median * scale, s.min * scale, s.max * scale)
    }
    let first = report.rows.first
    var lines = ["segmented-tabbed against tabbed, same run (xembed-client; median [min–max] of \(first?.firstFrameSeconds.count ?? 0) runs)"]
    lines.append("  program            first frame, 1 client ms   switch, \(report.clients) clients ms (median / p99 / max, n)   peak RSS MiB   at rest")
    for r in report.rows {
        let s = r.switchMilliseconds
        lines.append("  " + r.name.padding(toLength: 18, withPad: " ", startingAt: 0)
                     + " " + ms(r.firstFrameSeconds).padding(toLength: 26, withPad: " ", startingAt: 0)
                     + " " + String(format: "%.2f / %.2f / %.2f (%d)", s.median, s.p99, s.max, s.count).padding(toLength: 42, withPad: " ", startingAt: 0)
                     + " " + String(format: "%.1f", r.peakRSSKiB / 1024).padding(toLength: 14, withPad: " ", startingAt: 0)
                     + " \(r.restWakeups) wakeups, \(r.restCPUTicks) ticks in \(Int(r.restSeconds)) s"
                     + (r.failures > 0 ? "  (\(r.failures) failed)" : ""))
    }
    if let remote = first?.remoteFirstFrameSeconds {
        lines.append("  remote, through delay-proxy (\(remote.count) runs): first frame ms, round trips by then")
        for r in report.rows {
            guard let wall = r.remoteFirstFrameSeconds, let trips = r.remoteRoundTrips else { continue }
            lines.append("  " + r.name.padding(toLength: 18, withPad: " ", startingAt: 0) + " " + ms(wall).padding(toLength: 26, withPad: " ", startingAt: 0)
                         + String(format: " %.0f [%.0f–%.0f]", trips.median, trips.min, trips.max))
        }
    }
    return lines
}
