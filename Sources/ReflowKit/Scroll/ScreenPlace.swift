import Reflow
import TextMetrics

/// What a reader is looking at, named so that another layout of the same content (another text
/// size, width, language, Bold Text) puts it back at the same place on the screen: the cell at the
/// screen's top and how far the screen's top is below the top of the unit that holds it.
///
/// This is the rule `Viewport.changeLayout(to:source:)` keeps when `reflow-cli scroll
/// --change-category-at` changes the text size (anchor moved 0 pt): the anchor is the first unit
/// the screen's top edge crosses, named by its first cell's index path, and the unit keeps its
/// distance from the screen's top. Here it is for the page at an exact offset (everything above
/// measured, as a preview's screen is), so that a program that draws one screen at a time (the
/// live preview) keeps the reader's place the way the engine does.
public struct ScreenPlace: Hashable, Sendable, CustomStringConvertible {
    /// The first cell of the unit at the screen's top.
    public var indexPath: IndexPath
    /// Points from that unit's top down to the screen's top (0 when the unit starts there; less
    /// than 0 when the unit starts below the screen's top, as the first one does below the page's
    /// top inset on a screen at the page's top).
    public var within: Double

    public init(indexPath: IndexPath, within: Double) {
        self.indexPath = indexPath
        self.within = within
    }

    /// `item:S.I` (as `ScreenAnchor` spells a cell) and the points within it.
    public var description: String { "item:\(indexPath.section).\(indexPath.item) + \(within) pt" }
}

extension MeasuringPlan {
    /// The place a screen whose top is at `top` shows: the unit there (measured, with everything
    /// above it, so the positions are the eager layout's), its first cell and the distance from
    /// its top. A top in the spacing below a unit names the next unit, above it (`within` below
    /// 0): the reader sees that one at the top, and the spacing may be other than the unit above
    /// is tall at another size. Nil for a layout without units.
    public func place(atTop top: Double, lazy: inout LazyLayout) -> ScreenPlace? {
        guard lazy.count > 0 else { return nil }
        let top = max(0, PointGrid.snap(top))
        measureDown(to: top + PointGrid.step, lazy: &lazy)
        var unit = lazy.firstUnit(showing: top)
        if plan.indexPaths(ofUnit: unit).isEmpty { unit = lazy.index(at: top) }  // a header below the spacing: the unit above
        measureUnits(before: unit + 1, lazy: &lazy)
        guard let first = plan.indexPaths(ofUnit: unit).first else { return nil }
        return ScreenPlace(indexPath: first, within: top - lazy.y(of: unit))
    }

    /// The screen's top that shows `place` in this layout: the top of the unit holding its cell
    /// (measuring it and what lies above it) plus its distance. From a larger text size to a
    /// smaller one, a screen's top deep in a tall block may lie further in than the block is now
    /// tall: then the block's last line of text is at the top (`lastLineTop(ofUnit:)`), not the
    /// next block. A place above the unit (`within` below 0: the spacing above it, or the page's
    /// inset above the first block) stays that far above it, never above the page's top. Nil
    /// when no unit holds the cell (the content changed).
    public func top(of place: ScreenPlace, lazy: inout LazyLayout) -> Double? {
        guard let unit = plan.unit(containing: place.indexPath) else { return nil }
        measureUnits(before: unit + 1, lazy: &lazy)
        let within = place.within < lazy.height(of: unit) ? place.within : lastLineTop(ofUnit: unit, height: lazy.height(of: unit))
        return max(0, PointGrid.snap(lazy.y(of: unit) + within))
    }

    /// How far below unit `index`'s top its last line of text starts (the lowest line's top of its
    /// text), so that a screen whose top is there shows that line whole; for a unit without text
    /// (an image, a rule), its height less a grid step.
    func lastLineTop(ofUnit index: Int, height: Double) -> Double {
        let bottom = max(0, height - PointGrid.step)
        guard let elements = try? attributes(ofUnit: index, top: 0) else { return bottom }
        var last: Double?
        for element in elements {
            for case .text(let layout, _, let frame, _) in element.content {
                if let line = layout.lines.last { last = max(last ?? 0, frame.minY + line.top) }
            }
        }
        return last.map { min(bottom, max(0, PointGrid.snap($0))) } ?? bottom
    }
}

extension DocumentPreview {
    /// The place at `top` of the page at `category` for a screen `viewportHeight` points tall.
    /// - Parameter plans: the document's plans, shared between calls (`screenPlans()`).
    public func place(category: ContentSizeCategory, viewportHeight: Double, top: Double, sizer: CellSizer,
                      plans: PlanSharing? = nil) throws -> ScreenPlace? {
        var (planned, lazy) = try (plans ?? screenPlans()).planned(in: environment(category: category, height: viewportHeight),
                                                                  sizer: sizer)
        let place = planned.place(atTop: top, lazy: &lazy)
        if let failure = planned.failure { throw failure }
        return place
    }

    /// The top of the screen that shows `place` at `category` (`MeasuringPlan.top(of:lazy:)`);
    /// nil when the document has no such cell.
    public func top(of place: ScreenPlace, category: ContentSizeCategory, viewportHeight: Double, sizer: CellSizer,
                    plans: PlanSharing? = nil) throws -> Double? {
        var (planned, lazy) = try (plans ?? screenPlans()).planned(in: environment(category: category, height: viewportHeight),
                                                                  sizer: sizer)
        let top = planned.top(of: place, lazy: &lazy)
        if let failure = planned.failure { throw failure }
        return top
    }

    /// The page's exact height at `category` for a screen `viewportHeight` points tall, every
    /// unit measured `chunk` at a time; nil as soon as `isWanted` says no (asked between chunks),
    /// so a measurement of a long page can be given up at once.
    public func measuredHeight(category: ContentSizeCategory, viewportHeight: Double, sizer: CellSizer, plans: PlanSharing? = nil,
                               chunk: Int = 16, isWanted: () -> Bool) throws -> Double? {
        var (planned, lazy) = try (plans ?? screenPlans()).planned(in: environment(category: category, height: viewportHeight),
                                                                  sizer: sizer)
        var next = 0
        while next < lazy.count {
            guard isWanted() else { return nil }
            next = min(lazy.count, next + max(1, chunk))
            planned.measureUnits(before: next, lazy: &lazy)
            if let failure = planned.failure { throw failure }
        }
        return lazy.contentHeight()
    }
}
