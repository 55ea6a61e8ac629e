import CX11
import Foundation
@testable import SegmentedX11
import TestSupport
import XCTest

/// A host window's frame on the accessibility bus lives as long as its window:
/// a program that closes a window and goes on running (or whose window another
/// client destroys) leaves no empty, nameless frame behind. Checked on the
/// registry the bridge publishes from, which exists with or without a bus.
final class AccessibleFrameTests: XCTestCase {
    func testAClosedOrDestroyedWindowsFrameLeavesTheRegistry() throws {
        try MainActor.assumeIsolated {
            XDisplayConnection.installErrorHandlers(programName: "SegmentedX11Tests")
            let connection = try XDisplayConnection()
            @MainActor func host(_ title: String) -> HostWindow {
                HostWindow(connection: connection, width: 200, height: 60, background: 0xFFFFFF, title: title,
                           instanceName: "SegmentedX11Tests")
            }
            let closed = host("closed"), destroyed = host("destroyed"), kept = host("kept")
            let windows = [closed.window, destroyed.window, kept.window]
            XCTAssertEqual(windows.map { StripAccessibility.frame(of: $0)?.name(0) }, ["closed", "destroyed", "kept"])

            closed.close()
            XCTAssertNil(StripAccessibility.frame(of: windows[0]), "close() unregisters the frame")

            // Another client destroys the second window; its DestroyNotify reaches the host.
            var heard = false
            destroyed.destroyed = { heard = true }
            let other = try TestDisplay()
            XDestroyWindow(other.display, windows[1])
            XSync(other.display, 0)
            let deadline = Date().addingTimeInterval(5)
            while !heard, Date() < deadline {
                while XPending(connection.display) > 0 {
                    var event = XEvent()
                    XNextEvent(connection.display, &event)
                    destroyed.handle(&event)
                }
                if !heard { _ = waitForInput(on: XConnectionNumber(connection.display), milliseconds: 100) }
            }
            XCTAssertTrue(heard, "the DestroyNotify arrived")
            XCTAssertNil(StripAccessibility.frame(of: windows[1]), "a window destroyed elsewhere unregisters its frame")
            XCTAssertEqual(StripAccessibility.frame(of: windows[2])?.name(0), "kept", "the other frame stays")
            kept.close()
        }
    }
}
