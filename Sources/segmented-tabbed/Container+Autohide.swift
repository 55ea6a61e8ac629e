import CX11

// `--autohide`: the strip out of the way while there is nothing to switch to.
extension Container {
    /// Where the tab shown begins, pixels: under the strip, or at the top while it is hidden.
    var clientTop: Int { stripIsHidden ? 0 : stripHeight }

    /// With `--autohide`, hides the strip while there are fewer than two tabs
    /// and shows it again with the second (tabbed's autohide patch); the tab
    /// shown takes the room either way. Reported as `strip` (shown).
    func updateAutohide() {
        guard options.autohide else { return }
        let hide = clients.count < 2
        guard hide != stripIsHidden else { return }
        stripIsHidden = hide
        if hide { XUnmapWindow(connection.display, strip.window) } else { XMapWindow(connection.display, strip.window) }
        if let shown { configure(shown) }
        report("strip", ["shown": !hide])
    }
}
