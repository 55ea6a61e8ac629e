import Dispatch

/// Warnings about icons that cannot be drawn, for the whole program: the
/// first `inFull` each on a line of their own, the rest counted and told
/// in one line (`N more icons could not be drawn`) when the decoding thread
/// has nothing left to do, at most once every `countInterval`. A thousand
/// missing icons printed a thousand lines (and, with `--trace` measuring
/// every item before the first frame, held it 1.8 s); a scroll over them
/// now costs a line every few seconds at most. Each icon (its path or
/// name) counts once, whatever the strip or size.
@MainActor
enum IconWarnings {
    /// How many icons are warned about by name: enough to see what is wrong, few enough to read.
    static let inFull = 5
    /// The least time between two count lines, seconds: a scroll over icons that
    /// cannot be drawn leaves the decoding thread idle between its frames.
    static let countInterval = 5.0
    private static var warned: Set<String> = []
    private static var untold = 0
    /// When the last count line was printed (`DispatchTime`), and whether the next one is waiting for its turn.
    private static var lastCount: DispatchTime?
    private static var countScheduled = false

    /// Icon `key` cannot be drawn, for the reason `message` (one line, printed as is for the first few).
    static func cannotDraw(_ key: String, _ message: String) {
        guard warned.insert(key).inserted else { return }
        if warned.count <= inFull {
            XErrorReporting.warn(message)
        } else {
            untold += 1
        }
    }

    /// The decoding thread has nothing left to do: the icons not named since
    /// the last count line are counted in one, now or when its turn comes.
    static func decoderIdle() {
        guard untold > 0, !countScheduled else { return }
        countScheduled = true
        let turn = lastCount.map { $0 + countInterval } ?? .now()
        DispatchQueue.main.asyncAfter(deadline: max(turn, .now())) {
            MainActor.assumeIsolated {
                XErrorReporting.warn("\(untold) more icon\(untold == 1 ? "" : "s") could not be drawn")
                (untold, lastCount, countScheduled) = (0, .now(), false)
            }
        }
    }
}
