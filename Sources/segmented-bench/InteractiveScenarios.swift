import CX11
import Foundation
import TestSupport

struct FrameCostResult: Encodable {
    let titles: Int
    /// "titles", or "items" (each with an icon and a badge).
    let kind: String
    let tweenMicros: Summary
    let dragMicros: Summary
    /// A swipe of the linked pages: the paged view's frames while dragged, and the strip's frames meanwhile (it follows the page position).
    let swipePagesMicros: Summary
    let swipeStripMicros: Summary
    /// The strip's frames while items moved (the reorder keys) and closed (a middle-click), gliding each time.
    let itemChangeMicros: Summary
}

struct PacingResult: Encodable {
    let framesPerTween: Summary
    let longestGapMilliseconds: Double
}

struct IdleResult: Encodable {
    let phase: String
    let seconds: Double
    let cpuTicks: Int
    let wakeups: Int
}

/// Drives the real demo (with `--trace --frame-stats`) through XTest.
final class DemoDriver {
    let demo: DemoProcess
    let display: TestDisplay
    let window: Window
    /// Where the page area begins in the window, pixels.
    let pageAreaTop: Int

    init(display: TestDisplay, arguments: [String], environment: [String: String]? = nil) throws {
        self.display = display
        display.parkPointer()
        demo = try DemoProcess(arguments: ["--frame-stats"] + arguments, environment: environment)
        let ready = try demo.next("ready")
        window = Window(traceNumber(ready["window"]) ?? 0)
        pageAreaTop = Int(traceNumber(ready["pageAreaTop"]) ?? 45)
        _ = try demo.next("firstFrame")
    }

    deinit {
        display.key(window, keysym: XK_Escape)
        _ = demo.waitForExit(timeout: 10)
    }

    /// Clicks `count` times alternately near the left and right of the strip, waiting for each to settle.
    func selectionTweens(_ count: Int) throws {
        for i in 0..<count {
            display.click(window, x: i % 2 == 0 ? 330 : 70, y: 22)
            _ = try demo.next("settled")
        }
    }

    /// A drag of `steps` motions 8 ms apart, resting before the release (no glide).
    func drag(steps: Int) throws {
        display.move(window, x: 300, y: 22)
        display.button(down: true)
        for i in 1...steps {
            display.move(window, x: 300 + (i % 20 < 10 ? -i % 10 * 12 : (i % 10) * 12 - 120), y: 22)
            usleep(8_000)
        }
        usleep(100_000)
        display.button(down: false)
        _ = try demo.next("scroll")
    }

    /// A swipe of the pages: `steps` motions 8 ms apart, to and fro within a page and a half, resting before the release.
    /// - Returns: the trace events from its start to the pages' settle.
    func swipe(steps: Int) throws -> ArraySlice<[String: Any]> {
        let start = demo.allEvents.count
        let y = pageAreaTop + 60
        display.move(window, x: 300, y: y)
        display.button(down: true)
        for i in 1...steps {
            display.move(window, x: 300 - (i % 40 < 20 ? i % 20 : 20 - i % 20) * 12, y: y)
            usleep(8_000)
        }
        usleep(100_000)
        display.button(down: false)
        _ = try demo.next("pageSettled")
        return demo.allEvents[start...]
    }

    /// `count` moves of the selected item (Ctrl+Shift+Page Down and Up in turn), a reorder drag (a held
    /// press lifts a title, 200 px of motion take it past a neighbour or more) and `count` middle-click
    /// closes left of the center, each waited for until it settles (the demo runs with `--closable on --reorderable on`).
    /// - Returns: the trace events from the first change to the last settle.
    func itemChanges(_ count: Int) throws -> ArraySlice<[String: Any]> {
        let start = demo.allEvents.count
        for i in 0..<count {
            display.modifier(XK_Control_L, down: true)
            display.key(window, keysym: i % 2 == 0 ? XK_Page_Down : XK_Page_Up, holding: XK_Shift_L)
            display.modifier(XK_Control_L, down: false)
            _ = try demo.next("settled")
        }
        // A reorder drag: a press held still lifts the title under it, then 200 px of motion take it past neighbours.
        display.move(window, x: 150, y: 22)
        display.button(1, down: true)
        _ = try demo.next("lifted")
        for step in 1...25 { display.move(window, x: 150 + 8 * step, y: 22) }
        _ = try demo.next("moved")
        display.button(1, down: false)
        _ = try demo.next("dropped")
        _ = try demo.next("settled")
        for _ in 0..<count {
            display.move(window, x: 150, y: 22)
            display.button(2, down: true)
            display.button(2, down: false)
            _ = try demo.next("closed")
            _ = try demo.next("settled")
        }
        return demo.allEvents[start...]
    }

    var frames: [[String: Any]] { demo.allEvents.filter { $0["event"] as? String == "frame" } }
}

