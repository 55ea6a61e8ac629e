import CX11
import SegmentedCore

/// Paints the strip (icons, titles, badges, indicator, separator line) into a back buffer:
/// a function of the snapshot (the pointer's hover and close buttons in it) and the buffer's size.
/// Without the RENDER extension the indicator is filled with core requests;
/// with a full colormap, colors are the nearest ones in it (`ColorCache`).
/// A new style gets a new painter.
@MainActor
final class StripPainter {
    let style: StripStyle
    let unselectedFont: FontChain
    let selectedFont: FontChain
    /// Items' icons on the server, made by the first icon drawn.
    var icons: IconCache {
        if let iconCache { return iconCache }
        let cache = IconCache(connection: connection, themeName: style.iconThemeName)
        cache.changed = { [weak self] in self?.iconsChanged?() }
        iconCache = cache
        return cache
    }
    private var iconCache: IconCache?
    /// Called when an icon asked for was decoded or failed: a frame should draw it.
    var iconsChanged: (() -> Void)?
    /// How many icons were decoded, failed and are being decoded (none before the first icon).
    var iconCounts: SegmentedStrip.IconCounts { iconCache?.counts ?? SegmentedStrip.IconCounts() }
    /// Thickness of the line under the strip, pixels (1 at scale 1).
    let separatorHeight: Int
    private let colors: ColorCache
    private let connection: XDisplayConnection
    private let display: OpaquePointer
    private let screen: Int32
    var background: DrawColor
    private var text: DrawColor, hoverText: DrawColor, accent: DrawColor, separator: DrawColor
    /// Disabled items' titles (`StripStyle.effectiveDisabledTextColor`), selected or not.
    private var disabledText: DrawColor
    /// A badge's pill and its text (`badgeColor`, `badgeTextColor`).
    var badgeFill: DrawColor, badgeText: DrawColor
    /// The titles' color where a box covers them (`StripStyle.boxTitleColor`); nil: their own colors.
    private var boxTitle: DrawColor?
    /// The indicator's color at its opacity, premultiplied as XRender expects, composited Over.
    var indicatorColor: XRenderColor
    /// Without RENDER, the indicator's pixel (allocated on first use). Core fills have no
    /// alpha: the indicator only ever lies on the background, so its translucent color over
    /// the background, `boxColor`, is the same picture.
    lazy var coreIndicatorPixel: UInt = colors.color(style.boxColor).pixel
    let indicatorRadius: Double
    /// Fonts between the unselected and the selected one for blended titles, by bold << 16 | pixel size; made on first use.
    private var blendFonts: [Int: FontChain] = [:]
    /// Long titles' pen checkpoints and elided titles, by segment * 2 + (selected font ? 1 : 0).
    private var memo = TitleMemo()

    /// Opens the style's title fonts on `connection` and allocates its colors in `colors`.
    /// - Throws: `FontChain.Failure` when a font cannot be opened.
    init(connection: XDisplayConnection, style: StripStyle, colors: ColorCache) throws {
        self.connection = connection
        display = connection.display
        screen = connection.screen
        self.style = style
        self.colors = colors
        unselectedFont = try connection.fontChain(pattern: style.font, scale: style.scale)
        selectedFont = try connection.fontChain(pattern: style.selectedFont, scale: style.scale)
        separatorHeight = Self.separatorHeight(scale: style.scale)
        indicatorRadius = style.indicatorCornerRadius * style.scale
        background = colors.color(style.backgroundColor)
        text = colors.color(style.textColor)
        hoverText = colors.color(style.hoverTextColor)
        disabledText = colors.color(style.effectiveDisabledTextColor)
        badgeFill = colors.color(style.badgeColor)
        badgeText = colors.color(style.badgeTextColor)
        accent = colors.color(style.accentColor)
        separator = colors.color(style.separatorColor)
        let alpha = max(0, min(1, style.effectiveIndicatorOpacity))
        func channel(_ shift: UInt32) -> UInt16 { UInt16((Double((style.accentColor >> shift) & 0xFF) * 0x101 * alpha).rounded()) }
        indicatorColor = XRenderColor(red: channel(16), green: channel(8), blue: channel(0), alpha: UInt16((0xFFFF * alpha).rounded()))
        boxTitle = style.boxTitleColor.map { colors.color($0) }
    }

    /// Thickness of the line under the strip at `scale`, pixels (1 at scale 1).
    nonisolated static func separatorHeight(scale: Double) -> Int { max(1, Int(scale.rounded())) }

