/// A strip's tabs as drawn in its window at one moment, in whole window
/// pixels: what assistive technologies, the tooltip and the popup list read.
///
/// It reads the snapshot the painter draws (frames after scrolling and
/// right-to-left mirroring) and hit-tests as a click does, so what a screen
/// reader or a tooltip is told is what is on screen. As GTK's notebook page
/// accessible asks its widget, it holds no copy: the X11 strip makes one
/// when asked and adds only its window's place on the root window.
public struct DrawnTabs: Sendable {
    /// A tab's states for assistive technologies (ATK's SHOWING, SELECTED, FOCUSED; DISABLED: neither ENABLED nor SENSITIVE).
    public struct State: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// At least partly inside the window.
        public static let showing = State(rawValue: 1 << 0)
        /// The selected tab.
        public static let selected = State(rawValue: 1 << 1)
        /// The selected tab while the strip has the keyboard.
        public static let focused = State(rawValue: 1 << 2)
        /// Its item's `isEnabled` is false.
        public static let disabled = State(rawValue: 1 << 3)
    }

    /// The strip as drawn.
    public let snapshot: StripSnapshot
    /// Which way the strip reads: a right-to-left strip's frames are mirrored in the window.
    public let direction: LayoutDirection
    /// The window's width, pixels (the viewport).
    public let windowWidth: Int

    /// The tabs of `snapshot` drawn `direction`-wise in a window `windowWidth` pixels wide.
    public init(snapshot: StripSnapshot, direction: LayoutDirection, windowWidth: Int) {
        (self.snapshot, self.direction, self.windowWidth) = (snapshot, direction, windowWidth)
    }

    /// Tab `index`'s frame in window pixels: after scrolling and mirroring,
    /// rounded as the renderer rounds (outside the window when scrolled out);
    /// nil for an index out of range.
    public func frame(ofTab index: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
        let drawn = snapshot.presentation
        guard index >= 0, index < drawn.layout.count else { return nil }
        let frame = drawn.layout.frame(at: index)
        let x = direction.windowPixelMinX(contentX: frame.x, width: frame.width, contentOffset: drawn.contentOffset,
                                          viewportWidth: windowWidth)
        return (x, Int(frame.y.rounded()), Int(frame.width.rounded()), Int(frame.height.rounded()))
    }

    /// Tab `index`'s columns inside the window, window pixels: its frame
    /// clipped to the viewport (0 wide when scrolled out); nil for an index out of range.
    public func visibleColumns(ofTab index: Int) -> (x: Int, width: Int)? {
        guard let frame = frame(ofTab: index) else { return nil }
        let left = max(frame.x, 0), right = min(frame.x + frame.width, windowWidth)
        return (left, max(right - left, 0))
    }

    /// Tab `index`'s states; focused only when `stripHasKeyboard`. Empty for an index out of range.
    public func state(ofTab index: Int, stripHasKeyboard: Bool) -> State {
        guard let frame = frame(ofTab: index) else { return [] }
        var state: State = snapshot.isEnabled(at: index) ? [] : .disabled
        if frame.x + frame.width > 0, frame.x < windowWidth { state.insert(.showing) }
        if index == snapshot.selectedIndex {
            state.insert(.selected)
            if stripHasKeyboard { state.insert(.focused) }
        }
        return state
    }

    /// Tab `index`'s accessible description: its item's tooltip and its
    /// badge's `spokenText` (the whole count, not the pill's "99+"), joined
    /// by ", "; nil when it has neither (or `index` is out of range).
    public func description(ofTab index: Int) -> String? {
        guard snapshot.titles.indices.contains(index), let item = snapshot.details[index] else { return nil }
        let parts = [item.tooltip, item.badge?.spokenText].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// The tab a click at window pixel (`windowX`, `y`) would select: the
    /// click's own mirroring and the layout's hit-test on what is drawn; nil
    /// outside the window's columns or between tabs.
    public func tab(atWindowX windowX: Double, y: Double) -> Int? {
        guard windowX >= 0, windowX < Double(windowWidth) else { return nil }
        let drawn = snapshot.presentation
        let x = direction.viewportX(windowX: windowX, viewportWidth: Double(windowWidth))
        return drawn.layout.hitTest(x: x + drawn.contentOffset, y: y)
    }

    /// Where a tab dropped at window column `windowX` (pixels) goes, as drawn:
    /// mirrored as a click is, then `SegmentLayout.insertionIndex(atX:)`.
    public func insertionIndex(atWindowX windowX: Double) -> Int {
        let drawn = snapshot.presentation
        let x = direction.viewportX(windowX: windowX, viewportWidth: Double(windowWidth))
        return drawn.layout.insertionIndex(atX: x + drawn.contentOffset)
    }
}
