/// Who changed the selection.
public enum SelectionCause: String, Sendable {
    /// A click on a segment.
    case click
    /// A navigation key.
    case key
    /// The host, through `setSelectedIndex(_:animated:)` or `setTitles(_:selectedIndex:)`.
    case api
    /// The user turned the linked pages (`PagedView`): a drag or flick, told
    /// once when its target page is decided at the release, or a wheel notch or
    /// touchpad scroll over the pages.
    case swipe
    /// An assistive technology (a screen reader's select or click on a page tab).
    case accessibility
    /// A row of the popup list of every title (`openPopupList()`).
    case menu
    /// The selected item was closed (`closeItem(at:)`) and `removalSelection` chose another.
    case close
    /// The selected item was dragged past a neighbour (a reorder by pointer): the same item at a new index.
    case drag
}

/// One change of the selected index, as the selection callback hears it.
public struct SelectionChange: Equatable, Sendable {
    /// The index selected before (nil: there were no titles).
    public var oldIndex: Int?
    /// The index selected now (nil: there are no titles).
    public var newIndex: Int?
    /// What caused it.
    public var cause: SelectionCause
    /// Whether the item selected now is the one selected before, at another index (an insert, removal or
    /// move before it): false when another item is selected, even at the same index (the selected one was removed).
    public var isSameItem = false
    /// Whether the user caused it (a click, a key, a swipe or an assistive technology), not the host.
    public var isUserInitiated: Bool { cause != .api }

    public init(oldIndex: Int?, newIndex: Int?, cause: SelectionCause, isSameItem: Bool = false) {
        self.oldIndex = oldIndex
        self.newIndex = newIndex
        self.cause = cause
        self.isSameItem = isSameItem
    }
}

/// How a drag of the strip ended, as the release callback hears it.
public struct DragRelease: Equatable, Sendable {
    /// The content offset at the release, pixels (past an edge while rubber-banding).
    public var contentOffset: Double
    /// The content's speed at the release, pixels per second, positive toward the end.
    public var velocity: Double
    /// Whether the content keeps moving: a glide, or a spring back from past an edge.
    public var isGliding: Bool
}

/// What a strip must carry out after its controller took an input, in order
/// (`StripController`): repaints, the host's callbacks, reports, the lift
/// wait, the tooltip, the popup list and the cursor.
public enum StripEffect: Equatable, Sendable {
    /// Paint on the next update.
    case repaint
    /// Paint now and have the frame reach the server before what follows (the host hears of a lift once it shows).
    case paintNow
    /// Run an update after this batch (paint, reports).
    case update
    /// Button 1 went down on the strip (`Callbacks.pressed`).
    case pressed
    /// The selection changed: the host, assistive technologies and linked pages hear of it.
    case selectionChanged(SelectionChange, animated: Bool)
    /// A click on the selected segment (`Callbacks.reselected`).
    case reselected(Int)
    /// A drag of the strip ended (`Callbacks.released`).
    case released(DragRelease)
    /// The items changed: what follows them does too (the rest measured, the popup list closed, the tooltip
    /// gone, linked pages, assistive technologies' tabs by item: item j was `sources[j]`, nil for a new one).
    case followItems(sources: [Int?], oldSelection: Int?, titlesMayDiffer: Bool)
    /// The selection changed with the items: the host alone hears of it (the tabs and pages follow their items).
    case announce(SelectionChange)
    /// An item moved (`Callbacks.moved`).
    case moved(from: Int, to: Int)
    /// An item changed in place (`StripController.setItem`): assistive technologies' tabs and linked pages follow.
    case itemEdited
    /// The items changed (`Callbacks.itemsChanged`).
    case itemsChanged([ItemChange])
    /// Reset the model to these titles and details, measured in the strip's fonts (a difference too long to animate).
    case reload(titles: [String], details: ItemDetails, selectedIndex: Int, sources: [Int?])
    /// An item was lifted to be dragged (`Callbacks.reorderBegan`).
    case reorderBegan(Int)
    /// The lifted item was dropped (`Callbacks.reorderEnded`).
    case reorderEnded(from: Int, to: Int, cancelled: Bool)
    /// Ask the host to close segment `index` (`Callbacks.closeRequested`), by pointer: its close holds the widths.
    case closeRequested(Int)
    /// The content offset moved: tell the host once the frame is on the server.
    case reportScroll
    /// The selection or the layout moved: tell the host (selection, settled) once the frame is on the server.
    case reportSelection
    /// The hovered segment or close button changed: tell the host once the frame is on the server.
    case reportHover
    /// Call `StripController.liftDue(at:)` after this many seconds, unless cancelled.
    case armLift(after: Double)
    /// The lift wait is over: no lift.
    case cancelLift
    /// Hide the tooltip, and show none until the pointer moves on (a press, a wheel notch, a key).
    case dismissTooltip
    /// The pointer left: the tooltip goes and its wait stops.
    case tooltipPointerLeft
    /// Open the popup list of every title: at the pointer (a right press), or under the selected segment.
    case openPopupList(atPointer: Bool)
    /// The pointer is over a segment (a hand) or not (an arrow).
    case cursor(overSegment: Bool)
    /// Show the translucent drag image of segment `index` at the pointer (nil: hide it): the lifted item is dragged out.
    case dragImage(Int?)
    /// The drag image follows the pointer (the last motion).
    case moveDragImage
    /// The lifted item was let go out of the strip: ask the host to tear segment `index` off (`Callbacks.tornOff`).
    case tearOff(Int)
}
