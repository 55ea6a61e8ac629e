import CX11
import SegmentedCore

/// What the strip owes its host, told once the frame it describes is on the
/// server: the selection settled, a scroll came to rest, a resize, a hover change, icons loaded.
///
/// Reports wait while anything moves or the button is held (a drag may be
/// past an edge), then go out together after one XSync, so that a host that
/// grabs pixels on hearing them sees that frame. Waiting keeps that sync out
/// of tweens and drags: no frame of a motion waits for a reply, which over a
/// slow link (`ssh -X`) would cost a round trip each.
@MainActor
final class StripReporter {
    /// A selection (or re-centering) is under way and will report `settled`.
    var selectionPending = false
    /// A scroll that was not a selection's centering will report `scrolled`.
    var scrollPending = false
    /// The window changed size.
    var resizePending = false
    /// The segment under the pointer changed.
    var hoverPending = false
    /// Icons were decoded or failed since the last report.
    var iconsPending = false

    /// Sends what is due to `strip`'s callbacks.
    /// - Parameters:
    ///   - resting: nothing moves and no button is held.
    ///   - scrollCause: what last moved the content offset; a selection that
    ///     interrupted a scroll reports with `settled` only (the scroll never came to rest).
    ///   - pressed: whether a button is held (a lifted item at rest): hover waits for the release.
    ///   - hovered: the segment under the pointer, as drawn.
    ///   - sync: makes the frame reach the server (XSync) before anything is said.
    func flush(to strip: SegmentedStrip, resting: Bool, pressed: Bool = false, scrollCause: ScrollCause, hovered: Int?, sync: () -> Void) {
        let selection = selectionPending && resting
        if scrollCause == .selection { scrollPending = false }
        let scroll = scrollPending && resting
        // A hover change during a tween or a drag (the content moving under the pointer) is told at rest, with the rest.
        let hover = hoverPending && resting && !pressed
        let icons = iconsPending && resting
        guard selection || scroll || resizePending || hover || icons else { return }
        sync()
        if resizePending {
            resizePending = false
            strip.callbacks.resized?(strip)
        }
        if hover {
            hoverPending = false
            strip.callbacks.hoverChanged?(strip, hovered)
        }
        if scroll {
            scrollPending = false
            strip.callbacks.scrolled?(strip, scrollCause)
        }
        if selection {
            selectionPending = false
            strip.callbacks.settled?(strip)
        }
        if icons {
            iconsPending = false
            strip.callbacks.iconsLoaded?(strip, strip.iconCounts)
        }
    }
}
