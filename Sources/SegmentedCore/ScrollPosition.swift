import Glibc

/// The content offset and what moves it: the resting offset, its motion on
/// its own (a centering tween, a wheel step, a glide, a spring) and the
/// press/drag gesture that moves it by hand.
///
/// Flutter's `ScrollPosition` holds the same apart from the `TabController`;
/// here the selection is `SelectionTransition`. The content's size comes in
/// with each call (`maximum`, `viewportWidth`, pixels), so this holds no layout.
struct ScrollPosition {
    /// Where the offset rests (or is held by a drag), pixels.
    private(set) var resting: Double = 0
    /// How the offset moves on its own.
    private(set) var motion: OffsetMotion = .rest
    /// What moved the offset last.
    private(set) var cause: ScrollCause = .selection
    private var gesture: PointerGesture?
    private var rawAtPress: Double = 0
    private var velocity = VelocityTracker()
    /// Reduced motion (`SelectionMotion.reducesMotion`): wheel steps jump,
    /// and a release never glides or springs: the offset stops in range.
    var reducesMotion = false

    /// How a press ended.
    enum Release {
        /// A press that never moved past the slop: the caller hit-tests it.
        case click
        /// A drag ended at `offset` (pixels) with the content moving at `velocity` (pixels per second).
        case drag(offset: Double, velocity: Double, gliding: Bool)
    }

    /// The offset drawn at `now` (seconds), pixels.
    func offset(at now: Double) -> Double {
        motion.offset(at: now, resting: resting)
    }

    /// Whether the offset still moves on its own at `now` (seconds).
    func isMoving(at now: Double) -> Bool {
        !motion.isFinished(at: now)
    }

    /// Whether a selection's centering tween moves the offset.
    var isCentering: Bool {
        guard cause == .selection, case .tween = motion else { return false }
        return true
    }

    /// Whether the pointer is held down.
    var isPressed: Bool { gesture != nil }

    /// Whether the current press has become a drag.
    var isDragging: Bool { gesture?.isDrag ?? false }

    /// Ends a motion that has finished by `now` (seconds), resting where it ended.
    mutating func settle(at now: Double) {
        guard motion != .rest, motion.isFinished(at: now) else { return }
        resting = motion.offset(at: now, resting: resting)
        motion = .rest
    }

    /// Stops the offset where it is drawn at `now` (seconds).
    mutating func stop(at now: Double) {
        resting = motion.offset(at: now, resting: resting)
        motion = .rest
    }

    /// Rests at `offset` (pixels), moved there by `cause`.
    mutating func move(to offset: Double, cause: ScrollCause) {
        self.cause = cause
        rest(at: offset)
    }

    /// Rests at `offset` (pixels) at once.
    mutating func rest(at offset: Double) {
        motion = .rest
        resting = offset
    }

    /// Centers a selection: from `drawn` to `target` (pixels) over `tween`, or at once when `tween` is nil.
    mutating func center(from drawn: Double, to target: Double, tween: Tween?) {
        cause = .selection
        if let tween, drawn != target {
            motion = .tween(from: drawn, to: target, tween: tween)
        } else {
            rest(at: target)
        }
    }

    /// Rests at `offset` (pixels) drawn for a page position: a selection's centering, by hand.
    mutating func follow(_ offset: Double) {
        cause = .selection
        rest(at: offset)
    }

    /// A running selection tween takes a new target (the viewport changed) at
    /// `now` (seconds) and keeps its clock; a drawn offset past the new
    /// `maximum` goes on from the edge instead.
    /// - Returns: false when no selection tween runs (nothing changed).
    mutating func retargetCentering(to target: Double, drawn: Double, maximum: Double, at now: Double) -> Bool {
        guard cause == .selection, case let .tween(from, _, tween) = motion else { return false }
        if drawn > maximum {
            // The window grew past what is drawn: go on from the edge for
            // the rest of the tween, so the offset is never out of range.
            let remaining = max(tween.startTime + tween.duration - now, 0.05)
            motion = .tween(from: maximum, to: target, tween: Tween(startTime: now, duration: remaining, easing: tween.easing))
        } else {
            motion = .tween(from: from, to: target, tween: tween)
        }
        return true
    }

    /// Scrolls by `delta` pixels (positive toward the end) at `now` (seconds),
    /// clamped to 0...`maximum`. Animated (wheel notches): a 0.2 s ease-out from
    /// what is drawn, and notches that arrive during the step add up. Not
    /// animated (touchpad): applied at once.
    /// - Returns: whether the offset will change (false at an edge already reached, or during a press).
    mutating func scroll(by delta: Double, animated: Bool, at now: Double, maximum: Double) -> Bool {
        guard gesture == nil else { return false }
        let drawn = offset(at: now)
        var base = min(max(drawn, 0), maximum)
        if animated, cause == .wheel, case let .tween(_, to, tween) = motion, !tween.isFinished(at: now) {
            base = to
        }
        let target = min(max(base + delta, 0), maximum)
        if target == drawn, motion.isFinished(at: now) { return false }
        if animated, reducesMotion {
            cause = .wheel
            rest(at: target)
        } else if animated {
            cause = .wheel
            motion = target == drawn ? .rest : .tween(from: drawn, to: target, tween: Tween(startTime: now, duration: 0.2, easing: .easeOut))
            resting = target
        } else {
            cause = .touchpad
            rest(at: target)
        }
        return true
    }

