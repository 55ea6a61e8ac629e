/// When a segment's tooltip shows and hides, and which text it shows: the
/// decisions, free of X11 and of real timers (the clock is a `FrameClock`,
/// stepped by hand in tests).
///
/// - The tooltip of the segment under the pointer shows `delay` seconds
///   (0.5 s, as GTK's and Qt's default) after the pointer came over it.
/// - Moving to another segment hides it and starts the wait again.
/// - A press, a wheel notch, a key or a scroll hides it (`dismiss()`); it
///   does not come back over the same segment until the pointer hovers
///   another one or leaves and comes back, as Qt's tab bar does.
/// - Leaving the strip hides it and forgets the segment (`pointerLeft()`).
///
/// The one timer is a one-shot timer that exists only while the wait runs:
/// at rest there is none.
public final class TooltipModel {
    /// Seconds of hover before a tooltip shows.
    public static let delay = 0.5

    /// The segment whose tooltip is shown, nil when none is.
    public private(set) var shownIndex: Int?
    /// Whether the wait for a tooltip runs (its timer exists).
    public var isWaiting: Bool { timer != nil }

    /// The text for a segment, nil when it has none (`text(for:titleIsElided:)`).
    public var text: (_ index: Int) -> String? = { _ in nil }
    /// Shows the tooltip of a segment with its text.
    public var show: (_ index: Int, _ text: String) -> Void = { _, _ in }
    /// Hides the tooltip shown.
    public var hide: () -> Void = {}

    private let clock: FrameClock
    private var timer: FrameTimer?
    /// The segment the pointer is over (whatever is shown), nil outside any.
    private var pointed: Int?

    /// - Parameter clock: the main queue in the program, a manual clock in tests.
    public init(clock: FrameClock) {
        self.clock = clock
    }

    /// The text a tooltip of `item` shows: its `tooltip` when it holds more
    /// than white space, else its whole title when the segment draws it
    /// elided, else nil (no tooltip).
    public static func text(for item: SegmentItem, titleIsElided: Bool) -> String? {
        if let tooltip = item.tooltip, !tooltip.isBlank { return tooltip }
        return titleIsElided ? item.title : nil
    }

    /// The pointer is over segment `index` (nil: over none, or dragging).
    /// Only a change of segment does anything: it hides what is shown and
    /// starts the wait for the new segment's tooltip, if it has a text.
    public func pointerOver(_ index: Int?) {
        guard index != pointed else { return }
        pointed = index
        stop()
        guard let index, text(index) != nil else { return }
        timer = clock.startOneShot(after: Self.delay) { [self] in
            timer = nil
            guard pointed == index, let text = text(index) else { return }
            shownIndex = index
            show(index, text)
        }
    }

    /// Follows the segment under `strip`'s pointer at `now` (seconds,
    /// `StripModel.pointedIndex(at:)`), but not while a button is held: the
    /// press dismissed the tooltip, and a drag moves the content under the
    /// pointer. A click thus brings no tooltip back over its segment.
    public func follow(_ strip: StripModel, at now: Double) {
        guard !strip.isPressed else { return }
        pointerOver(strip.pointedIndex(at: now))
    }

    /// A press, wheel notch, key or scroll: hides the tooltip and stops the
    /// wait; the same segment shows none again until it is hovered anew.
    public func dismiss() {
        stop()
    }

    /// The pointer left the strip: hides the tooltip and forgets the segment.
    public func pointerLeft() {
        stop()
        pointed = nil
    }

    private func stop() {
        timer?.cancel()
        timer = nil
        if shownIndex != nil {
            shownIndex = nil
            hide()
        }
    }
}
