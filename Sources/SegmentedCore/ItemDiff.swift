/// The difference between two item lists as the in-place changes that turn
/// one into the other: old and new items are matched by `id`, then by title
/// where either has none (the k-th old item of a title to the k-th new one);
/// unmatched old items are removed, matched ones moved into the new order,
/// unmatched new ones inserted, and matched ones whose content differs updated.
public enum ItemDiff {
    /// One change, with indices into the list as it is when the change is made.
    public enum Step: Equatable, Sendable {
        case remove(Int)
        case move(from: Int, to: Int)
        case insert(Int)
        /// The item at this (new) index keeps its identity but changes (title, icon, badge, state, tooltip).
        case update(Int)
    }

    /// For each new item, the index of the old item it matches (nil: a new
    /// item): first by id; then, among the items left, by title where
    /// either has no id (ids added to or taken from a list keep its items).
    /// O(n): one dictionary of keys to the first old index, the rest chained.
    public static func matches(old: [SegmentItem], new: [SegmentItem]) -> [Int?] {
        // The same ids and titles in the same order (a file reloaded unchanged, or changed in details only):
        // each item is its own match, and no dictionary is made.
        if old.count == new.count, zip(old, new).allSatisfy({ $0.id == $1.id && $0.title == $1.title }) { return Array(old.indices) }
        var match = [Int?](repeating: nil, count: new.count)
        var taken = [Bool](repeating: false, count: old.count)
        if new.contains(where: { $0.id != nil }) {
            var ids = Chains(old.indices.map { old[$0].id })
            for (j, item) in new.enumerated() {
                guard let id = item.id, let i = ids.next(id) else { continue }
                match[j] = i
                taken[i] = true
            }
        }
        var titles = Chains(old.indices.map { taken[$0] ? nil : old[$0].title })
        for (j, item) in new.enumerated() where match[j] == nil {
            // A title match never joins two different ids.
            while let i = titles.next(item.title) {
                guard item.id == nil || old[i].id == nil else { continue }
                match[j] = i
                break
            }
        }
        return match
    }

    /// The old indices by key, each key's lowest first: `next(key)` hands
    /// them out in order. One dictionary entry per key, not an array.
    private struct Chains {
        private var first: [String: Int] = [:]
        private var following: [Int]

        init(_ keys: [String?]) {
            following = Array(repeating: -1, count: keys.count)
            first.reserveCapacity(keys.count)
            for i in keys.indices.reversed() {
                guard let key = keys[i] else { continue }
                following[i] = first[key] ?? -1
                first[key] = i
            }
        }

        /// The lowest old index of `key` not handed out yet.
        mutating func next(_ key: String) -> Int? {
            guard let i = first[key] else { return nil }
            let after = following[i]
            if after < 0 { first[key] = nil } else { first[key] = after }
            return i
        }
    }

    /// The steps from `old` to `new`, in order; nil when there would be more
    /// than `limit`. `match` is `matches(old:new:)`, made here when not given.
    public static func steps(old: [SegmentItem], new: [SegmentItem], match: [Int?]? = nil, limit: Int) -> [Step]? {
        let match = match ?? matches(old: old, new: new)
        var kept = [Bool](repeating: false, count: old.count)
        for case let i? in match { kept[i] = true }
        var steps = [Step]()
        for i in old.indices.reversed() where !kept[i] {
            steps.append(.remove(i))
            if steps.count > limit { return nil }
        }
        // The kept old items, in old order, put into new order one move at a time.
        var current = old.indices.filter { kept[$0] }
        let target = match.compactMap { $0 }
        for j in target.indices where current[j] != target[j] {
            guard let k = current[j...].firstIndex(of: target[j]) else { continue }
            current.insert(current.remove(at: k), at: j)
            steps.append(.move(from: k, to: j))
            if steps.count > limit { return nil }
        }
        for (j, i) in match.enumerated() where i == nil {
            steps.append(.insert(j))
            if steps.count > limit { return nil }
        }
        for (j, i) in match.enumerated() {
            guard let i, old[i] != new[j] else { continue }
            steps.append(.update(j))
            if steps.count > limit { return nil }
        }
        return steps
    }
}
