import TextMetrics

extension GroupPlacement {
    /// Nested groups placed while placing one group instance, by what they were given: a nested
    /// self-sized group is placed twice (probed for its size, then placed in its frame), and so
    /// is every self-sized group inside it, in each of those, so groups nested n deep were placed
    /// 2^n times (40 levels in a 2 KB screen file never finished). Shared with the probes, emptied
    /// for each instance (what it holds is that instance's elements).
    final class Memo {
        struct Key: Hashable {
            let template: ObjectIdentifier
            let firstCell: Int
            let origin: Point
            let width: Double?
            let height: Double?
        }
        struct Placed {
            let size: Size
            let end: Int
            let elements: [LayoutAttributes]
            let warnings: [LayoutWarning]
            let groupFrames: [Rect]
        }
        var placed: [Key: Placed] = [:]
        /// Nested groups placed, and placements answered from the memo: the work tests count.
        var placements = 0
        var reuses = 0
    }
}
