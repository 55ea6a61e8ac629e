import Glibc

/// The popup list of every title (GtkNotebook's tab menu), free of X11: the
/// highlighted row, the rows shown, the keys, the wheel, pointer rows and
/// type-ahead. Times are seconds on the caller's monotonic clock, so tests
/// step them exactly.
///
/// - **Rows:** one per title, `visibleRows` at a time from `firstRow`; only
///   those are drawn, so 100,000 titles cost what 20 do.
/// - **Keys:** Up and Down move to the previous and next enabled row (no
///   wrap), Home and End to the first and last enabled, Page Up and Page
///   Down by a page less one row; the highlighted row is kept in view.
/// - **Type-ahead:** typed text jumps to the next row whose title contains
///   it, case-folded (`lowercased()`, any script) and compared as UTF-8
///   bytes; keys typed within `typeAheadPause` of each other add up, and a
///   longer pause starts anew. A text that no enabled title contains moves
///   nothing. The titles are folded once, at the first typed key; a text
///   that matched nothing is not looked for again with more typed after it
///   (nothing can contain the longer text either).
/// - **Choosing:** `choice` is the highlighted row when it is enabled.
public struct PopupListModel: Equatable, Sendable {
    /// The keys the list answers.
    public enum Key: Equatable, Sendable {
        case up, down, home, end, pageUp, pageDown
    }

    /// Seconds between typed characters after which type-ahead starts a new text (GTK's tree view search: 1.5 s).
    public static let typeAheadPause = 1.5
    /// Rows a wheel notch scrolls.
    public static let wheelRows = 3

    /// How many rows there are (one per title).
    public let count: Int
    /// How many rows show at once: min(count, the most the list shows).
    public let visibleRows: Int
    /// The highlighted row (nil: none, with no titles or none enabled).
    public private(set) var highlighted: Int?
    /// The first row shown.
    public private(set) var firstRow = 0
    /// The type-ahead text so far and when its last character came.
    public private(set) var typed = ""
    private var typedAt = -Double.infinity
    /// Whether `typed` is in no enabled title.
    private var typedMatchesNothing = false
    /// Each title lowercased, as UTF-8 bytes: made at the first typed key.
    private var folded: [[UInt8]] = []
    private let enabled: [Bool]

    /// A list of `count` rows showing at most `maximumRows` at once,
    /// highlighting `selected` (the strip's selected index, even when it is
    /// disabled, as the host may have selected it) in the middle of the rows
    /// shown, as far as the ends allow.
    /// - Parameter isEnabled: whether row `i` can be chosen; read once per row here.
    public init(count: Int, selected: Int?, maximumRows: Int = 20, isEnabled: (Int) -> Bool = { _ in true }) {
        self.count = max(0, count)
        visibleRows = min(self.count, max(1, maximumRows))
        enabled = (0..<self.count).map(isEnabled)
        highlighted = selected.flatMap { (0..<self.count).contains($0) ? $0 : nil } ?? enabled.firstIndex(of: true)
        // Opened with the highlighted row in the middle, as far as the ends allow.
        firstRow = min(max(0, (highlighted ?? 0) - visibleRows / 2), self.count - visibleRows)
    }

    /// The rows shown, `firstRow` up to `visibleRows` more.
    public var shownRows: Range<Int> { firstRow..<min(count, firstRow + visibleRows) }

    /// The row to select when the list is chosen from (Return, or a click on the highlighted row): nil when it is disabled.
    public var choice: Int? { highlighted.flatMap { enabled[$0] ? $0 : nil } }

    /// Whether row `index` can be chosen.
    public func isEnabled(_ index: Int) -> Bool { enabled.indices.contains(index) && enabled[index] }

