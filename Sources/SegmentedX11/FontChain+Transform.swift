import CX11
import Glibc

/// Where the glyphs of a font with a matrix go on the strip's one horizontal
/// line: each glyph is drawn transformed in a slot of its own, the slots laid
/// left to right in the title's visual order.
///
/// A slot is as wide as the glyph's cell after the matrix (x from 0 to its
/// advance a, y from the face's descender d to its ascender A) is wide:
/// |xx|·a + |xy|·(A − d) pixels, and the glyph's origin sits where that cell's
/// left edge is at the slot's left edge. When the matrix keeps the baseline
/// horizontal (yx = 0: mirrors, 180°, shears, scales) neighbouring cells are
/// parallelograms with the same slanted sides, which tile: the slot is
/// |xx|·a and the slant is added once, after the last glyph. Otherwise (a
/// rotation or a vertical shear) the cells stand side by side. Every cell then
/// stays inside the line that `transformedExtents` gives, and no two overlap.
///
/// Xft's own pen (`XGlyphInfo.xOff`/`yOff`, the advance through the matrix)
/// would go backwards for a mirror and down the page for a 90° rotation,
/// where a title could not stay on one line of a fixed height.
struct GlyphLayout: Equatable {
    let matrix: FontMatrix
    /// The face's descender (negative below the baseline) and ascender before the matrix, pixels.
    let descender: Double, ascender: Double

    /// The layout of `font`'s matrix, nil for a font without one (or with the identity).
    init?(font: UnsafeMutablePointer<XftFont>) {
        guard let pattern = font.pointee.pattern, let m = FontMatrix(pattern), m != FontMatrix(xx: 1, xy: 0, yx: 0, yy: 1) else { return nil }
        var metrics = [Int](repeating: 0, count: 3)
        guard cxft_face_size_metrics(font, &metrics) != 0 else { return nil }
        self.init(matrix: m, descender: Double(metrics[1]) / 64, ascender: Double(metrics[0]) / 64)
    }

    init(matrix: FontMatrix, descender: Double, ascender: Double) {
        self.matrix = matrix
        self.descender = descender
        self.ascender = ascender
    }

    /// The x' of the cell's left edge over its vertical side (x = 0, y from d to A).
    private var sideMinX: Double { min(matrix.xy * descender, matrix.xy * ascender) }
    /// How wide the cell's vertical side is after the matrix, pixels: the slant.
    private var slant: Double { abs(matrix.xy) * (ascender - descender) }

    /// The width of the slot of a glyph that advances `advance` pixels before the matrix.
    func slot(advance: Double) -> Double { abs(matrix.xx) * advance + (matrix.yx == 0 ? 0 : slant) }

    /// How far right of its slot's left edge a glyph of `advance` has its
    /// origin, pixels: its cell's left edge is the slot's (a mirrored glyph
    /// is drawn leftwards from its origin).
    func origin(advance: Double) -> Double { max(0, -matrix.xx * advance) - sideMinX }

    /// `origin(advance:)` of the glyph whose slot is `slot` pixels wide.
    func origin(slot: Double) -> Double { (matrix.xx < 0 ? slot - (matrix.yx == 0 ? 0 : slant) : 0) - sideMinX }

    /// How far the last cell reaches past the sum of the slots, pixels: the slant of tiled cells.
    var trail: Double { matrix.yx == 0 ? slant : 0 }

    /// The advance before the matrix of a glyph that Xft measured (its pen
    /// vector through the matrix, `xOff`/`yOff`), pixels.
    func untransformedAdvance(_ info: XGlyphInfo) -> Double {
        hypot(Double(info.xOff), Double(info.yOff)) / hypot(matrix.xx, matrix.yx)
    }

    /// The slot of a code point Xft measured as `info`, whole pixels: the
    /// advance of a code point drawn without shaping.
    func slotPixels(_ info: XGlyphInfo) -> Int { Int(slot(advance: untransformedAdvance(info)).rounded()) }

