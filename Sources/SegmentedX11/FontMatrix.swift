import CX11

/// The transform of a fontconfig pattern (`:matrix=xx xy yx yy`), which Xft
/// applies to every glyph: x' = xx·x + xy·y, y' = yx·x + yy·y (y up, as
/// fontconfig's `FcMatrix` and FreeType's `FT_Set_Transform` take it).
///
/// One check for every font setting (flag, X resource, `StripStyle.validate`
/// and `FontChain`): a matrix that cannot be inverted flattens every glyph
/// onto a line or a point, so the titles would be invisible or piled up. One
/// that can, but squashes a glyph cell under a pixel in either direction
/// (`1 0 0 1e-12`), draws nothing as well: the font chain refuses it once it
/// knows the font's cell (`FontChain.sizeRefusal`), which a flag, an X
/// resource and the library all open.
public struct FontMatrix: Equatable, Sendable, CustomStringConvertible {
    public var xx: Double, xy: Double, yx: Double, yy: Double

    /// The matrix of a parsed pattern, nil when it names none.
    init?(_ pattern: OpaquePointer) {
        var m = [Double](repeating: 0, count: 4)
        guard cxft_pattern_matrix(pattern, &m) != 0 else { return nil }
        (xx, xy, yx, yy) = (m[0], m[1], m[2], m[3])
    }

    /// A matrix of the four entries, in fontconfig's order.
    public init(xx: Double, xy: Double, yx: Double, yy: Double) {
        (self.xx, self.xy, self.yx, self.yy) = (xx, xy, yx, yy)
    }

    /// The matrix `pattern` names: nil when it names none or does not parse.
    public static func of(pattern: String) -> FontMatrix? {
        guard let parsed = FcNameParse(pattern) else { return nil }
        defer { FcPatternDestroy(parsed) }
        return FontMatrix(parsed)
    }

    /// xx·yy − xy·yx: the factor the matrix multiplies areas by.
    public var determinant: Double { xx * yy - xy * yx }

    /// Whether the matrix can be inverted: every entry and the determinant
    /// finite, the determinant not 0. Rotations, shears, mirrors and scales are.
    public var isInvertible: Bool {
        [xx, xy, yx, yy].allSatisfy(\.isFinite) && determinant.isFinite && determinant != 0
    }

    /// "1 0 0 1", as a pattern writes it.
    public var description: String { [xx, xy, yx, yy].map(\.shortText).joined(separator: " ") }

    /// Why a matrix that cannot be inverted is refused, for every message about it.
    var refusal: String {
        "its matrix '\(description)' cannot be inverted (determinant \(determinant.shortText)): its glyphs would be flattened"
    }

    /// Why `pattern` is refused for its matrix, nil when it has none or an invertible one (or does not parse: that is the font chain's to say).
    public static func refusal(of pattern: String) -> String? {
        guard let matrix = of(pattern: pattern), !matrix.isInvertible else { return nil }
        return matrix.refusal
    }
}

extension FontMatrix {
    /// The width and height (pixels) of the box that a glyph cell, x from 0
    /// to `widest` and y from `descender` to `ascender` (pixels, before the
    /// transform, y up), fills once transformed: the spans of x' and y' over its corners.
    public func transformedCell(widest: Double, descender: Double, ascender: Double) -> (width: Double, height: Double) {
        let corners = [0, widest].flatMap { x in [descender, ascender].map { y in (xx * x + xy * y, yx * x + yy * y) } }
        let xs = corners.map(\.0), ys = corners.map(\.1)
        return (xs.max()! - xs.min()!, ys.max()! - ys.min()!)
    }
}

extension FontChain {
    /// Why the just opened `font` of `pattern` is refused for its size, nil
    /// when it is not: lines over `maximumFontHeight` pixels tall
    /// (`Failure.tooLarge`), or a matrix that squashes its glyph cell (the
    /// face's widest advance by its ascender to descender) under 1 pixel wide
    /// or tall (`Failure.flatMatrix`), so that every glyph would draw nothing.
    static func sizeRefusal(of font: UnsafeMutablePointer<XftFont>, pattern: String) -> Failure? {
        let height = Int(font.pointee.ascent) + Int(font.pointee.descent)
        if height > maximumFontHeight { return .tooLarge(pattern: pattern, height: height) }
        var metrics = [Int](repeating: 0, count: 3)
        guard let fontPattern = font.pointee.pattern, let m = FontMatrix(fontPattern), cxft_face_size_metrics(font, &metrics) != 0 else { return nil }
        let cell = m.transformedCell(widest: Double(metrics[2]) / 64, descender: Double(metrics[1]) / 64, ascender: Double(metrics[0]) / 64)
        guard cell.width < 1 || cell.height < 1 else { return nil }
        return .flatMatrix(pattern: pattern, matrix: m, width: cell.width, height: cell.height)
    }

    /// The primary font's ascent and descent (pixels, both up from 0) as its
    /// matrix draws it, nil for a font without one: the highest and lowest
    /// y' = yx·x + yy·y over the corners of a glyph cell before the transform
    /// (x from 0 to the face's widest advance, y from its descender to its
    /// ascender). Xft's own transformed ascent takes only the y of the
    /// ascender's vector, negative for an upside-down font (1 0 0 -1), whose
    /// lines were then laid out with no height.
    var transformedExtents: (ascent: Int, descent: Int)? {
        guard let pattern = fonts[0].pointee.pattern, let m = FontMatrix(pattern), m != FontMatrix(xx: 1, xy: 0, yx: 0, yy: 1) else { return nil }
        var metrics = [Int](repeating: 0, count: 3)
        guard cxft_face_size_metrics(fonts[0], &metrics) != 0 else { return nil }
        let (top, bottom, widest) = (Double(metrics[0]) / 64, Double(metrics[1]) / 64, Double(metrics[2]) / 64)
        let ys = [0, widest].flatMap { x in [bottom, top].map { y in m.yx * x + m.yy * y } }
        return (Int(ys.max()!.rounded(.up)), Int((-ys.min()!).rounded(.up)))
    }
}
