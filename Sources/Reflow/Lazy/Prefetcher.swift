/// Chooses which units to measure ahead of time: those within `margin` points beyond the visible
/// rect in the direction of scrolling, nearest first, at most `unitsPerFrame` each frame so the
/// work spreads evenly over frames.
public struct Prefetcher: Hashable, Sendable {
    public enum Direction: Hashable, Sendable {
        case down
        case up
    }

    /// How far beyond the visible rect to look, in points.
    public var margin: Double
    /// How many units to measure ahead per frame at most.
    public var unitsPerFrame: Int

    public init(margin: Double, unitsPerFrame: Int = 2) {
        self.margin = margin
        self.unitsPerFrame = unitsPerFrame
    }

    /// The units to prefetch, nearest to the visible rect first.
    /// - Parameters:
    ///   - visible: the units on screen.
    ///   - unitsInMargin: the units intersecting the prefetch margin in `direction`.
    public func candidates(visible: ClosedRange<Int>, unitsInMargin: ClosedRange<Int>?, direction: Direction) -> [Int] {
        guard let unitsInMargin else { return [] }
        switch direction {
        case .down: return Array(unitsInMargin.filter { $0 > visible.upperBound })
        case .up: return Array(unitsInMargin.filter { $0 < visible.lowerBound }.reversed())
        }
    }
}
