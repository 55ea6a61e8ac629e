import Foundation

/// The timing of a person's hand on the mouse and keyboard, for tests that
/// play one through XTest.
///
/// These are inputs, not waits: a drag whose motions come 16 ms apart, a
/// pointer held still before the release so that nothing flings, a button
/// held while a tween ends. The durations are part of what a test does, so
/// they stay fixed; a test that needs something to have happened waits for it
/// (a trace line, an X event, `eventually`) instead. `TestDisplay.click` and
/// `TestDisplay.key` carry their own hand timing (an 80 ms click, 40 ms keys).
public enum Hand {
    /// The gap between two motions of a moving hand, seconds: 16 ms is a
    /// steady drag (one 60 Hz frame per motion), 5 to 8 ms a fast flick.
    public static func step(_ seconds: Double = 0.016) {
        elapse(seconds)
    }

    /// The pointer held still, button down, before the release (or before the
    /// press is lost), seconds (100 to 200 ms): the release then has no speed,
    /// so nothing flings or glides.
    public static func rest(_ seconds: Double) {
        elapse(seconds)
    }

    /// A button kept down for `seconds`, as a hand that presses and holds:
    /// 700 ms lets a selection's tween end under a held button.
    public static func hold(_ seconds: Double) {
        elapse(seconds)
    }

    /// The time between two separate gestures, or before one, seconds: a
    /// second click 30 ms after the first (mid-tween), keys 15 ms apart, a
    /// wheel turned again half a second later, a hand that settles 100 ms on
    /// a spot before turning the wheel, a signal sent at a chosen moment of a
    /// startup.
    public static func pause(_ seconds: Double) {
        elapse(seconds)
    }

    /// Lets `seconds` pass, to the microsecond.
    private static func elapse(_ seconds: Double) {
        usleep(UInt32((seconds * 1_000_000).rounded()))
    }
}
