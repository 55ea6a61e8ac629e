import CX11
import SegmentedCore

// The strip's segments as items (`SegmentItem`): titles are the shortcut, items the whole.
extension SegmentedStrip {
    /// Creates the strip of `items`, as `init(connection:parent:frame:titles:selectedIndex:style:)`
    /// does for titles: each item's title is drawn, a disabled one in
    /// `disabledTextColor`, with its badge and its icon (a PNG or SVG file, or
    /// a name in the icon theme: `IconCache`), and its tooltip shown on hover.
    /// - Throws: as the titles initializer.
    public convenience init(connection: XDisplayConnection, parent: Window, frame: PixelRect,
                            items: [SegmentItem], selectedIndex: Int = 0,
                            style: StripStyle = StripStyle()) throws {
        let (titles, details) = StripModel.split(items)
        try self.init(connection: connection, parent: parent, frame: frame, titles: titles, details: details, selectedIndex: selectedIndex,
                      style: style)
    }

    /// The items, one per segment (made from the titles and the items that are more than a title: O(n)).
    public var items: [SegmentItem] { model.items }

    /// Segment `index`'s item, 0..<titles.count.
    public func item(at index: Int) -> SegmentItem { model.item(at: index) }

    /// `setItems(_:selectedIndex:animated:)` with items in the form the strip keeps
    /// them (see `init(connection:parent:frame:titles:details:selectedIndex:style:)`).
    /// - Throws: as `setItems`.
    public func setItems(titles: [String], details: [Int: SegmentItem], selectedIndex: Int? = nil, animated: Bool = true) throws {
        try setItems(titles.indices.map { details[$0] ?? SegmentItem(titles[$0]) }, selectedIndex: selectedIndex, animated: animated)
    }

    /// `setItems(titles:details:selectedIndex:animated:)` with the items beside
    /// the titles as `ItemDetails` (what `TitlesFile.loadContents` reads).
    /// - Throws: as `setItems`.
    public func setItems(titles: [String], details: ItemDetails, selectedIndex: Int? = nil, animated: Bool = true) throws {
        try setItems(titles.indices.map { details[$0] ?? SegmentItem(titles[$0]) }, selectedIndex: selectedIndex, animated: animated)
    }

    /// Changes segment `index`'s item without a reload: the selection, the
    /// scroll and any motion stay. A new title glides the frames to its
    /// widths on the style's tween (`StripModel.setItem(_:at:at:animated:)`;
    /// `animated` false: at once). A disabled item is drawn in
    /// `disabledTextColor` from the next frame, loses its hover and hand
    /// cursor, and stays selected if it was. Assistive technologies hear that
    /// the tabs changed, and linked pages repaint. No selection callback fires.
    /// - Throws: `StripModel.Failure.indexOutOfRange`; nothing changes then.
    public func setItem(_ item: SegmentItem, at index: Int, animated: Bool = true) throws {
        guard !isDestroyed else {
            guard model.titles.indices.contains(index) else { throw StripModel.Failure.indexOutOfRange(index: index, count: model.titles.count) }
            return
        }
        let titleChanged = try model.setItem(item, at: index, at: Self.now(), animated: animated)
        if titleChanged { reports.selectionPending = true }
        accessible?.itemsChanged(sources: (0..<Int32(model.titles.count)).map { $0 }, selectedBefore: model.selectedIndex,
                                 titlesMayDiffer: true, focused: hasKeyboardFocus)
        linkedPages?.setNeedsDisplay()
        needsPaint = true
        scheduleUpdate()
    }
}
