import SegmentedCore

// The values a strip hands its host: callbacks, icon counts, frame statistics.

/// What a `SegmentedStrip`'s host wants to hear about (`SegmentedStrip.callbacks`); all called on the main queue.
public struct StripCallbacks {
    /// The first frame is on screen (after the window's first Expose, or the VisibilityNotify of a window
    /// mapped fully covered, which gets no Expose; then XSync).
    public var firstFrame: (@MainActor (SegmentedStrip) -> Void)?
    /// What the first frame left out is done, right after it: the page title is drawn (and on the
    /// server), and the pointer is set up (XInput 2 when the server has it, and the cursors);
    /// `usesXInput2` tells which input it chose.
    public var startupFinished: (@MainActor (SegmentedStrip) -> Void)?
    /// Every title of a long list is measured (lists of more than
    /// `eagerlyMeasuredTitles` are measured after the first frame, in
    /// short slices; see `isMeasuringComplete`). Not called for a list measured at once.
    public var measuringFinished: (@MainActor (SegmentedStrip) -> Void)?
    /// The selected index changed; called once per change, before the
    /// animation to it starts (the strip still shows the old selection).
    public var selectionChanged: (@MainActor (SegmentedStrip, SelectionChange) -> Void)?
    /// A click on the title that was already selected (JXCategoryView's
    /// `didClickSelectedItemAtIndex`), with its index: for example to scroll
    /// its page to the top. The strip re-centers it, as before; the selection callback does not fire.
    public var reselected: (@MainActor (SegmentedStrip, Int) -> Void)?
    /// Everything stopped moving after a selection (its frame is on the server).
    public var settled: (@MainActor (SegmentedStrip) -> Void)?
    /// A drag was released (or its press was lost to another client's grab).
    public var released: (@MainActor (SegmentedStrip, DragRelease) -> Void)?
    /// A scroll that was not a selection's centering came to rest (drag, glide, spring, wheel, touchpad).
    public var scrolled: (@MainActor (SegmentedStrip, ScrollCause) -> Void)?
    /// The segment under the pointer changed (nil: none) and so did the cursor, or the pointer moved onto or
    /// off its close button (`hoveredCloseButtonIndex`); told once nothing moves and no button is held (a
    /// change during a tween or a drag is told when it ends, as it is then).
    public var hoverChanged: (@MainActor (SegmentedStrip, Int?) -> Void)?
    /// A tooltip was shown (its segment's index) or hidden (nil), after its window is mapped or destroyed.
    public var tooltipChanged: (@MainActor (SegmentedStrip, Int?) -> Void)?
    /// The popup list of every title opened or closed (`shownPopupList`).
    public var popupListChanged: (@MainActor (SegmentedStrip) -> Void)?
    /// Items were inserted, removed or moved (by the API, a reload or the
    /// reorder keys), in order; the frames are gliding to their new places.
    public var itemsChanged: (@MainActor (SegmentedStrip, [ItemChange]) -> Void)?
    /// The item at the first index is now at the second (before `itemsChanged`).
    public var moved: (@MainActor (SegmentedStrip, Int, Int) -> Void)?
    /// The frame period was read from the monitor that shows the strip (after the first frame) or changed
    /// with it (a new mode, another monitor): `frameInterval`, seconds.
    public var refreshRateChanged: (@MainActor (SegmentedStrip) -> Void)?
    /// A held press lifted its item to reorder it (its index), after the frame that shows it lifted.
    public var reorderBegan: (@MainActor (SegmentedStrip, Int) -> Void)?
    /// The lifted item was dropped (released, the press lost, or Escape: `cancelled`): the
    /// index it was lifted from and the one it is at (each step on the way was a `moved`).
    public var reorderEnded: (@MainActor (SegmentedStrip, _ from: Int, _ to: Int, _ cancelled: Bool) -> Void)?
    /// A lifted tab was let go dragged out of the strip, past the strip's height above or below it: the host
    /// tears it off (the tab's item stays until the host removes it), at the pointer's root position, pixels.
    /// Setting it makes the strip's lifted tabs tear off (on a reorderable strip: a held press lifts them).
    public var tornOff: (@MainActor (SegmentedStrip, Int, (x: Int, y: Int)) -> Void)?
    /// The user asked to close the segment at this index (a middle-click,
    /// `isClosable`); the host decides, and calls `closeItem(at:)` to close it.
    public var closeRequested: (@MainActor (SegmentedStrip, Int) -> Void)?
    /// Icons a frame asked for were decoded (or could not be), and the frame that draws them is on the
    /// server; `iconCounts` says how many so far. Told once nothing moves, as `settled`.
    public var iconsLoaded: (@MainActor (SegmentedStrip, IconCounts) -> Void)?
    /// The strip's window changed size (`setFrame` or another client).
    public var resized: (@MainActor (SegmentedStrip) -> Void)?
    /// Button 1 went down on the strip, before anything it selects: where a
    /// host gives the strip the keyboard (`HostWindow.focusedStrip`), as
    /// toolkits focus a control on click, even a click on the selected title.
    public var pressed: (@MainActor (SegmentedStrip) -> Void)?
    /// The strip's window was destroyed (by the host or another client); the strip is inert from then on.
    public var destroyed: (@MainActor (SegmentedStrip) -> Void)?

    public init() {}
}

/// A strip's icons so far (`iconCounts`): each (icon, pixel size) asked
/// for by a frame is decoded on a background thread, then drawn.
public struct IconCounts: Equatable, Sendable {
    /// Decoded and drawn from then on.
    public var decoded = 0
    /// Could not be drawn (each warned about once per program); their slots stay empty.
    public var failed = 0
    /// Still being decoded; their slots are empty until then.
    public var pending = 0

    public init(decoded: Int = 0, failed: Int = 0, pending: Int = 0) {
        (self.decoded, self.failed, self.pending) = (decoded, failed, pending)
    }
}

/// One painted frame, for measuring.
public struct FrameStat: Sendable {
    /// When the frame was painted, seconds on `SegmentedStrip.now()`.
    public var time: Double
    /// CPU time of painting the back buffer and copying it to the window, seconds (this thread's clock).
    public var cpuSeconds: Double
    /// Whether an animation (tween, glide, spring) was running.
    public var animating: Bool
    /// Whether a drag was in progress.
    public var dragging: Bool
}
