/// Pointer input in one form, whether it came as a core X event or through
/// XInput 2: window pixels (a strip's adapter mirrors them for a
/// right-to-left strip), the server's time in seconds.
public enum PointerInput: Sendable {
    /// A button went down at (x, y), with modifier `state`, at `time`.
    case press(button: UInt32, x: Double, y: Double, state: UInt32, time: Double)
    /// A button went up.
    case release(button: UInt32, x: Double, y: Double, state: UInt32, time: Double)
    /// The pointer moved; `scroll` is the smooth scroll it carried, in increments.
    case motion(x: Double, y: Double, scroll: (dx: Double, dy: Double), time: Double)
    /// Nothing to act on (an emulated event, a device change).
    case ignored
}
