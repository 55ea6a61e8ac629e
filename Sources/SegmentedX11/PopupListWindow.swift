import CStripAccessibility
import CX11
import Dispatch
import SegmentedCore

/// The popup list of every title on screen (GtkNotebook's tab menu): an
/// override-redirect window of type `_NET_WM_WINDOW_TYPE_POPUP_MENU`, under
/// its anchor or above it when there is no room, inside the RandR monitor
/// that holds it (`TooltipLayout.frame`), holding the pointer and keyboard
/// grabs while it is open, as menus do.
///
/// The pointer grab is an XInput 2 grab when the strip reads XInput 2: a
/// press on the strip holds XI2's implicit grab, and the server refuses a
/// core `XGrabPointer` during a grab of another kind, even from the same
/// client, while a grab of the same kind takes it over. So a right-click held
/// as a hand holds it opens the list, and its release, dragged onto a row,
/// chooses that row (as GTK's and Qt's context menus do).
///
/// It draws the rows `PopupListModel.shownRows` only, in the strip's
/// unselected font through its text routine: disabled titles in
/// `disabledTextColor`, the strip's selected one in the accent color after
/// an accent mark, the highlighted row on a tint of the accent. Keys, the
/// wheel, the pointer and type-ahead go to the model; Return or a click on an
/// enabled row chooses it, Escape or a press outside closes with nothing.
@MainActor
final class PopupListWindow {
    /// The list's window.
    private(set) var window: Window = 0
    /// Its frame on the root window, pixels.
    private(set) var frame = PixelRect(x: 0, y: 0, width: 0, height: 0)
    /// The rows, the highlight and the type-ahead.
    private(set) var model: PopupListModel
    /// Called once, when a row is chosen (its index) or the list is dismissed (nil), after the window is gone.
    var finished: (Int?) -> Void = { _ in }
    /// Its menu on the accessibility bus while it is open (`StripAccessibility.register(popup:strip:)`).
    var accessible: AccessibleElement?
    /// The highlighted row last drawn, which the menu's focus follows.
    private var drawnHighlight: Int?
    /// Told of each drawing of the rows, for measuring (`SegmentedStrip.popupListFrameObserver`).
    var frameObserver: (@MainActor (SegmentedStrip.FrameStat) -> Void)?

    private let connection: XDisplayConnection
    private let isEnabled: (Int) -> Bool
    private let titles: [String]
    private let selected: Int?
    private let font: FontChain
    private let style: StripStyle
    private let colors: ColorCache
    private let rowHeight: Int, padding: Int, mark: Int, border: Int
    /// A release over an enabled row chooses it: set by a press inside the list, or by the held press that opened it,
    /// and cleared by a release anywhere else (the quick right-click that opened it releases over the strip).
    private var armed = false
    /// The list's XInput 2 pointer events, when the pointer grab is an XInput 2 grab.
    private var xinput: XInput2Pointer?
    /// The master pointer the XInput 2 grab holds.
    private var grabbedDevice: Int32 = 0

    /// A list of `titles` with `selected` marked, not yet on screen.
    /// - Parameter isEnabled: whether row `i` can be chosen.
    init(connection: XDisplayConnection, titles: [String], selected: Int?, isEnabled: @escaping (Int) -> Bool, font: FontChain,
         style: StripStyle, colors: ColorCache) {
        (self.connection, self.titles, self.selected, self.font, self.style, self.colors) = (connection, titles, selected, font, style, colors)
        self.isEnabled = isEnabled
        model = PopupListModel(count: 0, selected: nil)
        let scale = style.scale
        rowHeight = font.ascent + font.descent + Int((8 * scale).rounded())
        padding = Int((12 * scale).rounded())
        mark = Int((10 * scale).rounded())
        border = max(1, Int(scale.rounded()))
    }

