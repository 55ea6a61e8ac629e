import CX11
import SegmentedCore

/// One segment as a frame draws it, decided before painting: its title as
/// drawn (elided to its room), the font, where the pen starts, the state
/// that picks its color, its icon and badge and its close button.
struct SegmentDrawing {
    let index: Int
    /// The title as drawn: elided to the segment's room when it is wider.
    let title: String
    let font: FontChain
    /// A long title's pen checkpoints (nil for a short or an elided one).
    let checkpoints: FontChain.PenCheckpoints?
    /// The pen's start and the baseline, window pixels.
    let x: Int, baseline: Int
    /// How far the title is toward selected (0...1), whether it is drawn between the two, and selected.
    let selection: Double, isBlended: Bool, isSelected: Bool
    let isHovered: Bool, isEnabled: Bool
    /// The segment's drawn frame, content pixels.
    let frame: Rect
    /// Narrower than its title's room (growing in, or closing): cut to its frame, no icon or badge.
    let isCollapsing: Bool
    /// Lifted over its neighbours (a move under way).
    let isSliding: Bool
    let icon: IconCache.Picture?
    let placement: ItemPlacement?
    let badge: SegmentBadge?
    /// The close button's box (content pixels) when it shows, hovered and held.
    let closeButton: (box: Rect, hovered: Bool, pressed: Bool)?
}

/// A frame of the strip as a value: the snapshot and its visible segments as drawn.
struct StripFrame {
    let snapshot: StripSnapshot
    /// The segments the frame draws, by index.
    let segments: [Int: SegmentDrawing]
    /// The segments in the viewport (widened by a spacing each side), in drawing order: the sliding ones last.
    let order: [Int]
    /// Under a box, the segments it covers, drawn again in the box's title color.
    let boxOrder: [Int]
    /// The font of badges and of departing titles.
    let smallTextFont: FontChain
    /// The mask that draws a disabled item's icon faded (0 before the first icon).
    let disabledIconMask: Picture
}

/// Decides what a frame draws (`StripFrame`) from a snapshot, with the
/// services whose caches it owns: the title fonts and their in-between
/// sizes for blended titles, long titles' checkpoints and elisions
/// (`TitleMemo`), and the icon cache, asked for the icons a frame shows
/// (decoded on its own thread). The painter then draws the frame as a value.
@MainActor
final class StripFramePlanner {
    let style: StripStyle
    let unselectedFont: FontChain
    let selectedFont: FontChain
    /// The style's layout metrics fitted to the title fonts: the strip tall
    /// enough for the taller one (`StripStyle.layoutMetrics(fitting:)`), the
    /// badge pill fitting the unselected font's pixel size, the em its text is
    /// drawn at (`LayoutMetrics.fittingBadge(textHeight:)`): a pill as tall as
    /// the font's whole line (ascent + descent) is taller than the titles it marks.
    let layoutMetrics: LayoutMetrics
    private let connection: XDisplayConnection
    /// Fonts between the unselected and the selected one for blended titles, by bold << 16 | pixel size; made on first use.
    private var blendFonts: [Int: FontChain] = [:]
    /// Long titles' pen checkpoints and elided titles, by segment * 2 + (selected font ? 1 : 0).
    private var memo = TitleMemo()
    private var iconCache: IconCache?
    /// Called when an icon asked for was decoded or failed: a frame should draw it.
    var iconsChanged: (() -> Void)?

    /// Opens the style's title fonts on `connection`.
    /// - Throws: `FontChain.Failure` when a font cannot be opened.
    init(connection: XDisplayConnection, style: StripStyle) throws {
        self.connection = connection
        self.style = style
        unselectedFont = try connection.fontChain(pattern: style.font, scale: style.scale)
        selectedFont = try connection.fontChain(pattern: style.selectedFont, scale: style.scale)
        layoutMetrics = style.layoutMetrics(fitting: [unselectedFont, selectedFont])
            .fittingBadge(textHeight: unselectedFont.pixelSize.rounded())
    }

    /// Resets `model` to `titles` (and `details`, the items that are more than
    /// a title; `sources` as `StripModel.reset` takes them) measured in the
    /// title fonts (lazily for more than `SegmentedStrip.eagerlyMeasuredTitles`),
    /// in `layoutMetrics` and the style's motion.
    func reset(_ model: StripModel, titles: [String], details: ItemDetails, selectedIndex: Int, sources: [Int?]? = nil) throws {
        let unselected = unselectedFont, selected = selectedFont
        model.measureBadge = { Double(unselected.advance(of: $0)) }
        // An item that names an icon always gets its slot, as GTK keeps a missing image's room: measuring never decodes.
        let iconSize = layoutMetrics.iconSize
        model.measureIcon = { _ in iconSize }
        try model.reset(titles: titles, details: details, selectedIndex: selectedIndex, metrics: layoutMetrics, motion: style.motion,
                        measuresLazily: titles.count > SegmentedStrip.eagerlyMeasuredTitles,
                        measureUnselected: { Double(unselected.advance(of: $0)) },
                        measureSelected: { Double(selected.advance(of: $0)) }, sources: sources)
    }

