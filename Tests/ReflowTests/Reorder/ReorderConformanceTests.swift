import Testing
import TextMetrics
@testable import Reflow
import TestSupport

/// Interactive reordering on every layout kind of the conformance table (`ConformanceCase.all`):
/// a cell lifted and dragged within its section and into another, step by step as a finger
/// would, and at every step the would-be layout checked against the rules of the 2016 talk:
/// - it is the eager layout of the would-be order, element for element (and, once the item is
///   dropped, the lazy engine over the new order lands on it too);
/// - nothing is measured again (the sizer computes no measurement);
/// - only the units whose elements changed are placed again, and every other unit keeps its
///   elements bit for bit;
/// - cancelling returns every frame to where it was.
@Suite struct ReorderConformanceTests {
    static let environments = [
        ConformanceCase.environment(width: 390, category: .large),
        ConformanceCase.environment(width: 320, category: .accessibilityExtraExtraExtraLarge),
        ConformanceCase.environment(width: 390, category: .large, direction: .rightToLeft),
    ]

    /// What a reader sees of an element: its kind, place, frame and first text.
    static func signature(_ element: LayoutAttributes) -> String {
        "\(element.role) \(element.indexPath) \(element.frame) \(element.textLayout?.text.string ?? "")"
    }

    /// Differences between two layouts, element by element, with unit tops and the content size.
    static func differences(_ a: LayoutSnapshot, _ b: LayoutSnapshot) -> [String] {
        var found: [String] = []
        if a.contentSize != b.contentSize { found.append("content size \(a.contentSize) vs \(b.contentSize)") }
        if a.unitTops != b.unitTops || a.unitHeights != b.unitHeights { found.append("unit tops or heights differ") }
        if a.elements.count != b.elements.count { found.append("\(a.elements.count) vs \(b.elements.count) elements") }
        for (x, y) in zip(a.elements, b.elements) where signature(x) != signature(y) {
            found.append("\(signature(x)) vs \(signature(y))")
            if found.count > 3 { break }
        }
        return found
    }

    /// Sections whose cells can be moved and that have at least `count` cells.
    static func movableSections(_ content: CollectionContent, atLeast count: Int) -> [Int] {
        content.sections.indices.filter { content.reorderRefusal(section: $0) == nil && content.sections[$0].cellCount >= count }
    }

    static func centre(_ frame: Rect) -> Point { Point(x: frame.midX, y: frame.midY) }

