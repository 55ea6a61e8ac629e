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
        joinedClusters(codePoints) ?? codePoints.indices.map { $0..<$0 + 1 }
    }

    /// `clusters(_:)`, or nil when every code point is a cluster of its own
    /// (each one `standsAlone`: most titles), without making the list.
    /// - Parameter text: `codePoints` as a String when the caller has it (then it is not built again).
    public static func joinedClusters(_ codePoints: [UInt32], text: String? = nil) -> [Range<Int>]? {
        var simple = true
        for c in codePoints where !standsAlone(c) {
            simple = false
            break
        }
        if simple { return nil }
        let string: String
        if let text {
            string = text
        } else {
            var view = String.UnicodeScalarView()
            for c in codePoints { view.append(Unicode.Scalar(c) ?? "\u{FFFD}") }
            string = String(view)
        }
        var ranges = [Range<Int>]()
        var start = 0
        for character in string {
            let count = character.unicodeScalars.count
            ranges.append(start..<start + count)
            start += count
        }
        return ranges
    }

    /// Whether `c` is a grapheme cluster of its own whatever is around it,
    /// as long as its neighbours stand alone too: so text made only of such
    /// code points needs no UAX #29 segmentation (Swift's `Character`
    /// breaking, a tenth of shaping a title).
    ///
    /// These are code points whose Grapheme_Cluster_Break is Other or Control
    /// (not CR or LF, which is never drawn: controls are shown as caret
    /// escapes), never Prepend, Extend, SpacingMark, ZWJ, Regional_Indicator
    /// or a Hangul jamo (GraphemeBreakProperty.txt), and without an
    /// Indic_Conjunct_Break role; so between two of them only GB4, GB5 or
    /// GB999 applies: a break. Extended_Pictographic ones (standalone emoji)
    /// qualify, as GB11 needs a ZWJ, which does not. Covered: everything
    /// below U+0300 (no marks there), Greek, Cyrillic, Hebrew and Arabic
    /// letters, digits and punctuation without their points and harakat, Latin
    /// Extended Additional, general punctuation and symbols, CJK punctuation,
    /// kana, ideographs, Hangul syllables, half- and fullwidth forms, U+FFFD
    /// and the emoji blocks without modifiers. Checked against Swift's own
    /// segmentation for every one of them (`TextItemizerTests`).
    @inline(__always)
    public static func standsAlone(_ c: UInt32) -> Bool {
        switch c {
        case 0x20...0x2FF, 0x370...0x3FF, 0x400...0x482, 0x48A...0x52F, 0x5D0...0x5EA, 0x5EF...0x5F4,
             0x60C, 0x61B, 0x61D...0x64A, 0x660...0x66F, 0x671...0x6D5, 0x6EE...0x6FF, 0x1E00...0x1EFF,
             0x2010...0x2027, 0x2030...0x205E, 0x20A0...0x20C0, 0x2100...0x214F, 0x2190...0x23FF, 0x2500...0x27BF,
             0x3000...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x309B...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3,
             0xFF01...0xFF9D, 0xFFFD, 0x1F300...0x1F3FA, 0x1F400...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF:
            return true
        default:
            return false
        }
    }

    /// The Unicode script of `codePoint` as an ISO 15924 tag ('Zyyy' for Common, 'Zinh' for Inherited).
    /// (Beyond Latin-1, Common when HarfBuzz could not be loaded.)
    public static func script(of codePoint: UInt32) -> UInt32 {
        // Latin-1 from Scripts.txt without a call into HarfBuzz: the letters are Latin, the rest Common.
        if codePoint < 0x100 {
            switch codePoint {
            case 0x41...0x5A, 0x61...0x7A, 0xAA, 0xBA, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF: return latin
            default: return common
            }
        }
        return harfBuzzScript(of: codePoint)
    }

    /// HarfBuzz's script of `codePoint` (`hb_unicode_script`), Common when it could not be loaded.
    static func harfBuzzScript(of codePoint: UInt32) -> UInt32 {
        TextShaping.isAvailable ? chb_script(codePoint) : common
    }

    static let latin: UInt32 = 0x4C61_746E   // 'Latn'

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
        var runs = [TextRun]()
        itemize(codePoints, clusters: clusters, bidi: bidi, into: &runs, font: font)
        return runs
    }

    /// `itemize(_:clusters:bidi:font:)` into `runs` (emptied first, its
    /// storage kept), with nil `clusters` when every code point is a cluster
    /// of its own (`joinedClusters` found none longer) and nil `bidi` when
    /// every level is 0 (`BidiParagraph.mayNeedBidi` is false): what shaping
    /// 100,000 titles takes, without an array per title for either.
    public static func itemize(_ codePoints: [UInt32], clusters: [Range<Int>]?, bidi: BidiParagraph?, into runs: inout [TextRun],
                               font: (Range<Int>) -> Int) {
        runs.removeAll(keepingCapacity: true)
        let count = clusters?.count ?? codePoints.count
        guard count > 0 else { return }
        func cluster(_ k: Int) -> Range<Int> { clusters?[k] ?? k..<k + 1 }
        // A cluster's own script: its first code point that is not common or inherited.
        func ownScript(_ cluster: Range<Int>) -> UInt32 {
            for index in cluster {
                let s = script(of: codePoints[index])
                if s != common, s != inherited, s != unknown { return s }
            }
            return common
        }
        // Neutral clusters take the script before them, or the first one after at the start.
        var last = common
        for k in 0..<count {
            last = ownScript(cluster(k))
            if last != common { break }
        }
        for k in 0..<count {
            let range = cluster(k)
            let own = ownScript(range)
            if own != common { last = own }
            let level = bidi?.levels[range.lowerBound] ?? 0
            let f = font(range)
            if let run = runs.last, run.level == level, run.script == last, run.font == f {
                runs[runs.count - 1].range = run.range.lowerBound..<range.upperBound
            } else {
                runs.append(TextRun(range: range, level: level, script: last, font: f))
            }
        }
        guard runs.count > 1, let bidi, bidi.levels.contains(where: { $0 != 0 }) else { return }
        // A run has one level, so its code points stay together through L2: runs go in the
        // order their code points first appear in the visual order.
        // The runs cover the text in logical order, so a code point's run is found by binary search.
        func runIndex(_ logical: Int) -> Int {
            var low = 0, high = runs.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if runs[middle].range.lowerBound <= logical { low = middle } else { high = middle - 1 }
            }
            return low
        }
        var ordered = [TextRun]()
        ordered.reserveCapacity(runs.count)
        var placedMask: UInt64 = 0   // runs already placed (the first 64; a title has far fewer)
        var placedBeyond = Set<Int>()
        for logical in bidi.visualOrder {
            let r = runIndex(logical)
            if r < 64 {
                if placedMask & (1 << UInt64(r)) != 0 { continue }
                placedMask |= 1 << UInt64(r)
            } else if !placedBeyond.insert(r).inserted {
                continue
            }
            ordered.append(runs[r])
        }
        runs = ordered
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
