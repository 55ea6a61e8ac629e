import CX11
import SegmentedCore

/// Paints the selected title centered in the page area of a strip whose
/// window is taller than the strip (a strip with no `PagedView` under it):
/// in `StripStyle.pageFont` and `pageTextColor`, elided to the page less a
/// margin at each side.
@MainActor
final class PageTitlePainter {
    /// The page title font (`StripStyle.pageFont`), opened with the title fonts.
    let font: FontChain
    private var color: DrawColor
    /// Room kept free at each side of the title, pixels (scaled).
    private let margin: Int
    /// Long titles' pen checkpoints and elided titles, by segment.
    private var memo = TitleMemo()

    /// Room kept free at each side of an elided page title, pixels at scale 1.
    static let margin = 16.0

    /// Opens the style's page font on `connection` and allocates its color in `colors`.
    /// - Throws: `FontChain.Failure` when the font cannot be opened.
    init(connection: XDisplayConnection, style: StripStyle, colors: ColorCache) throws {
        font = try connection.fontChain(pattern: style.pageFont, scale: style.scale)
        color = colors.color(style.pageTextColor)
        margin = Int((Self.margin * style.scale).rounded())
    }

    /// Paints the selected title of `snapshot` into `buffer` below `pageTop`
    /// (pixels); nothing when there is no selection or no room below.
    func paint(_ snapshot: StripSnapshot, pageTop: Int, into buffer: BackBuffer) {
        let width = buffer.width, height = buffer.height
        guard let selected = snapshot.selectedIndex, height > pageTop else { return }
        memo.follow(snapshot.titlesVersion)
        var title = snapshot.titles[selected]
        var checkpoints = memo.checkpoints(for: title, key: selected, chain: font)
        var advance = checkpoints?.advance ?? font.advance(of: title)
        // A title wider than the page is elided to it, less a margin at each side.
        let room = width - 2 * margin
        if advance > room {
            title = memo.elided(title, fitting: room, key: selected, chain: font)
            checkpoints = nil
            advance = font.advance(of: title)
        }
        let baseline = Self.baseline(top: Double(pageTop), height: Double(height - pageTop), font: font)
        buffer.clip(y: pageTop, height: height - pageTop)
        font.draw(title, on: buffer.surface, color: &color, x: (width - advance) / 2, baseline: baseline, clipMinX: 0, clipMaxX: width,
                  checkpoints: checkpoints)
        buffer.unclip()
    }

    /// The baseline that centers the primary font's ascent + descent in a band (pixels).
    static func baseline(top: Double, height: Double, font: FontChain) -> Int {
        let textHeight = Double(font.ascent + font.descent)
        return Int((top + (height - textHeight) / 2).rounded()) + font.ascent
    }
}
