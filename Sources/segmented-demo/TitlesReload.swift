import Dispatch
import Glibc
import SegmentedTitles
import SegmentedX11

/// Re-reads the titles file at `path` on SIGHUP, as daemons reread their
/// configuration, and hands the titles to the strip and the pages; a file
/// that no longer reads is a warning and the titles stay. Keep the source
/// returned for as long as the program runs.
@MainActor
func reloadTitlesOnHangup(path: String, demo: DemoWindow, trace: Trace) -> any DispatchSourceSignal {
    let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .main)
    source.setEventHandler {
        MainActor.assumeIsolated {
            do {
                let fresh = try TitlesFile.loadContents(path: path)
                demo.demoPages.titles = fresh.titles
                try demo.strip.setItems(titles: fresh.titles, details: fresh.details)
                trace.emit("titles", ["count": fresh.titles.count, "selectedIndex": demo.strip.selectedIndex.map { $0 as Any } ?? JSONNull()])
            } catch {
                warn("\(error); the titles stay as they were")
            }
        }
    }
    source.resume()
    return source
}
