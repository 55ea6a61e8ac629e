/// Turns XInput 2.1 scroll valuators into scroll deltas.
///
/// A scroll valuator reports an absolute, ever-growing value; the change
/// between two events of the same device, divided by the axis' increment, is
/// the scroll in "increments" (1 = one wheel notch's worth). The first value
/// after a reset (pointer entering, device switch) is only a baseline.
/// Events the server emulated (`XIPointerEmulated`: smooth deltas made from
/// wheel buttons, or wheel buttons made from smooth deltas) are not counted
/// here, so one physical scroll is applied once.
public struct SmoothScrollTracker: Equatable, Sendable {
    /// One scroll axis of a device.
    public struct Axis: Equatable, Sendable {
        /// The device id.
        public var device: Int
        /// The valuator number.
        public var valuator: Int
        /// True for a horizontal axis.
        public var horizontal: Bool
        /// Valuator units per increment (one notch); never 0.
        public var increment: Double

        public init(device: Int, valuator: Int, horizontal: Bool, increment: Double) {
            self.device = device
            self.valuator = valuator
            self.horizontal = horizontal
            self.increment = increment == 0 ? 1 : increment
        }
    }

    private var axes: [Axis] = []
    private var last: [Int: Double] = [:]   // device << 16 | valuator

    public init() {}

    /// Replaces the scroll axes of `device` and forgets its baselines.
    public mutating func setAxes(_ newAxes: [Axis], of device: Int) {
        axes.removeAll { $0.device == device }
        axes.append(contentsOf: newAxes)
        last = last.filter { $0.key >> 16 != device }
    }


    /// Forgets every baseline (the next value of each axis is only a baseline).
    public mutating func reset() {
        last.removeAll()
    }

    /// The scroll carried by one motion event of `device` with `values`
    /// (valuator number, absolute value), in increments: `dx` positive to the
    /// right, `dy` positive downward. Emulated events give (0, 0).
    public mutating func delta(device: Int, values: [(valuator: Int, value: Double)], emulated: Bool) -> (dx: Double, dy: Double) {
        var dx = 0.0, dy = 0.0
        for (valuator, value) in values {
            guard let axis = axes.first(where: { $0.device == device && $0.valuator == valuator }) else { continue }
            let key = device << 16 | valuator
            defer { last[key] = value }
            guard !emulated, let previous = last[key] else { continue }
            let d = (value - previous) / axis.increment
            if axis.horizontal { dx += d } else { dy += d }
        }
        return (dx, dy)
    }

    /// Pixels for a scroll of `increments` in a viewport `viewportWidth` pixels
    /// wide: increments x viewport^(2/3), GTK's rule for smooth scroll deltas
    /// (gtk/gtkrange.c, `_gtk_range_get_wheel_delta`).
    public static func pixels(increments: Double, viewportWidth: Double) -> Double {
        increments * pow(max(viewportWidth, 1), 2.0 / 3.0)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
