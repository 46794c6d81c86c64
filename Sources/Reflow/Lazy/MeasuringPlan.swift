import TextMetrics

/// A layout planned for one environment and measured on demand: what the lazy engine asks of
/// any `CollectionLayout`. It measures a unit when the viewport needs its height, and lays out
/// the units on screen again for drawing (the sizer's cache answers, so nothing is measured twice).
///
/// A `BoundPlan` with its `CellSizer` (the four wrappers of a plan are listed on `LayoutPlan`).
/// It keeps no heights: those are the `LazyLayout`'s, which its methods take, and the `Viewport`
/// decides what to measure when.
///
/// Not thread-safe (its sizer is not).
public final class MeasuringPlan {
    /// The plan and the layout that made it.
    public let bound: BoundPlan
    public let sizer: CellSizer
    public var layout: any CollectionLayout { bound.layout }
    public var plan: LayoutPlan { bound.plan }
    /// The first error a measurement threw (a unit that cannot be sized gets the 44 pt minimum,
    /// so the session goes on; callers report this at the end).
    public private(set) var failure: (any Error)?

    public convenience init(layout: any CollectionLayout, content: CollectionContent, environment: LayoutEnvironment,
                            sizer: CellSizer) throws {
        self.init(plan: try layout.boundPlan(content, in: environment), sizer: sizer)
    }

    /// `bound`, measured with `sizer`.
    public init(plan bound: BoundPlan, sizer: CellSizer) {
        self.bound = bound
        self.sizer = sizer
    }

    public var environment: LayoutEnvironment { plan.environment }

    /// Unit `index`'s height, self-sized and snapped to the point grid.
    public func height(ofUnit index: Int) -> Double {
        do {
            // Mirroring moves no unit up or down: the height needs no placing.
            return PointGrid.snap(try bound.unitLayout(index, sizer: sizer).height)
        } catch {
            if failure == nil { failure = error }
            return Cell.minimumTouchHeight
        }
    }

    /// Unit `index`'s height as a screen shows it at rest, and whether that is the whole unit's:
    /// a band measures the groups that start within the container's width, the rest at their
    /// estimate (see `CollectionLayout.layoutUnit(_:of:sizer:visibleWidth:)`); any other unit is whole.
    public func screenHeight(ofUnit index: Int) -> (height: Double, isComplete: Bool) {
        do {
            let laid = try bound.unitLayout(index, sizer: sizer, visibleWidth: environment.containerWidth)
            return (PointGrid.snap(laid.height), laid.isComplete)
        } catch {
            if failure == nil { failure = error }
            return (Cell.minimumTouchHeight, true)
        }
    }

    /// Measures unit `index` as a screen shows it into `lazy` (`screenHeight(ofUnit:)`).
    @discardableResult
    func measureOnScreen(_ index: Int, lazy: inout LazyLayout) -> InvalidationContext {
        let (height, isComplete) = screenHeight(ofUnit: index)
        return lazy.setHeight(height, of: index, isComplete: isComplete)
    }

    /// A lazy layout of this plan, nothing measured yet.
    public func lazyLayout(estimate: Estimate) -> LazyLayout { LazyLayout(plan: plan, estimate: estimate) }

    /// The viewport's view of this layout.
    public var source: Viewport.Source {
        let plan = self.plan
        return Viewport.Source(measure: { [unowned self] in height(ofUnit: $0) },
                               indexPaths: { plan.indexPaths(ofUnit: $0) },
                               unitContaining: { plan.unit(containing: $0) },
                               measureOnScreen: { [unowned self] in screenHeight(ofUnit: $0) })
    }

    /// The group frames (for a debug overlay) of the units a screen at `visibleRect` shows.
    public func groupFrames(in visibleRect: Rect, lazy: inout LazyLayout) throws -> [Rect] {
        guard lazy.count > 0 else { return [] }
        let first = lazy.index(at: visibleRect.minY), last = lazy.index(at: visibleRect.maxY)
        var frames: [Rect] = []
        for unit in first...last {
            let top = lazy.y(of: unit)
            frames += try placedOnScreen(unit).groupFrames.map { $0.offsetBy(dx: 0, dy: top) }
        }
        return frames.filter { $0.intersects(visibleRect) }
    }

