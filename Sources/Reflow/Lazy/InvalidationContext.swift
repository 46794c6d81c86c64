/// What a change of measured sizes invalidated, as the layout reports it to its viewport.
public struct InvalidationContext: Hashable, Sendable {
    /// Items whose frames changed size (their followers only moved).
    public var invalidatedItems: [Int] = []
    /// How much the content height changed.
    public var contentSizeAdjustment: Double = 0
    /// How much the content offset must change so the anchor (the first visible cell) keeps its
    /// place on screen: the sum of the size changes above it.
    public var contentOffsetAdjustment: Double = 0

    public init(invalidatedItems: [Int] = [], contentSizeAdjustment: Double = 0, contentOffsetAdjustment: Double = 0) {
        self.invalidatedItems = invalidatedItems
        self.contentSizeAdjustment = contentSizeAdjustment
        self.contentOffsetAdjustment = contentOffsetAdjustment
    }

    public var isEmpty: Bool { invalidatedItems.isEmpty && contentSizeAdjustment == 0 && contentOffsetAdjustment == 0 }

    public mutating func merge(_ other: InvalidationContext) {
        invalidatedItems += other.invalidatedItems
        contentSizeAdjustment += other.contentSizeAdjustment
        contentOffsetAdjustment += other.contentOffsetAdjustment
    }
}
