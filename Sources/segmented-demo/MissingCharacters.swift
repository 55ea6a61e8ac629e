import Glibc
import SegmentedX11

/// Names the code points no font can draw, once the strip has measured every
/// title (a long list is measured after the first frame:
/// `SegmentedStrip.eagerlyMeasuredTitles`), so boxes are never silent.
@MainActor
func warnAboutMissingCharactersOnceMeasured(_ strip: SegmentedStrip) {
    if strip.isMeasuringComplete {
        warnAboutMissingCharacters(strip)
    } else {
        strip.callbacks.measuringFinished = { strip in warnAboutMissingCharacters(strip) }
    }
}

/// Measuring every title in the unselected font put every code point used in
/// its glyph cache (titles drawn without shaping) or, for shaped titles, every
/// one no font has in its `codePointsWithoutFont`: check those, not every title.
@MainActor
private func warnAboutMissingCharacters(_ strip: SegmentedStrip) {
    let chains = strip.fontChains
    // Sorted: a set's order changes from run to run, and the selected chain opens fallbacks in this order.
    let usedCodePoints = Set(chains.unselected.codePointsSeen)
        .union(chains.unselected.codePointsWithoutFont).union(chains.selected.codePointsWithoutFont).sorted()
    for (name, chain) in [("--font", chains.unselected), ("--selected-font", chains.selected)] {
        let missing = chain.missingCodePoints(among: usedCodePoints).sorted()
        if !missing.isEmpty {
            let list = missing.prefix(8).map(unicodeName).joined(separator: " ")
            warn("no installed font has \(missing.count) character(s) used in the titles for \(name) '\(chain.patternName)': \(list)\(missing.count > 8 ? " ..." : "")")
        }
    }
}

/// `U+` and at least four upper-case hexadecimal digits, as Unicode names a code point.
private func unicodeName(_ codePoint: UInt32) -> String {
    let hex = String(codePoint, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}
