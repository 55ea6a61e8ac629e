import CX11

/// The colors a window draws with, allocated in the screen's default
/// colormap once per 0xRRGGBB and freed with the cache. When the colormap
/// is full (a PseudoColor or GrayScale one with no free cell), the nearest
/// color it has is borrowed instead, with one warning per program.
@MainActor
final class ColorCache {
    private let display: OpaquePointer
    private let visual: UnsafeMutablePointer<Visual>
    private let colormap: Colormap
    /// Colors by 0xRRGGBB, borrowed ones included.
    private var colors: [UInt32: DrawColor] = [:]
    /// Colors allocated in the colormap, freed with the cache (borrowed nearest colors are not).
    private var allocated: [DrawColor] = []
    /// The colormap's cells, read once when an allocation first fails.
    private var cells: [XColor]?

    init(connection: XDisplayConnection) {
        display = connection.display
        visual = XDefaultVisual(display, connection.screen)
        colormap = XDefaultColormap(display, connection.screen)
    }

    deinit {
        // On the main queue, as every use (see `XDisplayConnection.deinit`).
        MainActor.assumeIsolated {
            for color in allocated { DrawColors.free(color, display: display, visual: visual, colormap: colormap) }
        }
    }

    /// `rgb` (0xRRGGBB) as text and fills are drawn in it, allocated on first use.
    func color(_ rgb: UInt32) -> DrawColor {
        if let color = colors[rgb] { return color }
        let color = allocate(rgb)
        colors[rgb] = color
        return color
    }

    private func allocate(_ rgb: UInt32) -> DrawColor {
        // 8-bit channels widened to XRender's 16 bits (0xAB -> 0xABAB).
        let render = XRenderColor(red: UInt16((rgb >> 16) & 0xFF) * 0x101, green: UInt16((rgb >> 8) & 0xFF) * 0x101,
                                  blue: UInt16(rgb & 0xFF) * 0x101, alpha: 0xFFFF)
        if let color = DrawColors.allocate(display: display, visual: visual, colormap: colormap, render) {
            allocated.append(color)
            return color
        }
        // Only a PseudoColor or GrayScale colormap with no free cell gets here.
        let nearest = nearestCell(to: render)
        let shown = (UInt32(nearest.red >> 8) << 16) | (UInt32(nearest.green >> 8) << 8) | UInt32(nearest.blue >> 8)
        XErrorReporting.warnOnce("colormap full", "the X server's colormap is full; drawing with the nearest colors it has (#\(Self.hex(rgb)) as #\(Self.hex(shown)))")
        return DrawColor(pixel: nearest.pixel, color: XRenderColor(red: nearest.red, green: nearest.green, blue: nearest.blue, alpha: 0xFFFF))
    }

    private static func hex(_ rgb: UInt32) -> String {
        let digits = String(rgb, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    /// The colormap cell nearest to `target` by squared distance in 16-bit RGB.
    private func nearestCell(to target: XRenderColor) -> XColor {
        if cells == nil {
            let count = max(1, Int(visual.pointee.map_entries))
            var all = (0..<count).map { XColor(pixel: UInt($0), red: 0, green: 0, blue: 0, flags: 0, pad: 0) }
            XQueryColors(display, colormap, &all, Int32(count))
            cells = all
        }
        func distance(_ c: XColor) -> Int {
            let r = Int(c.red) - Int(target.red), g = Int(c.green) - Int(target.green), b = Int(c.blue) - Int(target.blue)
            return r * r + g * g + b * b
        }
        return cells!.min { distance($0) < distance($1) }!
    }
}
