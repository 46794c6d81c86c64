import Testing
import TextMetrics
@testable import Reflow
import TestSupport

/// Issue 24 ("Hardening II"), the layout's rows: work that stays linear in the cells placed, and
/// group templates whose cost is bounded by the cells they serve. Work is counted, never timed.
@Suite struct LayoutHardeningTests {
    static func cells(_ count: Int) -> [Cell] {
        (0..<count).map { _ in Cell(kind: .item, style: .body, text: "cell") }
    }

    /// Row 7: a Markdown table's rows (and an orthogonal band's groups) are one placement; looking
    /// up a cell measured to size its row was a linear search over every cell measured before it,
    /// so a table of 40,000 rows took 15.7 s. Now a lookup compares a cell's own entries only.
    @Test func lookingUpMeasuredCellsStaysLinearInATableOfManyRows() throws {
        let columns = 3, rows = 1_000
        let items = (0..<columns).map { _ in
            LayoutNode.item(LayoutItem(size: LayoutSize(width: .absolute(120), height: .uniformAcrossSiblings(44))))
        }
        let group = LayoutGroup.horizontal(LayoutSize(width: .absolute(360), height: .estimated(44)), subitems: items)
        let template = GroupTemplate(group, width: 360, height: 44)
        let cells = Self.cells(columns * rows)
        var placement = GroupPlacement(sizer: try Fixtures.sizer(), environment: LayoutEnvironment(), section: 0,
                                       cells: cells, firstItem: 0)
        var next = 0, y = 0.0
        while next < cells.count {
            y += try placement.place(template, at: Point(x: 0, y: y), width: 360, height: nil, next: &next).height
        }
        #expect(placement.elements.count == cells.count)
        // Each cell is measured to size its row and looked up once to be placed.
        #expect(placement.lookupComparisons <= 2 * cells.count, "\(placement.lookupComparisons) comparisons for \(cells.count) cells")
    }
}
