import TextMetrics

/// Interactive reordering for the lazy engine: the same moves as `InteractiveMovement`, on a
/// layout that knows only some of its units' heights (`LazyLayout` over a `MeasuringPlan`), as a
/// collection view of a hundred thousand cells reorders while it has measured a few screens.
///
/// When the target changes, the would-be order gets a new plan and a new lazy layout, and the
/// heights carry over: a unit that holds the same cells as before keeps its measured height
/// (nothing placed); a unit whose cells changed and were all measured before is placed again from
/// the sizer's cache (counted in `unitsPlaced`; nothing is measured again); any other unit
/// carries the running estimate, as it did. So the lazy layout of the dropped order, measured to
/// the end, is the eager layout of that order, frame for frame (`ReorderConformanceTests`).
///
/// The target for a position is the eager movement's rule over what is on screen; a lazy caller
/// that knows the target (a keyboard move, or the screen's own `InteractiveMovement`) passes it
/// to `move(to:)`.
public struct LazyMovement {
    public let source: IndexPath
    public private(set) var target: IndexPath
    /// The would-be order, planned, and its lazy layout.
    public private(set) var planned: MeasuringPlan
    public private(set) var layout: LazyLayout
    /// Units placed again from the cache since the movement began.
    public private(set) var unitsPlaced = 0

    private let originalPlanned: MeasuringPlan
    private let originalLayout: LazyLayout
    /// Cells (by their index path before the movement) whose unit was measured whole.
    private var measuredCells: Set<IndexPath> = []

    /// Lifts `item` of `planned`, whose lazy layout is `layout`. Throws `MoveError` as `InteractiveMovement` does.
    public init(planned: MeasuringPlan, layout: LazyLayout, item: IndexPath) throws {
        try planned.plan.content.checkMovable(item)
        self.planned = planned
        self.layout = layout
        originalPlanned = planned
        originalLayout = layout
        source = item
        target = item
        for unit in 0..<layout.count where layout.isSettled(unit) && !layout.isKnownHeight(unit) {
            measuredCells.formUnion(planned.plan.indexPaths(ofUnit: unit))
        }
    }

    /// Moves the target to `newTarget`: the would-be order planned, the heights carried over.
    @discardableResult
    public mutating func move(to newTarget: IndexPath) throws -> MovementInvalidation {
        var step = MovementInvalidation(previousIndexPaths: [target], targetIndexPaths: [newTarget],
                                        previousPosition: Point(x: 0, y: 0), targetPosition: Point(x: 0, y: 0))
        guard newTarget != target else { return step }
        let content = try originalPlanned.plan.content.movingItem(at: source, to: newTarget)
        let newPlanned = MeasuringPlan(plan: try planned.bound.layout.boundPlan(content, in: planned.environment), sizer: planned.sizer)
        let newPlan = newPlanned.plan
        let counterpart = MoveMapping.counterparts(from: planned.plan, to: newPlan)
        let mapping = MoveMapping(source: source)
        var newLayout = newPlanned.lazyLayout(estimate: layout.estimate)
        let oldHeight = layout.contentHeight()
        for unit in 0..<newPlan.unitCount where !newLayout.isKnownHeight(unit) {
            if let old = counterpart[unit], mapping.holdsSameCells(newPlan.units[unit], before: target, after: newTarget) {
                if let height = layout.measuredHeight(old) {
                    newLayout.setHeight(height, of: unit, isComplete: !layout.isPartlyMeasured(old))
                }
                continue
            }
            // Cells that changed: placed again when every one of them was measured before.
            let cells = newPlan.indexPaths(ofUnit: unit).map { mapping.origin(of: $0, target: newTarget) }
            guard !cells.isEmpty, cells.allSatisfy(measuredCells.contains) else { continue }
            newLayout.setHeight(newPlanned.height(ofUnit: unit), of: unit)
            step.invalidatedUnits.append(unit)
        }
        unitsPlaced += step.invalidatedUnits.count
        step.contentSizeAdjustment = newLayout.contentHeight() - oldHeight
        planned = newPlanned
        layout = newLayout
        target = newTarget
        return step
    }

    /// Takes `measured`: this movement's `layout` as a viewport has measured it since the last
    /// step (the units that came into view while the view scrolled under the finger), so the next
    /// step carries those heights over too, and places again from the cache the units whose cells
    /// they hold. Without it they were lost at the next target change.
    ///
    /// - Complexity: O(n) in the units.
    public mutating func adopt(_ measured: LazyLayout) {
        precondition(measured.count == layout.count, "a lazy layout of the would-be order")
        let mapping = MoveMapping(source: source)
        for unit in 0..<measured.count where measured.isSettled(unit) && !measured.isKnownHeight(unit) && !layout.isSettled(unit) {
            measuredCells.formUnion(planned.plan.indexPaths(ofUnit: unit).map { mapping.origin(of: $0, target: target) })
        }
        layout = measured
    }

    /// Drops the item at its target: the content in the would-be order, planned, and its lazy layout.
    public func end() -> (content: CollectionContent, planned: MeasuringPlan, layout: LazyLayout) {
        (planned.plan.content, planned, layout)
    }

    /// Puts the item back: the plan and lazy layout the movement began with.
    public mutating func cancel() -> (planned: MeasuringPlan, layout: LazyLayout) {
        planned = originalPlanned
        layout = originalLayout
        target = source
        return (planned, layout)
    }
}
