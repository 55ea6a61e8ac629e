import CX11
import Dispatch
import SegmentedCore
import SegmentedX11

// `--autohide`: the strip out of the way while there is nothing to switch to.
extension Container {
    /// How long the strip takes to slide back in, seconds (ease-out); none under reduced motion.
    static let stripSlideDuration = 0.2

    /// Whether the strip is hidden, and which slide back is the current one.
    struct Autohide {
        var isHidden = false
        /// Counts the slides begun: a frame of an older one (the strip hidden again meanwhile) does nothing.
        var slides = 0
    }

    /// Where the tab shown begins, pixels: under the strip, or at the top while it is hidden.
    var clientTop: Int { autohide.isHidden ? 0 : stripHeight }

    /// With `--autohide`, hides the strip while there are fewer than two tabs
    /// and brings it back with the second (tabbed's autohide patch), sliding
    /// down from above the window in `stripSlideDuration`; the tab shown takes
    /// its room at once either way. Reported as `strip` (shown).
    func updateAutohide() {
        guard options.autohide else { return }
        let hide = clients.count < 2
        guard hide != autohide.isHidden else { return }
        autohide.isHidden = hide
        autohide.slides += 1
        if hide {
            XUnmapWindow(connection.display, strip.window)
        } else if strip.style.motion.reducesMotion {
            XMoveWindow(connection.display, strip.window, 0, 0)
            XMapWindow(connection.display, strip.window)
        } else {
            XMoveWindow(connection.display, strip.window, 0, Int32(-stripHeight))
            XMapWindow(connection.display, strip.window)
            let slide = Tween(startTime: SegmentedStrip.now(), duration: Self.stripSlideDuration, easing: .easeOut)
            slideStrip(slide, number: autohide.slides)
        }
        if let shown { configure(shown) }
        report("strip", ["shown": !hide])
    }

    /// One frame of the strip's slide: its window at the eased height, a frame later the next, until it rests at 0.
    private func slideStrip(_ slide: Tween, number: Int) {
        guard autohide.slides == number else { return }
        let now = SegmentedStrip.now()
        let y = -Double(stripHeight) * (1 - slide.progress(at: now))
        XMoveWindow(connection.display, strip.window, 0, Int32(y.rounded()))
        XFlush(connection.display)
        guard !slide.isFinished(at: now) else { return }
        DispatchQueue.main.asyncAfter(deadline: .now() + SegmentedStrip.frameInterval) { [weak self] in
            MainActor.assumeIsolated { self?.slideStrip(slide, number: number) }
        }
    }
}
