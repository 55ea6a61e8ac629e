import CX11

extension XDisplayConnection {
    /// The pixel value of `rgb` (0xRRGGBB) in the screen's default colormap,
    /// for window backgrounds: made from the visual's channel masks on
    /// TrueColor (`DrawColors.allocate`, no round trip), a shared read-only
    /// cell on PseudoColor, and the nearer of black and white by luminance
    /// when the colormap is full. The cell is the connection's until it closes.
    public func pixel(ofRGB rgb: UInt32) -> UInt {
        let render = XRenderColor(red: UInt16((rgb >> 16) & 0xFF) * 0x101, green: UInt16((rgb >> 8) & 0xFF) * 0x101,
                                  blue: UInt16(rgb & 0xFF) * 0x101, alpha: 0xFFFF)
        if let color = DrawColors.allocate(display: display, visual: XDefaultVisual(display, screen), colormap: XDefaultColormap(display, screen),
                                           render) {
            return color.pixel
        }
        // Rec. 601 luma, 0...255.
        let luma = (299 * ((rgb >> 16) & 0xFF) + 587 * ((rgb >> 8) & 0xFF) + 114 * (rgb & 0xFF)) / 1000
        return luma >= 128 ? XWhitePixel(display, screen) : XBlackPixel(display, screen)
    }
}
