import CX11
import SegmentedCore

// Badges: a pill (or a dot) at the title's top trailing corner, its text in
// the unselected title font (`StripFramePlanner.badgeFont`). Sizes are `LayoutMetrics`' (the core's formulas); the pill
// is filled as one span per row, as the indicator's rounded corners are.
extension StripPainter {
    /// Fills the pill `pill` (content coordinates, pixels) in `badgeColor`,
    /// its ends half-circles (a dot: a circle), and draws the badge's text
    /// centered in it in `badgeTextColor`, in `font` (the planner's `badgeFont`).
    func drawBadge(_ badge: SegmentBadge, in pill: Rect, font badgeFont: FontChain, offset: Double, on buffer: BackBuffer) {
        let x = style.direction.windowPixelMinX(contentX: pill.x, width: pill.width.rounded(), contentOffset: offset,
                                                viewportWidth: buffer.width)
        guard x < buffer.width, x + Int(pill.width.rounded()) > 0 else { return }
        let y = Int(pill.y.rounded()), w = Int(pill.width.rounded()), h = Int(pill.height.rounded())
        let radius = Double(min(w, h)) / 2
        for row in 0..<max(0, h) {
            // The row's distance from the end circles' center row, and how far the circle is inset there.
            let dy = abs(Double(row) + 0.5 - Double(h) / 2)
            let inset = Int((radius - (max(0, radius * radius - dy * dy)).squareRoot()).rounded())
            buffer.fill(&badgeFill, x: x + inset, y: y + row, width: w - 2 * inset, height: 1)
        }
        let text = badge.drawnText
        guard !text.isEmpty else { return }
        let advance = badgeFont.advance(of: text)
        let baseline = y + (h - badgeFont.ascent - badgeFont.descent) / 2 + badgeFont.ascent
        badgeFont.draw(text, on: buffer.surface, color: &badgeText, x: x + (w - advance) / 2, baseline: baseline,
                       clipMinX: 0, clipMaxX: buffer.width)
    }
}
