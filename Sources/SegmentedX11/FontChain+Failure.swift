import Glibc

extension FontChain {
    /// Why a font chain could not be made.
    public enum Failure: Error, CustomStringConvertible {
        /// fontconfig could not parse the pattern string.
        case invalidPattern(String)
        /// The pattern's transform cannot be inverted (`FontMatrix.isInvertible`): glyphs would be flat or not drawn.
        case singularMatrix(pattern: String, matrix: FontMatrix)
        /// The pattern's transform squashes a glyph cell under 1 pixel wide or
        /// tall (its transformed width and height, pixels): every glyph would draw nothing.
        case flatMatrix(pattern: String, matrix: FontMatrix, width: Double, height: Double)
        /// The pattern asks for a pixel size outside 1...1000.
        case badPixelSize(pattern: String, size: Double)
        /// The font's lines would be taller than `maximumFontHeight` pixels.
        case tooLarge(pattern: String, height: Int)
        /// A transform makes glyphs advance backward or absurdly far (pixels).
        case badAdvance(pattern: String, advance: Int)
        /// No installed font matches the pattern (no fonts at all).
        case noMatch(String)

        public var description: String {
            switch self {
            case let .invalidPattern(p): return "invalid font pattern '\(p)'"
            case let .singularMatrix(p, matrix): return "invalid font pattern '\(p)': \(matrix.refusal)"
            case let .flatMatrix(p, matrix, width, height):
                return "invalid font pattern '\(p)': its matrix '\(matrix)' squashes a glyph cell to \(width.cellText) by \(height.cellText) pixels "
                    + "(at least 1 by 1): its glyphs would draw nothing"
            case let .badAdvance(p, advance):
                return "invalid font pattern '\(p)': its glyphs would advance \(advance) pixels (1 to \(FontChain.maximumFontHeight))"
            case let .tooLarge(p, height):
                return "invalid font pattern '\(p)': its lines would be \(height) pixels tall (at most \(FontChain.maximumFontHeight))"
            case let .badPixelSize(p, size): return "invalid font pattern '\(p)': the pixel size must be a number from 1 to 1000 (fontconfig read \(size))"
            case let .noMatch(p): return "no font matches '\(p)' (is fontconfig configured and a font installed?)"
            }
        }
    }
}

private extension Double {
    /// A cell size for a message: two decimals, or "less than 0.01" (1e-12 would print as 0.00 or in exponent form).
    var cellText: String {
        guard self >= 0.005 else { return "less than 0.01" }
        // printf's rounding, as Foundation's String(format:) had it (FoundationEssentials has no String(format:)).
        // 320 bytes hold any finite Double to two decimals (309 digits before the point at most).
        var digits = [CChar](repeating: 0, count: 320)
        _ = withVaList([self]) { vsnprintf(&digits, digits.count, "%.2f", $0) }
        return String(decoding: digits.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
