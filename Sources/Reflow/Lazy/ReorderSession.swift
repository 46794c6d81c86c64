import TextMetrics

/// A simulated interactive reorder on the lazy engine, frame by frame, as `ScrollSession`
/// simulates a scroll: a finger lifts the item at `source`, drags it towards the place `goal`
/// (an index path in the order after the move), the view scrolling when the finger nears an
/// edge (`AutoScroll`: a speed that grows with depth into the edge zone, or a page at a time),
/// and drops it (or cancels). Each frame reports the work done in it (units the viewport
/// measured as they came into view, cells the sizer measured, units placed again because the
/// would-be order changed) against the frame budget, and how far the anchor moved on screen.
///
/// The drag runs on `LazyMovement`: when the target changes, the would-be order is planned again
/// and the heights measured so far carry over (units holding the same cells keep theirs; units
/// whose cells were all measured are placed again from the sizer's cache). The anchor is the
/// first visible unit whose cells the step leaves where they were (not the lifted item's, not
/// one a cell flowed into or out of); the content offset is moved so it keeps its screen
/// position, as a collection view keeps its content still while the others flow, and
/// `anchorJump` is what it still moved (0 unless the content's edge stopped the offset).
public struct ReorderSession {
    /// How the session drags.
    public struct Configuration: Sendable {
        public var viewportHeight: Double
        public var framesPerSecond: Double = 60
        /// How fast the finger moves on screen, in points per second.
        public var fingerSpeed: Double = 1_000
        public var estimate: Estimate = .automatic(initial: 44)
        /// How far ahead to prefetch, in screens, and how many units per frame.
        public var prefetchScreens: Double = 1
        public var prefetchUnitsPerFrame: Int = 2
        /// The edge zone's scrolling (or paging).
        public var autoScroll = AutoScroll()
        /// End with a cancel instead of a drop.
        public var cancels = false
        /// The most frames a drag runs before `run` throws `Failure.tooManyFrames`.
        public var maximumFrames = ScrollSession.Configuration.defaultMaximumFrames

        public init(viewportHeight: Double) {
            self.viewportHeight = viewportHeight
        }

        /// The frame budget in milliseconds.
        public var budgetMilliseconds: Double { 1_000 / framesPerSecond }
    }

    /// What one frame did.
    public struct Frame: Hashable, Sendable, Codable {
        public var index: Int
        public var contentOffset: Double
        /// The finger (the lifted item's centre) in page coordinates.
        public var fingerY: Double
        /// Where the item would land after this frame.
        public var target: IndexPath
        /// Units the viewport measured as they came into view or into the prefetch margin.
        public var unitsMeasured = 0
        /// Cells the sizer measured in this frame (its cache missed): each cell once, when it arrives.
        public var cellsMeasured = 0
        /// Units placed again because the would-be order changed (from the cache: no measuring).
        public var unitsPlaced = 0
        public var workMilliseconds = 0.0
        public var wallMilliseconds = 0.0
        public var overBudget = false
        /// How far the anchor moved on screen in this frame, beyond the scroll itself.
        public var anchorJump = 0.0
        /// How much the content offset moved to keep the anchor still when the order changed.
        public var offsetAdjustment = 0.0
        /// |content height then − final content height|.
        public var contentHeightError = 0.0
        /// The frame dropped (or cancelled) the item.
        public var ended = false
    }

    public private(set) var frames: [Frame] = []
    /// The viewport at the end (its layout: the lazy layout of the final order).
    public private(set) var viewport: Viewport
    /// The would-be order, planned (after the drop: the new order; after a cancel: the old).
    public private(set) var planned: MeasuringPlan
    /// The item lifted, at its index path before the move, and the place it is dragged to.
    public let source: IndexPath
    public let goal: IndexPath
    /// Where the item would land now.
    public private(set) var target: IndexPath
    /// Cells the sizer measured while the order changed (`LazyMovement` steps): 0 when no cell is
    /// measured again, bar a cell entering a section of another width.
    public private(set) var cellsMeasuredByMoves = 0
    /// The times the target changed.
    public private(set) var targetChanges = 0
    public let configuration: Configuration

    /// The finger on screen (x, y from the viewport's top).
    var finger: Point
    /// The movement, from the order before the drag: every step's content is that order with the
    /// item moved once (a step from the would-be order would wrap its lazy cells once per step).
    private var movement: LazyMovement

