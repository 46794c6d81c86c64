import TextMetrics

/// Interactive reordering, as a collection view does it (WWDC 2016, "What's New in
/// UICollectionView in iOS 10"): a person lifts a cell, drags it, and the others flow out of its
/// way into the order they would have if it were dropped there; dropping commits that order (the
/// data source's move), cancelling puts every frame back.
///
/// The layout answers the three questions UIKit asks of it:
/// - where the item would land for a position (`targetIndexPath(for:)`, the midpoint rule: the
///   item goes after every other cell whose middle the position has passed, in reading order;
///   see the method),
/// - where the lifted item is drawn (`liftedAttributes`: its cell and badge centred on the
///   position, above everything),
/// - what changed (`MovementInvalidation`: the previous and target index paths, the position,
///   and the units whose frames changed).
///
/// The would-be layout (`layout`) is an eager layout of the content in the would-be order, with
/// the moving item in its target place (a collection view draws that place empty, under the
/// lifted cell). It is assembled, not laid out again: a unit that holds the same cells at the same
/// top as before keeps its elements bit for bit; only the units whose cells or top changed are
/// placed again, and their cells' sizes come from the sizer's cache (self-sized cells keep their
/// sizes: nothing is measured again; `unitsPlaced` and the sizer's `measurementsComputed` count
/// the work). Pinned headers, badges and backgrounds belong to their sections and units, so they
/// follow.
///
/// ```swift
/// var movement = try InteractiveMovement(bound: bound, layout: snapshot, sizer: sizer,
///                                        item: IndexPath(item: 0, section: 1), at: start)
/// let step = try movement.update(to: Point(x: 195, y: 640))   // the others flow out of the way
/// let (content, committed, _) = try movement.end()          // the new order and its layout
/// ```
public struct InteractiveMovement {
    /// The layout before the movement began: what cancelling returns to.
    public let original: LayoutSnapshot
    /// The item lifted (its index path before the movement).
    public let source: IndexPath
    /// Where the item would land now, in the would-be order.
    public private(set) var target: IndexPath
    /// The position the lifted item follows (its centre), in page coordinates.
    public private(set) var position: Point
    /// The would-be layout: every other item in its place in the would-be order.
    public private(set) var layout: LayoutSnapshot
    /// Units placed (laid out by the layout) since the movement began: the work of the steps.
    public private(set) var unitsPlaced = 0
    /// The z-index of the lifted item's elements: above anything a layout places.
    public static let liftedZIndex = 10_000

    private let originalBound: BoundPlan
    private var bound: BoundPlan
    private let sizer: CellSizer

    /// Lifts the item at `item` of `layout` (an eager layout of `bound`, measured with `sizer`),
    /// its centre at `position`. Throws `MoveError` when there is no such cell or its section's
    /// cells cannot be moved.
    public init(bound: BoundPlan, layout: LayoutSnapshot, sizer: CellSizer, item: IndexPath, at position: Point) throws {
        try bound.plan.content.checkMovable(item)
        precondition(layout.plan.unitCount == bound.plan.unitCount, "the layout is an eager layout of the bound plan")
        original = layout
        originalBound = bound
        self.bound = bound
        self.layout = layout
        self.sizer = sizer
        source = item
        target = item
        self.position = position
    }

    /// Lays `content` out with `layout` in `environment` and lifts `item` at `position`.
    public init(layout: some CollectionLayout, content: CollectionContent, environment: LayoutEnvironment, sizer: CellSizer,
                item: IndexPath, at position: Point) throws {
        let bound = try layout.boundPlan(content, in: environment)
        try self.init(bound: bound, layout: try LayoutSnapshot(plan: bound, sizer: sizer), sizer: sizer, item: item, at: position)
    }

    /// The content in the would-be order (what `end()` commits).
    public var content: CollectionContent { bound.plan.content }

    /// The lifted item as it is drawn: its cell (and badge) from its target place, centred on
    /// `position`, above every other element.
    public var liftedAttributes: [LayoutAttributes] {
        guard let unit = layout.plan.unit(containing: target) else { return [] }
        let own = layout.elements(ofUnit: unit).filter { $0.indexPath == target && ($0.role == .cell || $0.role == .badge) }
        guard let cell = own.first(where: { $0.role == .cell }) else { return [] }
        let dx = position.x - cell.frame.midX, dy = position.y - cell.frame.midY
        return own.map {
            var lifted = $0.offsetBy(dx: dx, dy: dy)
            lifted.zIndex = Self.liftedZIndex + ($0.role == .cell ? 0 : 1)
            return lifted
        }
    }

