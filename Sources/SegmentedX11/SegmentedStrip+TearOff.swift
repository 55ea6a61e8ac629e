import CX11
import SegmentedCore

// A tab dragged out of the strip (`StripController+TearOff`): its translucent
// image follows the pointer on the root window until the release.
extension SegmentedStrip {
    /// The pointer's last position on the root window, pixels (`pointerInWindow` from the strip's own origin;
    /// one round trip: asked at a tear-off's release, not each frame of the drag).
    var pointerOnRoot: (x: Int, y: Int) {
        let origin = rootOrigin()
        return (origin.x + Int(pointerInWindow.x), origin.y + Int(pointerInWindow.y))
    }

    /// Shows the image of segment `index` as drawn now, its middle at the pointer, or hides it (nil).
    func showDragImage(of index: Int?) {
        dragImage = nil
        if let index, let tab = drawnTabs.frame(ofTab: index) {
            let frame = PixelRect(x: tab.x, y: tab.y, width: tab.width, height: tab.height)
            dragImage = DragImageWindow(connection: connection, buffer: buffer, frame: frame, origin: rootOrigin(),
                                        border: style.separatorColor, colors: colors)
            dragImage?.show(pointerAt: pointerInWindow)
        }
        XFlush(connection.display)
    }
}

extension SegmentedStrip {
    /// The index an item dropped at window column `x` (pixels) takes, as
    /// drawn now: before the first segment whose middle is past it in reading
    /// order, else after the last (`DrawnTabs.insertionIndex(atWindowX:)`).
    public func insertionIndex(atWindowX x: Int) -> Int { drawnTabs.insertionIndex(atWindowX: Double(x)) }
}
