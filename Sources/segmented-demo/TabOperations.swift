import Dispatch
import Glibc
import SegmentedCore
import SegmentedTitles
import SegmentedX11

/// What a SIGHUP does, once the strip exists (`reloadTitlesOnHangup`); nil before.
@MainActor var onHangup: (() -> Void)?

/// Calls `onHangup` on the main queue for every SIGHUP; keep the source
/// returned for as long as the program runs.
///
/// Made at the start, with the other signals' sources and on their queue
/// (`waitForSignalSources` waits for it). The main queue runs no block before
/// `dispatchMain()`, so a SIGHUP sent during startup reloads once the strip
/// exists.
func readHangups() -> any DispatchSourceSignal {
    let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: signalQueue)
    source.setEventHandler { @Sendable in
        DispatchQueue.main.async {
            MainActor.assumeIsolated { onHangup?() }
        }
    }
    resumeCounted(source)
    return source
}

/// Makes SIGHUP re-read the titles file at `path`, as daemons reread their
/// configuration, and apply it as a difference (`SegmentedStrip.setItems`:
/// matched by id, else by title, gliding, the selected item still selected
/// wherever it now is); a file that no longer reads is a warning and the
/// titles stay.
@MainActor
func reloadTitlesOnHangup(path: String, demo: DemoWindow, trace: Trace) {
    onHangup = {
        do {
            let fresh = try TitlesFile.loadContents(path: path)
            try demo.strip.setItems(titles: fresh.titles, details: fresh.details)
            demo.demoPages.titles = demo.strip.titles
            trace.emit("titles", ["count": fresh.titles.count, "selectedIndex": demo.strip.selectedIndex.map { $0 as Any } ?? JSONNull(),
                                  "page": demo.pages.pagePosition, "pageCount": demo.pages.pageCount])
        } catch {
            warn("\(error); the titles stay as they were")
        }
    }
}

/// The demo's tabs that move and close: it closes what the user asks to
/// close (`closable`), its pages follow every change, and the trace says
/// `moved`, `closed`, `lifted` and `dropped` (docs/trace.md).
@MainActor
func handleTabOperations(of demo: DemoWindow, trace: Trace) {
    demo.strip.callbacks.closeRequested = { [unowned demo] strip, index in
        let title = strip.titles[index]
        guard (try? strip.closeItem(at: index)) != nil else { return }
        trace.emit("closed", ["index": index, "title": title, "count": strip.titles.count,
                              "selectedIndex": strip.selectedIndex.map { $0 as Any } ?? JSONNull(),
                              "page": demo.pages.pageCount == 0 ? JSONNull() : demo.pages.pagePosition as Any,
                              "pageCount": demo.pages.pageCount])
    }
    demo.strip.callbacks.itemsChanged = { [unowned demo] strip, changes in
        demo.demoPages.titles = strip.titles
        // The moves as they were made: a reload's steps come together, so each names its own item.
        for change in changes {
            guard case let .moved(from, to) = change.kind else { continue }
            trace.emit("moved", ["from": from, "to": to, "title": change.title, "page": demo.pages.pagePosition])
        }
    }
    demo.strip.callbacks.reorderBegan = { strip, index in
        trace.emit("lifted", ["index": index, "title": strip.titles[index]])
    }
    demo.strip.callbacks.reorderEnded = { strip, from, to, cancelled in
        trace.emit("dropped", ["from": from, "to": to, "title": strip.titles[to], "cancelled": cancelled])
    }
}
