// Font chains shared by everything drawn on one display.
extension XDisplayConnection {
    /// The font chain of `pattern` at `scale`, opened once per connection and
    /// shared: a strip, its paged view and the height a host asks for first
    /// (`SegmentedStrip.pageAreaTop(for:connection:)`) use the same fonts, and each
    /// fontconfig match (about a millisecond with many fonts installed) is made once.
    /// The connection keeps the `fontChainCapacity` chains asked for last
    /// (those in use stay with whatever draws with them), so a desktop whose
    /// scale moves through many values does not keep a chain for each.
    /// - Throws: `FontChain.Failure` (nothing is kept then).
    func fontChain(pattern: String, scale: Double) throws -> FontChain {
        let key = "\(scale) \(pattern)"
        if let chain = fontChains[key] {
            fontChainOrder.removeAll { $0 == key }
            fontChainOrder.append(key)
            return chain
        }
        let chain = try FontChain(display: display, screen: screen, pattern: pattern, scale: scale)
        fontChains[key] = chain
        fontChainOrder.append(key)
        while fontChainOrder.count > Self.fontChainCapacity { fontChains[fontChainOrder.removeFirst()] = nil }
        return chain
    }

    /// The most font chains a connection keeps: the three fonts of a style
    /// and the badge's, for a few styles (the demo's two strips' and a scale before).
    static let fontChainCapacity = 12
}
