import Testing
import TextMetrics
@testable import Reflow
import TestSupport

/// A drag simulated frame by frame on the lazy engine (`ReorderSession`, what `scroll --reorder`
/// runs): the item lands where it was asked to go, the view scrolls under the finger to get
/// there, nothing is measured twice, the cells not dragged keep still, and a cancel puts every
/// cell back. The work is counted, never timed.
@Suite struct ReorderSessionTests {
    /// Cells whose texts all differ, so the sizer's cache cannot hide a second measurement.
    static func cells(_ count: Int, section: Int) -> [Cell] {
        (0..<count).map { Cell(kind: .paragraph, style: .body, text: StyledText("Row \(section).\($0)" + String(repeating: " more", count: $0 % 7))) }
    }

    static func session(from: IndexPath, to: IndexPath, cancels: Bool = false, paging: Bool = false,
                        sizer: CellSizer) throws -> ReorderSession {
        let content = CollectionContent(sections: [cells(60, section: 0), cells(40, section: 1)])
        var configuration = ReorderSession.Configuration(viewportHeight: 400)
        configuration.framesPerSecond = 120
        configuration.cancels = cancels
        configuration.autoScroll.paging = paging
        configuration.maximumFrames = 20_000
        return try ReorderSession(layout: ListLayout(), content: content,
                                  environment: LayoutEnvironment(containerWidth: 320, category: .large), sizer: sizer,
                                  source: from, goal: to, configuration: configuration)
    }

    static func written(_ order: [IndexPath]) -> [String] { order.map { "\($0.section).\($0.item)" } }

    @Test(arguments: [false, true])
    func aLongDragScrollsAndDropsTheItemInItsPlace(paging: Bool) throws {
        let sizer = try Fixtures.sizer()
        var session = try Self.session(from: IndexPath(item: 2, section: 0), to: IndexPath(item: 45, section: 0), paging: paging,
                                       sizer: sizer)
        let before = sizer.measurementsComputed
        let start = session.viewport.contentOffset
        try session.run()
        #expect(session.target == IndexPath(item: 45, section: 0))
        var expected = (0..<60).map { IndexPath(item: $0, section: 0) }
        expected.insert(expected.remove(at: 2), at: 45)
        #expect(session.order() == expected)
        // The place was far below the first screen: the view scrolled there under the finger.
        #expect(session.viewport.contentOffset > start + 400, "the view did not scroll: \(session.viewport.contentOffset)")
        #expect(session.frames.map(\.anchorJump).max() == 0)
        #expect(session.frames.last?.ended == true && session.frames.filter(\.ended).count == 1)
        // The others flowed: units placed again from the cache, and no cell measured twice:
        // every measurement in the drag was of a cell never measured before.
        #expect(session.targetChanges >= 43 && session.frames.reduce(0) { $0 + $1.unitsPlaced } > 0)
        #expect(session.cellsMeasuredByMoves == 0)
        let measured = session.frames.reduce(0) { $0 + $1.cellsMeasured }
        #expect(measured == sizer.measurementsComputed - before)
        #expect(sizer.measurementsComputed <= 100, "a cell was measured twice: \(sizer.measurementsComputed) measurements of 100 cells")
        #expect(try LazyEagerCheck.holds(viewport: session.viewport, planned: session.planned))
    }

    @Test func aDragIntoTheNextSectionLandsThere() throws {
        let sizer = try Fixtures.sizer()
        var session = try Self.session(from: IndexPath(item: 57, section: 0), to: IndexPath(item: 3, section: 1), sizer: sizer)
        try session.run()
        #expect(session.target == IndexPath(item: 3, section: 1))
        let order = Self.written(session.order())
        #expect(order.count == 41 && order[3] == "0.57" && order[2] == "1.2" && order[4] == "1.3")
        #expect(session.planned.plan.content.sections[0].cellCount == 59)
        #expect(session.frames.map(\.anchorJump).max() == 0 && session.cellsMeasuredByMoves == 0)
        #expect(try LazyEagerCheck.holds(viewport: session.viewport, planned: session.planned))
    }

