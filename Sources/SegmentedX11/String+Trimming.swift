extension StringProtocol {
    /// The text without its leading and trailing white space (blanks, tabs,
    /// line ends): Foundation's `trimmingCharacters(in: .whitespaces)`, which
    /// FoundationEssentials does not have, for one-line texts.
    public func trimmingWhitespace() -> String {
        guard let start = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[start...last])
    }
}
