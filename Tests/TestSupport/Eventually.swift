import Foundation

/// Asks `condition` again every `interval` seconds until it holds or
/// `timeout` seconds pass; returns whether it held.
///
/// For what no event tells the test, such as another client's pixels on the
/// server: a condition with a deadline, in place of a fixed sleep.
public func eventually(timeout: Double = 10, interval: Double = 0.01, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
        if try condition() { return true }
        if Date() >= deadline { return false }
        Thread.sleep(forTimeInterval: interval)
    }
}

/// Waits up to `milliseconds` for `fd` to have something to read (poll(2));
/// returns whether it has.
public func waitForInput(on fd: Int32, milliseconds: Int32) -> Bool {
    var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, milliseconds) > 0 && entry.revents & Int16(POLLIN) != 0
}
