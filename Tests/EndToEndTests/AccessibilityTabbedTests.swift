import CX11
import Foundation
import TestSupport
import XCTest

// segmented-tabbed as a screen reader sees it, on AccessibilityTests' session:
// its page tab list names its clients' titles and follows a retitle, and the
// clients' windows stay theirs (the container's tree holds only its strip).
extension AccessibilityTests {
    func testTabbedsTabsAreItsClientsTitles() throws {
        let session = try bus()
        let container = try DemoProcess(arguments: ["-s"], environment: session.environment,
                                        executable: DemoProcess.builtProduct("segmented-tabbed"))
        defer { container.process.terminate() }
        let window = UInt(try XCTUnwrap(traceNumber(try container.next("ready", timeout: 30)["window"])))
        var clients: [DemoProcess] = []
        defer { for client in clients { client.process.terminate() } }
        for options in [["--net-title", "alpha"], ["--net-title", "beta"], ["--retitle", "2"]] {
            let client = try DemoProcess(arguments: ["--into", String(window), "--inside", "--info", "1"] + options, trace: false,
                                         executable: DemoProcess.builtProduct("xembed-client"))
            clients.append(client)
            _ = try container.next("adopted", timeout: 30)
        }
        // The third client retitles itself twice a second ("title 1", "title 2", ...): its tab's name follows.
        let pid = Int(container.process.processIdentifier)
        var names: [String?] = []
        XCTAssertTrue(eventually(timeout: 30, interval: 0.2) {
            names = (try? tabs(session, pid: pid))?.map { $0["name"] as? String } ?? []
            return names.count == 3 && names[2]?.hasPrefix("title ") == true
        }, "\(names)")
        XCTAssertEqual(Array(names.prefix(2)), ["alpha", "beta"])
        let app = try session.ask(["cmd": "tree", "pid": pid])
        XCTAssertEqual(children(app).count, 1, "one frame, the container's: \(app)")
    }
}