    /// A drag of `source` to `goal` over `layout` of `content` in `environment`, measuring with
    /// `sizer`: the screen scrolled so the item is at its middle (not a frame: the drag starts on
    /// a screen already shown). Throws `Failure` for an item or place that is not there or cannot
    /// be reached.
    public init(layout: any CollectionLayout, content: CollectionContent, environment: LayoutEnvironment, sizer: CellSizer,
                source: IndexPath, goal: IndexPath, configuration: Configuration) throws {
        self.configuration = configuration
        self.source = source
        self.goal = goal
        target = source
        planned = try MeasuringPlan(layout: layout, content: content, environment: environment, sizer: sizer)
        try Self.check(source: source, goal: goal, planned: planned)
        viewport = Viewport(layout: planned.lazyLayout(estimate: configuration.estimate), height: configuration.viewportHeight,
                            prefetcher: Self.prefetcher(configuration), source: planned.source)
        viewport.scroll(toItem: source)
        var lazy = viewport.layout
        let unit = planned.plan.unit(containing: source) ?? 0
        let frame = try Self.cellFrame(source, unit: unit, planned: planned, layout: &lazy)
        let middle = max(0, min(frame.midY - configuration.viewportHeight / 2, lazy.contentHeight() - configuration.viewportHeight))
        viewport.scroll(to: middle)
        if let failure = planned.failure { throw failure }
        // Measuring the units that came into view above it may have moved it: read it again.
        lazy = viewport.layout
        let lifted = try Self.cellFrame(source, unit: unit, planned: planned, layout: &lazy)
        finger = Point(x: lifted.midX, y: lifted.midY - viewport.contentOffset)
        viewport.discardEvents()
        movement = try LazyMovement(planned: planned, layout: viewport.layout, item: source)
    }

    static func prefetcher(_ configuration: Configuration) -> Prefetcher {
        Prefetcher(margin: configuration.viewportHeight * configuration.prefetchScreens, unitsPerFrame: configuration.prefetchUnitsPerFrame)
    }

    /// Runs the drag to its drop (or cancel).
    /// - Throws: `Failure.tooManyFrames` when the item has not reached its place in
    ///   `maximumFrames` frames; what measuring a cell threw.
    public mutating func run() throws {
        var timer = FrameTimer()
        let dt = 1 / configuration.framesPerSecond
        var autoScroll = configuration.autoScroll
        var contentHeights: [Double] = []
        var settledFrames = 0
        while true {
            guard frames.count < configuration.maximumFrames else {
                throw Failure.tooManyFrames(limit: configuration.maximumFrames, target: target, goal: goal)
            }
            var frame = Frame(index: frames.count, contentOffset: 0, fingerY: 0, target: target)
            let computed = planned.sizer.measurementsComputed
            timer.start()
            var lazy = viewport.layout
            let aimed = try aim(layout: &lazy)
            let offset = viewport.contentOffset
            let aimScreen = Point(x: aimed.x, y: aimed.y - offset)
            // Done: on its place, the view at rest. The next frame drops it.
            let arrived = target == goal && distance(finger, aimScreen) < PointGrid.step && !autoScroll.isSliding
            settledFrames = arrived ? settledFrames + 1 : 0
            if settledFrames > 1 {
                if configuration.cancels, target != source { try change(to: source, into: &frame) }
                frame.ended = true
            } else {
                finger = step(finger, towards: reachable(aimScreen), by: configuration.fingerSpeed * dt)
                let scrolled = autoScroll.step(fingerY: offset + finger.y, offset: offset, viewportHeight: viewport.height,
                                               contentHeight: lazy.contentHeight(), dt: dt)
                let report = viewport.scroll(to: scrolled)
                frame.unitsMeasured = report.unitsMeasured
                frame.anchorJump = report.anchorJump
                let position = Point(x: finger.x, y: viewport.contentOffset + finger.y)
                let next = try targetIndexPath(for: position)
                if next != target { try change(to: next, into: &frame) }
            }
            let time = timer.stop()
            if let failure = planned.failure { throw failure }
            viewport.discardEvents()
            frame.contentOffset = viewport.contentOffset
            frame.fingerY = viewport.contentOffset + finger.y
            frame.target = target
            frame.cellsMeasured = planned.sizer.measurementsComputed - computed
            (frame.workMilliseconds, frame.wallMilliseconds) = (time.work, time.wall)
            frame.overBudget = time.work > configuration.budgetMilliseconds
            frames.append(frame)
            contentHeights.append(viewport.contentHeight())
            if frame.ended { break }
        }
        let final = viewport.contentHeight()
        for index in frames.indices { frames[index].contentHeightError = abs(contentHeights[index] - final) }
    }