    /// Unit `index`'s elements placed with the unit's top at `top`: every one of them (a band's
    /// too, however far it reaches beyond the screen).
    public func attributes(ofUnit index: Int, top: Double) throws -> [LayoutAttributes] {
        try bound.placedUnit(index, sizer: sizer).elements.map { $0.offsetBy(dx: 0, dy: top) }
    }

    /// Unit `index` as a screen shows it at rest, placed for the direction: a band's groups within
    /// the container's width (the elements a screen can show; each frame is the whole band's).
    private func placedOnScreen(_ index: Int) throws -> UnitLayout {
        try bound.placedUnit(index, sizer: sizer, visibleWidth: environment.containerWidth)
    }

    /// The elements a screen at `visibleRect` shows, from what `lazy` knows now: the units on it
    /// (measured or not: an unmeasured one is measured to draw it, its estimate left alone; a band
    /// only as far as the container's width shows it at rest), the
    /// headers and footers of its sections (pinned ones at the screen's top), and the section
    /// elements (backgrounds) of the sections it shows, in drawing order: z-index, then layout
    /// order (unit by unit, then the sections' elements), as the eager snapshot lists them.
    public func attributes(in visibleRect: Rect, lazy: inout LazyLayout) throws -> [LayoutAttributes] {
        guard lazy.count > 0 else { return [] }
        var found: [LayoutAttributes] = []
        func keep(_ element: LayoutAttributes) {
            if element.frame.intersects(visibleRect) { found.append(element) }
        }
        var byUnit: [(unit: Int, elements: [LayoutAttributes])] = []
        let first = lazy.index(at: visibleRect.minY - plan.overhang.below)
        let last = lazy.index(at: visibleRect.maxY + plan.overhang.above)
        var sections = Set<Int>()
        for unit in first...last {
            sections.insert(plan.units[unit].section)
            guard plan.units[unit].role == .cells else { continue }  // with their section, below
            let top = lazy.y(of: unit)
            byUnit.append((unit, try placedOnScreen(unit).elements.map { $0.offsetBy(dx: 0, dy: top) }))
        }
        var sectionElements: [LayoutAttributes] = []
        for section in sections.sorted() {
            let units = plan.sectionUnits[section]
            guard !units.isEmpty else { continue }
            // The section's marks from the same sums as the eager snapshot's.
            let marks = plan.sectionMarks[section].map { $0.offset + lazy.heightsBefore($0.unitsBefore) }
            let extent = marks[0]..<marks[marks.count - 1]
            // Headers come before a section's cell units and footers after them.
            let cells = plan.sectionCellUnits[section].isEmpty ? units.upperBound..<units.upperBound : plan.sectionCellUnits[section]
            for unit in Array(units.lowerBound..<cells.lowerBound) + Array(cells.upperBound..<units.upperBound) {
                let top = lazy.y(of: unit)
                let elements = try attributes(ofUnit: unit, top: top)
                var shift = 0.0
                if case .supplementary(_, true) = plan.units[unit].role {
                    let bottom = elements.reduce(top) { max($0, $1.frame.maxY) }
                    shift = LayoutSnapshot.pinnedShift(top: top, bottom: bottom, section: extent, visibleTop: visibleRect.minY)
                }
                byUnit.append((unit, elements.map { $0.offsetBy(dx: 0, dy: shift) }))
            }
            sectionElements += bound.placedSectionElements(section, marks: marks)
        }
        for (_, elements) in byUnit.sorted(by: { $0.unit < $1.unit }) { elements.forEach(keep) }
        sectionElements.forEach(keep)
        return LayoutSnapshot.drawingOrder(found)
    }
}

/// The name `MeasuringPlan` had before the four wrappers of a plan took names that say their difference.
@available(*, deprecated, renamed: "MeasuringPlan")
public typealias PlannedLayout = MeasuringPlan
