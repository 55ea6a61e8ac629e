import CX11
import SegmentedText

extension FontChain {
    /// Where a glyph of color font `index` is drawn relative to its pen
    /// position, whole pixels: the x that puts Xft's scaled picture of it
    /// where cairo (Pango's renderer, the reference) puts its own.
    ///
    /// Both scale the bitmap of the color font's strike (Noto Color Emoji:
    /// 109 px) by s, the font matrix that fontconfig's bitmap-scaling rule
    /// sets (the title's pixel size over the strike's), but they sample it
    /// differently:
    /// - cairo (`cairo-ft-font.c`, `_transform_glyph_bitmap`) paints the
    ///   bitmap through the exact inverse scale, so the column c pixels right
    ///   of the pen shows the source at (c + ½)/s − `bitmap_left`: each
    ///   pixel's center.
    /// - Xft 2.3.5+ (`xftglyphs.c`) makes a picture round(W·s) wide (W the
    ///   bitmap's width; 16.16 fixed point throughout), fills its pixel i with
    ///   the average of the source pixels around i·r + k (r = 1/s, k = half
    ///   of what rounding the width lost, W − round(round(W·s)·r), in source
    ///   pixels): each pixel's left edge, not its center. It draws the
    ///   picture at the pen − `XGlyphInfo.x`.
    ///
    /// So Xft shows every source column ½ − s·(k + ½ + `bitmap_left`) − x
    /// pixels right of cairo (0.57 at 15 px, 0.34 at 17, 0.09 at 30: the
    /// centroids of the two pictures of U+1F525 differ by 0.58, 0.33 and
    /// 0.07); the glyph is moved back by that, rounded to a whole pixel (X
    /// glyph positions are whole pixels). 0 for a glyph that is not a bitmap
    /// or a font that is not scaled.
    func colorGlyphShift(font index: Int, glyph: UInt32) -> Int {
        let key = UInt64(index) << 32 | UInt64(glyph)
        if let shift = colorGlyphShifts[key] { return shift }
        let shift = measureColorGlyphShift(font: fonts[index], glyph: glyph)
        colorGlyphShifts[key] = shift
        return shift
    }

    private func measureColorGlyphShift(font: UnsafeMutablePointer<XftFont>, glyph: UInt32) -> Int {
        guard let pattern = font.pointee.pattern else { return 0 }
        // Xft's fixed-point matrix (xftfreetype.c: 0x10000 × the pattern's matrix, truncated).
        let xx = Int(0x10000 * cxft_pattern_matrix_xx(pattern)), yy = Int(0x10000 * cxft_pattern_matrix_yy(pattern))
        guard xx > 0, yy > 0, xx != 0x10000 || yy != 0x10000 else { return 0 }
        var info = XGlyphInfo()
        var id = FT_UInt(glyph)
        XftGlyphExtents(display, font, &id, 1, &info)
        guard let face = XftLockFace(font) else { return 0 }
        let bitmap = BitmapGlyph.metrics(face: UnsafeMutableRawPointer(face), glyph: glyph)
        XftUnlockFace(font)
        guard let bitmap, bitmap.width > 0 else { return 0 }
        let scaledWidth = Self.multiplyFixed(bitmap.width, xx)
        let inverse = Self.divideFixed(yy, Self.multiplyFixed(xx, yy))   // r, 16.16 (FreeType's FT_Matrix_Invert)
        let centering = -Double(Self.multiplyFixed(scaledWidth, inverse) - bitmap.width) / 2
        let s = Double(xx) / 0x10000
        let offset = 0.5 - s * (centering + 0.5 + Double(bitmap.left)) - Double(info.x)
        return -Int(offset.rounded())
    }

    /// a × b / 65536 rounded to the nearest, as FreeType's FT_MulFix (b in 16.16).
    nonisolated static func multiplyFixed(_ a: Int, _ b: Int) -> Int {
        let product = a * b
        return product >= 0 ? (product + 0x8000) >> 16 : -((-product + 0x8000) >> 16)
    }

    /// a × 65536 / b rounded to the nearest, as FreeType's FT_DivFix.
    nonisolated static func divideFixed(_ a: Int, _ b: Int) -> Int {
        guard b != 0 else { return 0x7FFF_FFFF }
        let negative = (a < 0) != (b < 0)
        let q = (abs(a) << 16 + abs(b) / 2) / abs(b)
        return negative ? -q : q
    }
}
