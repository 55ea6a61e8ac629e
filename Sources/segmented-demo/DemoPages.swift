import SegmentedX11

/// The demo's pages, one per title: the title large and centered (elided to
/// the page less its margins, never cut), "Page i of N" under it, and a few
/// lines of placeholder text made from the title, so that a page visibly
/// slides. The block is centered in the page area; a line that does not fit
/// in its height is left out rather than cut.
///
/// Each line is made, elided and measured once per page, width and font
/// (`PageLineCache`), not in every frame. A title put in a sentence is
/// isolated (FSI…PDI), so its embeddings cannot reorder the sentence, and
/// the placeholder lines are elided at words.
@MainActor
final class DemoPages {
    /// The titles, one per page (replaced when the demo rereads its titles file).
    var titles: [String] {
        didSet { cache.removeAll() }
    }
    /// The title line (slot 2 × page) and the body lines (2 × page + 1) of the pages drawn lately.
    private let cache = PageLineCache()

    init(titles: [String]) {
        self.titles = titles
    }

    /// The placeholder lines of page `index`.
    private func bodyLines(_ index: Int) -> [String] {
        let title = titles[index]
        let short = PageText.isolated(PageText.shortened(title, drawn: 40))
        return ["Page \(index + 1) of \(titles.count)",
                "About \(short): \(title.count) characters.",
                "\(short), \(short), \(short)",
                "Swipe, flick or turn the wheel sideways."]
    }

    /// Draws page `index` into `rect` (window pixels).
    func draw(_ index: Int, _ rect: PixelRect, _ context: PageDrawingContext) {
        guard titles.indices.contains(index) else { return }
        let titleFont = context.titleFont, bodyFont = context.bodyFont
        let room = max(1, rect.width - 2 * context.margin)
        // The body text keeps to a column of three fifths of the page, as a reading width.
        let column = max(1, min(room, rect.width * 3 / 5))
        let title = cache.lines(2 * index, width: room, font: titleFont) { [titles[index]] }[0]
        let lines = cache.lines(2 * index + 1, width: column, font: bodyFont) { bodyLines(index) }
        let titleHeight = titleFont.ascent + titleFont.descent
        let lineHeight = bodyFont.ascent + bodyFont.descent + max(2, bodyFont.descent)
        let gap = lineHeight / 2
        // As many body lines as fit under the title.
        let fitting = max(0, min(lines.count, (rect.height - titleHeight - gap) / max(1, lineHeight)))
        let blockHeight = titleHeight + (fitting > 0 ? gap + fitting * lineHeight : 0)
        var top = rect.y + (rect.height - blockHeight) / 2
        context.drawText(title.text, font: titleFont, x: rect.x + (rect.width - title.advance) / 2,
                         baseline: top + titleFont.ascent, color: context.titleColor)
        top += titleHeight + gap
        for line in lines.prefix(fitting) {
            context.drawText(line.text, font: bodyFont, x: rect.x + (rect.width - line.advance) / 2,
                             baseline: top + bodyFont.ascent, color: context.bodyColor)
            top += lineHeight
        }
    }
}
