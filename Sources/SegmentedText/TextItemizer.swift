internal import CHarfBuzz

/// A stretch of a title that one HarfBuzz call shapes: consecutive code
/// points (in logical order) with one bidi level, one script and one font.
public struct TextRun: Equatable, Sendable {
    /// The code points' indices in the title, logical order.
    public var range: Range<Int>
    /// The bidi embedding level (odd: right to left).
    public var level: UInt8
    /// The script, as an ISO 15924 tag (HarfBuzz's `hb_script_t`, e.g. 'Arab').
    public var script: UInt32
    /// The font, as the caller numbers them (the font chain's index).
    public var font: Int

    public init(range: Range<Int>, level: UInt8, script: UInt32, font: Int) {
        self.range = range
        self.level = level
        self.script = script
        self.font = font
    }

    /// Whether the run is drawn right to left.
    public var isRightToLeft: Bool { level & 1 == 1 }
}

/// Splits a title into runs to shape, as Pango's itemizer does
/// (GNOME/pango `pango/itemize.c`): by bidi level, script and font, the font
/// chosen once per grapheme cluster so that a base and its marks (or an emoji
/// sequence) come from one face.
public enum TextItemizer {
    /// The grapheme clusters of `codePoints` (UAX #29 extended grapheme
    /// clusters, as Swift's `Character` breaks them) as index ranges.
    public static func clusters(_ codePoints: [UInt32]) -> [Range<Int>] {
        // Below U+0300 only CR LF joins anything (no marks, joiners, emoji or Hangul there).
        var simple = true
        for c in codePoints where c >= 0x300 || c == 0x0D {
            simple = false
            break
        }
        if simple { return codePoints.indices.map { $0..<$0 + 1 } }
        var view = String.UnicodeScalarView()
        for c in codePoints { view.append(Unicode.Scalar(c) ?? "\u{FFFD}") }
        var ranges = [Range<Int>]()
        var start = 0
        for character in String(view) {
            let count = character.unicodeScalars.count
            ranges.append(start..<start + count)
            start += count
        }
        return ranges
    }

    /// The Unicode script of `codePoint` as an ISO 15924 tag ('Zyyy' for Common, 'Zinh' for Inherited).
    /// (Common when HarfBuzz could not be loaded.)
    public static func script(of codePoint: UInt32) -> UInt32 {
        TextShaping.isAvailable ? chb_script(codePoint) : common
    }

    static let common = chb_script_common()
    static let inherited = chb_script_inherited()
    static let unknown = chb_script_unknown()

    /// The runs of `codePoints` in visual order, left to right.
    ///
    /// - Parameters:
    ///   - clusters: the grapheme clusters (`clusters(_:)`).
    ///   - bidi: the title's resolved levels and visual order.
    ///   - font: the font (an index the caller defines) that draws a cluster.
    /// Common and inherited characters (spaces, digits, punctuation, marks)
    /// take the script of the text before them, or after them at the start.
    public static func itemize(_ codePoints: [UInt32], clusters: [Range<Int>], bidi: BidiParagraph,
                               font: (Range<Int>) -> Int) -> [TextRun] {
        guard !clusters.isEmpty else { return [] }
        // Each cluster's own script: its first code point that is not common or inherited.
        var scripts = [UInt32](repeating: common, count: clusters.count)
        for (i, cluster) in clusters.enumerated() {
            for index in cluster {
                let s = script(of: codePoints[index])
                if s != common, s != inherited, s != unknown {
                    scripts[i] = s
                    break
                }
            }
        }
        // Neutral clusters take the script before them, or the first one after at the start.
        var last = scripts.first { $0 != common } ?? common
        for i in scripts.indices {
            if scripts[i] == common { scripts[i] = last } else { last = scripts[i] }
        }
        var runs = [TextRun]()
        for (i, cluster) in clusters.enumerated() {
            let level = bidi.levels[cluster.lowerBound]
            let f = font(cluster)
            if var run = runs.last, run.level == level, run.script == scripts[i], run.font == f {
                run.range = run.range.lowerBound..<cluster.upperBound
                runs[runs.count - 1] = run
            } else {
                runs.append(TextRun(range: cluster, level: level, script: scripts[i], font: f))
            }
        }
        guard runs.count > 1, bidi.levels.contains(where: { $0 != 0 }) else { return runs }
        // A run has one level, so its code points stay together through L2: order runs by where their first one went.
        var position = [Int](repeating: 0, count: codePoints.count)
        for (visual, logical) in bidi.visualOrder.enumerated() { position[logical] = visual }
        let keyed = runs.map { run in (key: run.range.map { position[$0] }.min() ?? 0, run: run) }
        return keyed.sorted { $0.key < $1.key }.map(\.run)
    }

    /// Whether `codePoint` is Default_Ignorable_Code_Point (Unicode's
    /// DerivedCoreProperties.txt): never drawn and zero width when no font
    /// has it (soft hyphen, joiners, bidi controls, variation selectors...),
    /// so it never asks for a fallback font or a warning.
    public static func isDefaultIgnorable(_ c: UInt32) -> Bool {
        switch c {
        case 0x00AD, 0x034F, 0x061C, 0x115F...0x1160, 0x17B4...0x17B5, 0x180B...0x180F, 0x200B...0x200F, 0x202A...0x202E,
             0x2060...0x206F, 0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0, 0xFFF0...0xFFF8, 0x1BCA0...0x1BCA3,
             0x1D173...0x1D17A, 0xE0000...0xE0FFF:
            return true
        default:
            return false
        }
    }
}
