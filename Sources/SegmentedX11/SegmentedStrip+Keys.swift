import CXft
import SegmentedCore

// The keys the host routes to its focused strip: the popup list's, the
// reorder keys, and navigation (`StripInputTranslator.navigationKey`).
extension SegmentedStrip {
    /// Routes a key to the strip: Left/Right (and Ctrl+PageUp/PageDown) select
    /// the previous/next segment, Home/End the first/last, Alt+1 to Alt+8 the
    /// first to the eighth, Alt+9 the last, Ctrl+Tab and Ctrl+Shift+Tab the
    /// next and previous with wrapping, animated as a click.
    /// The strip's window does not take keyboard focus: the host calls this for
    /// key presses while the strip is its focused control.
    ///
    /// - Parameters:
    ///   - keysym: the X keysym (from `XLookupKeysym`).
    ///   - state: the event's modifier state (`ControlMask`...).
    /// - Returns: whether the strip used the key.
    @discardableResult
    public func handleKey(keysym: KeySym, state: UInt32) -> Bool {
        guard !isDestroyed else { return false }
        if keysym == KeySym(XK_Menu) || (keysym == KeySym(XK_F10) && state & UInt32(ShiftMask) != 0) {
            openPopupList()
            return true
        }
        if model.isReordering {
            // Escape puts the lifted item back; other keys wait for the drop (they would move the selection under it).
            if keysym == KeySym(XK_Escape) { cancelReorder(at: Self.now()) }
            return true
        }
        if handleReorderKey(keysym: keysym, state: state) { return true }
        guard let key = input.navigationKey(keysym: keysym, state: state) else { return false }
        tooltips.dismiss()
        releaseHeldWidths(at: Self.now())
        let old = model.selectedIndex
        guard old != nil else { return true }
        if let index = model.select(key, at: Self.now()) {
            selectionDidChange(from: old, to: index, cause: .key)
        }
        // Changed or only re-centered (a key at an end): either way it moves and settles.
        reports.selectionPending = true
        needsPaint = true
        scheduleUpdate()
        return true
    }
}
