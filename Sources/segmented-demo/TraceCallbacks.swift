import Glibc
import SegmentedCore
import SegmentedTitles
import SegmentedX11

/// The layout a trace line reports: selection, offsets, widths, segments and indicator.
@MainActor
func layoutFields(_ snapshot: StripSnapshot) -> [String: Any] {
    let p = snapshot.presentation
    var fields: [String: Any] = [
        "selectedIndex": snapshot.selectedIndex.map { $0 as Any } ?? JSONNull(),
        "contentOffset": p.contentOffset,
        "contentWidth": p.layout.contentWidth,
        "viewportWidth": snapshot.viewportWidth,
    ]
    fields.merge(Trace.segmentFields(p.layout, contentOffset: p.contentOffset, viewportWidth: snapshot.viewportWidth)) { a, _ in a }
    fields["indicator"] = p.indicator.map { Trace.rect($0) as Any } ?? JSONNull()
    return fields
}

/// The ready report; its content width and wheel step measure every title,
/// so a long list is measured before the first frame when tracing.
@MainActor
func emitReady(_ demo: DemoWindow, trace: Trace) {
    guard trace.enabled else { return }
    let window = demo.strip
    let snapshot = window.snapshot
    var fields = layoutFields(snapshot)
    fields["count"] = snapshot.titles.count
    fields["window"] = Int(demo.host.window)
    fields["stripWindow"] = Int(window.window)
    fields["viewportHeight"] = demo.hostHeight
    fields["pagesWindow"] = Int(demo.pages.window)
    fields["pageAreaTop"] = demo.pageAreaTop
    fields["pageCount"] = demo.pages.pageCount
    fields["stripHeight"] = snapshot.metrics.stripHeight
    fields["wheelStep"] = snapshot.wheelStep
    fields["direction"] = window.style.direction.rawValue
    fields["scale"] = window.style.scale
    fields["reducedMotion"] = window.style.motion.reducesMotion
    fields["clickSlop"] = window.style.layoutMetrics.clickSlop
    fields["fonts"] = [
        "unselected": window.fontChains.unselected.familyNames,
        "selected": window.fontChains.selected.familyNames,
    ]
    trace.emit("ready", fields)
}

/// Hands the strip's and the pages' callbacks to the trace (docs/trace.md),
/// and `--exit-after-first-frame` its exit.
@MainActor
func traceCallbacks(of demo: DemoWindow, to trace: Trace, options: DemoOptions, startTime: Double) {
    let strip = demo.strip, pages = demo.pages
    strip.callbacks.firstFrame = { _ in
        trace.emit("firstFrame", ["elapsedSeconds": SegmentedStrip.now() - startTime])
        if options.exitAfterFirstFrame {
            // The frame is on the server (the strip synced before saying so);
            // closing the connection takes the window with it, without another round trip.
            exit(0)
        }
    }
    strip.callbacks.startupFinished = { window in trace.emit("startupFinished", ["xinput2": window.usesXInput2]) }
    strip.callbacks.refreshRateChanged = { window in trace.emit("refreshRate", ["hertz": 1 / window.frameInterval]) }
    strip.callbacks.selectionChanged = { window, change in
        guard let new = change.newIndex else { return }
        trace.emit("select", ["index": new, "title": window.snapshot.titles[new], "cause": change.cause.rawValue,
                              "previousIndex": change.oldIndex.map { $0 as Any } ?? JSONNull(), "sameItem": change.isSameItem])
    }
    strip.callbacks.reselected = { window, index in trace.emit("reselected", ["index": index, "title": window.titles[index]]) }
    strip.callbacks.settled = { window in trace.emit("settled", layoutFields(window.snapshot)) }
    strip.callbacks.iconsLoaded = { _, counts in
        trace.emit("icons", ["decoded": counts.decoded, "failed": counts.failed, "pending": counts.pending])
    }
    strip.callbacks.released = { window, release in
        trace.emit("release", ["contentOffset": release.contentOffset, "velocity": release.velocity, "gliding": release.isGliding,
                               "motionUpdates": window.motionUpdatesInLastPress])
    }
    strip.callbacks.scrolled = { window, cause in
        let snapshot = window.snapshot
        trace.emit("scroll", ["contentOffset": snapshot.presentation.contentOffset, "cause": cause.rawValue,
                              "maximumOffset": snapshot.maximumOffset])
    }
    strip.callbacks.hoverChanged = { _, index in
        trace.emit("hover", ["index": index.map { $0 as Any } ?? JSONNull(), "cursor": index == nil ? "arrow" : "hand",
                             "closeButton": strip.hoveredCloseButtonIndex != nil])
    }
    strip.callbacks.tooltipChanged = { window, index in
        guard index != nil, let shown = window.shownTooltip else { return trace.emit("tooltip", ["index": JSONNull(), "shown": false]) }
        let frame = shown.frame
        trace.emit("tooltip", ["index": shown.index, "shown": true, "window": Int(window.tooltipWindowID), "lines": shown.lines,
                               "frame": ["x": frame.x, "y": frame.y, "width": frame.width, "height": frame.height]])
    }
    strip.callbacks.popupListChanged = { window in
        guard let shown = window.shownPopupList else { return trace.emit("popup", ["shown": false]) }
        let frame = shown.frame
        trace.emit("popup", ["shown": true, "window": Int(shown.window), "firstRow": shown.rows.lowerBound, "rows": shown.rows.count,
                             "highlighted": shown.highlighted.map { $0 as Any } ?? JSONNull(),
                             "openMilliseconds": window.lastPopupListOpenSeconds * 1000,
                             "frame": ["x": frame.x, "y": frame.y, "width": frame.width, "height": frame.height]])
    }
    strip.callbacks.resized = { [unowned demo] window in
        let snapshot = window.snapshot, p = snapshot.presentation
        trace.emit("resize", ["viewportWidth": snapshot.viewportWidth, "viewportHeight": demo.hostHeight,
                              "contentOffset": p.contentOffset, "contentWidth": p.layout.contentWidth])
    }
    if options.frameStats {
        strip.frameObserver = { [unowned strip] frame in
            let p = strip.snapshot(at: frame.time).presentation
            trace.emit("frame", ["time": frame.time, "cpuMicros": frame.cpuSeconds * 1e6,
                                 "animating": frame.animating, "dragging": frame.dragging, "contentOffset": p.contentOffset,
                                 "indicator": p.indicator.map { Trace.rect($0) as Any } ?? JSONNull(),
                                 "titleSelection": Dictionary(uniqueKeysWithValues: p.titleSelection.map { (String($0.key), $0.value) })])
        }
        strip.popupListFrameObserver = { frame in
            trace.emit("popupFrame", ["time": frame.time, "cpuMicros": frame.cpuSeconds * 1e6])
        }
    }
    pages.callbacks.settled = { view, page in
        trace.emit("pageSettled", ["page": page, "position": view.pagePosition])
    }
    if options.frameStats {
        pages.frameObserver = { [unowned pages] frame in
            trace.emit("pageFrame", ["time": frame.time, "cpuMicros": frame.cpuSeconds * 1e6, "animating": frame.animating,
                                     "dragging": frame.dragging, "position": pages.pagePosition])
        }
    }
}
