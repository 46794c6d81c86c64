import Foundation
import Testing
import TextMetrics
@testable import Reflow
import TestSupport

/// The work of a drag on the lazy engine, counted: a target change within a section of a
/// compositional layout plans nothing again and looks only at the units between the old and the
/// new target (what keeps a drag over 100,000 cells within a 120 Hz frame), and it leaves the
/// same lazy layout as planning the whole would-be order again does, unit for unit.
@Suite struct LazyMovementWorkTests {
    /// A layout that counts its plans and says whether it plans by cell count as told; everything
    /// else is `base`'s.
    struct Counting<Base: CollectionLayout>: CollectionLayout {
        let base: Base
        let byCellCount: Bool
        let plans = Locked(0)

        func plan(_ content: CollectionContent, in environment: LayoutEnvironment) throws -> ResolvedPlan<Base.Resolution> {
            plans.withLock { $0 += 1 }
            return try base.plan(content, in: environment)
        }
        func layoutUnit(_ index: Int, of plan: ResolvedPlan<Base.Resolution>, sizer: CellSizer) throws -> UnitLayout {
            try base.layoutUnit(index, of: plan, sizer: sizer)
        }
        func layoutUnit(_ index: Int, of plan: ResolvedPlan<Base.Resolution>, sizer: CellSizer, visibleWidth: Double) throws -> UnitLayout {
            try base.layoutUnit(index, of: plan, sizer: sizer, visibleWidth: visibleWidth)
        }
        func sectionElements(_ section: Int, marks: [Double], of plan: ResolvedPlan<Base.Resolution>) -> [LayoutAttributes] {
            base.sectionElements(section, marks: marks, of: plan)
        }
        var plansByCellCount: Bool { byCellCount && base.plansByCellCount }
    }

    /// A two-column grid of `count` cells of one to four lines under a header, and a second
    /// section of a few cells (for a move across sections).
    static func grid(_ count: Int) -> (CompositionalLayout, CollectionContent) {
        let item = LayoutItem(size: LayoutSize(width: .fractionalWidth(0.5), height: .estimated(60)))
        let group = LayoutGroup.horizontal(LayoutSize(width: .fractionalWidth(1), height: .estimated(60)), subitems: [.item(item)])
        var section = LayoutSection(group: group)
        section.interGroupSpacing = 8
        section.boundarySupplementaryItems = [BoundarySupplementaryItem(kind: "header", size: LayoutSize(width: .fractionalWidth(1),
                                                                        height: .estimated(30)), alignment: .top)]
        let words = ["Lisbon", "Kyoto", "weather near you this week", "Oslo", "the best places in the city for books and food"]
        let cells = (0..<count).map { Cell(kind: .paragraph, style: .body, text: StyledText("\($0) \(words[$0 % words.count])")) }
        let header = ["header": Cell(kind: .paragraph, style: .headline, text: "Everything")]
        return (CompositionalLayout(section: section),
                CollectionContent(sections: [CollectionContent.Section(cells: cells, supplementary: header),
                                             CollectionContent.Section(cells: Array(cells.prefix(5)), supplementary: header)]))
    }

    /// The targets of a drag down the first section, back up, and into the second section.
    static let targets = [1, 2, 3, 5, 8, 13, 40, 120, 119, 60, 2, 0].map { IndexPath(item: $0, section: 0) }
        + [IndexPath(item: 2, section: 1), IndexPath(item: 0, section: 1), IndexPath(item: 7, section: 0)]

    /// The drag on `layout` from the item 0 of the grid's first section, its first screen measured.
    static func drag(_ layout: Counting<CompositionalLayout>, _ content: CollectionContent, sizer: CellSizer)
        throws -> (steps: [MovementInvalidation], plans: [Int], movement: LazyMovement) {
        let environment = LayoutEnvironment(containerWidth: 390, category: .accessibilityLarge)
        let planned = try MeasuringPlan(layout: layout, content: content, environment: environment, sizer: sizer)
        var viewport = Viewport(layout: planned.lazyLayout(estimate: .automatic(initial: 44)), height: 844,
                                prefetcher: Prefetcher(margin: 844), source: planned.source)
        _ = viewport.scroll(to: 0)
        var movement = try LazyMovement(planned: planned, layout: viewport.layout, item: IndexPath(item: 0, section: 0))
        var steps: [MovementInvalidation] = [], plans: [Int] = []
        for target in targets {
            let before = layout.plans.withLock { $0 }
            steps.append(try movement.move(to: target))
            plans.append(layout.plans.withLock { $0 } - before)
        }
        return (steps, plans, movement)
    }

    @Test func aTargetChangeWithinASectionPlansNothingAgainAndLooksOnlyBetweenTheTargets() throws {
        let (grid, content) = Self.grid(3000)
        let layout = Counting(base: grid, byCellCount: true)
        let (steps, plans, _) = try Self.drag(layout, content, sizer: try Fixtures.sizer())
        var previous = IndexPath(item: 0, section: 0)
        for (step, (target, planned)) in zip(steps, zip(Self.targets, plans)) {
            let across = target.section != previous.section
            #expect(planned == (across ? 1 : 0), "to \(target): \(planned) plans")
            if !across {
                // Two cells a row, a header unit first: items i and j are in units 1 + i/2 and 1 + j/2.
                let units = (1 + min(previous.item, target.item) / 2)...(1 + max(previous.item, target.item) / 2)
                #expect(step.invalidatedUnits.allSatisfy(units.contains), "to \(target): \(step.invalidatedUnits) outside \(units)")
            }
            previous = target
        }
        #expect(steps.prefix(4).allSatisfy { !$0.invalidatedUnits.isEmpty }, "the measured rows the first moves cross are placed again")
    }

    @Test func theKeptLazyLayoutIsTheOnePlanningAgainMakes() throws {
        let (grid, content) = Self.grid(400)
        let sizer = try Fixtures.sizer()
        let kept = try Self.drag(Counting(base: grid, byCellCount: true), content, sizer: sizer)
        let planned = try Self.drag(Counting(base: grid, byCellCount: false), content, sizer: sizer)
        #expect(planned.plans.allSatisfy { $0 == 1 }, "without planning by cell count, every target change plans")
        #expect(kept.steps == planned.steps, "the same units placed again and the same content height changes")
        var a = kept.movement.layout, b = planned.movement.layout
        #expect(a.allY() == b.allY() && a.contentHeight() == b.contentHeight())
        #expect((0..<a.count).allSatisfy { a.measuredHeight($0) == b.measuredHeight($0) && a.isPartlyMeasured($0) == b.isPartlyMeasured($0) })
        #expect(a.measuredUnits == b.measuredUnits && a.measuredUnits >= 5, "\(a.measuredUnits) units measured")
        #expect(kept.steps.map(\.invalidatedUnits.count).reduce(0, +) >= 5, "units placed again from the cache")
    }
}