    @Test func aCancelPutsEveryCellBack() throws {
        let sizer = try Fixtures.sizer()
        let content = CollectionContent(sections: [Self.cells(60, section: 0), Self.cells(40, section: 1)])
        var session = try Self.session(from: IndexPath(item: 30, section: 0), to: IndexPath(item: 5, section: 0), cancels: true,
                                       sizer: sizer)
        try session.run()
        #expect(session.target == IndexPath(item: 30, section: 0))
        #expect(session.order() == (0..<60).map { IndexPath(item: $0, section: 0) })
        #expect(session.targetChanges > 2, "the drag moved the target before the cancel")
        #expect(try session.planned.plan.content.cell(at: IndexPath(item: 30, section: 0)) == content.cell(at: IndexPath(item: 30, section: 0)))
        // The lazy layout, measured to the end, is the eager layout of the order it began with.
        #expect(try LazyEagerCheck.holds(viewport: session.viewport, planned: session.planned))
        #expect(session.frames.map(\.anchorJump).max() == 0)
    }

    @Test func theItemAndThePlaceAreChecked() throws {
        let sizer = try Fixtures.sizer()
        #expect(throws: ReorderSession.Failure.noItem(IndexPath(item: 60, section: 0),
                                                      existing: "section 0 has items 0 to 59; section 1 has items 0 to 39")) {
            try Self.session(from: IndexPath(item: 60, section: 0), to: IndexPath(item: 1, section: 0), sizer: sizer)
        }
        // Within its section the item has 60 places (0 to 59); in the next, 41 (0 to 40).
        #expect(throws: ReorderSession.Failure.self) {
            try Self.session(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 60, section: 0), sizer: sizer)
        }
        _ = try Self.session(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 40, section: 1), sizer: sizer)
        #expect(throws: ReorderSession.Failure.self) {
            try Self.session(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 0, section: 2), sizer: sizer)
        }
    }
}

extension ReorderSessionTests {
    /// Lifting an item far down a long list, its units above estimated, does not move it: the
    /// finger starts on the item's centre as the screen shows it, so the first frame keeps the target.
    @Test func liftingFarDownKeepsTheItemInItsPlace() throws {
        let sizer = try Fixtures.sizer()
        let content = CollectionContent(sections: [Self.cells(400, section: 0)])
        var configuration = ReorderSession.Configuration(viewportHeight: 400)
        configuration.framesPerSecond = 120
        var session = try ReorderSession(layout: ListLayout(), content: content,
                                         environment: LayoutEnvironment(containerWidth: 320, category: .accessibilityExtraExtraExtraLarge),
                                         sizer: sizer, source: IndexPath(item: 300, section: 0), goal: IndexPath(item: 310, section: 0),
                                         configuration: configuration)
        try session.run()
        let targets = session.frames.map(\.target.item)
        #expect(targets.first == 300 && targets.allSatisfy { $0 >= 300 }, "the target went back before the drag began: \(targets.prefix(5))")
        #expect(session.target.item == 310)
    }
}

extension ReorderSessionTests {
    /// `LazyMovement.adopt`: units a viewport measured after the item was lifted (the view
    /// scrolling under the finger) keep their heights through the next target change, and the
    /// units whose cells then change are placed again from the cache, not estimated.
    @Test func heightsMeasuredDuringTheDragCarryOver() throws {
        let sizer = try Fixtures.sizer()
        let content = CollectionContent(sections: [Self.cells(200, section: 0)])
        let planned = try MeasuringPlan(layout: ListLayout(), content: content,
                                        environment: LayoutEnvironment(containerWidth: 320, category: .large), sizer: sizer)
        var viewport = Viewport(layout: planned.lazyLayout(estimate: .automatic(initial: 44)), height: 400,
                                prefetcher: Prefetcher(margin: 400), source: planned.source)
        viewport.scroll(to: 0)
        var movement = try LazyMovement(planned: planned, layout: viewport.layout, item: IndexPath(item: 0, section: 0))
        try movement.move(to: IndexPath(item: 1, section: 0))
        // The view scrolls on (the finger near the bottom edge): further units measured.
        var scrolling = Viewport(layout: movement.layout, height: 400, prefetcher: Prefetcher(margin: 400), source: movement.planned.source)
        for offset in stride(from: 0.0, through: 2_000, by: 100) { scrolling.scroll(to: offset) }
        let measured = scrolling.layout.measuredUnits
        #expect(measured > movement.layout.measuredUnits)
        movement.adopt(scrolling.layout)
        let computed = sizer.measurementsComputed
        let step = try movement.move(to: IndexPath(item: 30, section: 0))
        #expect(sizer.measurementsComputed == computed, "a cell was measured again")
        #expect(movement.layout.measuredUnits == measured, "heights measured during the drag were lost")
        // Units 1 to 30 hold other cells now, all measured: placed again from the cache.
        #expect(Set(step.invalidatedUnits).isSuperset(of: 1...30))
    }
}