    /// Paints one frame of `snapshot` into `buffer`; its hovered segment is drawn in the hover color unless it is selected.
    /// A closable strip draws the close button of the selected and the hovered segment, and of the
    /// snapshot's hovered close button (in its hover state) and held one.
    func paint(_ snapshot: StripSnapshot, into buffer: BackBuffer) {
        memo.follow(snapshot.titlesVersion)
        let presentation = snapshot.presentation
        let metrics = snapshot.metrics
        let offset = presentation.contentOffset
        let stripHeight = Int(metrics.stripHeight)
        let width = buffer.width
        buffer.fill(&background, x: 0, y: 0, width: width, height: buffer.height)

        // Titles are centered in their (possibly tweening) frames, so a title
        // whose font grew overhangs its frame a little mid-tween: widen the
        // visible range by one spacing on each side so it does not pop in.
        let layout = presentation.layout
        let visible = layout.visibleRange(contentOffset: offset - metrics.spacing,
                                          viewportWidth: Double(width) + 2 * metrics.spacing)
        // Titles never paint outside the strip, however large their font.
        buffer.clip(y: 0, height: stripHeight)
        let box = style.indicatorShape == .box ? presentation.indicator : nil
        if let box { drawIndicator(box, offset: offset, on: buffer) }    // behind the titles
        // Where a box would hide its titles, those it covers are drawn again over it in `boxTitle`, clipped to it.
        // A sliding segment (a move under way) is drawn where it is, whatever its slot, over its neighbours.
        let sliding = layout.shiftedIndices
        for mask in boxTitle != nil && box != nil ? [nil, boxTitle] : [nil] {
            var range = visible
            if mask != nil, let box {
                maskToBox(box, offset: offset, stripHeight: stripHeight, on: buffer)
                range = layout.visibleRange(contentOffset: box.x - metrics.spacing, viewportWidth: box.width + 2 * metrics.spacing)
            }
            let indices = sliding.isEmpty ? Array(range) : range.filter { !sliding.contains($0) } + sliding
            for index in indices {
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
                let badgeRoom = badge == nil ? 0 : Int(metrics.badgeExtraWidth(pillWidth: pillWidth))
                let icon = item?.icon.flatMap { icons.picture($0, size: Int(metrics.iconSize)) }
                let iconWidth = item?.icon == nil ? 0.0 : metrics.iconSize
                let iconRoom = Int(metrics.iconWidthBesideTitle(iconWidth: iconWidth, hasTitle: !title.isEmpty))
                let frameWidth = Int(layout.frame(at: index).width.rounded(.down)) - badgeRoom - iconRoom - Int(metrics.closeButtonRoom)
                if metrics.maximumSegmentWidth != nil, (checkpoints?.advance ?? chain.advance(of: title)) > frameWidth {
                    // Elide a title wider than its (capped) segment; kept per width, as a tween changes it.
                    title = blendedFont ? chain.elided(title, fitting: frameWidth)
                        : memo.elided(title, fitting: frameWidth, key: key, chain: chain)
                    checkpoints = nil
                }
                let advance = Double(checkpoints?.advance ?? chain.advance(of: title))
                let baseline = metrics.titleBaseline(ascent: chain.ascent, descent: chain.descent)
                let placement = badge == nil && item?.icon == nil ? nil
                    : layout.itemPlacement(at: index, iconWidth: iconWidth, titleAdvance: advance, titleTop: Double(baseline - chain.ascent),
                                           titleHeight: Double(chain.ascent + chain.descent),
                                           pill: badge.map { (pillWidth, metrics.badgePillHeight($0)) })
                let x = style.direction.windowPixelMinX(contentX: placement?.titleMinX ?? layout.contentMidX(at: index) - advance / 2,
                                                        width: advance, contentOffset: offset, viewportWidth: width)
                let hover = index == snapshot.hoveredIndex
                // Passed as `&color`, not through `withUnsafePointer`: that closure would check its
                // main-actor isolation at run time for every title of every frame.
                // A disabled title keeps its color even when the host selects it (GTK draws an insensitive tab alike).
                var color = mask ?? (!snapshot.isEnabled(at: index) ? disabledText
                    : blended ? blendColor(selection: selection, hovered: hover) : selected ? accent : hover ? hoverText : text)
                let frame = layout.frame(at: index)
                if mask == nil, !sliding.isEmpty, sliding.contains(index) {
                    // Lifted over its neighbours: on the strip's background, half a spacing past each side, edged (and on a box under it).
                    let pad = metrics.spacing / 2
                    let minX = style.direction.windowPixelMinX(contentX: frame.x - pad, width: frame.width + 2 * pad, contentOffset: offset,
                                                               viewportWidth: width)
                    let lifted = (x: minX, width: Int((frame.width + 2 * pad).rounded()))
                    buffer.fill(&background, x: lifted.x, y: 0, width: lifted.width, height: stripHeight)
                    // Edged in the separator's color, so it reads as a tile over the titles it hides.
                    buffer.fill(&separator, x: lifted.x, y: 0, width: separatorHeight, height: stripHeight)
                    buffer.fill(&separator, x: lifted.x + lifted.width - separatorHeight, y: 0, width: separatorHeight, height: stripHeight)
                    if let box {
                        buffer.clip(to: [XRectangle(x: Int16(clamping: lifted.x), y: 0, width: UInt16(clamping: max(0, lifted.width)),
                                                    height: UInt16(clamping: stripHeight))])
                        drawIndicator(box, offset: offset, on: buffer)
                        buffer.clip(y: 0, height: stripHeight)
                    }
                }
                // A segment narrower than its title's room (growing in, or its room closing) is cut to its frame, with no icon or badge.
                let collapsing = frame.width < layout.base.width(at: index)
                if collapsing {
                    if mask != nil { continue }
                    let minX = style.direction.windowPixelMinX(contentX: frame.x, width: frame.width, contentOffset: offset, viewportWidth: width)
                    buffer.clip(to: [XRectangle(x: Int16(clamping: minX), y: 0, width: UInt16(clamping: max(0, Int(frame.width.rounded()))),
                                                height: UInt16(clamping: stripHeight))])
                }
                chain.draw(title, on: buffer.surface, color: &color, x: x, baseline: baseline, clipMinX: 0, clipMaxX: width,
                           checkpoints: checkpoints)
                if collapsing {
                    buffer.clip(y: 0, height: stripHeight)
                    continue
                }
                if let icon, let box = placement?.icon, mask == nil {
                    drawIcon(icon, in: box, disabled: !snapshot.isEnabled(at: index), color: color.color, offset: offset, on: buffer)
                }
                if let badge, let pill = placement?.pill { drawBadge(badge, in: pill, offset: offset, on: buffer) }
                let pressedClose = snapshot.pressedCloseButton == index, hoveredClose = snapshot.hoveredCloseButton == index
                if mask == nil, let button = layout.closeButtonFrame(at: index), snapshot.isEnabled(at: index),
                   selected || hover || hoveredClose || pressedClose {
                    drawCloseButton(in: button, color: color.color, hovered: hoveredClose, pressed: pressedClose && hoveredClose,
                                    offset: offset, on: buffer)
                }
            }
        }
        drawDeparting(presentation.departing, metrics: metrics, offset: offset, on: buffer)
        buffer.unclip()

        if style.indicatorShape == .underline, let indicator = presentation.indicator {
            drawIndicator(indicator, offset: offset, on: buffer)
        }
        // Over everything the strip drew, the indicator too; not over the separator.
        let fades = layout.edgeFades(contentOffset: offset, viewportWidth: Double(width), direction: style.direction)
        drawEdgeFades(fades, fadeWidth: Int(metrics.overflowFadeWidth.rounded()), width: width, stripHeight: stripHeight, on: buffer)
        buffer.fill(&separator, x: 0, y: stripHeight, width: width, height: separatorHeight)
    }

