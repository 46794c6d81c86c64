import TextMetrics

/// Interactive reordering for the lazy engine: the same moves as `InteractiveMovement`, on a
/// layout that knows only some of its units' heights (`LazyLayout` over a `MeasuringPlan`), as a
/// collection view of a hundred thousand cells reorders while it has measured a few screens.
///
/// When the target changes, the would-be order gets a new plan and the heights carry over. When
/// that plan is the current one with the cells reordered (the target stays in its section of a
/// compositional layout), the lazy layout is kept and only the units between the old and the
/// new target are looked at; otherwise a new lazy layout is made. Either way, a unit that holds
/// the same cells as before keeps its measured height (nothing placed); a unit whose cells
/// changed and were all measured before is placed again from the sizer's cache (counted in
/// `unitsPlaced`; nothing is measured again); any other unit carries the running estimate, as it
/// did. So the lazy layout of the dropped order, measured to the end, is the eager layout of that
/// order, frame for frame (`ReorderConformanceTests`).
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
    ///
    /// - Complexity: beside the content's own move (`CollectionContent.movingItem`), O(u log n) for
    ///   the u units between the old and the new target when the target stays in its section of a
    ///   layout that plans by cell count (a compositional layout: `CollectionLayout.plansByCellCount`):
    ///   the plan and the lazy layout are kept, and only those units are placed again or given
    ///   back their estimate. Otherwise O(n): planned again.
    @discardableResult
    public mutating func move(to newTarget: IndexPath) throws -> MovementInvalidation {
        var step = MovementInvalidation(previousIndexPaths: [target], targetIndexPaths: [newTarget],
                                        previousPosition: Point(x: 0, y: 0), targetPosition: Point(x: 0, y: 0))
        guard newTarget != target else { return step }
        let content = try originalPlanned.plan.content.movingItem(at: source, to: newTarget)
        let newPlanned = MeasuringPlan(plan: try planned.bound.replanned(with: content), sizer: planned.sizer)
        let oldHeight = layout.contentHeight()
        let newLayout: LazyLayout
        if let changing = unitsChanging(to: newTarget, in: newPlanned.plan) {
            newLayout = rearranged(changing, to: newTarget, planned: newPlanned, step: &step)
        } else {
            newLayout = replanned(to: newTarget, planned: newPlanned, step: &step)
        }
        unitsPlaced += step.invalidatedUnits.count
        var settled = newLayout
        step.contentSizeAdjustment = settled.contentHeight() - oldHeight
        planned = newPlanned
        layout = newLayout
        target = newTarget
        return step
    }

    /// The units whose cells may change when the target moves to `newTarget` in `newPlan`, when
    /// that plan is the current one with the cells reordered (the target stays in its section of a
    /// layout that plans by cell count: `BoundPlan.replanned(with:)`): the units holding the places
    /// between the two targets, as only there does a place's cell change. Nil otherwise.
    private func unitsChanging(to newTarget: IndexPath, in newPlan: LayoutPlan) -> ClosedRange<Int>? {
        guard newTarget.section == target.section, planned.layout.plansByCellCount,
              let first = newPlan.unit(containing: IndexPath(item: min(target.item, newTarget.item), section: target.section)),
              let last = newPlan.unit(containing: IndexPath(item: max(target.item, newTarget.item), section: target.section))
        else { return nil }
        return first...last
    }

    /// The lazy layout of the new order from the current one, the plans' units being the same:
    /// each of `units` that holds other cells than before is placed again from the cache when
    /// every one of its cells was measured, else carries the estimate again.
    private func rearranged(_ units: ClosedRange<Int>, to newTarget: IndexPath, planned newPlanned: MeasuringPlan,
                            step: inout MovementInvalidation) -> LazyLayout {
        let mapping = MoveMapping(source: source)
        var newLayout = layout
        for unit in units where !newLayout.isKnownHeight(unit)
            && !mapping.holdsSameCells(newPlanned.plan.units[unit], before: target, after: newTarget) {
            if isMeasuredWhole(unit, of: newPlanned.plan, target: newTarget, mapping: mapping) {
                newLayout.setHeight(newPlanned.height(ofUnit: unit), of: unit)
                step.invalidatedUnits.append(unit)
            } else {
                newLayout.invalidate(unit)
            }
        }
        return newLayout
    }

    /// The lazy layout of the new order made anew, its plan cutting the content otherwise: a unit
    /// that holds the same cells as its counterpart before keeps its height, one whose cells
    /// changed is placed again when every one was measured, the rest carry the estimate.
    private func replanned(to newTarget: IndexPath, planned newPlanned: MeasuringPlan, step: inout MovementInvalidation) -> LazyLayout {
        let newPlan = newPlanned.plan
        let counterpart = MoveMapping.counterparts(from: planned.plan, to: newPlan)
        let mapping = MoveMapping(source: source)
        var newLayout = newPlanned.lazyLayout(estimate: layout.estimate)
        for unit in 0..<newPlan.unitCount where !newLayout.isKnownHeight(unit) {
            if let old = counterpart[unit], mapping.holdsSameCells(newPlan.units[unit], before: target, after: newTarget) {
                if let height = layout.measuredHeight(old) {
                    newLayout.setHeight(height, of: unit, isComplete: !layout.isPartlyMeasured(old))
                }
                continue
            }
            guard isMeasuredWhole(unit, of: newPlan, target: newTarget, mapping: mapping) else { continue }
            newLayout.setHeight(newPlanned.height(ofUnit: unit), of: unit)
            step.invalidatedUnits.append(unit)
        }
        return newLayout
    }

    /// Whether every cell `unit` of `plan` holds with the item at `target` was measured (a unit
    /// without cells never is): it can be placed again from the sizer's cache.
    private func isMeasuredWhole(_ unit: Int, of plan: LayoutPlan, target: IndexPath, mapping: MoveMapping) -> Bool {
        let cells = plan.indexPaths(ofUnit: unit).map { mapping.origin(of: $0, target: target) }
        return !cells.isEmpty && cells.allSatisfy(measuredCells.contains)
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