    /// Items' icons on the server, made by the first icon asked for.
    var icons: IconCache {
        if let iconCache { return iconCache }
        let cache = IconCache(connection: connection, themeName: style.iconThemeName)
        cache.changed = { [weak self] in self?.iconsChanged?() }
        iconCache = cache
        return cache
    }

    /// How many icons were decoded, failed and are being decoded (none before the first icon).
    var iconCounts: SegmentedStrip.IconCounts { iconCache?.counts ?? SegmentedStrip.IconCounts() }

    /// Badges' text is drawn in the unselected title font, already open: a
    /// smaller face would be a third font (and its CJK fallback) to match and
    /// open before the first frame, and CJK text at 11 px is hard to read.
    var badgeFont: FontChain { unselectedFont }

    /// `badge`'s pill width, pixels (`LayoutMetrics.badgePillWidth(_:textWidth:)`
    /// with its drawn text measured in `badgeFont`).
    func badgePillWidth(_ badge: SegmentBadge, metrics: LayoutMetrics) -> Double {
        metrics.badgePillWidth(badge, textWidth: badge == .dot ? 0 : Double(badgeFont.advance(of: badge.drawnText)))
    }

    /// The room a segment `frameWidth` pixels wide leaves its title `title`
    /// (`item`'s), pixels: less its badge's, its icon's and its close button's.
    func titleRoom(_ title: String, of item: SegmentItem?, frameWidth: Double, metrics: LayoutMetrics) -> Int {
        let badgeRoom = item?.badge.map { Int(metrics.badgeExtraWidth(pillWidth: badgePillWidth($0, metrics: metrics))) } ?? 0
        let iconWidth = item?.icon == nil ? 0.0 : metrics.iconSize
        let iconRoom = Int(metrics.iconWidthBesideTitle(iconWidth: iconWidth, hasTitle: !title.isEmpty))
        return Int(frameWidth.rounded(.down)) - badgeRoom - iconRoom - Int(metrics.closeButtonRoom)
    }

    /// Whether segment `index` of `model` has its title drawn elided at rest:
    /// with a `maximumSegmentWidth`, a title wider than the room its segment
    /// leaves it (`titleRoom`), the rule the frame's elision follows.
    func titleIsElided(at index: Int, of model: StripModel) -> Bool {
        guard layoutMetrics.maximumSegmentWidth != nil else { return false }
        let font = index == model.selectedIndex ? selectedFont : unselectedFont
        let title = model.titles[index]
        return font.advance(of: title) > titleRoom(title, of: model.item(at: index), frameWidth: model.restingLayout.frame(at: index).width,
                                                   metrics: layoutMetrics)
    }

    /// What a frame of `snapshot` `width` pixels wide draws.
    func plan(_ snapshot: StripSnapshot, width: Int) -> StripFrame {
        memo.follow(snapshot.titlesVersion)
        let presentation = snapshot.presentation, metrics = snapshot.metrics, layout = presentation.layout
        let offset = presentation.contentOffset
        // Titles are centered in their (possibly tweening) frames, so a title
        // whose font grew overhangs its frame a little mid-tween: widen the
        // visible range by one spacing on each side so it does not pop in.
        let visible = layout.visibleRange(contentOffset: offset - metrics.spacing, viewportWidth: Double(width) + 2 * metrics.spacing)
        // A sliding segment (a move under way) is drawn where it is, whatever its slot, over its neighbours.
        let sliding = layout.shiftedIndices
        let order = sliding.isEmpty ? Array(visible) : visible.filter { !sliding.contains($0) } + sliding
        var boxOrder = [Int]()
        if style.indicatorShape == .box, style.boxTitleColor != nil, let box = presentation.indicator {
            let covered = layout.visibleRange(contentOffset: box.x - metrics.spacing, viewportWidth: box.width + 2 * metrics.spacing)
            boxOrder = sliding.isEmpty ? Array(covered) : covered.filter { !sliding.contains($0) } + sliding
        }
        var segments = [Int: SegmentDrawing]()
        for index in order + boxOrder where segments[index] == nil {
            segments[index] = segment(index, of: snapshot, width: width, sliding: sliding.contains(index))
        }
        return StripFrame(snapshot: snapshot, segments: segments, order: order, boxOrder: boxOrder, smallTextFont: unselectedFont,
                          disabledIconMask: iconCache?.disabledMask ?? 0)
    }

