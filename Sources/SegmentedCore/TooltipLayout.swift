/// Where a tooltip goes and how its text breaks into lines: pure functions of
/// pixel sizes, so tests check them with made-up advances.
public enum TooltipLayout {
    /// The widest line, pixels at scale 1 (× scale in use), as the issue asks.
    public static let maximumLineWidth = 400.0
    /// Room between the text and the tooltip's edge, pixels at scale 1:
    /// (horizontal, vertical), the 1 px border included.
    public static let padding = (x: 6.0, y: 4.0)
    /// Room between the segment and the tooltip, pixels at scale 1.
    public static let gap = 4.0
    /// The most lines a tooltip shows; the last one kept ends with "…".
    public static let maximumLines = 16

    /// The tooltip's frame, root pixels, for a segment at `segment` (root
    /// pixels) and a tooltip of `size`, inside `monitor` (root pixels):
    ///
    /// - x = the segment's leading edge (its left, or its right edge less the
    ///   width when `rightToLeft`), then clamped to
    ///   [monitor.minX, monitor.maxX - width] (monitor.minX when wider);
    /// - y = segment.maxY + gap (under it); when that ends past monitor.maxY,
    ///   segment.y - gap - height (above it); when that starts above
    ///   monitor.y too, monitor.y.
    public static func frame(segment: Rect, size: (width: Double, height: Double), monitor: Rect, gap: Double,
                             rightToLeft: Bool = false) -> Rect {
        let leading = rightToLeft ? segment.x + segment.width - size.width : segment.x
        let x = max(monitor.x, min(leading, monitor.x + monitor.width - size.width))
        var y = segment.y + segment.height + gap
        if y + size.height > monitor.y + monitor.height {
            y = max(monitor.y, segment.y - gap - size.height)
        }
        return Rect(x: x, y: y, width: size.width, height: size.height)
    }

    /// `text` broken into lines no wider than `width` pixels, as `advance`
    /// measures them: its own line breaks are kept, and words (split at
    /// spaces) are added while the line fits. A word wider than `width` on a
    /// line of its own is elided with "…" (`elide(_:_:)`), not broken: a
    /// break inside a word would need the script's rules. Past
    /// `maximumLines`, the last line kept is elided with what follows.
    public static func lines(_ text: String, width: Double, advance: (String) -> Double,
                             elide: (String, Double) -> String) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if advance(candidate) <= width {
                    line = candidate
                } else {
                    if !line.isEmpty { lines.append(line) }
                    line = advance(String(word)) <= width ? String(word) : elide(String(word), width)
                }
            }
            lines.append(line)
            if lines.count > maximumLines { break }
        }
        guard lines.count > maximumLines else { return lines }
        let kept = Array(lines.prefix(maximumLines - 1))
        let joined = lines[maximumLines - 1] + " " + lines[maximumLines]
        // Lines joined across a line break of the text's own may fit: the "…" still says more follows.
        return kept + [advance(joined) <= width ? joined + "\u{2026}" : elide(joined, width)]
    }
}
