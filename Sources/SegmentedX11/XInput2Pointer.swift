import CX11
import SegmentedCore

/// XInput 2.1 pointer events on one window, for pixel-precise touchpad
/// scrolling through scroll valuators.
///
/// Selecting XI2 button and motion events means the server no longer sends the
/// core ones to this client, so every pointer event arrives once. Events the
/// server emulated (`XIPointerEmulated`: wheel buttons made from smooth
/// scrolling, or smooth scrolling made from wheel buttons) are dropped, so one
/// physical scroll is applied once, in the form the device produced it.
@MainActor
final class XInput2Pointer {
    private let display: OpaquePointer
    /// The window whose events these are.
    let window: Window
    /// The extension's major opcode (GenericEvent cookies carry it).
    let opcode: Int32
    private(set) var tracker = SmoothScrollTracker()

    /// Selects XI2 pointer events on `window`; nil when the server has no XInput 2.1.
    init?(display: OpaquePointer, window: Window) {
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0 else { return nil }
        var major: Int32 = 2, minor: Int32 = 1
        guard XIQueryVersion(display, &major, &minor) == Success, major > 2 || (major == 2 && minor >= 1) else { return nil }
        self.display = display
        self.window = window
        self.opcode = opcode
        var bits = [UInt8](repeating: 0, count: Int(cxft_xi_mask_len()))
        for type in [XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_DeviceChanged] {
            cxft_xi_set_mask(&bits, type)
        }
        bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            _ = XISelectEvents(display, window, &mask, 1)
        }
        refreshAxes(device: XIAllMasterDevices)
    }

    /// Reads the scroll axes of `device` (or of every master device) again: one round trip.
    func refreshAxes(device: Int32) {
        var count: Int32 = 0
        guard let infos = XIQueryDevice(display, device, &count) else { return }
        defer { XIFreeDeviceInfo(infos) }
        for d in 0..<Int(count) {
            let info = infos[d]
            guard info.use == XIMasterPointer || device != XIAllMasterDevices else { continue }
            setAxes(of: info.deviceid, classes: info.classes, count: info.num_classes)
        }
    }

    /// Takes the scroll axes of `device` from its input classes (a device list's, or a device change event's).
    private func setAxes(of device: Int32, classes: UnsafeMutablePointer<UnsafeMutablePointer<XIAnyClassInfo>?>?, count: Int32) {
        var axes = [SmoothScrollTracker.Axis]()
        for c in 0..<Int(count) {
            guard let any = classes?[c], any.pointee.type == XIScrollClass else { continue }
            let scroll = UnsafeRawPointer(any).assumingMemoryBound(to: XIScrollClassInfo.self).pointee
            axes.append(.init(device: Int(device), valuator: Int(scroll.number),
                              horizontal: scroll.scroll_type == XIScrollTypeHorizontal, increment: scroll.increment))
        }
        tracker.setAxes(axes, of: Int(device))
    }

    /// Forgets the valuator baselines (the pointer re-entered the window).
    func resetBaselines() {
        tracker.reset()
    }

    /// The pointer input in an XI2 GenericEvent, or nil when the event is not
    /// for this window (device changes are everyone's and come back `.ignored`).
    ///
    /// When the caller already holds the cookie's data (`XGetEventData`, as
    /// `XEventLoop` does so that several strips can look at one event) it is
    /// read in place and the caller frees it; otherwise it is fetched and freed here.
    func translate(_ event: inout XEvent) -> PointerInput? {
        guard event.type == GenericEvent, event.xcookie.extension == opcode else { return nil }
        let fetched = event.xcookie.data == nil
        if fetched, XGetEventData(display, &event.xcookie) == 0 { return nil }
        guard let data = event.xcookie.data else { return nil }
        defer { if fetched { XFreeEventData(display, &event.xcookie) } }
        let type = event.xcookie.evtype
        if type == XI_DeviceChanged {
            // The event carries the device's new classes: no XIQueryDevice round trip in the middle of input.
            let changed = data.assumingMemoryBound(to: XIDeviceChangedEvent.self).pointee
            setAxes(of: changed.deviceid, classes: changed.classes, count: changed.num_classes)
            return .ignored
        }
        let e = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
        guard e.event == window else { return nil }
        let emulated = e.flags & Int32(XIPointerEmulated) != 0
        let state = UInt32(bitPattern: e.mods.effective)
        let time = Double(e.time) / 1000
        switch type {
        case XI_ButtonPress:
            return emulated ? .ignored : .press(button: UInt32(e.detail), x: e.event_x, y: e.event_y, state: state, time: time)
        case XI_ButtonRelease:
            return emulated ? .ignored : .release(button: UInt32(e.detail), x: e.event_x, y: e.event_y, state: state, time: time)
        case XI_Motion:
            var values = [(valuator: Int, value: Double)]()
            var j = 0
            for bit in 0..<Int(e.valuators.mask_len) * 8 where cxft_xi_mask_is_set(e.valuators.mask, Int32(bit)) != 0 {
                values.append((bit, e.valuators.values[j]))
                j += 1
            }
            let scroll = tracker.delta(device: Int(e.deviceid), values: values, emulated: emulated)
            return .motion(x: e.event_x, y: e.event_y, scroll: scroll, time: time)
        default:
            return .ignored
        }
    }
}
