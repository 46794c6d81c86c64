/// What a change of measured sizes invalidated, as the lazy layout reports it to its viewport
/// (the role of UIKit's `UICollectionViewLayoutInvalidationContext`). The rules, what changes what
/// (docs/design.md, "Invalidation"):
///
/// - **A unit measured** for the first time, or again with another height
///   (`LazyLayout.setHeight(_:of:isComplete:)`): that unit is invalidated (`invalidatedUnits`,
///   when its height differs from what it had: its estimate, or its earlier measurement); the
///   units below it only move. The content height changes by `contentSizeAdjustment`, and the
///   viewport sets `contentOffsetAdjustment` to how far the anchor (the first visible unit) moved,
///   so the anchor stays still on screen.
/// - **A new running estimate** (a unit measured under `Estimate.automatic`): no unit is
///   invalidated; every unmeasured unit of the key (or of every key, while they fall back to the
///   average over all) takes the new rate, and `contentSizeAdjustment` and the anchor's move
///   include what that changed.
/// - **A cell's content changed** (`LazyLayout.invalidate(_:)`): its unit is invalidated and
///   carries the estimate again; it moves what lies below it when it is measured again, as above.
/// - **A new environment** (a text size, a width): every unit, and no context says so. The layout
///   is planned again (or a shared plan retargeted, `PlanSharing`) and a new lazy layout starts
///   unmeasured; `Viewport.changeLayout(to:source:)` keeps the anchor cell at its screen position
///   and measures the visible and prefetch units at once.
public struct InvalidationContext: Hashable, Sendable {
    /// Units whose height changed (the units below them only moved).
    public var invalidatedUnits: [Int] = []
    /// How much the content height changed.
    public var contentSizeAdjustment: Double = 0
    /// How much the content offset must change so the anchor (the first visible unit) keeps its
    /// place on screen: the sum of the size changes above it (measured heights and estimates),
    /// which is how far its top moved. Set by the viewport, which knows the anchor; 0 from the
    /// lazy layout.
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
