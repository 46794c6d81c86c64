/// What a change of measured sizes invalidated, as the lazy layout reports it to its viewport.
public struct InvalidationContext: Hashable, Sendable {
    /// Units whose height changed (the units below them only moved).
    public var invalidatedUnits: [Int] = []
    /// How much the content height changed.
    public var contentSizeAdjustment: Double = 0
    /// How much the content offset must change so the anchor (the first visible unit) keeps its
    /// place on screen: the sum of the size changes above it.
    public var contentOffsetAdjustment: Double = 0

    public init(invalidatedUnits: [Int] = [], contentSizeAdjustment: Double = 0, contentOffsetAdjustment: Double = 0) {
        self.invalidatedUnits = invalidatedUnits
        self.contentSizeAdjustment = contentSizeAdjustment
        self.contentOffsetAdjustment = contentOffsetAdjustment
    }

    public var isEmpty: Bool { invalidatedUnits.isEmpty && contentSizeAdjustment == 0 && contentOffsetAdjustment == 0 }

    public mutating func merge(_ other: InvalidationContext) {
        invalidatedUnits += other.invalidatedUnits
        contentSizeAdjustment += other.contentSizeAdjustment
        contentOffsetAdjustment += other.contentOffsetAdjustment
    }
}
