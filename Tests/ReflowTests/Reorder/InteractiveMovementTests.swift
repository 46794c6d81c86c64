import Testing
import TextMetrics
@testable import Reflow
import TestSupport

/// The rules of interactive reordering that a person feels, each on a small layout whose
/// frames are easy to reason about: where an item lands for a position, that it does not
/// flicker, that a grid goes by lines and a list by rows, right to left, the band's hidden part,
/// a keyboard move, and the refusals.
@Suite struct InteractiveMovementTests {
    static func row(_ words: String) -> Cell { Cell(kind: .paragraph, style: .body, text: StyledText(words)) }

    static let rows = ["One", "Two, a row long enough to wrap onto a second line at this width and size", "Three", "Four", "Five"]
        .map(row)

    static func movement(_ layout: some CollectionLayout, _ sections: [[Cell]], item: IndexPath,
                         direction: LayoutDirection = .leftToRight) throws -> (InteractiveMovement, LayoutSnapshot) {
        let environment = LayoutEnvironment(containerWidth: 320, category: .large, layoutDirection: direction)
        let sizer = try Fixtures.sizer()
        let content = CollectionContent(sections: sections)
        let snapshot = try layout.layout(content, in: environment, sizer: sizer)
        let centre = snapshot.attributes(at: item).map { Point(x: $0.frame.midX, y: $0.frame.midY) } ?? Point(x: 0, y: 0)
        return (try InteractiveMovement(bound: try layout.boundPlan(content, in: environment), layout: snapshot, sizer: sizer,
                                        item: item, at: centre), snapshot)
    }

    @Test func aListRowIsPassedAtItsVerticalMiddle() throws {
        let (movement, snapshot) = try Self.movement(ListLayout(), [Self.rows], item: IndexPath(item: 0, section: 0))
        let second = snapshot.attributes(at: IndexPath(item: 1, section: 0))!.frame
        #expect(movement.targetIndexPath(for: Point(x: 10, y: second.midY - 1)).item == 0)
        #expect(movement.targetIndexPath(for: Point(x: 10, y: second.midY + 1)).item == 1)
        // Across the row, x does not matter in a list.
        #expect(movement.targetIndexPath(for: Point(x: 310, y: second.midY - 1)).item == 0)
    }

    @Test func aTargetOnceTakenDoesNotFlicker() throws {
        var (movement, snapshot) = try Self.movement(ListLayout(), [Self.rows], item: IndexPath(item: 0, section: 0))
        let second = snapshot.attributes(at: IndexPath(item: 1, section: 0))!.frame
        try movement.update(to: Point(x: 10, y: second.midY + 1))
        #expect(movement.target.item == 1)
        // The tall second row moved up into the lifted row's place; staying put keeps the target,
        // and so does a move back up short of the second row's new middle.
        let moved = movement.layout.attributes(at: IndexPath(item: 0, section: 0))!.frame
        #expect(moved.minY == snapshot.attributes(at: IndexPath(item: 0, section: 0))!.frame.minY)
        #expect(try movement.update(to: Point(x: 10, y: second.midY + 1)).invalidatedUnits.isEmpty)
        #expect(movement.targetIndexPath(for: Point(x: 10, y: moved.midY + 1)).item == 1)
        #expect(movement.targetIndexPath(for: Point(x: 10, y: moved.midY - 1)).item == 0)
    }

    @Test func onlyTheRowsThatTradePlacesArePlacedAgain() throws {
        var (movement, snapshot) = try Self.movement(ListLayout(), [Self.rows], item: IndexPath(item: 1, section: 0))
        let third = snapshot.attributes(at: IndexPath(item: 2, section: 0))!.frame
        let step = try movement.update(to: Point(x: 10, y: third.midY + 1))
        #expect(step.previousIndexPaths == [IndexPath(item: 1, section: 0)] && step.targetIndexPaths == [IndexPath(item: 2, section: 0)])
        #expect(step.invalidatedUnits == [1, 2] && step.contentSizeAdjustment == 0)
        #expect(movement.unitsPlaced == 2)
    }

