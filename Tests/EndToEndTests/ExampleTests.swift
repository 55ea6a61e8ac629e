import CX11
import Foundation
import TestSupport
import XCTest

/// The second host of the library, `two-strips`: two strips in one window.
final class ExampleTests: XCTestCase {
    func testTwoStripsExampleSelectsInTheClickedStripAndDrawsBothStyles() throws {
        let display = try Shared.display.get()
        display.parkPointer()
        let example = try DemoProcess(arguments: [], trace: false, executable: DemoProcess.builtProduct("two-strips"))
        defer { example.process.terminate() }
        let ready = try example.next("ready")
        let window = Window(try XCTUnwrap(ready["window"] as? Int))
        let strips = try XCTUnwrap(ready["strips"] as? [[String: Any]])
        XCTAssertEqual(strips.compactMap { $0["name"] as? String }, ["top", "bottom"])
        let bottom = strips[1]
        let (x, y, width) = (bottom["x"] as! Int, bottom["y"] as! Int, bottom["width"] as! Int)
        XCTAssertEqual([x, y, width, bottom["height"] as! Int], [0, 76, 480, 44])
        // Four titles spread over 480 px: the last one ends at the right inset.
        // The example says "ready" as it maps its window; a click lands once the server shows it.
        var attributes = XWindowAttributes()
        XCTAssertTrue(eventually {
            XGetWindowAttributes(display.display, window, &attributes) != 0 && attributes.map_state == IsViewable
        }, "the example's window is mapped")
        display.click(window, x: x + width - 20, y: y + 22)
        let select = try example.next("select")
        XCTAssertEqual(select["strip"] as? String, "bottom")
        XCTAssertEqual(select["index"] as? Int, 3)
        XCTAssertEqual(select["previousIndex"] as? Int, 1)
        XCTAssertEqual(select["userInitiated"] as? Bool, true)
        _ = try example.next("settled") { $0["strip"] as? String == "bottom" }
        // The bottom strip's box (blue at 15 % over white) behind the last title; the top strip's red underline still under its first.
        let image = try XCTUnwrap(display.pixels(window, width: 480, height: 136))
        let box: UInt32 = 0xDDEDFB
        XCTAssertGreaterThan(image.columns(inRow: y + 9, matching: box).filter { $0 > 360 }.count, 40)
        XCTAssertEqual(image.columns(inRow: y + 9, matching: box).filter { $0 < 360 }.count, 0)
        XCTAssertEqual(image.columns(inRow: 16 + 40, matching: 0xE53935).count, 30)
    }
}
