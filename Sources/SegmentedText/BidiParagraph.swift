internal import CHarfBuzz

/// One line of text run through the Unicode Bidirectional Algorithm (UAX #9)
/// by FriBidi: the resolved embedding level of every code point and the
/// left-to-right visual order.
///
/// The paragraph direction is the title's own (rules P2 and P3: the first
/// strong character, left to right when there is none), as Pango's automatic
/// direction does; the strip's `--direction` only orders the segments.
/// Rule L1 (white space at the end of the line back to the paragraph level)
/// and L2 (reversing) are applied as for one line; L3 and L4 (marks and
/// mirroring) are left to the shaper.
public struct BidiParagraph: Equatable, Sendable {
    /// How the paragraph direction is chosen.
    public enum Direction: Sendable {
        /// From the first strong character (P2, P3); left to right without one.
        case auto
        case leftToRight
        case rightToLeft
    }

    /// The paragraph embedding level: 0 (left to right) or 1 (right to left).
    public let baseLevel: UInt8
    /// The resolved level of each code point (even: left to right, odd: right to left).
    public let levels: [UInt8]
    /// Logical indices of the code points in visual order, left to right.
    public let visualOrder: [Int]

    /// Resolves `codePoints` as one paragraph on one line.
    public init(_ codePoints: [UInt32], direction: Direction = .auto) {
        let n = codePoints.count
        if direction != .rightToLeft, !Self.mayNeedBidi(codePoints) {
            // Nothing right to left and no explicit formatting: every level 0 (UAX #9 gives the same).
            baseLevel = 0
            levels = [UInt8](repeating: 0, count: n)
            visualOrder = Array(0..<n)
            return
        }
        let code: Int32 = direction == .auto ? 0 : direction == .leftToRight ? 1 : 2
        var base: Int32 = -1
        // FriBidi writes straight into the two arrays kept (its levels are 0...125: the same bytes as UInt8).
        var order = [Int](repeating: 0, count: n)
        let resolved = [UInt8](unsafeUninitializedCapacity: n) { levels, count in
            levels.initialize(repeating: 0)
            count = n
            guard n > 0, TextShaping.isAvailable, let levelBytes = levels.baseAddress else { return }
            order.withUnsafeMutableBufferPointer { order in
                order.baseAddress!.withMemoryRebound(to: Int64.self, capacity: n) { visual in
                    base = chb_bidi(codePoints, Int32(n), code, UnsafeMutableRawPointer(levelBytes).assumingMemoryBound(to: Int8.self), visual)
                }
            }
        }
        guard base >= 0 else {
            // FriBidi could not be loaded or ran out of memory: logical order at the paragraph level.
            baseLevel = direction == .rightToLeft ? 1 : 0
            levels = [UInt8](repeating: baseLevel, count: n)
            visualOrder = Array(0..<n)
            return
        }
        baseLevel = UInt8(base)
        levels = resolved
        visualOrder = order
    }

    /// Whether any code point could be right to left or an explicit bidi
    /// control (everything below U+0590 is neither, and neither are the CJK
    /// blocks): text without one resolves to level 0 throughout.
    public static func mayNeedBidi(_ codePoints: [UInt32]) -> Bool {
        for c in codePoints where c >= 0x0590 {
            if (0x2E80...0x9FFF).contains(c) || (0xAC00...0xD7AF).contains(c) || (0xF900...0xFAFF).contains(c)
                || (0x20000...0x3FFFF).contains(c) { continue }
            return true
        }
        return false
    }
}