/// CPU per painted frame during selection tweens and during a drag.
func measureFrameCost(display: TestDisplay, titlesFile: String, titles: Int, kind: String = "titles", select: Int) throws -> FrameCostResult {
    let driver = try DemoDriver(display: display, arguments: ["--titles-file", titlesFile, "--select", String(select),
                                                              "--closable", "on", "--reorderable", "on"])
    try driver.selectionTweens(24)
    try driver.drag(steps: 200)
    let frames = driver.frames
    func micros<S: Sequence>(_ events: S, _ predicate: ([String: Any]) -> Bool) -> Summary where S.Element == [String: Any] {
        Summary(events.filter(predicate).compactMap { traceNumber($0["cpuMicros"]) })
    }
    let swipe = try driver.swipe(steps: 200)
    let changes = try driver.itemChanges(6)   // 6 closes leave 4 of the 10 titles
    return FrameCostResult(titles: titles, kind: kind,
                           tweenMicros: micros(frames) { $0["animating"] as? Bool == true && $0["dragging"] as? Bool != true },
                           dragMicros: micros(frames) { $0["dragging"] as? Bool == true },
                           swipePagesMicros: micros(swipe) { $0["event"] as? String == "pageFrame" && $0["dragging"] as? Bool == true },
                           swipeStripMicros: micros(swipe) { $0["event"] as? String == "frame" },
                           itemChangeMicros: micros(changes) { $0["event"] as? String == "frame" })
}

/// Frames delivered during each of `tweens` 0.3 s selection tweens, and the longest gap between two frames of one.
func measurePacing(display: TestDisplay, tweens: Int) throws -> PacingResult {
    let driver = try DemoDriver(display: display, arguments: [])
    var counts = [Double](), longest = 0.0
    for _ in 0..<tweens {
        usleep(300_000)
        let before = driver.frames.count
        try driver.selectionTweens(1)
        let times = driver.frames.dropFirst(before).filter { $0["animating"] as? Bool == true }.compactMap { traceNumber($0["time"]) }
        counts.append(Double(times.count))
        longest = max(longest, zip(times.dropFirst(), times).map { $0 - $1 }.max() ?? 0)
    }
    return PacingResult(framesPerTween: Summary(counts), longestGapMilliseconds: longest * 1000)
}

/// Timer wakeups (context switches of every thread) and CPU ticks over `seconds` with no input:
/// after startup, and after an animation has settled.
func measureIdle(display: TestDisplay, seconds: Double) throws -> [IdleResult] {
    let driver = try DemoDriver(display: display, arguments: [])
    let pid = driver.demo.process.processIdentifier
    func quiet(_ phase: String) -> IdleResult {
        usleep(500_000)
        let a = processActivity(pid)
        usleep(UInt32(seconds * 1e6))
        let idle = activity(from: a, to: processActivity(pid))
        return IdleResult(phase: phase, seconds: seconds, cpuTicks: idle.ticks, wakeups: idle.wakeups)
    }
    let afterStartup = quiet("after startup")
    try driver.selectionTweens(1)
    let afterAnimation = quiet("after an animation")
    return [afterStartup, afterAnimation]
}

struct PopupListResult: Encodable {
    let titles: Int
    /// From the Menu key's handling to the rows on the server (the demo's `openMilliseconds`), per opening.
    let openMilliseconds: Summary
    /// CPU of each drawing of the rows while Page Down, Page Up and wheel notches move them.
    let frameMicros: Summary
}

/// The popup list of every title over `titlesFile`: opened `opens` times with
/// the Menu key, each time moved by 10 Page Downs, 10 wheel notches down and 10
/// Page Ups, then closed with Escape.
func measurePopupList(display: TestDisplay, titlesFile: String, titles: Int, select: Int, opens: Int) throws -> PopupListResult {
    let driver = try DemoDriver(display: display, arguments: ["--titles-file", titlesFile, "--select", String(select)])
    var opened = [Double]()
    let start = driver.demo.allEvents.count
    for _ in 0..<opens {
        display.key(driver.window, keysym: XK_Menu)
        let popup = try driver.demo.next("popup")
        opened.append(traceNumber(popup["openMilliseconds"]) ?? .infinity)
        let frame = popup["frame"] as? [String: Any]
        display.move(driver.window, x: Int(traceNumber(frame?["x"]) ?? 0) + 20, y: Int(traceNumber(frame?["y"]) ?? 0) + 20)
        for _ in 0..<10 { display.key(driver.window, keysym: XK_Page_Down) }
        for _ in 0..<10 {
            display.button(5, down: true)
            display.button(5, down: false)
        }
        for _ in 0..<10 { display.key(driver.window, keysym: XK_Page_Up) }
        display.key(driver.window, keysym: XK_Escape)
        _ = try driver.demo.next("popup")
    }
    let frames = driver.demo.allEvents[start...].filter { $0["event"] as? String == "popupFrame" }.compactMap { traceNumber($0["cpuMicros"]) }
    return PopupListResult(titles: titles, openMilliseconds: Summary(opened), frameMicros: Summary(frames))
}
