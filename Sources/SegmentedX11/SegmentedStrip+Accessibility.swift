import CX11
import SegmentedCore

// What the accessibility bridge reads from a strip: the snapshot the renderer
// draws, as `DrawnTabs` answers from it, and the window's place on the root
// window (desktop pixels).
extension SegmentedStrip {
    /// The strip window's top-left corner on the root window, pixels (one round trip).
    func rootOrigin() -> (x: Int, y: Int) {
        connection.rootOrigin(of: window)
    }

    /// The strip's tabs as drawn now, in window pixels (`DrawnTabs`).
    var drawnTabs: DrawnTabs { DrawnTabs(snapshot: snapshot, direction: style.direction, windowWidth: buffer.width) }

    /// `frame`, in the strip window's pixels, on the root window, pixels (one round trip).
    func onRoot(_ frame: (x: Int, y: Int, width: Int, height: Int)) -> PixelRect {
        let origin = rootOrigin()
        return PixelRect(x: origin.x + frame.x, y: origin.y + frame.y, width: frame.width, height: frame.height)
    }

    /// The strip's window on the root window, pixels.
    var rootFrame: PixelRect { onRoot((0, 0, buffer.width, buffer.height)) }

    /// The page area under the strip (where the selected title is shown), on the root window, pixels:
    /// the linked `PagedView`'s window, or the strip window's rows under the strip.
    var pageAreaRootFrame: PixelRect {
        if let pages = linkedPages, let frame = pages.rootFrame { return frame }
        let top = min(preferredHeight, buffer.height)
        return onRoot((0, top, buffer.width, buffer.height - top))
    }

    /// Whether the strip has the keyboard: it is its host window's `focusedStrip`.
    var hasKeyboardFocus: Bool {
        StripAccessibility.frame(of: parentWindow)?.host?.focusedStrip === self
    }

    /// Selects `index` for an assistive technology, as a key press does
    /// (animated, centered), with cause `.accessibility`; a disabled item
    /// refuses, as a click on it does. Returns whether it was selected.
    func selectForAccessibility(_ index: Int) -> Bool {
        guard model.titles.indices.contains(index), model.isEnabled(at: index) else { return false }
        try? select(index, animated: true, cause: .accessibility)
        return true
    }
}
