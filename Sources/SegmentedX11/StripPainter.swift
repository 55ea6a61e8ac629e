import CX11
import SegmentedCore

/// Paints a frame of the strip (icons, titles, badges, indicator, separator
/// line) into a back buffer: a function of the frame (`StripFrame`, what the
/// planner decided from the snapshot) and the buffer's size. It keeps no
/// cache; colors come from the strip's `ColorCache`.
/// Without the RENDER extension the indicator is filled with core requests;
/// with a full colormap, colors are the nearest ones in it (`ColorCache`).
/// A new style gets a new painter.
@MainActor
final class StripPainter {
    let style: StripStyle
    /// Thickness of the line under the strip, pixels (1 at scale 1).
    let separatorHeight: Int
    private let colors: ColorCache
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

    /// A painter of `style`, its colors allocated in `colors`.
    init(style: StripStyle, colors: ColorCache) {
        self.style = style
        self.colors = colors
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

    /// Paints `frame` into `buffer`: the background, a box behind the
    /// titles (and the titles it covers again in its title color, clipped to
    /// it), each segment (a lifted one on a tile of its own, a collapsing one
    /// cut to its frame), the titles departing, an underline, the edge fades
    /// and the separator.
    func paint(_ frame: StripFrame, into buffer: BackBuffer) {
        let snapshot = frame.snapshot, presentation = snapshot.presentation, metrics = snapshot.metrics
        let offset = presentation.contentOffset
        let stripHeight = Int(metrics.stripHeight)
        let width = buffer.width
        buffer.fill(&background, x: 0, y: 0, width: width, height: buffer.height)
        // Titles never paint outside the strip, however large their font.
        buffer.clip(y: 0, height: stripHeight)
        let box = style.indicatorShape == .box ? presentation.indicator : nil
        if let box { drawIndicator(box, offset: offset, on: buffer) }    // behind the titles
        for index in frame.order {
            if let segment = frame.segments[index] { draw(segment, mask: nil, frame: frame, box: box, on: buffer) }
        }
        if let box, let boxTitle, !frame.boxOrder.isEmpty {
            maskToBox(box, offset: offset, stripHeight: stripHeight, on: buffer)
            for index in frame.boxOrder {
                if let segment = frame.segments[index] { draw(segment, mask: boxTitle, frame: frame, box: box, on: buffer) }
            }
        }
        drawDeparting(presentation.departing, font: frame.smallTextFont, metrics: metrics, offset: offset, on: buffer)
        buffer.unclip()

        if style.indicatorShape == .underline, let indicator = presentation.indicator {
            drawIndicator(indicator, offset: offset, on: buffer)
        }
        // Over everything the strip drew, the indicator too; not over the separator.
        let fades = presentation.layout.edgeFades(contentOffset: offset, viewportWidth: Double(width), direction: style.direction)
        drawEdgeFades(fades, fadeWidth: Int(metrics.overflowFadeWidth.rounded()), width: width, stripHeight: stripHeight, on: buffer)
        buffer.fill(&separator, x: 0, y: stripHeight, width: width, height: separatorHeight)
    }

    /// One segment, in its own color or in `mask` (the box's title color, over the box).
    private func draw(_ segment: SegmentDrawing, mask: DrawColor?, frame: StripFrame, box: Rect?, on buffer: BackBuffer) {
        let metrics = frame.snapshot.metrics, offset = frame.snapshot.presentation.contentOffset
        let stripHeight = Int(metrics.stripHeight), width = buffer.width
        // Passed as `&color`, not through `withUnsafePointer`: that closure would check its
        // main-actor isolation at run time for every title of every frame.
        // A disabled title keeps its color even when the host selects it (GTK draws an insensitive tab alike).
        var color = mask ?? (!segment.isEnabled ? disabledText
            : segment.isBlended ? blendColor(selection: segment.selection, hovered: segment.isHovered)
            : segment.isSelected ? accent : segment.isHovered ? hoverText : text)
        let room = segment.frame
        if mask == nil, segment.isSliding {
            // Lifted over its neighbours: on the strip's background, half a spacing past each side, edged (and on a box under it).
            let pad = metrics.spacing / 2
            let minX = style.direction.windowPixelMinX(contentX: room.x - pad, width: room.width + 2 * pad, contentOffset: offset,
                                                       viewportWidth: width)
            let lifted = (x: minX, width: Int((room.width + 2 * pad).rounded()))
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
        if segment.isCollapsing {
            if mask != nil { return }
            let minX = style.direction.windowPixelMinX(contentX: room.x, width: room.width, contentOffset: offset, viewportWidth: width)
            buffer.clip(to: [XRectangle(x: Int16(clamping: minX), y: 0, width: UInt16(clamping: max(0, Int(room.width.rounded()))),
                                        height: UInt16(clamping: stripHeight))])
        }
        segment.font.draw(segment.title, on: buffer.surface, color: &color, x: segment.x, baseline: segment.baseline, clipMinX: 0,
                          clipMaxX: width, checkpoints: segment.checkpoints)
        if segment.isCollapsing {
            buffer.clip(y: 0, height: stripHeight)
            return
        }
        if let icon = segment.icon, let iconBox = segment.placement?.icon, mask == nil {
            drawIcon(icon, in: iconBox, disabled: !segment.isEnabled, disabledMask: frame.disabledIconMask, color: color.color, offset: offset,
                     on: buffer)
        }
        if let badge = segment.badge, let pill = segment.placement?.pill {
            drawBadge(badge, in: pill, font: frame.smallTextFont, offset: offset, on: buffer)
        }
        if mask == nil, let button = segment.closeButton {
            drawCloseButton(in: button.box, color: color.color, hovered: button.hovered, pressed: button.pressed, offset: offset, on: buffer)
        }
    }

    /// Removed titles shrinking away: each in `font` (the unselected one) and the text color,
    /// centered where its content was, cut to its closing room.
    private func drawDeparting(_ departing: [DepartingSegment], font: FontChain, metrics: LayoutMetrics, offset: Double, on buffer: BackBuffer) {
        let stripHeight = Int(metrics.stripHeight), width = buffer.width
        for segment in departing {
            let room = segment.frame
            let minX = style.direction.windowPixelMinX(contentX: room.x, width: room.width.rounded(), contentOffset: offset, viewportWidth: width)
            let roomWidth = Int(room.width.rounded())
            guard minX < width, minX + roomWidth > 0 else { continue }
            buffer.clip(to: [XRectangle(x: Int16(clamping: minX), y: 0, width: UInt16(clamping: roomWidth), height: UInt16(clamping: stripHeight))])
            let advance = font.advance(of: segment.title)
            let x = style.direction.windowPixelMinX(contentX: room.midX - metrics.closeButtonRoom / 2 - Double(advance) / 2,
                                                    width: Double(advance), contentOffset: offset, viewportWidth: width)
            font.draw(segment.title, on: buffer.surface, color: &text, x: x,
                      baseline: metrics.titleBaseline(ascent: font.ascent, descent: font.descent), clipMinX: 0, clipMaxX: width)
        }
        buffer.clip(y: 0, height: stripHeight)
    }

    /// The color of a title `selection` of the way from unselected (or hovered)
    /// to selected, mixed in linear light, in 1/255 steps.
    private func blendColor(selection: Double, hovered: Bool) -> DrawColor {
        let step = Double((selection * 255).rounded()) / 255
        return colors.color(ColorBlend.mix(hovered ? style.hoverTextColor : style.textColor, style.accentColor, step))
    }
}
