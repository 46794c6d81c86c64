import TextMetrics

/// The collection view's role, headless: a scroll position and a visible rect over a
/// `LazyLayout`. It self-sizes units as they enter the visible rect or the prefetch margin and
/// keeps the anchor (the first visible unit) still on screen while sizes settle.
///
/// It works on any layout: what it measures and how units map to cells comes from its `Source`
/// (for a real layout, `MeasuringPlan.source`). Events speak index paths, in the order a
/// collection view would deliver them.
public struct Viewport {
    public enum Event: Hashable, Sendable {
        /// Cells about to be needed, nearest first in the scroll direction.
        case prefetch([IndexPath])
        /// Cells no longer needed soon: the scroll direction reversed before they were measured.
        case cancelPrefetch([IndexPath])
        case willDisplay(IndexPath)
        case didEndDisplaying(IndexPath)
    }

    /// What the viewport needs to know about the units of a layout.
    public struct Source {
        /// Self-sizes unit `index` (at the current width and category): its height.
        public var measure: (Int) -> Double
        /// The cells' index paths in unit `index`.
        public var indexPaths: (Int) -> [IndexPath]
        /// The unit holding a cell.
        public var unitContaining: (IndexPath) -> Int?
        /// Self-sizes what a screen shows of unit `index` at rest: its height and whether that is
        /// the whole unit's (a band wider than the screen measures the groups on it, the rest at
        /// their estimate). Nil: `measure`, whole.
        public var measureOnScreen: ((Int) -> (height: Double, isComplete: Bool))?

        public init(measure: @escaping (Int) -> Double, indexPaths: @escaping (Int) -> [IndexPath],
                    unitContaining: @escaping (IndexPath) -> Int?,
                    measureOnScreen: ((Int) -> (height: Double, isComplete: Bool))? = nil) {
            self.measure = measure
            self.indexPaths = indexPaths
            self.unitContaining = unitContaining
            self.measureOnScreen = measureOnScreen
        }

        /// Units that are single cells `IndexPath(item: unit, section: 0)` measured by `measure`:
        /// a one-column list of synthetic rows, for tests and experiments.
        public static func rows(_ measure: @escaping (Int) -> Double) -> Source {
            Source(measure: measure, indexPaths: { [IndexPath(item: $0, section: 0)] },
                   unitContaining: { $0.section == 0 ? $0.item : nil })
        }
    }

    /// What one frame did.
    public struct FrameReport: Hashable, Sendable {
        public var unitsMeasured = 0
        /// The anchor's on-screen movement beyond the scroll itself, in points (0 when all is well).
        public var anchorJump = 0.0
        public var invalidation = InvalidationContext()
    }

    public private(set) var layout: LazyLayout
    public private(set) var contentOffset = 0.0
    public let height: Double
    public var prefetcher: Prefetcher
    public private(set) var events: [Event] = []
    /// Units measured so far, in total.
    public private(set) var unitsMeasured = 0

    private var displayed: ClosedRange<Int>?
    private var pendingPrefetch: Set<Int> = []
    private var direction: Prefetcher.Direction = .down
    private var source: Source

    public init(layout: LazyLayout, height: Double, prefetcher: Prefetcher, source: Source) {
        precondition(height > 0, "a viewport needs a positive height")
        self.layout = layout
        self.height = height
        self.prefetcher = prefetcher
        self.source = source
    }

    /// The units intersecting `top ..< top + extent`, if any.
    private mutating func units(from top: Double, extent: Double) -> ClosedRange<Int>? {
        guard layout.count > 0, extent > 0 else { return nil }
        let first = layout.index(at: top)
        let last = layout.index(at: top + extent - PointGrid.step)
        return first...max(first, last)
    }

    /// The units on screen now.
    public mutating func visibleUnits() -> ClosedRange<Int>? { units(from: contentOffset, extent: height) }

    /// The cells on screen now (every cell of every visible unit), in order.
    public mutating func visibleIndexPaths() -> [IndexPath] {
        guard let visible = visibleUnits() else { return [] }
        return visible.flatMap { source.indexPaths($0) }
    }

