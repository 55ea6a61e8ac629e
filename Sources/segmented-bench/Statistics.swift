/// Median, extremes and 99th percentile of a set of samples (any unit).
struct Summary: Encodable {
    let median: Double
    let min: Double
    let max: Double
    let p99: Double
    let count: Int

    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        count = sorted.count
        guard !sorted.isEmpty else {
            median = .nan; min = .nan; max = .nan; p99 = .nan
            return
        }
        let mid = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
        min = sorted[0]
        max = sorted[sorted.count - 1]
        // Nearest-rank percentile.
        let rank = Int((0.99 * Double(sorted.count)).rounded(.up))
        p99 = sorted[Swift.max(0, Swift.min(sorted.count - 1, rank - 1))]
    }
}
