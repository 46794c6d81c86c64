import TextMetrics

/// What one step of an interactive movement invalidated: the role of UIKit's
/// `invalidationContext(forInteractivelyMovingItems:withTargetPosition:previousIndexPaths:previousPosition:)`
/// and `invalidationContextForEndingInteractiveMovementOfItems(toFinalIndexPaths:previousIndexPaths:movementCancelled:)`.
///
/// It names where the moving item would have landed before the step and where it would land
/// now, the position it follows, and the units whose frames changed: a unit not listed kept
/// every element, bit for bit, and was not placed again.
public struct MovementInvalidation: Hashable, Sendable {
    /// Where the item would have landed before this step (the data source's index paths).
    public var previousIndexPaths: [IndexPath]
    /// Where it lands now (the same as before when the target did not change).
    public var targetIndexPaths: [IndexPath]
    /// The position the lifted item followed before this step and follows now, in page coordinates.
    public var previousPosition: Point
    public var targetPosition: Point
    /// Units (of the arrangement after the step) whose elements changed: placed again.
    public var invalidatedUnits: [Int]
    /// How much the content height changed.
    public var contentSizeAdjustment: Double
    /// The movement ended with this step (committed, or cancelled when `movementCancelled`).
    public var isEnding: Bool
    public var movementCancelled: Bool

    public init(previousIndexPaths: [IndexPath], targetIndexPaths: [IndexPath], previousPosition: Point, targetPosition: Point,
                invalidatedUnits: [Int] = [], contentSizeAdjustment: Double = 0, isEnding: Bool = false,
                movementCancelled: Bool = false) {
        self.previousIndexPaths = previousIndexPaths
        self.targetIndexPaths = targetIndexPaths
        self.previousPosition = previousPosition
        self.targetPosition = targetPosition
        self.invalidatedUnits = invalidatedUnits
        self.contentSizeAdjustment = contentSizeAdjustment
        self.isEnding = isEnding
        self.movementCancelled = movementCancelled
    }

    /// Whether the target index path changed in this step.
    public var targetChanged: Bool { previousIndexPaths != targetIndexPaths }
}
