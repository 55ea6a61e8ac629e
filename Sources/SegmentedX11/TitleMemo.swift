/// What planning frames keeps between them for one list of titles: the pen
/// checkpoints of long titles and the titles elided to a width, by a key the
/// planner chooses (a segment and its font). It belongs to the titles it was
/// last given and starts over by itself when a snapshot brings others, so no
/// caller has to invalidate it. It compares the model's titles version, not
/// the titles: after an insert or a close in 100,000 titles, comparing the
/// arrays cost 0.5 ms a frame.
///
/// It pays for very long titles only: without it, a title of 100,000
/// characters would be walked on every frame to find the part that shows.
@MainActor
struct TitleMemo {
    private var titlesVersion: Int?
    private var checkpoints: [Int: FontChain.PenCheckpoints] = [:]
    private var elided: [Int: (width: Int, text: String)] = [:]

    /// Keeps what is known for the titles of `version` (`StripModel.titlesVersion`), or forgets everything for others.
    mutating func follow(_ version: Int) {
        guard version != titlesVersion else { return }
        titlesVersion = version
        checkpoints = [:]
        elided = [:]
    }

    /// The pen checkpoints of `title` in `chain` under `key`, built once, for
    /// titles longer than `FontChain.longestShapedTitle` UTF-8 bytes; nil for shorter ones.
    mutating func checkpoints(for title: String, key: Int, chain: FontChain) -> FontChain.PenCheckpoints? {
        guard title.utf8.count > FontChain.longestShapedTitle else { return nil }
        if let known = checkpoints[key] { return known }
        let made = chain.penCheckpoints(for: title)
        checkpoints[key] = made
        return made
    }

    /// `title` elided in `chain` to `width` pixels under `key`, elided again only when the width changes.
    mutating func elided(_ title: String, fitting width: Int, key: Int, chain: FontChain) -> String {
        if let known = elided[key], known.width == width { return known.text }
        let text = chain.elided(title, fitting: width)
        elided[key] = (width, text)
        return text
    }
}
