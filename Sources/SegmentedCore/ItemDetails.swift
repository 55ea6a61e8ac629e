/// The items of a strip that are more than a title (an icon, a badge, a
/// tooltip, an id, disabled), by index, beside the titles
/// (`StripModel.split(_:)` makes both from items).
///
/// A strip of plain titles keeps nothing here. Once an item is more than a
/// title, each title gets a 4-byte slot (-1: plain) in an array beside the
/// titles, pointing into a pool of items: an insert, a removal or a move
/// shifts the slots (a memmove) and re-keys nothing, so a change at 100,000
/// items costs what it costs for titles (docs/performance.md).
public struct ItemDetails: Sendable {
    /// Per title, the index in `pool` of its item, or -1; empty while no title has one.
    private var slots: [Int32] = []
    /// The items; a slot given up is listed in `freeSlots` and reused.
    private var pool = ItemPool()
    private var freeSlots: [Int32] = []
    /// The number of titles these details are beside.
    public private(set) var titleCount = 0

    /// No items, beside `titleCount` titles.
    public init(titleCount: Int = 0) {
        self.titleCount = max(0, titleCount)
    }

    /// The items of `byIndex` beside `titleCount` titles; indices outside
    /// 0..<`titleCount` are ignored.
    public init(_ byIndex: [Int: SegmentItem], titleCount: Int) {
        self.init(titleCount: titleCount)
        for (index, item) in byIndex { self[index] = item }
    }

    /// Whether no title has an item.
    public var isEmpty: Bool { pool.count == freeSlots.count }

    /// The number of titles that have an item.
    public var count: Int { pool.count - freeSlots.count }

    /// Title `index`'s item; nil for a plain title or an index outside the
    /// titles. Setting nil makes the title plain again; setting an index
    /// outside the titles does nothing.
    public subscript(index: Int) -> SegmentItem? {
        get {
            guard index >= 0, index < slots.count else { return nil }
            let slot = slots[index]
            return slot < 0 ? nil : pool[Int(slot)]
        }
        set {
            guard index >= 0, index < titleCount else { return }
            if let item = newValue {
                if slots.isEmpty { slots = Array(repeating: -1, count: titleCount) }
                if slots[index] >= 0 {
                    pool[Int(slots[index])] = item
                } else if let slot = freeSlots.popLast() {
                    pool[Int(slot)] = item
                    slots[index] = slot
                } else {
                    slots[index] = Int32(pool.count)
                    pool.append(item)
                }
            } else if index < slots.count, slots[index] >= 0 {
                let slot = slots[index]
                slots[index] = -1
                release(slot)
            }
        }
    }

    /// The items by index, O(titles).
    public var byIndex: [Int: SegmentItem] {
        var result = [Int: SegmentItem](minimumCapacity: count)
        for (index, slot) in slots.enumerated() where slot >= 0 { result[index] = pool[Int(slot)] }
        return result
    }

    /// A title added after the last, with `item` (nil: plain): how a list is
    /// built in order, the item moved in rather than copied as `insert` does.
    public mutating func append(_ item: consuming SegmentItem?) {
        titleCount += 1
        switch consume item {
        case nil:
            if !slots.isEmpty { slots.append(-1) }
        case let item?:
            if slots.isEmpty { slots = Array(repeating: -1, count: titleCount - 1) }
            if let slot = freeSlots.popLast() {
                pool[Int(slot)] = item
                slots.append(slot)
            } else {
                slots.append(Int32(pool.count))
                pool.append(item)
            }
        }
    }

    /// `other`'s titles added after the last, with their items: `other`'s
    /// pool is taken whole, chunk by chunk, and not copied item by item (the
    /// places left in this pool's last chunk become free slots).
    public mutating func append(contentsOf other: ItemDetails) {
        defer { titleCount += other.titleCount }
        if other.isEmpty {
            if !slots.isEmpty { slots.append(contentsOf: repeatElement(-1, count: other.titleCount)) }
            return
        }
        if slots.isEmpty { slots = Array(repeating: -1, count: titleCount) }
        let (base, unused) = pool.append(contentsOf: other.pool)
        freeSlots.append(contentsOf: unused.lazy.map { Int32($0) })
        freeSlots.append(contentsOf: other.freeSlots.lazy.map { $0 + Int32(base) })
        // `other` has items, so slots, one per title.
        slots.append(contentsOf: other.slots.lazy.map { $0 < 0 ? -1 : $0 + Int32(base) })
    }

    /// A title inserted at `index` (0...titleCount), with `item` (nil: plain).
    mutating func insert(_ item: SegmentItem?, at index: Int) {
        titleCount += 1
        if !slots.isEmpty { slots.insert(-1, at: index) }
        self[index] = item
    }

    /// Title `index` removed.
    mutating func remove(at index: Int) {
        titleCount -= 1
        guard !slots.isEmpty else { return }
        let slot = slots.remove(at: index)
        if slot >= 0 { release(slot) }
    }

    /// Title `from` moved to `to`.
    mutating func move(from: Int, to: Int) {
        guard !slots.isEmpty else { return }
        slots.insert(slots.remove(at: from), at: to)
    }

    /// Gives `slot` up; when no item is left, the slots go too (a strip of plain titles keeps nothing).
    private mutating func release(_ slot: Int32) {
        freeSlots.append(slot)
        if isEmpty {
            slots = []
            pool = ItemPool()
            freeSlots = []
        }
    }
}

/// Items in chunks of `chunkSize`, filled in turn: growing never moves the
/// items held, as an array's doubling does (copying them, and touching
/// memory for twice as many), and a change after a copy copies one chunk.
private struct ItemPool: Sendable {
    static let chunkSize = 4096
    private var chunks: [[SegmentItem]] = []
    /// The number of items held.
    private(set) var count = 0

    subscript(slot: Int) -> SegmentItem {
        get { chunks[slot / Self.chunkSize][slot % Self.chunkSize] }
        set { chunks[slot / Self.chunkSize][slot % Self.chunkSize] = newValue }
    }

    mutating func append(_ item: consuming SegmentItem) {
        if count % Self.chunkSize == 0 {
            chunks.append([])
            chunks[chunks.count - 1].reserveCapacity(Self.chunkSize)
        }
        chunks[chunks.count - 1].append(item)
        count += 1
    }

    /// `other`'s chunks added after these: `other`'s slot n is then slot
    /// `base` + n. The places left in the last chunk before them are filled
    /// with a placeholder and are `unused` (for the caller's free slots).
    mutating func append(contentsOf other: ItemPool) -> (base: Int, unused: Range<Int>) {
        let base = chunks.count * Self.chunkSize
        if count < base {
            chunks[chunks.count - 1].append(contentsOf: repeatElement(SegmentItem(""), count: base - count))
        }
        let unused = count..<base
        chunks.append(contentsOf: other.chunks)
        count = base + other.count
        return (base, unused)
    }
}

extension ItemDetails: Equatable {
    /// The same items at the same indices beside as many titles (however they are stored).
    public static func == (a: ItemDetails, b: ItemDetails) -> Bool {
        a.titleCount == b.titleCount && a.count == b.count && a.byIndex == b.byIndex
    }
}