    /// The anchor unit and its distance from the top of the screen: the first unit on screen
    /// (`LazyLayout.firstUnit(showing:)`). A screen whose top is in the spacing below a unit
    /// anchors on the unit below the spacing, the one the reader sees at the top (`visibleUnits`
    /// starts at the unit above, whose elements may still reach into the screen): measuring the
    /// one above, or another size, then moves nothing on screen.
    private mutating func anchor() -> (unit: Int, screenY: Double)? {
        guard let visible = visibleUnits() else { return nil }
        let unit = min(layout.firstUnit(showing: contentOffset), visible.upperBound)
        return (unit, layout.y(of: unit) - contentOffset)
    }

    /// Measures `unit` as the screen shows it (or `whole`: all of it, as the eager layout does), if
    /// it is not measured so far yet, and moves the content offset by whatever changed above the anchor.
    private mutating func measureUnit(_ unit: Int, whole: Bool = false, keeping anchor: (unit: Int, screenY: Double)?,
                                      into report: inout FrameReport) {
        guard whole ? !layout.isSettled(unit) : !layout.isMeasured(unit) else { return }
        var context: InvalidationContext
        if !whole, let measureOnScreen = source.measureOnScreen {
            let (height, isComplete) = measureOnScreen(unit)
            context = layout.setHeight(height, of: unit, isComplete: isComplete)
        } else {
            context = layout.setHeight(source.measure(unit), of: unit)
        }
        unitsMeasured += 1
        report.unitsMeasured += 1
        pendingPrefetch.remove(unit)
        if let anchor {
            let adjustment = layout.y(of: anchor.unit) - anchor.screenY - contentOffset
            context.contentOffsetAdjustment = adjustment
            contentOffset += adjustment
        }
        report.invalidation.merge(context)
    }

    /// Measures every visible unit, again and again until the visible set is measured (sizes
    /// settling can bring new units into view), keeping `anchor` still.
    private mutating func settle(keeping anchor: (unit: Int, screenY: Double)?, into report: inout FrameReport) {
        while let visible = visibleUnits(), let unit = visible.first(where: { !layout.isMeasured($0) }) {
            measureUnit(unit, keeping: anchor, into: &report)
        }
    }

    /// Scrolls to `offset` and does a frame's work: measure what became visible, prefetch ahead,
    /// deliver display events.
    @discardableResult
    public mutating func scroll(to offset: Double) -> FrameReport {
        var report = FrameReport()
        let newDirection: Prefetcher.Direction = offset > contentOffset ? .down : (offset < contentOffset ? .up : direction)
        if newDirection != direction, !pendingPrefetch.isEmpty {
            events.append(.cancelPrefetch(pendingPrefetch.sorted().flatMap { source.indexPaths($0) }))
            pendingPrefetch.removeAll()
        }
        direction = newDirection
        // Offsets live on the point grid too, so screen positions are exact differences.
        contentOffset = PointGrid.snap(offset)
        let anchor = self.anchor()
        settle(keeping: anchor, into: &report)
        prefetch(keeping: anchor, into: &report)
        if let anchor {
            report.anchorJump = abs(layout.y(of: anchor.unit) - contentOffset - anchor.screenY)
        }
        updateDisplayed()
        return report
    }

    private mutating func prefetch(keeping anchor: (unit: Int, screenY: Double)?, into report: inout FrameReport) {
        guard let visible = visibleUnits() else { return }
        let margin = direction == .down
            ? units(from: contentOffset + height, extent: prefetcher.margin)
            : units(from: max(0, contentOffset - prefetcher.margin), extent: min(prefetcher.margin, contentOffset))
        let candidates = prefetcher.candidates(visible: visible, unitsInMargin: margin, direction: direction)
            .filter { !layout.isMeasured($0) }
        let fresh = candidates.filter { !pendingPrefetch.contains($0) }
        if !fresh.isEmpty {
            events.append(.prefetch(fresh.flatMap { source.indexPaths($0) }))
            pendingPrefetch.formUnion(fresh)
        }
        for unit in candidates.prefix(prefetcher.unitsPerFrame) {
            measureUnit(unit, keeping: anchor, into: &report)
        }
    }

