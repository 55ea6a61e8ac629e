import CX11
import SegmentedCore

// The refresh rate of the monitor that shows a window, from RandR: the mode
// of the CRTC whose area holds a point, and the notifications that say it
// may have changed (a new mode, a monitor plugged or moved).
extension XDisplayConnection {
    /// The refresh rate of the CRTC showing root pixel (`x`, `y`), hertz
    /// (`RefreshRate.hertz` of its mode); nil without RandR, with no CRTC
    /// there, or for a mode with no dot clock (Xvfb's). The CRTCs are read
    /// once (one round trip for the screen's resources and one per CRTC) and
    /// kept until RandR says they changed (`isRefreshChange`).
    func refreshHertz(atRootX x: Int, y: Int) -> Double? {
        if monitorRates == nil { monitorRates = readMonitorRates() }
        let shown = monitorRates?.first { a in
            x >= a.area.x && y >= a.area.y && x < a.area.x + a.area.width && y < a.area.y + a.area.height
        }
        return shown?.hertz ?? nil
    }

    /// Each active CRTC's area on the root window and its mode's rate.
    private func readMonitorRates() -> [(area: PixelRect, hertz: Double?)] {
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XRRQueryExtension(display, &eventBase, &errorBase) != 0,
              let resources = XRRGetScreenResourcesCurrent(display, XRootWindow(display, screen)) else { return [] }
        defer { XRRFreeScreenResources(resources) }
        let r = resources.pointee
        var rates: [(area: PixelRect, hertz: Double?)] = []
        for i in 0..<Int(r.ncrtc) {
            guard let info = XRRGetCrtcInfo(display, resources, r.crtcs[i]) else { continue }
            defer { XRRFreeCrtcInfo(info) }
            let crtc = info.pointee
            guard crtc.mode != 0 else { continue }
            let mode = (0..<Int(r.nmode)).first { r.modes[$0].id == crtc.mode }.map { r.modes[$0] }
            let hertz = mode.flatMap {
                RefreshRate.hertz(dotClock: UInt($0.dotClock), horizontalTotal: $0.hTotal, verticalTotal: $0.vTotal,
                                  interlaced: $0.modeFlags & UInt(RR_Interlace) != 0, doubleScan: $0.modeFlags & UInt(RR_DoubleScan) != 0)
            }
            rates.append((PixelRect(x: Int(crtc.x), y: Int(crtc.y), width: Int(crtc.width), height: Int(crtc.height)), hertz))
        }
        return rates
    }

    /// A top-level window moved to root pixel (`x`, `y`) (`HostWindow`'s
    /// ConfigureNotify): the strips and views in it that follow the refresh
    /// rate take the rate of the monitor their center is now on, with no round trip.
    func topLevelMoved(_ window: Window, toRootX x: Int, y: Int) {
        refreshFollowers.removeAll { $0.widget == nil }
        for follower in refreshFollowers where follower.widget?.parent == window {
            follower.widget?.followRefreshRate(parentRootOrigin: (x, y))
        }
    }

    /// Asks RandR, once per connection, for the root window's screen and
    /// CRTC change notifications (`isRefreshChange`).
    func watchRefreshRates() {
        guard randrEventBase == nil else { return }
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XRRQueryExtension(display, &eventBase, &errorBase) != 0 else { return }
        randrEventBase = eventBase
        XRRSelectInput(display, XRootWindow(display, screen), Int32(RRScreenChangeNotifyMask | RRCrtcChangeNotifyMask))
    }

    /// Whether `event` says a monitor's mode or place may have changed: a
    /// RandR screen change (Xlib's view of the screen is brought up to date)
    /// or CRTC change.
    func isRefreshChange(_ event: inout XEvent) -> Bool {
        guard let base = randrEventBase else { return false }
        if event.type == base + RRScreenChangeNotify {
            XRRUpdateConfiguration(&event)
            monitorRates = nil
            return true
        }
        guard event.type == base + RRNotify else { return false }
        let subtype = withUnsafePointer(to: &event) { $0.withMemoryRebound(to: XRRNotifyEvent.self, capacity: 1) { $0.pointee.subtype } }
        guard subtype == RRNotify_CrtcChange else { return false }
        monitorRates = nil
        return true
    }
}
