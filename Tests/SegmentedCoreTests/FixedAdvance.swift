@testable import SegmentedCore

/// A measurer with a fixed advance per character: 15 px unselected, 17 px selected,
/// so every expected frame can be worked out by hand.
enum FixedAdvance {
    static func unselected(_ s: String) -> Double { Double(s.count * 15) }
    static func selected(_ s: String) -> Double { Double(s.count * 17) }

    /// The ten default titles: 5,5,5,5,7,5,7,9,7,7 characters.
    static let titles = ["一级建造师", "二级建造师", "造价工程师", "咨询工程师", "注册安全工程师",
                         "监理工程师", "注册电气工程师", "环境影响评价工程师", "注册城乡规划师", "注册消防工程师"]

    static func model(titles: [String] = titles, selected: Int = 0, viewport: Double = 400) throws -> StripModel {
        try StripModel(titles: titles, selectedIndex: selected, viewportWidth: viewport,
                       measureUnselected: FixedAdvance.unselected, measureSelected: FixedAdvance.selected)
    }
}
