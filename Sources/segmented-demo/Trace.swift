import Foundation
import SegmentedCore

/// `--trace`: one JSON object per line on stdout, written with one write(2)
/// per line so a reader sees whole lines as they happen. The events and their
/// fields are listed in the README.
final class Trace {
    private(set) var enabled: Bool

    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Writes one event; if stdout is gone (EPIPE), tracing stops and the program goes on.
    func emit(_ event: String, _ fields: [String: Any]) {
        guard enabled else { return }
        var object = fields
        object["event"] = event
        guard var data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return }
        data.append(0x0A)
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let n = write(1, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += n
            }
            return true
        }
        if !written { enabled = false }
    }

    /// Up to this many segments, events carry every frame in `segments`;
    /// beyond it only the visible ones, in `visibleSegments`, so a trace line
    /// stays small with 100,000 titles.
    static let fullSegmentLimit = 2000

    static func rect(_ r: Rect) -> [String: Any] {
        ["x": r.x, "y": r.y, "width": r.width, "height": r.height]
    }

    /// `segments` (every frame) or `visibleSegments` ({first, frames}) for a layout seen at `contentOffset`.
    static func segmentFields(_ layout: SegmentLayout, contentOffset: Double, viewportWidth: Double) -> [String: Any] {
        if layout.count <= fullSegmentLimit {
            return ["segments": (0..<layout.count).map { rect(layout.frame(at: $0)) }]
        }
        let visible = layout.visibleRange(contentOffset: contentOffset, viewportWidth: viewportWidth)
        return ["visibleSegments": ["first": visible.lowerBound, "frames": visible.map { rect(layout.frame(at: $0)) }] as [String: Any]]
    }
}
