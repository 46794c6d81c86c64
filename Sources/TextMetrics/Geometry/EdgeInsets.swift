/// Distances from the edges of a rectangle inward, in points. Leading and trailing rather than
/// left and right, so a right-to-left layout mirrors them.
public struct EdgeInsets: Hashable, Sendable, Codable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same inset on all four sides.
    public init(all value: Double) {
        self.init(top: value, leading: value, bottom: value, trailing: value)
    }

    public static let zero = EdgeInsets()

    /// Leading plus trailing.
    public var horizontal: Double { leading + trailing }
    /// Top plus bottom.
    public var vertical: Double { top + bottom }

    /// Every side multiplied by `factor`, snapped to the point grid (steps of 1/64 pt, as browsers' layout
    /// units): cell heights are then exact multiples of it, so sums of frames are exact in any
    /// order and a lazy layout that adds heights in another order lands on the same frames.
    public func scaled(by factor: Double) -> EdgeInsets {
        EdgeInsets(top: PointGrid.snap(top * factor), leading: PointGrid.snap(leading * factor),
                   bottom: PointGrid.snap(bottom * factor), trailing: PointGrid.snap(trailing * factor))
    }

    /// Top and bottom multiplied by `factor`, leading and trailing kept (snapped like `scaled`):
    /// a cell's vertical padding grows with its text (UIFontMetrics), its horizontal margins are
    /// the layout margins, which UIKit keeps at every text size.
    public func scaledVertically(by factor: Double) -> EdgeInsets {
        EdgeInsets(top: PointGrid.snap(top * factor), leading: PointGrid.snap(leading),
                   bottom: PointGrid.snap(bottom * factor), trailing: PointGrid.snap(trailing))
    }
}
