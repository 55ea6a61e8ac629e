import CX11
import SegmentedCore

// The strip's tooltips: the core's decisions (`TooltipModel`) wired to a `TooltipWindow`.
extension SegmentedStrip {
    /// Gives the tooltip model its texts and its window, once, at creation.
    /// Weak: a wait under way holds the model, which may outlive a strip the host let go of.
    func connectTooltips() {
        tooltips.text = { [weak self] index in
            guard let self, model.titles.indices.contains(index) else { return nil }
            return TooltipModel.text(for: model.item(at: index), titleIsElided: planner.titleIsElided(at: index, of: model))
        }
        tooltips.show = { [weak self] index, text in
            guard let self, !isDestroyed else { return }
            tooltipWindow.show(text, segment: segmentOnRoot(index), font: planner.unselectedFont, style: style, colors: colors)
            eventsMayBeQueued()
            callbacks.tooltipChanged?(self, index)
        }
        tooltips.hide = { [weak self] in
            guard let self else { return }
            tooltipWindow.hide()
            guard !isDestroyed else { return }
            eventsMayBeQueued()
            callbacks.tooltipChanged?(self, nil)
        }
    }

    /// The tooltip shown now: its segment, root-window frame (pixels) and lines; nil when none is.
    public var shownTooltip: (index: Int, frame: PixelRect, lines: [String])? {
        guard let index = tooltips.shownIndex, let frame = tooltipWindow.frame else { return nil }
        return (index, frame, tooltipWindow.lines)
    }

    /// The tooltip's X window, 0 when none is shown (for tests and tools).
    public var tooltipWindowID: Window { tooltipWindow.window }

    /// Segment `index`'s part inside the strip's window, on the root window
    /// (pixels): its drawn frame from x to the strip's height, clipped to the viewport.
    func segmentOnRoot(_ index: Int) -> Rect {
        let columns = drawnTabs.visibleColumns(ofTab: index) ?? (0, 0)
        let origin = rootOrigin()
        return Rect(x: Double(origin.x + columns.x), y: Double(origin.y), width: Double(columns.width), height: metrics.stripHeight)
    }
}