    /// Moves the lifted item's centre to `position`: the target index path is worked out again
    /// (`targetIndexPath(for:)`), and when it changed the others flow to their places in the new
    /// would-be order.
    @discardableResult
    public mutating func update(to position: Point) throws -> MovementInvalidation {
        let previous = (target, self.position)
        let next = targetIndexPath(for: position)
        self.position = position
        var step = MovementInvalidation(previousIndexPaths: [previous.0], targetIndexPaths: [next],
                                        previousPosition: previous.1, targetPosition: position)
        guard next != target else { return step }
        let content = try originalBound.plan.content.movingItem(at: source, to: next)
        (step.invalidatedUnits, step.contentSizeAdjustment) = try arrange(content, target: next)
        return step
    }

    /// Moves the target to `indexPath` directly (a keyboard or VoiceOver reorder, which has no
    /// position): the lifted item's centre goes to its new place's centre.
    @discardableResult
    public mutating func move(to indexPath: IndexPath) throws -> MovementInvalidation {
        let previous = (target, position)
        let content = try originalBound.plan.content.movingItem(at: source, to: indexPath)  // throws for a place that is not there
        var step = MovementInvalidation(previousIndexPaths: [previous.0], targetIndexPaths: [indexPath],
                                        previousPosition: previous.1, targetPosition: previous.1)
        if indexPath != target { (step.invalidatedUnits, step.contentSizeAdjustment) = try arrange(content, target: indexPath) }
        if let cell = layout.attributes(.cell, at: indexPath) { position = Point(x: cell.frame.midX, y: cell.frame.midY) }
        step.targetPosition = position
        return step
    }

    /// Drops the item at its target: the would-be order becomes the order. Returns the content
    /// in that order (the data source's move done), its layout, and the last invalidation.
    public mutating func end() throws -> (content: CollectionContent, layout: LayoutSnapshot, invalidation: MovementInvalidation) {
        let step = MovementInvalidation(previousIndexPaths: [source], targetIndexPaths: [target], previousPosition: position,
                                        targetPosition: position, isEnding: true)
        return (content, layout, step)
    }

    /// Puts the item back: the layout is the original again, every frame where it was, and the
    /// invalidation names the units that move back.
    public mutating func cancel() -> (layout: LayoutSnapshot, invalidation: MovementInvalidation) {
        let changed = Self.changedUnits(from: layout, to: original)
        var step = MovementInvalidation(previousIndexPaths: [target], targetIndexPaths: [source], previousPosition: position,
                                        targetPosition: position, invalidatedUnits: changed,
                                        contentSizeAdjustment: original.contentSize.height - layout.contentSize.height,
                                        isEnding: true, movementCancelled: true)
        if let cell = original.attributes(.cell, at: source) { step.targetPosition = Point(x: cell.frame.midX, y: cell.frame.midY) }
        layout = original
        bound = originalBound
        target = source
        return (original, step)
    }

    // MARK: Arranging

    /// Makes the would-be layout of `content`, the original content with the item at `newTarget`:
    /// units that hold the same cells at the same top as now are kept, the rest placed again.
    /// Returns the units placed and the content height's change.
    private mutating func arrange(_ content: CollectionContent, target newTarget: IndexPath) throws -> ([Int], Double) {
        let newBound = try bound.replanned(with: content)
        let newPlan = newBound.plan
        let counterpart = MoveMapping.counterparts(from: bound.plan, to: newPlan)
        let mapping = MoveMapping(source: source)
        var units: [LayoutSnapshot.PlacedUnit] = []
        units.reserveCapacity(newPlan.unitCount)
        var placed: [Int] = []
        var sum = 0.0
        for index in 0..<newPlan.unitCount {
            let top = newPlan.units[index].offset + sum
            if let old = counterpart[index], layout.unitTops[old] == top,
               mapping.holdsSameCells(newPlan.units[index], before: target, after: newTarget) {
                units.append(layout.placedUnit(old))
            } else {
                let laid = try newBound.placedUnit(index, sizer: sizer)
                units.append(LayoutSnapshot.PlacedUnit(laid, top: top, height: PointGrid.snap(laid.height)))
                placed.append(index)
            }
            sum += units[index].height
        }
        let oldHeight = layout.contentSize.height
        layout = LayoutSnapshot(plan: newBound, units: units)
        bound = newBound
        target = newTarget
        unitsPlaced += placed.count
        return (placed, layout.contentSize.height - oldHeight)
    }

    /// Units whose elements differ between two layouts of plans with the same units (by frame,
    /// index path or role), or every unit of `after` when their units differ.
    static func changedUnits(from before: LayoutSnapshot, to after: LayoutSnapshot) -> [Int] {
        (0..<after.plan.unitCount).filter { unit in
            guard unit < before.plan.unitCount, before.plan.units[unit].items == after.plan.units[unit].items else { return true }
            let a = before.elements(ofUnit: unit), b = after.elements(ofUnit: unit)
            return a.count != b.count || zip(a, b).contains { $0.frame != $1.frame || $0.indexPath != $1.indexPath || $0.role != $1.role }
        }
    }
}
