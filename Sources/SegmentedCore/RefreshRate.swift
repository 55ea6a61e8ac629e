/// A display mode's refresh rate, and the frame period the strip's timer
/// ticks at: what RandR gives for the CRTC that shows the window, as
/// `xrandr` computes it from the mode line.
public enum RefreshRate {
    /// The rate used when the server gives none (Xvfb's modes have no dot clock), hertz.
    public static let fallbackHertz = 60.0
    /// The rates the timer follows, hertz: a mode outside them (a bogus mode line) gives the fallback.
    public static let plausibleHertz = 20.0...500.0

    /// A mode's refresh rate, hertz: dot clock / (horizontal total × vertical
    /// total), doubled for an interlaced mode and halved for a double-scan
    /// one (the mode line's own arithmetic, as `xrandr` prints it); nil for a
    /// mode with no dot clock or no totals.
    public static func hertz(dotClock: UInt, horizontalTotal: UInt32, verticalTotal: UInt32, interlaced: Bool = false,
                             doubleScan: Bool = false) -> Double? {
        guard dotClock > 0, horizontalTotal > 0, verticalTotal > 0 else { return nil }
        var rate = Double(dotClock) / (Double(horizontalTotal) * Double(verticalTotal))
        if interlaced { rate *= 2 }
        if doubleScan { rate /= 2 }
        return rate
    }

    /// The frame period for a display at `hertz`, seconds: 1 / hertz, or
    /// 1 / `fallbackHertz` for no rate or one outside `plausibleHertz`.
    public static func frameInterval(hertz: Double?) -> Double {
        guard let hertz, hertz.isFinite, plausibleHertz.contains(hertz) else { return 1 / fallbackHertz }
        return 1 / hertz
    }
}
