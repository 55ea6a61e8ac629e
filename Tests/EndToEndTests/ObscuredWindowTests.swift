import CX11
import Foundation
import TestSupport
import XCTest

/// A window mapped under an always-on-top fullscreen window gets no Expose:
/// its first frame still counts, and it is there when the window is uncovered.
final class ObscuredWindowTests: XCTestCase {
    func testAWindowMappedFullyCoveredStillHasItsFirstFrame() throws {
        let x = try TestDisplay()
        let display = x.display
        let root = XRootWindow(display, x.screen)
        // A fullscreen cover that no window manager moves (override-redirect), on top.
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.background_pixel = 0x000000
        let cover = XCreateWindow(display, root, 0, 0, UInt32(XDisplayWidth(display, x.screen)), UInt32(XDisplayHeight(display, x.screen)),
                                  0, XDefaultDepth(display, x.screen), UInt32(InputOutput), XDefaultVisual(display, x.screen),
                                  UInt(CWOverrideRedirect | CWBackPixel), &attributes)
        XMapRaised(display, cover)
        // Act as the window manager for one window: it is put below the cover before it is mapped.
        XSelectInput(display, root, SubstructureRedirectMask)
        XSync(display, 0)
        defer {
            XSelectInput(display, root, 0)
            XDestroyWindow(display, cover)
            XSync(display, 0)
        }

        let demo = try DemoProcess(arguments: ["--exit-after-first-frame"])
        let ready = try demo.next("ready")
        let window = Window(try XCTUnwrap(traceNumber(ready["window"])))
        var mapped = false
        let deadline = Date().addingTimeInterval(20)
        while !mapped, Date() < deadline {
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                if event.type == MapRequest, event.xmaprequest.window == window {
                    var changes = XWindowChanges()
                    changes.sibling = cover
                    changes.stack_mode = Below
                    XConfigureWindow(display, window, UInt32(CWSibling | CWStackMode), &changes)
                    XMapWindow(display, window)
                    XSync(display, 0)
                    mapped = true
                } else if event.type == ConfigureRequest {
                    var changes = XWindowChanges()
                    changes.x = event.xconfigurerequest.x
                    changes.y = event.xconfigurerequest.y
                    changes.width = event.xconfigurerequest.width
                    changes.height = event.xconfigurerequest.height
                    XConfigureWindow(display, event.xconfigurerequest.window,
                                     UInt32(event.xconfigurerequest.value_mask) & UInt32(CWX | CWY | CWWidth | CWHeight), &changes)
                }
            }
            if !mapped { _ = waitForInput(on: XConnectionNumber(display), milliseconds: 100) }
        }
        XCTAssertTrue(mapped, "the demo asked to be mapped")
        // --exit-after-first-frame exits 0: the first frame counted although no Expose came.
        _ = try demo.next("firstFrame", timeout: 10)
        XCTAssertEqual(demo.waitForExit(timeout: 10), 0, demo.standardError)
    }
}