    /// Moves the highlight by `key`; returns whether it or the rows shown changed.
    @discardableResult
    public mutating func press(_ key: Key) -> Bool {
        let before = (highlighted, firstRow)
        let current = highlighted ?? -1
        let page = max(1, visibleRows - 1)
        let target: Int?
        switch key {
        case .up: target = (0..<max(0, current)).last { enabled[$0] }
        case .down: target = current + 1 < count ? (current + 1..<count).first { enabled[$0] } : nil
        case .home: target = enabled.firstIndex(of: true)
        case .end: target = enabled.lastIndex(of: true)
        case .pageUp: target = nearestEnabled(to: max(0, current - page), forward: false) ?? enabled.firstIndex(of: true)
        case .pageDown: target = nearestEnabled(to: min(count - 1, current + page), forward: true) ?? enabled.lastIndex(of: true)
        }
        if let target { highlighted = target }
        reveal()
        typed = ""
        return before != (highlighted, firstRow)
    }

    /// Scrolls by `notches` wheel notches (positive: toward the end), `wheelRows` rows each, within the rows; the highlight stays.
    public mutating func scroll(notches: Int) {
        firstRow = min(max(0, firstRow + notches * Self.wheelRows), max(0, count - visibleRows))
    }

    /// Highlights row `index` (the pointer is over it), if it is enabled; nil (off every row) keeps the highlight.
    public mutating func point(at index: Int?) {
        guard let index, isEnabled(index) else { return }
        highlighted = index
    }

    /// The row at `y` pixels from the list's first row's top, rows `rowHeight` pixels tall; nil outside the rows shown.
    public func row(atY y: Double, rowHeight: Double) -> Int? {
        guard rowHeight > 0, y >= 0, y.isFinite else { return nil }
        let row = firstRow + Int(y / rowHeight)
        return shownRows.contains(row) ? row : nil
    }

    /// Type-ahead: `character` typed at `now` (seconds). Jumps to the first
    /// enabled row at or after the highlighted one (after it, for a new
    /// text) whose title (`title(i)`) contains the text so far, wrapping at
    /// the end; returns whether the highlight moved.
    @discardableResult
    public mutating func type(_ character: String, at now: Double, title: (Int) -> String) -> Bool {
        guard !character.isEmpty, count > 0 else { return false }
        let continuing = now - typedAt <= Self.typeAheadPause && !typed.isEmpty
        typedAt = now
        if continuing, typedMatchesNothing {
            typed += character.lowercased()
            return false
        }
        typed = (continuing ? typed : "") + character.lowercased()
        if folded.isEmpty { folded = (0..<count).map { Array(title($0).lowercased().utf8) } }
        let start = highlighted.map { continuing ? $0 : $0 + 1 } ?? 0
        let needle = Array(typed.utf8)
        for step in 0..<count {
            let row = (start + step) % count
            if enabled[row], Self.bytes(folded[row], contain: needle) {
                let moved = row != highlighted
                highlighted = row
                typedMatchesNothing = false
                reveal()
                return moved
            }
        }
        typedMatchesNothing = true
        return false
    }

    /// Whether `needle` occurs in `haystack`, byte for byte (UTF-8 is self-synchronizing: a match starts on a code point).
    private static func bytes(_ haystack: [UInt8], contain needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        return haystack.withUnsafeBufferPointer { h in
            needle.withUnsafeBufferPointer { n in
                (0...(h.count - n.count)).contains { i in h[i] == n[0] && memcmp(h.baseAddress! + i, n.baseAddress!, n.count) == 0 }
            }
        }
    }

    /// The enabled row nearest `index` that way (`forward`), `index` included.
    private func nearestEnabled(to index: Int, forward: Bool) -> Int? {
        guard count > 0 else { return nil }
        return forward ? (index..<count).first { enabled[$0] } : (0...index).last { enabled[$0] }
    }

    /// Scrolls the least that shows the highlighted row.
    private mutating func reveal() {
        guard let highlighted else { return }
        if highlighted < firstRow { firstRow = highlighted }
        if highlighted >= firstRow + visibleRows { firstRow = highlighted - visibleRows + 1 }
    }
}
