// What a tooltip needs from the pointer.
extension StripModel {
    /// The segment under the pointer at `now` (seconds), hit-tested through the
    /// frames drawn then, disabled ones included (a disabled item's tooltip
    /// may say why it is disabled, as Qt shows it); nil outside the strip
    /// or after the pointer left.
    public func pointedIndex(at now: Double) -> Int? {
        guard let p = pointer else { return nil }
        let drawn = presentation(at: now)
        return drawn.layout.hitTest(x: p.x + drawn.contentOffset, y: p.y)
    }
}
