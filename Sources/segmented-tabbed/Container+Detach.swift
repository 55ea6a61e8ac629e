import CX11

// Ctrl+Shift+d: a tab leaves the container as a window of its own (tabbed's
// TODO, "detach/attach windows"; the rest of tearing off is issue 39's).
extension Container {
    /// The tab shown leaves the container as a top-level window where it is
    /// on the screen, at its size: its tab closes first (`closed`, reason
    /// `detached`), then it leaves the save-set and is reparented to the
    /// root, which ends the embedding as the XEmbed spec has an embedder do,
    /// and mapped, for the window manager to take. The client runs on.
    func detachShown() {
        guard let window = shown, clients[window] != nil else { return }
        let display = connection.display
        var x: Int32 = 0, y: Int32 = 0, child: Window = 0
        XTranslateCoordinates(display, host.window, XDefaultRootWindow(display), 0, Int32(clientTop), &x, &y, &child)
        forget(window, reason: "detached")
        XRemoveFromSaveSet(display, window)
        XReparentWindow(display, window, XDefaultRootWindow(display), x, y)
        XMapWindow(display, window)
        XFlush(display)
    }
}
