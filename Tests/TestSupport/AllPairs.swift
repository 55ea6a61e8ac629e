/// A small pairwise (all-pairs) covering set: rows of choices, one per factor,
/// such that every pair of values of every two factors appears in some row.
///
/// Greedy and deterministic (the same factors give the same rows): each new
/// row starts from the first pair still uncovered and then takes, factor by
/// factor, the value that covers the most uncovered pairs with the values
/// already chosen (ties: the earliest value).
public enum AllPairs {
    /// Rows of value indices, `rows[r][f]` in `0..<levels[f]`.
    public static func rows(levels: [Int]) -> [[Int]] {
        let n = levels.count
        var uncovered = Set<[Int]>()   // [f1, v1, f2, v2] with f1 < f2
        for f1 in 0..<n { for f2 in (f1 + 1)..<max(n, f1 + 1) where f2 < n {
            for v1 in 0..<levels[f1] { for v2 in 0..<levels[f2] { uncovered.insert([f1, v1, f2, v2]) } }
        } }
        var rows = [[Int]]()
        while let seed = uncovered.min(by: { $0.lexicographicallyPrecedes($1) }) {
            var row = [Int?](repeating: nil, count: n)
            row[seed[0]] = seed[1]
            row[seed[2]] = seed[3]
            for f in 0..<n where row[f] == nil {
                var best = 0, bestGain = -1
                for v in 0..<levels[f] {
                    var gain = 0
                    for g in 0..<n where g != f {
                        guard let w = row[g] else { continue }
                        if uncovered.contains(g < f ? [g, w, f, v] : [f, v, g, w]) { gain += 1 }
                    }
                    if gain > bestGain { best = v; bestGain = gain }
                }
                row[f] = best
            }
            let full = row.map { $0! }
            for f1 in 0..<n { for f2 in (f1 + 1)..<max(n, f1 + 1) where f2 < n { uncovered.remove([f1, full[f1], f2, full[f2]]) } }
            rows.append(full)
        }
        return rows
    }
}
