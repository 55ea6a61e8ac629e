import CXft
import SegmentedCore

// The refresh rate of the monitor that shows a window, from RandR: the mode
// of the CRTC whose area holds a point, and the notifications that say it
// may have changed (a new mode, a monitor plugged or moved).
extension XDisplayConnection {
    /// The refresh rate of the CRTC showing root pixel (`x`, `y`), hertz
    /// (`RefreshRate.hertz` of its mode); nil without RandR, with no CRTC
    /// there, or for a mode with no dot clock (Xvfb's). One round trip for
    /// the screen's resources and one per CRTC.
    func refreshHertz(atRootX x: Int, y: Int) -> Double? {
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XRRQueryExtension(display, &eventBase, &errorBase) != 0,
              let resources = XRRGetScreenResourcesCurrent(display, XRootWindow(display, screen)) else { return nil }
        defer { XRRFreeScreenResources(resources) }
        let r = resources.pointee
        for i in 0..<Int(r.ncrtc) {
            guard let info = XRRGetCrtcInfo(display, resources, r.crtcs[i]) else { continue }
            defer { XRRFreeCrtcInfo(info) }
            let crtc = info.pointee
            guard crtc.mode != 0, x >= Int(crtc.x), y >= Int(crtc.y), x < Int(crtc.x) + Int(crtc.width),
                  y < Int(crtc.y) + Int(crtc.height) else { continue }
            for m in 0..<Int(r.nmode) where r.modes[m].id == crtc.mode {
                let mode = r.modes[m]
                return RefreshRate.hertz(dotClock: UInt(mode.dotClock), horizontalTotal: mode.hTotal, verticalTotal: mode.vTotal,
                                         interlaced: mode.modeFlags & UInt(RR_Interlace) != 0,
                                         doubleScan: mode.modeFlags & UInt(RR_DoubleScan) != 0)
            }
        }
        return nil
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
            return true
        }
        guard event.type == base + RRNotify else { return false }
        let subtype = withUnsafePointer(to: &event) { $0.withMemoryRebound(to: XRRNotifyEvent.self, capacity: 1) { $0.pointee.subtype } }
        return subtype == RRNotify_CrtcChange
    }
}