    /// Maps the list under `anchor` (root pixels) and takes the grabs: at
    /// most 20 rows, and no more than the monitor holding it has room for.
    /// - Parameters:
    ///   - xinput2: take the pointer with an XInput 2 grab (the strip reads XInput 2, so its press holds an XI2 implicit grab).
    ///   - heldPress: a pointer press opened it and is still held: its release over an enabled row chooses that row.
    /// - Returns: false when another client holds the pointer or keyboard (the list is then closed again).
    func open(under anchor: Rect, xinput2: Bool, heldPress: Bool) -> Bool {
        let display = connection.display, screen = connection.screen, scale = style.scale
        let monitor = TooltipWindow.monitor(holding: anchor, connection)
        let fitting = max(1, (Int(monitor.height) - 2 * border) / rowHeight)
        model = PopupListModel(count: titles.count, selected: selected, maximumRows: min(20, fitting), isEnabled: isEnabled)
        let widest = model.shownRows.map { font.advance(of: titles[$0]) }.max() ?? 0
        let width = min(max(widest + 2 * padding + mark + 2 * border, Int(160 * scale)), Int(480 * scale))
        let height = model.visibleRows * rowHeight + 2 * border
        let placed = TooltipLayout.frame(segment: anchor, size: (Double(width), Double(height)),
                                         monitor: monitor, gap: 0,
                                         rightToLeft: style.direction == .rightToLeft)
        frame = PixelRect(x: Int(placed.x), y: Int(placed.y), width: width, height: height)
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.save_under = 1
        attributes.event_mask = Int(ExposureMask | KeyPressMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask)
        window = XCreateWindow(display, XRootWindow(display, screen), Int32(frame.x), Int32(frame.y), UInt32(width), UInt32(height), 0,
                               XDefaultDepth(display, screen), UInt32(InputOutput), XDefaultVisual(display, screen),
                               UInt(CWOverrideRedirect | CWSaveUnder | CWEventMask), &attributes)
        // A grab needs the window viewable: the server has mapped it once this returns.
        connection.mapPopup(window, type: "_NET_WM_WINDOW_TYPE_POPUP_MENU")
        let pointer = grabPointer(xinput2: xinput2)
        let keyboard = XGrabKeyboard(display, window, 0, GrabModeAsync, GrabModeAsync, UInt(CurrentTime))
        guard pointer == GrabSuccess, keyboard == GrabSuccess else {
            close()
            return false
        }
        armed = heldPress
        draw()
        // A round trip: the list is on the screen before the strip says it is open.
        XSync(display, 0)
        return true
    }

