import CX11
import Foundation
import SegmentedCore
@testable import SegmentedX11
import TestSupport
import XCTest

/// What the pixel tests of strips share: one X connection and event loop for
/// the process, the test's own reading connection, a 400 × 60 host with a
/// strip for each test, and the cleanup a host owes (the strip leaves the
/// loop and is destroyed, the host closes, Xlib's queue is drained).
@MainActor
final class PixelStripStage {
    /// The strips' connection and its loop, and the test's reading connection.
    private static let shared = Result { () throws -> (XDisplayConnection, XEventLoop, TestDisplay) in
        XDisplayConnection.installErrorHandlers(programName: "SegmentedX11Tests")
        let connection = try XDisplayConnection()
        return (connection, XEventLoop(connection: connection), try TestDisplay())
    }
    private var host: HostWindow?
    private var strip: SegmentedStrip?
    /// The test's own connection, for reading pixels.
    var user: TestDisplay { try! Self.shared.get().2 }

    /// A strip of `items` in `style` (400 × `height`) in a new host named `title`, 400 × 60 or as tall as
    /// the strip, its first frame drawn, and then the icons that frame asked for (decoded on a thread of
    /// their own: the first frame leaves their slots empty) drawn and on the server.
    /// - Throws: when the display or the strip cannot be opened.
    func show(_ items: [SegmentItem], style: StripStyle, title: String, height: Int = 44) throws -> SegmentedStrip {
        let (connection, loop, user) = try Self.shared.get()
        user.parkPointer()
        let host = HostWindow(connection: connection, width: 400, height: max(60, height), background: 0xFFFFFF, title: title,
                              instanceName: "SegmentedX11Tests")
        self.host = host
        loop.handler = { event in host.handle(&event) }
        let strip = try SegmentedStrip(connection: connection, parent: host.window, frame: PixelRect(x: 0, y: 0, width: 400, height: height),
                                       items: items, style: style)
        var drawn = false
        strip.callbacks.firstFrame = { _ in drawn = true }
        loop.add(strip)
        self.strip = strip
        host.map()
        loop.start()
        run(until: { drawn }, "first frame")
        run(until: { strip.iconCounts.pending == 0 && !strip.needsPaint }, "the icons drawn")
        XSync(connection.display, 0)
        return strip
    }

    /// Runs the main run loop until `condition` holds, at most 10 s (then a failure naming `message`).
    func run(until condition: () -> Bool, _ message: String) {
        let deadline = Date().addingTimeInterval(10)
        while !condition(), Date() < deadline {
            _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.01))
        }
        XCTAssertTrue(condition(), "timed out waiting for: \(message)")
    }

    /// Removes the strip and its host, as a host should.
    func tearDown() {
        if let strip, let loop = try? Self.shared.get().1 {
            loop.remove(strip)
            strip.destroy()
        }
        host?.close()
        (strip, host) = (nil, nil)
        _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.05))
        guard let display = try? Self.shared.get().0.display else { return }
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
        }
    }
}