    /// Moves the target to `next`: the would-be order planned again with the heights carried
    /// over, the anchor kept on screen.
    private mutating func change(to next: IndexPath, into frame: inout Frame) throws {
        var lazy = viewport.layout
        let offset = viewport.contentOffset
        let plan = planned.plan
        let mapping = MoveMapping(source: target)
        let visible = viewport.visibleUnits()
        let anchor = visible?.first { mapping.holdsSameCells(plan.units[$0], before: target, after: next) && !plan.units[$0].items.isEmpty }
            ?? visible?.first { mapping.holdsSameCells(plan.units[$0], before: target, after: next) } ?? visible?.lowerBound
        let screenY = anchor.map { lazy.y(of: $0) - offset }
        let computed = planned.sizer.measurementsComputed
        movement.adopt(lazy)
        let step = try movement.move(to: next)
        cellsMeasuredByMoves += planned.sizer.measurementsComputed - computed
        let (_, newPlanned, newLayout) = movement.end()
        let newAnchor = anchor.flatMap { Self.counterpart(of: $0, from: plan, to: newPlanned.plan) }
        var kept = offset
        var newLazy = newLayout
        if let newAnchor, let screenY { kept = newLazy.y(of: newAnchor) - screenY }
        viewport = Viewport(layout: newLayout, height: viewport.height, prefetcher: Self.prefetcher(configuration),
                            source: newPlanned.source)
        let report = viewport.scroll(to: kept)
        planned = newPlanned
        target = next
        targetChanges += 1
        frame.unitsPlaced += step.invalidatedUnits.count
        frame.unitsMeasured += report.unitsMeasured
        frame.offsetAdjustment += viewport.contentOffset - offset
        if let newAnchor, let screenY {
            var after = viewport.layout
            frame.anchorJump = max(frame.anchorJump, abs(after.y(of: newAnchor) - viewport.contentOffset - screenY))
        }
    }

    /// Unit `unit` of `old`'s counterpart in `new`: the unit at the same place among its section's
    /// units holding the same items in the same role, or nil.
    static func counterpart(of unit: Int, from old: LayoutPlan, to new: LayoutPlan) -> Int? {
        let record = old.units[unit]
        let offset = unit - old.sectionUnits[record.section].lowerBound
        let range = new.sectionUnits[record.section]
        guard offset < range.count else { return nil }
        let candidate = new.units[range.lowerBound + offset]
        return candidate.items == record.items && candidate.role == record.role ? range.lowerBound + offset : nil
    }

    /// `aim` brought within the screen: a place above or below it is reached through the edge
    /// zone, near the edge (where `AutoScroll` scrolls at 81 % of its top speed).
    func reachable(_ aim: Point) -> Point {
        let zone = min(configuration.autoScroll.edgeZone, viewport.height / 3)
        let width = planned.environment.containerWidth
        return Point(x: min(max(0, aim.x), width), y: min(max(zone * 0.1, aim.y), viewport.height - zone * 0.1))
    }

    func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }

    /// `point` moved towards `goal` by at most `length`.
    func step(_ point: Point, towards goal: Point, by length: Double) -> Point {
        let d = distance(point, goal)
        guard d > length else { return goal }
        return Point(x: point.x + (goal.x - point.x) * length / d, y: point.y + (goal.y - point.y) * length / d)
    }

    /// For the drag's section after the move (the goal's, or the source's after a cancel): the
    /// original index path of each cell, in its order now.
    public func order() -> [IndexPath] {
        let section = target.section
        let mapping = MoveMapping(source: source)
        return (0..<planned.plan.content.sections[section].cellCount).map {
            mapping.origin(of: IndexPath(item: $0, section: section), target: target)
        }
    }
}
