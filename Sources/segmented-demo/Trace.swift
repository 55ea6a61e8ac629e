import Glibc
import SegmentedCore
import SegmentedTitles
import SegmentedX11

/// `--trace`: one JSON object per line on stdout, written with one write(2)
/// per line so a reader sees whole lines as they happen. The events and their
/// fields are listed in docs/trace.md.
///
/// Lines go through a bounded queue to a writer thread: a reader that holds
/// the pipe but does not read blocks that thread, never the main queue, so
/// the window keeps drawing and reacting. When the queue is full, lines are
/// dropped and counted, and the next line that fits is preceded by
/// `{"event":"traceDropped","lines":N}`. A reader that goes away (EPIPE) ends
/// tracing; the program goes on.
///
/// `@unchecked Sendable` because the writer thread shares it. `queue`,
/// `queuedBytes`, `dropped`, `writing` and `broken` are read and written only
/// with `condition` locked, by both sides. `enabled` is touched only on the
/// main thread (`emit` from the main queue, `flush` from the exit handler of
/// an `exit()` the demo calls there), never by the writer. The rest is constant.
final class Trace: @unchecked Sendable {
    private(set) var enabled: Bool
    private let condition = TraceCondition()
    private var queue: [[UInt8]] = []
    private var queuedBytes = 0
    private var dropped = 0
    private var writing = false
    private var broken = false

    /// Lines and bytes the queue holds before it drops (512 lines: about 8 s of
    /// `--frame-stats` at 60 Hz). SEGMENTED_TRACE_QUEUE_LINES sets another line
    /// count, so a test can fill the queue in a second.
    static let capacityLines = getenv("SEGMENTED_TRACE_QUEUE_LINES").flatMap { Int(String(cString: $0)) }.map { max(1, $0) } ?? 512
    static let capacityBytes = 4 << 20
    /// Seconds `flush` waits at exit for a slow reader before the remaining lines are abandoned.
    static let exitFlushSeconds = 0.5

    init(enabled: Bool) {
        self.enabled = enabled
        guard enabled else { return }
        // A thread of its own, not Dispatch's pool (see `PosixThread`).
        PosixThread.detach { [self] in self.writeLoop() }
    }

    /// Queues one event; drops it (counted) when the queue is full.
    func emit(_ event: String, _ fields: [String: Any]) {
        guard enabled else { return }
        var object = fields
        object["event"] = event
        guard let text = JSONLine.text(object) else { return }
        let data = Array((text + "\n").utf8)
        condition.lock()
        defer { condition.unlock() }
        if broken {
            enabled = false
            return
        }
        guard queue.count < Self.capacityLines, queuedBytes + data.count <= Self.capacityBytes else {
            dropped += 1
            return
        }
        if dropped > 0 {
            queue.append(Array("{\"event\":\"traceDropped\",\"lines\":\(dropped)}\n".utf8))
            dropped = 0
        }
        queue.append(data)
        queuedBytes += data.count
        condition.signal()
    }

    /// Waits until every queued line is written, for at most `seconds`.
    func flush(seconds: Double = Trace.exitFlushSeconds) {
        guard enabled else { return }
        let deadline = TraceCondition.deadline(secondsFromNow: seconds)
        condition.lock()
        while (!queue.isEmpty || writing) && !broken {
            if !condition.wait(until: deadline) { break }
        }
        condition.unlock()
    }

    private func writeLoop() {
        while true {
            condition.lock()
            while queue.isEmpty { condition.wait() }
            let batch = queue
            queue = []
            queuedBytes = 0
            writing = true
            condition.unlock()
            var ok = true
            for line in batch where ok {
                ok = line.withUnsafeBytes { buffer in
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
            }
            condition.lock()
            writing = false
            if !ok {
                broken = true
                queue = []
            }
            condition.broadcast()
            condition.unlock()
            if !ok { return }
        }
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
