import Foundation
import SegmentedX11
import TestSupport
import XCTest

/// A display that cannot be opened for the process's own reasons says which.
final class DisplayOpeningTests: XCTestCase {
    /// With no descriptor left for the socket (this process's open-file limit
    /// lowered so that none, or only three, are free below it: Xlib's
    /// captured standard error takes those), the message gives that reason
    /// and the limit, not the display's name alone; nothing is left open.
    /// With two free the display opens: the capture's pipe is given back.
    func testNoDescriptorLeftIsSaid() throws {
        guard let name = ProcessInfo.processInfo.environment["DISPLAY"], !name.isEmpty else { throw XCTSkip("no $DISPLAY") }
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        var saved = rlimit()
        XCTAssertEqual(getrlimit(resource, &saved), 0)
        for free in [0, 3, 2] {
            let before = Self.freeDescriptors(4)
            var tight = saved
            tight.rlim_cur = rlim_t(before[free])   // `free` free numbers below it
            XCTAssertEqual(setrlimit(resource, &tight), 0)
            do {
                let opened = MainActor.assumeIsolated { Result { try XDisplayConnection(name: name) } }
                XCTAssertEqual(setrlimit(resource, &saved), 0)
                if free == 2 {
                    // The pipe is made, its copy of stderr is not: the pipe stayed open, and the socket then failed.
                    XCTAssertNoThrow(try opened.get(), "2 free")
                } else {
                    XCTAssertThrowsError(try opened.get(), "\(free) free") { error in
                        XCTAssertEqual("\(error)", "cannot open display '\(name)': too many open files (the open-file limit, ulimit -n, is \(before[free]))")
                    }
                }
            }
            XCTAssertEqual(Self.freeDescriptors(4), before, "\(free) free: nothing left open")
        }
    }

    /// The `count` lowest descriptor numbers that are free.
    private static func freeDescriptors(_ count: Int) -> [Int32] {
        var free: [Int32] = []
        var fd: Int32 = 0
        while free.count < count {
            if fcntl(fd, F_GETFD) == -1 { free.append(fd) }
            fd += 1
        }
        return free
    }
}
