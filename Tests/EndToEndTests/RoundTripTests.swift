import CX11
import Foundation
import TestSupport
import XCTest

/// Round trips counted by the delaying proxy (bench/delay-proxy): over
/// `ssh -X` each costs a network round-trip time, so startup makes as few as
/// it can and no frame of a tween or a drag waits for a reply. Counts, not
/// timings: they do not depend on the machine's load.
final class RoundTripTests: XCTestCase {
    /// The round trips in a verbose proxy log, by connection, in order ("QueryExtension(RENDER)", "InternAtom (opcode 16)").
    private func roundTrips(in log: String) -> [Int: [String]] {
        var result = [Int: [String]]()
        for line in log.split(separator: "\n") where line.contains(" round trip ") {
            // delay-proxy: connection 2 round trip 7: InternAtom (opcode 16)
            let words = line.split(separator: " ")
            guard words.count > 5, let connection = Int(words[2]), let colon = line.range(of: ": ", options: .backwards) else { continue }
            result[connection, default: []].append(String(line[colon.upperBound...]))
        }
        return result
    }

    func testStartupMakesXOpenDisplaysRoundTripsAndFourMore() throws {
        let target = try XCTUnwrap(ProcessInfo.processInfo.environment["DISPLAY"])
        let proxy = try DelayProxy(target: target, delayMilliseconds: 0, verbose: true)
        // What XOpenDisplay alone costs on this server and this Xlib (the
        // floor of every Xlib program): a connection of the test's own.
        let bare = try XCTUnwrap(XOpenDisplay(proxy.name))
        let opening = proxy.counts.roundTrips
        XCloseDisplay(bare)
        let before = proxy.counts.roundTrips
        let run = try DemoProcess.runToEnd(["--exit-after-first-frame"], environment: proxy.environment)
        XCTAssertEqual(run.status, 0, run.stderr)
        let demoRoundTrips = proxy.counts.roundTrips - before
        let log = roundTrips(in: proxy.stopAndReadLog())
        let demo = try XCTUnwrap(log[2], "the demo's connection is the proxy's second")
        XCTAssertEqual(Array(demo.prefix(opening)), Array(try XCTUnwrap(log[1]).prefix(opening)), "XOpenDisplay's own first")
        // Then: every atom in one batch, Xft's RENDER queries, and the sync
        // that puts the first frame on the server. No XInput 2, cursors
        // (XFIXES) or extra syncs: those come after the first frame.
        XCTAssertEqual(Array(demo.dropFirst(opening)),
                       ["InternAtom (opcode 16)", "QueryExtension(RENDER)", "RENDER minor 1", "GetInputFocus (XSync) (opcode 43)"])
        XCTAssertEqual(demoRoundTrips, opening + 4, "\(log)")
    }

    func testNoFrameOfATweenOrADragWaitsForAReply() throws {
        let target = try XCTUnwrap(ProcessInfo.processInfo.environment["DISPLAY"])
        let proxy = try DelayProxy(target: target, delayMilliseconds: 2)
        let display = try Shared.display.get()
        display.parkPointer()
        let demo = try DemoProcess(arguments: [], environment: proxy.environment)
        defer { demo.process.terminate() }
        let window = Window(try XCTUnwrap(traceNumber(try demo.next("ready")["window"])))
        _ = try demo.next("firstFrame")
        _ = try demo.next("startupFinished")
        display.move(window, x: 330, y: 22)
        _ = try demo.next("hover")
        let beforeClick = proxy.counts
        display.button(down: true)
        display.button(down: false)
        _ = try demo.next("select")
        _ = try demo.next("settled")
        let afterTween = proxy.counts
        XCTAssertGreaterThan(afterTween.requests - beforeClick.requests, 10, "the tween's frames went through the proxy")
        XCTAssertEqual(afterTween.roundTrips - beforeClick.roundTrips, 1,
                       "one sync after the last frame (so that `settled` is said with it on the server); none during the tween")
        display.slowDrag(window, x: 330, y: 22, step: -15, steps: 12)
        XCTAssertEqual(try demo.next("scroll")["cause"] as? String, "drag")
        let afterDrag = proxy.counts
        XCTAssertGreaterThan(afterDrag.requests - afterTween.requests, 10, "the drag's frames went through the proxy")
        XCTAssertEqual(afterDrag.roundTrips - afterTween.roundTrips, 1, "one sync once the drag has come to rest; none during it")
    }
}
