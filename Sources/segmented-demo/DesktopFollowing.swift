import SegmentedCore
import SegmentedTitles
import SegmentedX11

/// From right after the first frame (`startupFinished`), restyles the demo
/// when the desktop's settings or the X resources change, with a `style`
/// trace line (docs/trace.md) once the strip has its new layout. Settings
/// that differ already (the desktop's text resolution from the X resource
/// the first frame was drawn at) restyle it then.
@MainActor
func followTheDesktop(_ demo: DemoWindow, sources: StyleSources, trace: Trace, loop: XEventLoop) {
    let restyle: @MainActor (String) -> Void = { [unowned demo, unowned sources] cause in
        let style = sources.makeStyle()
        guard style != demo.strip.style, demo.restyle(style) else { return }
        let strip = demo.strip
        let snapshot = strip.snapshot
        var fields = layoutFields(snapshot)
        // Where the indicator and the offset come to rest (they may glide there; the frames are new at once).
        fields["indicator"] = snapshot.selectedIndex.map { Trace.rect(snapshot.restingLayout.indicatorRect(under: $0)) as Any } ?? JSONNull()
        fields["contentOffset"] = snapshot.targetOffset
        fields["cause"] = cause
        fields["scale"] = strip.style.scale
        fields["reducedMotion"] = strip.style.motion.reducesMotion
        fields["clickSlop"] = strip.style.layoutMetrics.clickSlop
        fields["iconTheme"] = strip.style.iconThemeName.map { $0 as Any } ?? JSONNull()
        fields["accentColor"] = "#" + String(String(strip.style.accentColor | 0x100_0000, radix: 16, uppercase: true).dropFirst())
        fields["stripHeight"] = snapshot.metrics.stripHeight
        fields["pageAreaTop"] = demo.pageAreaTop
        fields["fonts"] = ["unselected": strip.fontChains.unselected.familyNames, "selected": strip.fontChains.selected.familyNames]
        trace.emit("style", fields)
    }
    let startupFinished = demo.strip.callbacks.startupFinished
    demo.strip.callbacks.startupFinished = { [unowned sources, unowned loop] strip in
        startupFinished?(strip)
        let desktop = DesktopSettingsWatcher(connection: sources.connection)
        sources.desktop = desktop
        loop.add(desktop)
        desktop.settingsChanged = { _ in restyle("desktop") }
        desktop.resourcesChanged = { _ in restyle("resources") }
        restyle("desktop")
    }
}