    private func segment(_ index: Int, of snapshot: StripSnapshot, width: Int, sliding: Bool) -> SegmentDrawing {
        let presentation = snapshot.presentation, metrics = snapshot.metrics, layout = presentation.layout
        let selection = presentation.titleSelection[index] ?? 0
        let blended = selection > 0 && selection < 1
        var title = snapshot.titles[index]
        // A long title is not re-measured at the in-between sizes: it switches font at the
        // midpoint and keeps its checkpoints, so a tween over it costs what a frame at rest does.
        let blendedFont = blended && title.utf8.count <= FontChain.longestShapedTitle
        let selected = blendedFont ? selection >= 1 : selection >= 0.5
        let chain = blendedFont ? blendFont(selection: selection) : selected ? selectedFont : unselectedFont
        let key = index * 2 + (selected ? 1 : 0)
        // Titles drawn at an in-between size are drawn for a few frames in passing: nothing kept for them.
        var checkpoints = blendedFont ? nil : memo.checkpoints(for: title, key: key, chain: chain)
        // A badge's and an icon's room is the segment's; the title is elided to what is left.
        let item = snapshot.details.isEmpty ? nil : snapshot.details[index]
        let badge = item?.badge
        let pillWidth = badge.map { badgePillWidth($0, metrics: metrics) } ?? 0
        let icon = item?.icon.flatMap { icons.picture($0, size: Int(metrics.iconSize)) }
        let iconWidth = item?.icon == nil ? 0.0 : metrics.iconSize
        let frame = layout.frame(at: index)
        let frameWidth = titleRoom(title, of: item, frameWidth: frame.width, metrics: metrics)
        if metrics.maximumSegmentWidth != nil, (checkpoints?.advance ?? chain.advance(of: title)) > frameWidth {
            // Elide a title wider than its (capped) segment; kept per width, as a tween changes it.
            title = blendedFont ? chain.elided(title, fitting: frameWidth) : memo.elided(title, fitting: frameWidth, key: key, chain: chain)
            checkpoints = nil
        }
        let advance = Double(checkpoints?.advance ?? chain.advance(of: title))
        let baseline = metrics.titleBaseline(ascent: chain.ascent, descent: chain.descent)
        let placement = badge == nil && item?.icon == nil ? nil
            : layout.itemPlacement(at: index, iconWidth: iconWidth, titleAdvance: advance, titleTop: Double(baseline - chain.ascent),
                                   titleHeight: Double(chain.ascent + chain.descent), pill: badge.map { (pillWidth, metrics.badgePillHeight($0)) })
        let x = style.direction.windowPixelMinX(contentX: placement?.titleMinX ?? layout.contentMidX(at: index) - advance / 2,
                                                width: advance, contentOffset: presentation.contentOffset, viewportWidth: width)
        let hovered = index == snapshot.hoveredIndex, enabled = snapshot.isEnabled(at: index)
        let pressedClose = snapshot.pressedCloseButton == index, hoveredClose = snapshot.hoveredCloseButton == index
        var closeButton: (box: Rect, hovered: Bool, pressed: Bool)?
        if let box = layout.closeButtonFrame(at: index), enabled, selected || hovered || hoveredClose || pressedClose {
            closeButton = (box, hoveredClose, pressedClose && hoveredClose)
        }
        return SegmentDrawing(index: index, title: title, font: chain, checkpoints: checkpoints, x: x, baseline: baseline,
                              selection: selection, isBlended: blended, isSelected: selected, isHovered: hovered, isEnabled: enabled,
                              frame: frame, isCollapsing: frame.width < layout.base.width(at: index), isSliding: sliding, icon: icon,
                              placement: placement, badge: badge, closeButton: closeButton)
    }

    /// The font of a title drawn `selection` of the way from unselected (0)
    /// to selected (1): the pixel size interpolated in whole pixels, the
    /// selected font's pattern (its weight) from the midpoint on.
    func blendFont(selection: Double) -> FontChain {
        let from = unselectedFont.pixelSize, to = selectedFont.pixelSize
        let size = (from + (to - from) * selection).rounded()
        let bold = selection >= 0.5
        let base = bold ? selectedFont : unselectedFont
        if size == base.pixelSize.rounded() { return base }
        let key = (bold ? 1 << 16 : 0) | Int(size)
        if let chain = blendFonts[key] { return chain }
        // The base chain opened, so the same pattern at another size opens too; if not, the base will do.
        let chain = (try? FontChain(display: connection.display, screen: connection.screen, pattern: bold ? style.selectedFont : style.font,
                                    scale: style.scale * size / base.pixelSize)) ?? base
        blendFonts[key] = chain
        return chain
    }

    /// Opens every in-between font now and measures the titles `snapshot`
    /// shows with them, so that the first blended tween does not wait on fontconfig.
    func prepareBlendFonts(showing snapshot: StripSnapshot) {
        let drawn = snapshot.presentation
        let visible = drawn.layout.visibleRange(contentOffset: drawn.contentOffset, viewportWidth: snapshot.viewportWidth)
        let titles = visible.map { snapshot.titles[$0] }
        for step in 1..<64 {
            let chain = blendFont(selection: Double(step) / 64)
            if chain !== unselectedFont, chain !== selectedFont {
                // Long titles are never drawn at an in-between size (see `segment`): nothing to measure for them.
                for title in titles where title.utf8.count <= FontChain.longestShapedTitle { _ = chain.advance(of: title) }
            }
        }
    }
}
