import Foundation
import SegmentedCore

/// `--trace`: one JSON object per line on stdout, written with one write(2)
/// per line so a reader sees whole lines as they happen. The events and their
/// fields are listed in the README.
struct Trace {
    let enabled: Bool

    func emit(_ event: String, _ fields: [String: Any]) {
        guard enabled else { return }
        var object = fields
        object["event"] = event
        guard var data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        data.append(0x0A)
        FileHandle.standardOutput.write(data)
    }

    static func rect(_ r: Rect) -> [String: Any] {
        ["x": r.x, "y": r.y, "width": r.width, "height": r.height]
    }

    static func segments(_ layout: SegmentLayout) -> [[String: Any]] {
        (0..<layout.count).map { rect(layout.frame(at: $0)) }
    }
}