    /// Button 1 went down at `x` (viewport pixels): the offset stops where it is drawn at `now` and the gesture begins.
    mutating func press(x: Double, y: Double, at now: Double, eventTime: Double, slop: Double, maximum: Double, viewportWidth: Double) {
        settle(at: now)
        stop(at: now)
        gesture = PointerGesture(pressX: x, pressY: y, slop: slop)
        rawAtPress = RubberBand.raw(shown: resting, maximum: maximum, dimension: viewportWidth)
        velocity = VelocityTracker()
        velocity.add(x: x, time: eventTime)
    }

    /// Records where the held pointer was at `eventTime` (seconds), for the release velocity.
    mutating func record(x: Double, eventTime: Double) {
        guard gesture != nil else { return }
        velocity.add(x: x, time: eventTime)
    }

    /// The held pointer moved to `x` (viewport pixels): past the slop the
    /// content follows 1:1 inside 0...`maximum`, with rubber-band resistance past either edge.
    /// - Returns: whether the offset changed.
    mutating func move(x: Double, y: Double, eventTime: Double, maximum: Double, viewportWidth: Double) -> Bool {
        guard var g = gesture else { return false }
        velocity.add(x: x, time: eventTime)
        let isDrag = g.move(toX: x, y: y)
        gesture = g
        guard isDrag else { return false }
        let raw = rawAtPress - (x - g.pressX)
        let offset = RubberBand.offset(raw: raw, maximum: maximum, dimension: viewportWidth)
        cause = .drag
        defer { resting = offset }
        return offset != resting
    }

    /// Button 1 went up at `x` (viewport pixels) at `now` (seconds). A drag
    /// released past an edge springs back; released with speed (over 50 px/s)
    /// it glides, bouncing off an edge it reaches.
    /// - Returns: nil when no press was held.
    mutating func release(x: Double, y: Double, at now: Double, eventTime: Double, maximum: Double, viewportWidth: Double) -> Release? {
        guard var g = gesture else { return nil }
        gesture = nil
        guard g.move(toX: x, y: y) else { return .click }
        let shown = resting
        if reducesMotion { return stopInRange(shown, maximum: maximum) }
        let measured = -velocity.velocity(at: eventTime)
        let v = min(max(measured, -StripModel.maximumGlideVelocity), StripModel.maximumGlideVelocity)
        if shown < 0 || shown > maximum {
            // Released past an edge: spring back, carrying the release
            // speed (as UIScrollView does), but never so fast toward the
            // edge that the critically damped spring would cross it
            // (that needs v / displacement >= -w).
            let edge = shown < 0 ? 0 : maximum
            let displacement = shown - edge
            let launch = v / displacement < -Spring.stiffness ? -Spring.stiffness * displacement : v
            motion = .spring(Spring(edge: edge, offset: shown, velocity: launch, time: now))
            cause = .spring
            return .drag(offset: shown, velocity: launch, gliding: true)
        }
        guard abs(v) > 50 else {
            cause = .drag
            return .drag(offset: shown, velocity: 0, gliding: false)
        }
        let glide = Glide(offset: shown, velocity: v, time: now)
        let edge = v > 0 ? maximum : 0
        var bounce: Spring?
        if let t = glide.time(reaching: edge) {
            // The bounce goes out v / (w e): at most a quarter of the viewport.
            let limit = 0.25 * viewportWidth * Spring.stiffness * M_E
            let arrival = min(max(glide.velocity(at: t), -limit), limit)
            bounce = Spring(edge: edge, offset: edge, velocity: arrival, time: t)
        }
        motion = .glide(glide, bounce: bounce)
        cause = .glide
        return .drag(offset: shown, velocity: v, gliding: !motion.isFinished(at: now))
    }

    /// The press was lost without a release at `now` (seconds): a drag ends
    /// where it is drawn with no speed (springing back when past an edge).
    /// - Returns: nil when no press was held; `.click` for a press that never became a drag.
    mutating func cancelPress(at now: Double, maximum: Double) -> Release? {
        guard let g = gesture else { return nil }
        gesture = nil
        guard g.isDrag else { return .click }
        let shown = resting
        if reducesMotion { return stopInRange(shown, maximum: maximum) }
        if shown < 0 || shown > maximum {
            motion = .spring(Spring(edge: shown < 0 ? 0 : maximum, offset: shown, velocity: 0, time: now))
            cause = .spring
            return .drag(offset: shown, velocity: 0, gliding: true)
        }
        cause = .drag
        return .drag(offset: shown, velocity: 0, gliding: false)
    }

    /// A drag let go under reduced motion: it rests where it was shown, in 0...`maximum` (no glide, no spring).
    private mutating func stopInRange(_ shown: Double, maximum: Double) -> Release {
        cause = .drag
        rest(at: min(max(shown, 0), maximum))
        return .drag(offset: resting, velocity: 0, gliding: false)
    }

    /// At rest past an edge (a press caught a bounce and selected nothing): spring back to it from `now` (seconds).
    mutating func springBackIfOutOfRange(at now: Double, maximum: Double) {
        guard motion == .rest, resting < 0 || resting > maximum else { return }
        if reducesMotion { return rest(at: resting < 0 ? 0 : maximum) }
        motion = .spring(Spring(edge: resting < 0 ? 0 : maximum, offset: resting, velocity: 0, time: now))
        cause = .spring
    }
}
