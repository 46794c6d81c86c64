/// Chooses which cells to measure ahead of time: those within `margin` points beyond the visible
/// rect in the direction of scrolling, nearest first, at most `cellsPerFrame` each frame so the
/// work spreads evenly over frames.
public struct Prefetcher: Hashable, Sendable {
    public enum Direction: Hashable, Sendable {
        case down
        case up
    }

    /// How far beyond the visible rect to look, in points.
    public var margin: Double
    /// How many cells to measure ahead per frame at most.
    public var cellsPerFrame: Int

    public init(margin: Double, cellsPerFrame: Int = 2) {
        self.margin = margin
        self.cellsPerFrame = cellsPerFrame
    }

    /// The rows to prefetch, nearest to the visible rect first.
    /// - Parameters:
    ///   - visible: the rows on screen.
    ///   - rowsInMargin: the rows intersecting the prefetch margin in `direction`.
    public func candidates(visible: ClosedRange<Int>, rowsInMargin: ClosedRange<Int>?, direction: Direction) -> [Int] {
        guard let rowsInMargin else { return [] }
        switch direction {
        case .down: return Array(rowsInMargin.filter { $0 > visible.upperBound })
        case .up: return Array(rowsInMargin.filter { $0 < visible.lowerBound }.reversed())
        }
    }
}