    /// Removed titles shrinking away: each in the unselected font and color,
    /// centered where its content was, cut to its closing room.
    private func drawDeparting(_ departing: [DepartingSegment], metrics: LayoutMetrics, offset: Double, on buffer: BackBuffer) {
        let stripHeight = Int(metrics.stripHeight), width = buffer.width
        for segment in departing {
            let room = segment.frame
            let minX = style.direction.windowPixelMinX(contentX: room.x, width: room.width.rounded(), contentOffset: offset, viewportWidth: width)
            let roomWidth = Int(room.width.rounded())
            guard minX < width, minX + roomWidth > 0 else { continue }
            buffer.clip(to: [XRectangle(x: Int16(clamping: minX), y: 0, width: UInt16(clamping: roomWidth), height: UInt16(clamping: stripHeight))])
            let advance = unselectedFont.advance(of: segment.title)
            let x = style.direction.windowPixelMinX(contentX: room.midX - metrics.closeButtonRoom / 2 - Double(advance) / 2,
                                                    width: Double(advance), contentOffset: offset, viewportWidth: width)
            unselectedFont.draw(segment.title, on: buffer.surface, color: &text, x: x,
                                baseline: metrics.titleBaseline(ascent: unselectedFont.ascent, descent: unselectedFont.descent),
                                clipMinX: 0, clipMaxX: width)
        }
        buffer.clip(y: 0, height: stripHeight)
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
        let chain = (try? FontChain(display: display, screen: screen, pattern: bold ? style.selectedFont : style.font,
                                       scale: style.scale * size / base.pixelSize)) ?? base
        blendFonts[key] = chain
        return chain
    }

    /// Opens every in-between font now and measures `titles` with them, so
    /// that the first blended tween does not wait on fontconfig.
    func prepareBlendFonts<S: Sequence>(measuring titles: S) where S.Element == String {
        for step in 1..<64 {
            let chain = blendFont(selection: Double(step) / 64)
            if chain !== unselectedFont, chain !== selectedFont {
                // Long titles are never drawn at an in-between size (see `paint`): nothing to measure for them.
                for title in titles where title.utf8.count <= FontChain.longestShapedTitle { _ = chain.advance(of: title) }
            }
        }
    }

    /// The color of a title `selection` of the way from unselected (or hovered)
    /// to selected, mixed in linear light, in 1/255 steps.
    private func blendColor(selection: Double, hovered: Bool) -> DrawColor {
        let step = Double((selection * 255).rounded()) / 255
        return colors.color(ColorBlend.mix(hovered ? style.hoverTextColor : style.textColor, style.accentColor, step))
    }
}
