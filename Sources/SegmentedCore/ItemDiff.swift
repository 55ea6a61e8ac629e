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
    public static func matches(old: [SegmentItem], new: [SegmentItem]) -> [Int?] {
        var byID = [String: [Int]](), byTitle = [String: [Int]]()
        for (i, item) in old.enumerated().reversed() {
            if let id = item.id { byID[id, default: []].append(i) }
        }
        var match: [Int?] = new.map { item in item.id.flatMap { byID[$0]?.popLast() } }
        var taken = Set(match.compactMap { $0 })
        for (i, item) in old.enumerated().reversed() where !taken.contains(i) { byTitle[item.title, default: []].append(i) }
        for (j, item) in new.enumerated() where match[j] == nil {
            // A title match never joins two different ids.
            while let i = byTitle[item.title]?.popLast() {
                guard item.id == nil || old[i].id == nil else { continue }
                match[j] = i
                taken.insert(i)
                break
            }
        }
        return match
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
