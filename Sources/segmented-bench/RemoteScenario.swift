import CX11
import Foundation
import TestSupport

/// Startup of one program over the delaying proxy.
struct RemoteStartupResult: Encodable {
    let name: String
    let wallSeconds: Summary
    /// Replies the program sat waiting for (the proxy's count), per run.
    let roundTrips: Summary
    let failures: Int
}

/// A click and a drag over the delaying proxy.
struct InteractionResult: Encodable {
    /// From the click (sent to the server directly, as a user at the screen) to the `settled` trace line, seconds:
    /// half a round trip for the click to reach the demo, the tween, and the sync that confirms its last frame.
    let clickToSettledSeconds: Summary
    /// From the `select` trace line (the click has reached the demo) to `settled`, seconds.
    let selectToSettledSeconds: Summary
    /// The target: the 0.3 s tween and one round trip (the sync that puts its last frame on the server).
    let targetSeconds: Double
    /// Round trips from `select` to `settled` less the one sync after the last frame, per click.
    let tweenRoundTrips: Summary
    /// Round trips from the press to the drag's `scroll` report less the one sync once it rests, per drag.
    let dragRoundTrips: Summary
}

struct RemoteReport: Encodable {
    let delayMillisecondsEachWay: Double
    let startup: [RemoteStartupResult]
    let interaction: InteractionResult
}

/// Startup to first frame of every subject through `proxy`, in turn, round
/// after round (after `warmup` uncounted rounds), with the round trips each made.
func measureRemoteStartup(_ subjects: [StartupSubject], proxy: DelayProxy, runs: Int, warmup: Int, helper: String) -> [RemoteStartupResult] {
    var walls = [[Double]](repeating: [], count: subjects.count)
    var trips = [[Double]](repeating: [], count: subjects.count)
    var failures = [Int](repeating: 0, count: subjects.count)
    for round in 0..<(warmup + runs) {
        for (i, subject) in subjects.enumerated() {
            let before = proxy.counts.roundTrips
            let cost = measureProcess(subject.path, subject.arguments, helper: helper, environment: proxy.environment)
            let made = proxy.counts.roundTrips - before
            guard round >= warmup else { continue }
            if cost.status == 0 {
                walls[i].append(cost.wall)
                trips[i].append(Double(made))
            } else {
                failures[i] += 1
            }
        }
    }
    return subjects.enumerated().map { i, subject in
        RemoteStartupResult(name: subject.name, wallSeconds: Summary(walls[i]), roundTrips: Summary(trips[i]), failures: failures[i])
    }
}

/// `clicks` selection tweens and `drags` drags of the demo running through
/// `proxy`, driven through XTest on `display` (the server itself, as a user
/// at the remote screen would): how long a click takes to settle, and the
/// round trips made while things move.
func measureRemoteInteraction(display: TestDisplay, proxy: DelayProxy, roundTripSeconds: Double, clicks: Int, drags: Int) throws -> InteractionResult {
    display.parkPointer()
    let demo = try DemoProcess(arguments: [], environment: proxy.environment)
    defer {
        demo.process.terminate()
        _ = demo.waitForExit(timeout: 5)
    }
    let window = Window(traceNumber(try demo.next("ready")["window"]) ?? 0)
    _ = try demo.next("firstFrame")
    _ = try demo.next("startupFinished")
    var settle = [Double](), selectSettle = [Double](), tween = [Double](), drag = [Double]()
    for i in 0..<clicks {
        display.move(window, x: i % 2 == 0 ? 330 : 70, y: 22)
        usleep(200_000)   // the hover it causes is told (one sync) before the click
        let start = monotonicSeconds()
        display.button(down: true)
        display.button(down: false)
        _ = try demo.next("select")
        let selectedAt = monotonicSeconds()
        let selected = proxy.counts.roundTrips
        _ = try demo.next("settled")
        let settledAt = monotonicSeconds()
        settle.append(settledAt - start)
        selectSettle.append(settledAt - selectedAt)
        tween.append(Double(proxy.counts.roundTrips - selected - 1))
    }
    for _ in 0..<drags {
        display.move(window, x: 330, y: 22)
        usleep(200_000)
        let before = proxy.counts.roundTrips
        display.slowDrag(window, x: 330, y: 22, step: -15, steps: 12)
        _ = try demo.next("scroll")
        drag.append(Double(proxy.counts.roundTrips - before - 1))
        usleep(200_000)
    }
    return InteractionResult(clickToSettledSeconds: Summary(settle), selectToSettledSeconds: Summary(selectSettle), targetSeconds: 0.3 + roundTripSeconds,
                             tweenRoundTrips: Summary(tween), dragRoundTrips: Summary(drag))
}