    /// An offset (dx right, dy up before the matrix) after it, in window
    /// pixels: x right, y down.
    func offset(dx: Double, dy: Double) -> (x: Double, y: Double) {
        (matrix.xx * dx + matrix.xy * dy, -(matrix.yx * dx + matrix.yy * dy))
    }
}

extension FontChain {
    /// Where a glyph drawn without shaping, whose slot of `slot` pixels
    /// (`transformedAdvance`) starts at `pen`, has its origin.
    func transformedOrigin(pen: Int, slot: Int) -> Int {
        guard let layout = glyphLayout else { return pen }
        return pen + Int(layout.origin(slot: Double(slot)).rounded())
    }

    /// The trail (`GlyphLayout.trail`) added to `text` drawn without shaping, whole pixels (0 for an empty one).
    func transformedTrail(_ text: String) -> Int {
        guard let layout = glyphLayout, !text.isEmpty else { return 0 }
        return Int(layout.trail.rounded(.up))
    }

    /// A shaped title's glyphs (pen positions and offsets before the matrix)
    /// moved to their slots (`GlyphLayout`). Its advance, the width of its
    /// segment, is the horizontal extent of the slots and of the glyphs' ink
    /// (`XftGlyphExtents`, as Xft draws them), and its glyphs are moved so that
    /// extent starts at 0: measuring, drawing and elision read these numbers.
    func laidOut(_ glyphs: ContiguousArray<ShapedTitle.Glyph>, layout: GlyphLayout) -> ShapedTitle {
        // The advancing glyphs' pens before the matrix and their origins after it, left to right.
        var anchors: [(pen: Int, origin: Double)] = []
        var pen = 0, slots = 0.0
        for g in glyphs where g.advance != 0 {
            anchors.append((pen, slots + layout.origin(advance: Double(g.advance))))
            slots += layout.slot(advance: Double(g.advance))
            pen += Int(g.advance)
        }
        // The last anchor at or left of `x`, pixels before the matrix (the first when none is).
        func anchor(at x: Int) -> Int {
            var low = 0, high = anchors.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if anchors[middle].pen <= x { low = middle } else { high = middle - 1 }
            }
            return low
        }
        var placed = ContiguousArray<ShapedTitle.Glyph>()
        placed.reserveCapacity(glyphs.count)
        var low = 0.0, high = anchors.isEmpty ? 0 : slots + layout.trail
        var next = 0   // the anchor of the next advancing glyph
        for g in glyphs {
            // A glyph that does not advance (a mark) goes with the advancing glyph under its position.
            let base = anchors.isEmpty ? (pen: 0, origin: layout.origin(advance: 0)) : anchors[g.advance != 0 ? next : anchor(at: Int(g.x))]
            if g.advance != 0 { next += 1 }
            let moved = layout.offset(dx: Double(Int(g.x) - base.pen), dy: Double(-Int(g.y)))
            let x = Int((base.origin + moved.x).rounded()), y = Int(moved.y.rounded())
            var info = XGlyphInfo()
            var id = FT_UInt(g.glyph)
            XftGlyphExtents(display, fonts[Int(g.font)], &id, 1, &info)
            if info.width > 0 {
                low = min(low, Double(x - Int(info.x)))
                high = max(high, Double(x - Int(info.x) + Int(info.width)))
            }
            let slot = g.advance == 0 ? 0 : Int(layout.slot(advance: Double(g.advance)).rounded())
            placed.append(ShapedTitle.Glyph(glyph: g.glyph, x: Int32(clamping: x), advance: Int32(clamping: slot), font: g.font,
                                            y: Int16(clamping: y)))
        }
        let left = Int(low.rounded(.down))
        for i in placed.indices { placed[i].x -= Int32(clamping: left) }
        return ShapedTitle(glyphs: placed, advance: Int(high.rounded(.up)) - left)
    }
}
