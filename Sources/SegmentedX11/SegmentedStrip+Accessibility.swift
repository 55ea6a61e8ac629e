import CStripAccessibility
import CX11
import SegmentedCore

// What the accessibility bridge reads from a strip: the same snapshot the
// renderer draws (frames after scrolling and mirroring, the selection) and the
// same hit-test a click uses, in desktop (root window) pixels.
extension SegmentedStrip {
    /// The strip window's top-left corner on the root window, pixels (one round trip).
    func rootOrigin() -> (x: Int, y: Int) {
        connection.rootOrigin(of: window)
    }

    /// The strip's window on the root window, pixels.
    var rootFrame: PixelRect {
        let origin = rootOrigin()
        return PixelRect(x: origin.x, y: origin.y, width: buffer.width, height: buffer.height)
    }

    /// The page area under the strip (where the selected title is shown), on the root window, pixels:
    /// the linked `PagedView`'s window, or the strip window's rows under the strip.
    var pageAreaRootFrame: PixelRect {
        if let pages = linkedPages, let frame = pages.rootFrame { return frame }
        let origin = rootOrigin()
        let top = min(preferredHeight, buffer.height)
        return PixelRect(x: origin.x, y: origin.y + top, width: buffer.width, height: buffer.height - top)
    }

    /// Segment `index` as drawn now, in window pixels: its frame after
    /// scrolling and right-to-left mirroring, rounded as the renderer rounds.
    func drawnTabFrame(_ index: Int) -> PixelRect? {
        let p = presentation
        guard index >= 0, index < p.layout.count else { return nil }
        let frame = p.layout.frame(at: index)
        let width = Int(frame.width.rounded())
        let x = style.direction.windowPixelMinX(contentX: frame.x, width: frame.width, contentOffset: p.contentOffset,
                                                viewportWidth: buffer.width)
        return PixelRect(x: x, y: Int(frame.y.rounded()), width: width, height: Int(frame.height.rounded()))
    }

    /// Tab `index`'s extents on the root window, pixels (outside the window when scrolled out, as GTK's).
    func tabRootFrame(_ index: Int) -> PixelRect? {
        guard let frame = drawnTabFrame(index) else { return nil }
        let origin = rootOrigin()
        return PixelRect(x: origin.x + frame.x, y: origin.y + frame.y, width: frame.width, height: frame.height)
    }

    /// Whether the strip has the keyboard: it is its host window's `focusedStrip`.
    var hasKeyboardFocus: Bool {
        StripAccessibility.frame(of: parentWindow)?.host?.focusedStrip === self
    }

    /// STRIP_ACC_* flags of tab `index`: showing (at least partly inside the
    /// window), selected, focused (selected while the strip has the keyboard),
    /// disabled (its item's `isEnabled` is false: neither ENABLED nor SENSITIVE).
    func accessibleState(ofTab index: Int) -> Int32 {
        guard let frame = drawnTabFrame(index) else { return 0 }
        var flags: Int32 = model.isEnabled(at: index) ? 0 : Int32(STRIP_ACC_DISABLED)
        if frame.x + frame.width > 0, frame.x < buffer.width { flags |= Int32(STRIP_ACC_SHOWING) }
        if index == selectedIndex {
            flags |= Int32(STRIP_ACC_SELECTED)
            if hasKeyboardFocus { flags |= Int32(STRIP_ACC_FOCUSED) }
        }
        return flags
    }

    /// Tab `index`'s accessible description: its item's tooltip and its
    /// badge's `spokenText` (the whole count, not the pill's "99+"), joined
    /// by ", "; nil when it has neither (or `index` is out of range).
    func accessibleDescription(ofTab index: Int) -> String? {
        guard model.titles.indices.contains(index), let item = model.details[index] else { return nil }
        let parts = [item.tooltip, item.badge?.spokenText].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The tab a click at root pixel (x, y) would select: the click's own
    /// translation (mirroring) and the layout's hit-test on what is drawn.
    func accessibleHit(rootX: Int, rootY: Int) -> Int? {
        let origin = rootOrigin()
        let windowX = Double(rootX - origin.x), y = Double(rootY - origin.y)
        guard windowX >= 0, windowX < Double(buffer.width) else { return nil }
        let p = presentation
        let x = style.direction.viewportX(windowX: windowX, viewportWidth: Double(buffer.width))
        return p.layout.hitTest(x: x + p.contentOffset, y: y)
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