    /// Drags from `start` to `end` in `steps` steps, checking every step; returns the movement.
    static func drag(_ movement: inout InteractiveMovement, from start: Point, to end: Point, steps: Int,
                     sizer: CellSizer, label: String, eager: (CollectionContent) throws -> LayoutSnapshot) throws {
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            let position = Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
            let before = movement.layout, placedBefore = movement.unitsPlaced
            let measured = sizer.measurementsComputed
            let context = try movement.update(to: position)
            #expect(sizer.measurementsComputed == measured, "\(label): a step measured \(sizer.measurementsComputed - measured) cells again")
            #expect(movement.unitsPlaced - placedBefore == context.invalidatedUnits.count, "\(label): units placed vs invalidated")
            // Every unit not invalidated kept its elements bit for bit.
            let invalidated = Set(context.invalidatedUnits)
            if before.plan.unitCount == movement.layout.plan.unitCount {
                for unit in 0..<movement.layout.plan.unitCount where !invalidated.contains(unit) {
                    let kept = movement.layout.elements(ofUnit: unit).map(signature), was = before.elements(ofUnit: unit).map(signature)
                    #expect(kept == was, "\(label): unit \(unit) changed but was not invalidated")
                }
            }
            #expect(context.targetIndexPaths == [movement.target] && context.targetPosition == position, "\(label)")
            // The would-be layout is the eager layout of the would-be order.
            let found = differences(movement.layout, try eager(movement.content))
            #expect(found.isEmpty, "\(label), step \(step) to \(movement.target): \(found.joined(separator: "; "))")
        }
    }

    @Test(arguments: ConformanceCase.all)
    func draggingWithinASectionKeepsTheRules(_ conformance: ConformanceCase) throws {
        let (layout, content) = try conformance.subject()
        let sizer = try Fixtures.sizer()
        guard let section = Self.movableSections(content, atLeast: 3).first else { return }
        for environment in Self.environments {
            let label = "\(conformance) at \(environment.label)"
            let original = try layout.layout(content, in: environment, sizer: sizer)
            let source = IndexPath(item: 0, section: section)
            let last = IndexPath(item: min(content.sections[section].cellCount - 1, 6), section: section)
            guard let from = original.attributes(at: source), let to = original.attributes(at: last) else {
                Issue.record("\(label): no cell at \(source) or \(last)")
                continue
            }
            var movement = try InteractiveMovement(bound: try layout.boundPlan(content, in: environment), layout: original,
                                                   sizer: sizer, item: source, at: Self.centre(from.frame))
            try Self.drag(&movement, from: Self.centre(from.frame), to: Self.centre(to.frame), steps: 12, sizer: sizer, label: label) {
                try layout.layout($0, in: environment, sizer: sizer)
            }
            #expect(movement.target.section == section && movement.target.item > 0,
                    "\(label): dragged onto \(last), the item would land at \(movement.target)")
            // Lifted: its cell centred on the finger, above the rest.
            let lifted = movement.liftedAttributes.first { $0.role == .cell }
            #expect(lifted.map { abs($0.frame.midX - movement.position.x) < 1e-9 && abs($0.frame.midY - movement.position.y) < 1e-9 } == true,
                    "\(label): the lifted cell follows the position")
            // Cancel: every frame where it was.
            var cancelled = movement
            let (back, context) = cancelled.cancel()
            #expect(Self.differences(back, original).isEmpty && context.movementCancelled, "\(label)")
            #expect(Self.differences(cancelled.layout, try layout.layout(content, in: environment, sizer: sizer)).isEmpty,
                    "\(label): cancel did not restore every frame")
            // Drop: the new order, and the lazy engine over it lands on the same layout.
            let (moved, committed, _) = try movement.end()
            let cell = try content.cell(at: source)
            #expect(try moved.cell(at: movement.target) == cell, "\(label): the dropped cell is at its target")
            let planned = try MeasuringPlan(layout: layout, content: moved, environment: environment, sizer: sizer)
            var viewport = Viewport(layout: planned.lazyLayout(estimate: .automatic(initial: 44)), height: 844,
                                    prefetcher: Prefetcher(margin: 844), source: planned.source)
            _ = viewport.scroll(to: 0)
            #expect(try LazyEagerCheck.holds(viewport: viewport, planned: planned), "\(label): lazy ≠ eager after the move")
            #expect(Self.differences(committed, try LayoutSnapshot(plan: planned.bound, sizer: sizer)).isEmpty, "\(label)")
        }
    }

    @Test(arguments: ConformanceCase.all)
    func draggingIntoAnotherSectionKeepsTheRules(_ conformance: ConformanceCase) throws {
        let (layout, content) = try conformance.subject()
        let sizer = try Fixtures.sizer()
        let sections = Self.movableSections(content, atLeast: 1)
        guard sections.count >= 2 else { return }
        let (first, second) = (sections[0], sections[1])
        for environment in Self.environments {
            let label = "\(conformance) at \(environment.label)"
            let original = try layout.layout(content, in: environment, sizer: sizer)
            let source = IndexPath(item: 0, section: first)
            let goal = IndexPath(item: content.sections[second].cellCount / 2, section: second)
            guard let from = original.attributes(at: source), let to = original.attributes(at: goal) else { continue }
            // The lifted cell measured once where the other section's items are sized (a collection
            // view asks a cell that enters a section of another width again); the drag itself
            // must then measure nothing: the others keep their sizes.
            _ = try layout.layout(try content.movingItem(at: source, to: IndexPath(item: 0, section: second)), in: environment,
                                  sizer: sizer)
            var movement = try InteractiveMovement(bound: try layout.boundPlan(content, in: environment), layout: original,
                                                   sizer: sizer, item: source, at: Self.centre(from.frame))
            try Self.drag(&movement, from: Self.centre(from.frame), to: Self.centre(to.frame), steps: 8, sizer: sizer, label: label) {
                try layout.layout($0, in: environment, sizer: sizer)
            }
            #expect(movement.target.section == second, "\(label): dragged into section \(second), it would land at \(movement.target)")
            let (moved, _, _) = try movement.end()
            #expect(moved.sections[first].cellCount == content.sections[first].cellCount - 1)
            #expect(moved.sections[second].cellCount == content.sections[second].cellCount + 1)
        }
    }

    @Test(arguments: ConformanceCase.all)
    func theLazyEngineCarriesItsHeightsThroughAMove(_ conformance: ConformanceCase) throws {
        let (layout, content) = try conformance.subject()
        let sizer = try Fixtures.sizer()
        guard let section = Self.movableSections(content, atLeast: 3).first else { return }
        let count = content.sections[section].cellCount
        for environment in Self.environments {
            let label = "\(conformance) at \(environment.label)"
            let planned = try MeasuringPlan(layout: layout, content: content, environment: environment, sizer: sizer)
            var viewport = Viewport(layout: planned.lazyLayout(estimate: .automatic(initial: 44)), height: 844,
                                    prefetcher: Prefetcher(margin: 844), source: planned.source)
            _ = viewport.scroll(to: 0)  // the first screen measured, the rest estimated
            let before = viewport.layout
            var movement = try LazyMovement(planned: planned, layout: before, item: IndexPath(item: 0, section: section))
            let measured = sizer.measurementsComputed
            for item in [2, 1, count - 1, min(count - 1, 3)] {
                let step = try movement.move(to: IndexPath(item: item, section: section))
                #expect(step.invalidatedUnits.allSatisfy { movement.layout.isMeasured($0) }, "\(label)")
            }
            #expect(sizer.measurementsComputed == measured, "\(label): the move measured a cell again")
            #expect(movement.layout.measuredUnits <= before.measuredUnits + 1, "\(label): nothing unmeasured became measured")
            // Dropped: the lazy layout of the new order, measured to the end, is its eager layout.
            let (_, dropped, lazy) = movement.end()
            let after = Viewport(layout: lazy, height: 844, prefetcher: Prefetcher(margin: 844), source: dropped.source)
            #expect(try LazyEagerCheck.holds(viewport: after, planned: dropped), "\(label): lazy ≠ eager after the move")
            // Cancelled: the heights it began with, unit for unit.
            var cancelled = movement
            var back = cancelled.cancel().layout, began = before
            #expect(back.allY() == began.allY() && back.contentHeight() == began.contentHeight(), "\(label)")
        }
    }
}
