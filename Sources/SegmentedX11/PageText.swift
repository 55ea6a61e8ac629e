import SegmentedText

/// Lines of page text that interpolate a title: isolated for bidi, elided at
/// words, and measured once per width and font (`PageLineCache`).
public enum PageText {
    /// First strong isolate and pop directional isolate (UAX #9, 6.3): the
    /// text between them is ordered on its own and cannot reorder its surroundings.
    public static let firstStrongIsolate: Character = "\u{2068}", popDirectionalIsolate: Character = "\u{2069}"

    /// `title` between FSI and PDI, for putting in a sentence: unbalanced
    /// embeddings or overrides in it (LRE, RLO) end at the PDI instead of
    /// reordering the rest of the sentence, and the title takes the
    /// direction of its own first strong character. A PDI closes the nearest
    /// open isolate (UAX #9, BD9), so the isolates the title leaves open are
    /// closed first: else the last PDI would close one of them, and the
    /// sentence would run on inside the title's isolates. Matching counts
    /// isolates at any depth, past max_depth (125) too, as FriBidi does.
    public static func isolated(_ title: String) -> String {
        String(firstStrongIsolate) + closingIsolates(title) + String(popDirectionalIsolate)
    }

    /// The start of `title` with its first `count` drawn grapheme clusters:
    /// clusters of default-ignorable code points only (bidi controls,
    /// joiners...) draw nothing and do not count, so a title that opens with
    /// 40 overrides keeps its letters. For a title shortened to put in a sentence.
    public static func shortened(_ title: String, drawn count: Int) -> String {
        var drawn = 0
        var end = title.startIndex
        for i in title.indices {
            if drawn == count { break }
            end = title.index(after: i)
            if title[i].unicodeScalars.contains(where: { !TextItemizer.isDefaultIgnorable($0.value) }) { drawn += 1 }
        }
        return drawn < count ? title : String(title[..<end])
    }

    /// `kept` (the start of a text cut short) with a PDI for every isolate
    /// it opens and does not close, so that what follows (the "…") stays outside them.
    static func closingIsolates(_ kept: String) -> String {
        var open = 0
        for scalar in kept.unicodeScalars {
            switch scalar.value {
            case 0x2066...0x2068: open += 1
            case 0x2069: open = max(0, open - 1)
            default: break
            }
        }
        return kept + String(repeating: popDirectionalIsolate, count: open)
    }
}

extension FontChain {
    /// `text` whole when it advances at most `width` pixels; else its longest
    /// start of whole words (cut before a space) that followed by "…" fits,
    /// with the "…"; when not even the first word fits, the first word cut
    /// between grapheme clusters (`elided(_:fitting:)`). Isolates the kept
    /// part opens are closed before the "…". Measured as drawing measures.
    public func elidedAtWords(_ text: String, fitting width: Int) -> String {
        if advance(of: text) <= width { return text }
        // Where each word ends: before a space that follows something else.
        var ends = [String.Index]()
        var previous: Character = " "
        for i in text.indices {
            if text[i] == " ", previous != " " { ends.append(i) }
            previous = text[i]
        }
        func candidate(_ k: Int) -> String { PageText.closingIsolates(String(text[..<ends[k]])) + "\u{2026}" }
        // The most words that fit (a longer start is wider but, shaped, not strictly: the result is checked).
        var low = -1, high = ends.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if advance(of: candidate(middle)) <= width { low = middle } else { high = middle - 1 }
        }
        if low >= 0 { return candidate(low) }
        // The whole text elided by clusters: since not even the first word fits with "…", cut inside it.
        return PageText.closingIsolates(String(elided(text, fitting: width).dropLast())) + "\u{2026}"
    }
}

/// Lines of page text measured once: each slot (a page's line, numbered by
/// the caller) keeps its elided lines and their advances until the width or
/// the font changes, or `removeAll()` (the titles changed). A frame of the
/// pages then costs lookups, not measuring, however long its lines
/// (docs/performance.md has what measuring them in every frame cost).
@MainActor
public final class PageLineCache {
    /// One line as drawn: its text after elision and its advance, pixels.
    public struct Line: Equatable {
        public let text: String
        public let advance: Int
    }

    private var slots: [Int: (width: Int, font: ObjectIdentifier, lines: [Line])] = [:]
    private let capacity: Int
    /// How many lines were elided and measured so far (for tests and traces).
    public private(set) var measuredLines = 0

    /// A cache of at most `capacity` slots (the pages drawn lately): past it, it starts over.
    public init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// The lines of `slot` at `width` pixels in `font`: made by `make` and
    /// elided at words (`FontChain.elidedAtWords`) on the first call with
    /// this width and font, read back afterwards.
    public func lines(_ slot: Int, width: Int, font: FontChain, make: () -> [String]) -> [Line] {
        let id = ObjectIdentifier(font)
        if let cached = slots[slot], cached.width == width, cached.font == id { return cached.lines }
        if slots.count >= capacity { slots = [:] }
        let lines = make().map { line -> Line in
            let text = font.elidedAtWords(line, fitting: width)
            return Line(text: text, advance: font.advance(of: text))
        }
        measuredLines += lines.count
        slots[slot] = (width, id, lines)
        return lines
    }

    /// Forgets every line (the texts they were made from changed).
    public func removeAll() {
        slots = [:]
    }
}
