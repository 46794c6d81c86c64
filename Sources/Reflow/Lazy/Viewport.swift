/// The collection view's role, headless: a scroll position and a visible rect over a
/// `LazyListLayout`. It self-sizes cells as they enter the visible rect or the prefetch margin and
/// keeps the anchor (the first visible cell) still on screen while sizes settle.
///
/// Events are appended to `events` in the order a collection view would deliver them.
public struct Viewport {
    public enum Event: Hashable, Sendable {
        /// Rows about to be needed, nearest first in the scroll direction.
        case prefetch([Int])
        /// Rows no longer needed soon: the scroll direction reversed before they were measured.
        case cancelPrefetch([Int])
        case willDisplay(Int)
        case didEndDisplaying(Int)
    }

    /// What one frame did.
    public struct FrameReport: Hashable, Sendable {
        public var cellsMeasured = 0
        /// The anchor's on-screen movement beyond the scroll itself, in points (0 when all is well).
        public var anchorJump = 0.0
        public var invalidation = InvalidationContext()
    }

    public private(set) var layout: LazyListLayout
    public private(set) var contentOffset = 0.0
    public let height: Double
    public var prefetcher: Prefetcher
    public private(set) var events: [Event] = []
    /// Rows measured so far, in total.
    public private(set) var cellsMeasured = 0

    private var displayed: ClosedRange<Int>?
    private var pendingPrefetch: Set<Int> = []
    private var direction: Prefetcher.Direction = .down
    private var measure: (Int) -> Double

    /// - Parameter measure: self-sizes row `index` at the current width and category.
    public init(layout: LazyListLayout, height: Double, prefetcher: Prefetcher, measure: @escaping (Int) -> Double) {
        precondition(height > 0, "a viewport needs a positive height")
        self.layout = layout
        self.height = height
        self.prefetcher = prefetcher
        self.measure = measure
    }

    /// The rows intersecting `top ..< top + extent`, if any.
    private mutating func rows(from top: Double, extent: Double) -> ClosedRange<Int>? {
        guard layout.count > 0, extent > 0 else { return nil }
        let first = layout.index(at: top)
        let last = layout.index(at: top + extent - LazyListLayout.unit)
        return first...max(first, last)
    }

    /// The rows on screen now.
    public mutating func visibleRows() -> ClosedRange<Int>? { rows(from: contentOffset, extent: height) }

    /// The anchor row and its distance from the top of the screen.
    private mutating func anchor() -> (row: Int, screenY: Double)? {
        guard let visible = visibleRows() else { return nil }
        return (visible.lowerBound, layout.y(of: visible.lowerBound) - contentOffset)
    }

    /// Measures `row` and moves the content offset by whatever changed above the anchor.
    private mutating func measureRow(_ row: Int, keeping anchor: (row: Int, screenY: Double)?, into report: inout FrameReport) {
        guard !layout.isMeasured(row) else { return }
        var context = layout.setHeight(measure(row), of: row)
        cellsMeasured += 1
        report.cellsMeasured += 1
        pendingPrefetch.remove(row)
        if let anchor {
            let adjustment = layout.y(of: anchor.row) - anchor.screenY - contentOffset
            context.contentOffsetAdjustment = adjustment
            contentOffset += adjustment
        }
        report.invalidation.merge(context)
    }

    /// Measures every visible row, again and again until the visible set is measured (sizes
    /// settling can bring new rows into view), keeping `anchor` still.
    private mutating func settle(keeping anchor: (row: Int, screenY: Double)?, into report: inout FrameReport) {
        while let visible = visibleRows(), let row = visible.first(where: { !layout.isMeasured($0) }) {
            measureRow(row, keeping: anchor, into: &report)
        }
    }

    /// Scrolls to `offset` and does a frame's work: measure what became visible, prefetch ahead,
    /// deliver display events.
    @discardableResult
    public mutating func scroll(to offset: Double) -> FrameReport {
        var report = FrameReport()
        let newDirection: Prefetcher.Direction = offset > contentOffset ? .down : (offset < contentOffset ? .up : direction)
        if newDirection != direction, !pendingPrefetch.isEmpty {
            events.append(.cancelPrefetch(pendingPrefetch.sorted()))
            pendingPrefetch.removeAll()
        }
        direction = newDirection
        // Offsets live on the layout unit too, so screen positions are exact differences.
        contentOffset = LazyListLayout.snap(offset)
        let anchor = self.anchor()
        settle(keeping: anchor, into: &report)
        prefetch(keeping: anchor, into: &report)
        if let anchor {
            report.anchorJump = abs(layout.y(of: anchor.row) - contentOffset - anchor.screenY)
        }
        updateDisplayed()
        return report
    }

    private mutating func prefetch(keeping anchor: (row: Int, screenY: Double)?, into report: inout FrameReport) {
        guard let visible = visibleRows() else { return }
        let margin = direction == .down
            ? rows(from: contentOffset + height, extent: prefetcher.margin)
            : rows(from: max(0, contentOffset - prefetcher.margin), extent: min(prefetcher.margin, contentOffset))
        let candidates = prefetcher.candidates(visible: visible, rowsInMargin: margin, direction: direction)
            .filter { !layout.isMeasured($0) }
        let fresh = candidates.filter { !pendingPrefetch.contains($0) }
        if !fresh.isEmpty {
            events.append(.prefetch(fresh))
            pendingPrefetch.formUnion(fresh)
        }
        for row in candidates.prefix(prefetcher.cellsPerFrame) {
            measureRow(row, keeping: anchor, into: &report)
        }
    }

    private mutating func updateDisplayed() {
        let now = visibleRows()
        let old = displayed
        if let old {
            for row in old where !(now?.contains(row) ?? false) { events.append(.didEndDisplaying(row)) }
        }
        if let now {
            for row in now where !(old?.contains(row) ?? false) { events.append(.willDisplay(row)) }
        }
        displayed = now
    }

    /// Scrolls so that `row`'s top is at the top of the screen, measuring it and what then shows;
    /// the rows above keep their estimates, so it lands exactly on the row however wrong those were.
    @discardableResult
    public mutating func scrollToRow(_ row: Int) -> FrameReport {
        var report = FrameReport()
        measureRow(row, keeping: nil, into: &report)
        contentOffset = layout.y(of: row)
        let anchor = (row: row, screenY: 0.0)
        settle(keeping: anchor, into: &report)
        prefetch(keeping: anchor, into: &report)
        updateDisplayed()
        return report
    }

    /// A new text size: every measured height is forgotten, the new offsets (insets and spacing at
    /// the new size) take effect, the visible and prefetch rows are measured at once at the new
    /// size and everything else falls back to the estimate. The anchor keeps its screen position.
    @discardableResult
    public mutating func changeTextSize(offsets: [Double], endOffset: Double, measure: @escaping (Int) -> Double) -> FrameReport {
        var report = FrameReport()
        let anchor = self.anchor()
        self.measure = measure
        layout.reset(offsets: offsets, endOffset: endOffset)
        pendingPrefetch.removeAll()
        if let anchor {
            measureRow(anchor.row, keeping: nil, into: &report)
            contentOffset = layout.y(of: anchor.row) - anchor.screenY
        }
        settle(keeping: anchor, into: &report)
        let margin = prefetcher.cellsPerFrame
        prefetcher.cellsPerFrame = .max  // the prefetch margin is measured at once, too
        prefetch(keeping: anchor, into: &report)
        prefetcher.cellsPerFrame = margin
        if let anchor {
            report.anchorJump = abs(layout.y(of: anchor.row) - contentOffset - anchor.screenY)
        }
        updateDisplayed()
        return report
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