    @Test func aGridGoesByLinesInTheReadingDirection() throws {
        let words = (0..<9).map { Cell(kind: .word, style: .body, text: StyledText("w\($0)")) }
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let (movement, snapshot) = try Self.movement(FlowLayout(), [words], item: IndexPath(item: 0, section: 0),
                                                         direction: direction)
            let second = snapshot.attributes(at: IndexPath(item: 1, section: 0))!.frame
            #expect(second.minY == snapshot.attributes(at: IndexPath(item: 0, section: 0))!.frame.minY, "one line")
            let past = direction == .leftToRight ? second.midX + 1 : second.midX - 1
            let short = direction == .leftToRight ? second.midX - 1 : second.midX + 1
            #expect(movement.targetIndexPath(for: Point(x: past, y: second.midY)).item == 1, "\(direction)")
            #expect(movement.targetIndexPath(for: Point(x: short, y: second.midY)).item == 0, "\(direction)")
        }
    }

    @Test func anItemGoesIntoAnotherSectionAndBack() throws {
        var (movement, snapshot) = try Self.movement(ListLayout(), [Array(Self.rows.prefix(2)), Array(Self.rows.suffix(3))],
                                                     item: IndexPath(item: 0, section: 0))
        let target = snapshot.attributes(at: IndexPath(item: 1, section: 1))!.frame
        try movement.update(to: Point(x: 10, y: target.midY + 1))
        #expect(movement.target == IndexPath(item: 2, section: 1))
        let keyboard = try movement.move(to: IndexPath(item: 0, section: 0))
        #expect(keyboard.targetIndexPaths == [IndexPath(item: 0, section: 0)])
        let (content, layout, _) = try movement.end()
        #expect(content.sections.map(\.cellCount) == [2, 3])
        #expect(ReorderConformanceTests.differences(layout, snapshot).isEmpty, "back where it started, frame for frame")
    }

    /// An item that has left its section can come back to any place there, the last one too: the
    /// section's other cells are counted in the would-be order, where it no longer is.
    @Test func anItemThatLeftItsSectionCanComeBackToItsEnd() throws {
        var (movement, snapshot) = try Self.movement(ListLayout(), [Array(Self.rows.prefix(2)), Array(Self.rows.suffix(3))],
                                                     item: IndexPath(item: 0, section: 0))
        let away = snapshot.attributes(at: IndexPath(item: 1, section: 1))!.frame
        try movement.update(to: Point(x: 10, y: away.midY + 1))
        #expect(movement.target == IndexPath(item: 2, section: 1))
        // In the would-be layout section 0 holds "Two" alone: past its middle is after it.
        let two = try #require(movement.layout.attributes(at: IndexPath(item: 0, section: 0))).frame
        #expect(movement.targetIndexPath(for: Point(x: 10, y: two.midY + 1)) == IndexPath(item: 1, section: 0))
        // And in section 1, with the item among its cells, the last place is after its three others.
        let last = try #require(movement.layout.attributes(at: IndexPath(item: 3, section: 1))).frame
        #expect(movement.targetIndexPath(for: Point(x: 10, y: last.maxY - 1)) == IndexPath(item: 3, section: 1))
    }

    @Test func refusalsSayWhatIsWrong() throws {
        let (movement, _) = try Self.movement(ListLayout(), [Self.rows], item: IndexPath(item: 0, section: 0))
        var copy = movement
        #expect(throws: MoveError.targetOutOfRange(IndexPath(item: 9, section: 0), limit: "section 0 has places 0 to 4")) {
            try copy.move(to: IndexPath(item: 9, section: 0))
        }
        #expect(throws: MoveError.noCell(IndexPath(item: 7, section: 0))) {
            _ = try Self.movement(ListLayout(), [Self.rows], item: IndexPath(item: 7, section: 0))
        }
        #expect(MoveError.noCell(IndexPath(item: 7, section: 0)).description.contains("pick a cell that exists"))
    }

    /// README.md's "Embedding" example, as written there.
    @Test func theReadmeExampleRuns() throws {
        let sizer = try Fixtures.sizer()
        let cells = [
            Cell(kind: .heading(level: 1), style: .largeTitle, text: "Welcome"),
            Cell(kind: .paragraph, style: .body, text: "Each cell is handed a width and answers with its height."),
        ]
        let environment = LayoutEnvironment(containerWidth: 390, category: .large)
        var movement = try InteractiveMovement(layout: ListLayout(), content: CollectionContent(sections: [cells]),
                                               environment: environment, sizer: sizer,
                                               item: IndexPath(item: 0, section: 0), at: Point(x: 195, y: 30))
        let step = try movement.update(to: Point(x: 195, y: 400))
        #expect(step.targetIndexPaths == [IndexPath(item: 1, section: 0)] && step.invalidatedUnits == [0, 1])
        let (reordered, layout, _) = try movement.end()
        #expect(try reordered.cell(at: IndexPath(item: 1, section: 0)) == cells[0])
        #expect(layout.cells.count == 2)
    }

    @Test func autoScrollGrowsWithDepthIntoTheEdgeZone() {
        var scroll = AutoScroll(edgeZone: 60, maximumSpeed: 1_000)
        let speeds = [400.0, 800, 830, 844, 900].map { scroll.velocity(fingerY: 1_000 + $0, offset: 1_000, viewportHeight: 844) }
        #expect(speeds[0] == 0 && speeds[1] > 0 && speeds[1] < speeds[2] && speeds[2] < speeds[3] && speeds[3] == 1_000 && speeds[4] == 1_000)
        #expect(scroll.velocity(fingerY: 1_010, offset: 1_000, viewportHeight: 844) < 0, "up near the top")
        #expect(scroll.step(fingerY: 1_843, offset: 1_000, viewportHeight: 844, contentHeight: 1_900, dt: 1) == 1_056, "never past the end")
        #expect(scroll.step(fingerY: 0, offset: 10, viewportHeight: 844, contentHeight: 1_900, dt: 1) == 0, "never above the top")
    }

    @Test func pagingAdvancesAPageAtATime() {
        var scroll = AutoScroll(paging: true, pageDelay: 0.5, pageDuration: 0.25)
        var offset = 0.0, offsets: [Double] = []
        for _ in 0..<120 {  // two seconds at 60 Hz, the finger at the bottom edge
            offset = scroll.step(fingerY: offset + 840, offset: offset, viewportHeight: 844, contentHeight: 10_000, dt: 1.0 / 60)
            offsets.append(offset)
        }
        let rests = Set(offsets.filter { $0.truncatingRemainder(dividingBy: 844) == 0 })
        #expect(rests == [0, 844, 1_688], "whole pages, one after another: \(rests.sorted())")
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 }, "forward only")
    }
}