    private mutating func updateDisplayed() {
        let now = visibleUnits()
        let old = displayed
        if let old {
            for unit in old where !(now?.contains(unit) ?? false) {
                events += source.indexPaths(unit).map(Event.didEndDisplaying)
            }
        }
        if let now {
            for unit in now where !(old?.contains(unit) ?? false) {
                events += source.indexPaths(unit).map(Event.willDisplay)
            }
        }
        displayed = now
    }

    /// Scrolls so that the unit holding `indexPath` has its top at the top of the screen,
    /// measuring it and what then shows; the units above keep their estimates, so it lands exactly
    /// on it however wrong those were. Nil when no unit holds the cell.
    @discardableResult
    public mutating func scroll(toItem indexPath: IndexPath) -> FrameReport? {
        guard let unit = source.unitContaining(indexPath) else { return nil }
        return scroll(toUnit: unit)
    }

    /// `scroll(toItem:)` for a unit.
    @discardableResult
    public mutating func scroll(toUnit unit: Int) -> FrameReport {
        var report = FrameReport()
        measureUnit(unit, keeping: nil, into: &report)
        contentOffset = layout.y(of: unit)
        let anchor = (unit: unit, screenY: 0.0)
        settle(keeping: anchor, into: &report)
        prefetch(keeping: anchor, into: &report)
        updateDisplayed()
        return report
    }

    /// A new environment (a new text size): the layout's units as `source` and `layout` give them
    /// now (every unit unmeasured: sizes at one category say little about another; a layout may
    /// even cut its content into other units, as a grid that drops columns does). The anchor cell
    /// keeps its screen position; the visible and prefetch units are measured at once at the new
    /// size and everything else takes the estimate.
    @discardableResult
    public mutating func changeLayout(to layout: LazyLayout, source: Source) -> FrameReport {
        var report = FrameReport()
        let old = self.anchor()
        let anchorCell = old.flatMap { self.source.indexPaths($0.unit).first }
        self.layout = layout
        self.source = source
        pendingPrefetch.removeAll()
        displayed = nil
        var anchor: (unit: Int, screenY: Double)?
        if let old, let cell = anchorCell, let unit = source.unitContaining(cell) {
            anchor = (unit, old.screenY)
        } else if let old, layout.count > 0 {
            anchor = (min(old.unit, layout.count - 1), old.screenY)
        }
        if let anchor {
            measureUnit(anchor.unit, keeping: nil, into: &report)
            contentOffset = self.layout.y(of: anchor.unit) - anchor.screenY
        }
        settle(keeping: anchor, into: &report)
        let perFrame = prefetcher.unitsPerFrame
        prefetcher.unitsPerFrame = .max  // the prefetch margin is measured at once, too
        prefetch(keeping: anchor, into: &report)
        prefetcher.unitsPerFrame = perFrame
        if let anchor {
            report.anchorJump = abs(self.layout.y(of: anchor.unit) - contentOffset - anchor.screenY)
        }
        updateDisplayed()
        return report
    }

    /// Measures every unit not measured whole yet (as scrolling through the whole content, and
    /// every band across, would), keeping the anchor still: afterwards the layout is the eager one.
    public mutating func measureRemaining() {
        var report = FrameReport()
        let anchor = self.anchor()
        for unit in 0..<layout.count where !layout.isSettled(unit) {
            measureUnit(unit, whole: true, keeping: anchor, into: &report)
        }
    }

    /// The content height now (measured plus estimated).
    public mutating func contentHeight() -> Double { layout.contentHeight() }

    /// Empties the event log, keeping its storage.
    public mutating func discardEvents() { events.removeAll(keepingCapacity: true) }

    /// Clears the event log (a test reads it between steps).
    public mutating func drainEvents() -> [Event] {
        defer { events.removeAll() }
        return events
    }
}
