// Font chains shared by everything drawn on one display.
extension XDisplayConnection {
    /// The font chain of `pattern` at `scale`, opened once per connection and
    /// shared: a strip, its paged view and the height a host asks for first
    /// (`SegmentedStrip.pageAreaTop(for:connection:)`) use the same fonts, and each
    /// fontconfig match (about a millisecond with many fonts installed) is made once.
    /// The chains live as long as the connection.
    /// - Throws: `XftFontChain.Failure` (nothing is kept then).
    func fontChain(pattern: String, scale: Double) throws -> XftFontChain {
        let key = "\(scale) \(pattern)"
        if let chain = fontChains[key] { return chain }
        let chain = try XftFontChain(display: display, screen: screen, pattern: pattern, scale: scale)
        fontChains[key] = chain
        return chain
    }
}
