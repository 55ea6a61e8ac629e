import CX11
import Foundation
import TestSupport
import XCTest

/// A drag on the strip whose release never reaches it: the window unmapped
/// mid-drag ends the pointer grab, so the button goes up over another window.
/// The drag must end there (reported as a release) and a pointer with no
/// button down must not go on scrolling the strip.
final class LostPressTests: XCTestCase {
    func testAStripDragLostMidwayEndsAndTheBarePointerScrollsNothing() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let demo = try RunningDemo()
        defer { demo.process.process.terminate() }
        /// The strip's pixels with the pointer parked, once the strip is at rest: with no button down it tells
        /// the title under the pointer (a strip that still drags tells none), then none once the pointer has
        /// left, after the frame without it is on the server (and every motion before it was handled).
        func stripPixels() throws -> [UInt32] {
            _ = try demo.process.next("hover") { !($0["index"] is NSNull) }
            display.parkPointer()
            _ = try demo.process.next("hover") { $0["index"] is NSNull }
            return try XCTUnwrap(display.pixels(demo.window, width: 400, height: 44)).pixels
        }
        display.move(demo.window, x: 300, y: 20)
        display.button(down: true)
        for x in stride(from: 290, through: 200, by: -10) {
            display.move(demo.window, x: x, y: 20)
            Hand.step()
        }
        Hand.rest(0.2)
        display.remap(demo.window)
        display.move(demo.window, x: 600, y: 400)   // off the window: the release goes elsewhere
        display.button(down: false)
        display.move(demo.window, x: 300, y: 20)
        func isRelease(_ event: [String: Any]) -> Bool { event["event"] as? String == "release" }
        _ = try? demo.process.next("release")    // what follows it is read from there on
        let ended = try XCTUnwrap(demo.process.allEvents.first(where: isRelease), "the lost drag is reported as released; stderr: \(demo.process.standardError)")
        XCTAssertEqual(ended["contentOffset"] as? Double, 100, "where the 100 px drag left it")
        XCTAssertEqual(ended["gliding"] as? Bool, false)
        let resting = try stripPixels()
        display.move(demo.window, x: 300, y: 20)
        for x in stride(from: 280, through: 60, by: -20) {
            display.move(demo.window, x: x, y: 20)
            Hand.step()
        }
        XCTAssertEqual(try stripPixels(), resting, "the strip does not follow a pointer with no button down")
        XCTAssertFalse(demo.process.allEvents.contains { $0["event"] as? String == "select" }, "nothing selected")
    }
}