    /// Takes the pointer for the list's window: an XInput 2 grab of the client pointer (the master pointer
    /// this client's events come from), else a core grab.
    /// - Returns: the grab's status (`GrabSuccess`, `AlreadyGrabbed`...).
    private func grabPointer(xinput2: Bool) -> Int32 {
        let display = connection.display
        if xinput2, let xinput = XInput2Pointer(display: display, window: window), XIGetClientPointer(display, 0, &grabbedDevice) != 0 {
            self.xinput = xinput
            var bits = [UInt8](repeating: 0, count: Int(cxft_xi_mask_len()))
            for type in [XI_ButtonPress, XI_ButtonRelease, XI_Motion] { cxft_xi_set_mask(&bits, type) }
            return bits.withUnsafeMutableBufferPointer { buffer in
                var mask = XIEventMask(deviceid: grabbedDevice, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
                return XIGrabDevice(display, grabbedDevice, window, UInt(CurrentTime), 0, GrabModeAsync, GrabModeAsync, 0, &mask)
            }
        }
        let pointerMask = UInt32(ButtonPressMask | ButtonReleaseMask | PointerMotionMask)
        return XGrabPointer(display, window, 0, pointerMask, GrabModeAsync, GrabModeAsync, 0, 0, UInt(CurrentTime))
    }

    /// Handles an event for the list's window (the grabs send it every key and pointer event).
    /// - Returns: whether the event was the list's.
    func handle(_ event: inout XEvent) -> Bool {
        guard window != 0 else { return false }
        if event.type == GenericEvent {
            guard let xinput, let input = xinput.translate(&event) else { return false }
            pointer(input)
            return true
        }
        guard event.xany.window == window else { return false }
        switch event.type {
        case Expose where event.xexpose.count == 0:
            draw()
        case KeyPress:
            key(&event.xkey)
        case ButtonPress, ButtonRelease, MotionNotify:
            let e = event.xbutton
            pointer(event.type == MotionNotify ? .motion(x: Double(event.xmotion.x), y: Double(event.xmotion.y), scroll: (0, 0), time: 0)
                    : event.type == ButtonPress ? .press(button: e.button, x: Double(e.x), y: Double(e.y), state: e.state, time: 0)
                    : .release(button: e.button, x: Double(e.x), y: Double(e.y), state: e.state, time: 0))
        default:
            break
        }
        return true
    }

    /// A pointer event on the list's window (core or XInput 2), window pixels.
    private func pointer(_ input: PointerInput) {
        switch input {
        case let .press(button, x, y, _, _):
            if button == 4 || button == 5 {
                model.scroll(notches: button == 4 ? -1 : 1)
                draw()
            } else if let row = row(atX: x, y: y) {
                armed = true
                model.point(at: row)
                draw()
            } else if !contains(x: x, y: y) {
                finish(nil)   // a press outside: nothing chosen
            }
        case let .release(button, x, y, _, _) where button == 1 || button == 3:
            guard armed, let row = row(atX: x, y: y), model.isEnabled(row) else {
                armed = false
                return
            }
            finish(row)
        case let .motion(x, y, _, _):
            let before = model.highlighted
            model.point(at: row(atX: x, y: y))
            if model.highlighted != before { draw() }
        default:
            break
        }
    }

    /// Ungrabs and destroys the window (nothing chosen is reported: `finished` is not called).
    func close() {
        guard window != 0 else { return }
        if let accessible {
            StripAccessibility.unregister(accessible)
            self.accessible = nil
        }
        let display = connection.display
        if xinput != nil { XIUngrabDevice(display, grabbedDevice, UInt(CurrentTime)) } else { XUngrabPointer(display, UInt(CurrentTime)) }
        xinput = nil
        XUngrabKeyboard(display, UInt(CurrentTime))
        XDestroyWindow(display, window)
        // A round trip, not a flush: the grabs are gone before the strip says the list closed.
        XSync(display, 0)
        window = 0
    }

    private func finish(_ row: Int?) {
        close()
        finished(row)
    }

    // What the menu on the accessibility bus reads: rows by index, in root pixels.

    /// The number of rows (every title).
    var rowCount: Int { titles.count }

    /// Row `row`'s title; nil outside the rows.
    func title(_ row: Int) -> String? { titles.indices.contains(row) ? titles[row] : nil }

    /// Row `row` on the root window, pixels: where it is drawn, or would be
    /// when scrolled into view (above or below the list, as GTK's scrolled rows are).
    func rowRootFrame(_ row: Int) -> PixelRect {
        let slot = row - model.shownRows.lowerBound
        return PixelRect(x: frame.x + border, y: frame.y + border + slot * rowHeight, width: max(frame.width - 2 * border, 0), height: rowHeight)
    }

    /// The row under root pixel (`x`, `y`), if one is shown there.
    func row(atRootX x: Int, rootY y: Int) -> Int? {
        row(atX: Double(x - frame.x), y: Double(y - frame.y))
    }

    /// STRIP_ACC_* flags of row `row`: showing (scrolled into view), selected
    /// and focused (highlighted: the menu holds the keyboard), disabled.
    func accessibleState(ofRow row: Int) -> Int32 {
        guard titles.indices.contains(row) else { return 0 }
        var flags: Int32 = model.isEnabled(row) ? 0 : Int32(STRIP_ACC_DISABLED)
        if model.shownRows.contains(row) { flags |= Int32(STRIP_ACC_SHOWING) }
        if row == model.highlighted { flags |= Int32(STRIP_ACC_SELECTED) | Int32(STRIP_ACC_FOCUSED) }
        return flags
    }

    /// Chooses row `row` as Return on it would (an assistive technology's
    /// click or selection): an enabled row is chosen and the list closes.
    /// - Returns: whether it was chosen.
    func choose(_ row: Int) -> Bool {
        guard window != 0, titles.indices.contains(row), model.isEnabled(row) else { return false }
        // After the caller (the bridge's D-Bus handler) is done: closing takes the menu off the bus.
        DispatchQueue.main.async { [weak self] in
            guard let self, window != 0 else { return }
            finish(row)
        }
        return true
    }

    private func key(_ event: inout XKeyEvent) {
        let keysym = Int32(truncatingIfNeeded: XLookupKeysym(&event, 0))
        let moves: [Int32: PopupListModel.Key] = [XK_Up: .up, XK_KP_Up: .up, XK_Down: .down, XK_KP_Down: .down, XK_Home: .home,
                                                  XK_KP_Home: .home, XK_End: .end, XK_KP_End: .end, XK_Page_Up: .pageUp,
                                                  XK_KP_Page_Up: .pageUp, XK_Page_Down: .pageDown, XK_KP_Page_Down: .pageDown]
        if let move = moves[keysym] {
            if model.press(move) { draw() }
        } else if keysym == XK_Return || keysym == XK_KP_Enter {
            if let choice = model.choice { finish(choice) }
        } else if keysym == XK_Escape {
            finish(nil)
        } else if let character = Self.character(XLookupKeysym(&event, event.state & UInt32(ShiftMask) != 0 ? 1 : 0)) {
            let titles = titles
            if model.type(character, at: SegmentedStrip.now(), title: { titles[$0] }) { draw() }
        }
    }

    /// The text a keysym types: Latin-1's printable ones and X's Unicode keysyms (0x01000000 + the code point); nil for others.
    static func character(_ keysym: KeySym) -> String? {
        let value = UInt32(truncatingIfNeeded: keysym)
        let scalar: UInt32? = (0x20...0x7E).contains(value) || (0xA0...0xFF).contains(value) ? value
            : value & 0xFF00_0000 == 0x0100_0000 ? value & 0x00FF_FFFF : nil
        return scalar.flatMap(Unicode.Scalar.init).map { String($0) }
    }

    private func contains(x: Double, y: Double) -> Bool {
        x >= 0 && y >= 0 && x < Double(frame.width) && y < Double(frame.height)
    }

    private func row(atX x: Double, y: Double) -> Int? {
        guard contains(x: x, y: y) else { return nil }
        return model.row(atY: y.rounded(.down) - Double(border), rowHeight: Double(rowHeight))
    }

    /// Draws the rows shown into a pixmap and copies it to the window.
    private func draw() {
        let cpuStart = frameObserver == nil ? 0 : threadCPUTime()
        defer {
            frameObserver?(SegmentedStrip.FrameStat(time: SegmentedStrip.now(), cpuSeconds: threadCPUTime() - cpuStart,
                                                    animating: false, dragging: false))
        }
        let display = connection.display, screen = connection.screen
        let width = frame.width, height = frame.height
        let pixmap = XCreatePixmap(display, window, UInt32(width), UInt32(height), UInt32(XDefaultDepth(display, screen)))
        defer { XFreePixmap(display, pixmap) }
        guard let surface = DrawSurface(connection: connection, drawable: pixmap) else { return }
        var edge = colors.color(style.textColor), back = colors.color(style.backgroundColor)
        var tint = colors.color(ColorBlend.over(style.accentColor, 0.12, on: style.backgroundColor))
        surface.fill(&edge, x: 0, y: 0, width: width, height: height)
        surface.fill(&back, x: border, y: border, width: max(width - 2 * border, 1), height: max(height - 2 * border, 1))
        let rtl = style.direction == .rightToLeft
        let room = width - 2 * border - 2 * padding - mark
        for (slot, row) in model.shownRows.enumerated() {
            let top = border + slot * rowHeight
            if row == model.highlighted {
                surface.fill(&tint, x: border, y: top, width: max(width - 2 * border, 1), height: rowHeight)
            }
            let title = font.advance(of: titles[row]) > room ? font.elided(titles[row], fitting: room) : titles[row]
            let advance = font.advance(of: title)
            var ink = colors.color(!model.isEnabled(row) ? style.effectiveDisabledTextColor
                : row == selected ? style.accentColor : style.textColor)
            // The selected row's mark sits in the column before the titles (after them, right to left).
            let markX = rtl ? width - border - padding - mark / 2 : border + padding / 2
            if row == selected {
                let side = max(2, mark / 2)
                surface.fill(&ink, x: markX, y: top + (rowHeight - side) / 2, width: side, height: side)
            }
            let x = rtl ? width - border - padding - mark - advance : border + padding + mark
            font.draw(title, on: surface, color: &ink, x: x, baseline: top + (rowHeight - font.ascent - font.descent) / 2 + font.ascent)
        }
        let gc = XCreateGC(display, window, 0, nil)
        XCopyArea(display, pixmap, window, gc, 0, 0, UInt32(width), UInt32(height), 0, 0)
        XFreeGC(display, gc)
        XFlush(display)
        if model.highlighted != drawnHighlight {
            // The menu's focus follows the highlight, once it is drawn.
            accessible?.selectionChanged(from: drawnHighlight, to: model.highlighted, focused: true)
            drawnHighlight = model.highlighted
        }
    }
}
