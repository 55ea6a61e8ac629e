import Dispatch
import Glibc
import SegmentedCore
import SegmentedTitles
import SegmentedX11

/// Re-reads the titles file at `path` on SIGHUP, as daemons reread their
/// configuration, and applies it as a difference (`SegmentedStrip.setItems`:
/// matched by id, else by title, gliding, the selected item still selected
/// wherever it now is); a file that no longer reads is a warning and the
/// titles stay. Keep the source returned for as long as the program runs.
@MainActor
func reloadTitlesOnHangup(path: String, demo: DemoWindow, trace: Trace) -> any DispatchSourceSignal {
    let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .main)
    source.setEventHandler {
        MainActor.assumeIsolated {
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
    source.resume()
    return source
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
