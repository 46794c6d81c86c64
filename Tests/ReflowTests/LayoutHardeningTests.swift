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

    /// A self-sized group nested in a self-sized group is placed twice, to learn its size and in
    /// its frame, and so was everything inside it, in each: groups nested n deep were placed 2^n
    /// times (a 2 KB screen file of 40 nested groups never finished; 22 took 8 s). A nested
    /// group given what it was given before in the same instance now comes from the placement's
    /// memo, and the layout is what it was.
    @Test(.timeLimit(.hangGuard), arguments: [LayoutAxis.vertical, .horizontal])
    func selfSizedGroupsNestedDeepArePlacedAPolynomialNumberOfTimes(_ axis: LayoutAxis) throws {
        func nested(_ depth: Int) -> LayoutGroup {
            var node = LayoutNode.item(LayoutItem(size: LayoutSize(width: .estimated(44), height: .estimated(44))))
            for level in 0..<depth {
                let along = level % 2 == 0 ? axis : axis.cross
                node = .group(LayoutGroup(axis: along, size: LayoutSize(width: .estimated(44), height: .estimated(44)), subitems: [node]))
            }
            guard case .group(let group) = node else { preconditionFailure() }
            return group
        }
        let sizer = try Fixtures.sizer()
        var shallow: [Rect] = []
        for depth in [4, 40] {
            let group = nested(depth)
            let template = GroupTemplate(group, containerWidth: 390, containerHeight: 844)
            var placement = GroupPlacement(sizer: sizer, environment: LayoutEnvironment(), section: 0,
                                           cells: [Cell(kind: .item, style: .body, text: "A cell nested deep")], firstItem: 0)
            var next = 0
            let size = try placement.place(template, at: Point(x: 16, y: 0), width: nil, height: nil, next: &next)
            #expect(next == 1 && placement.elements.count == 1 && size.height >= 44)
            #expect(placement.memo.placements <= depth * depth, "\(placement.memo.placements) nested groups placed at depth \(depth)")
            if depth == 4 { shallow = placement.elements.map(\.frame) } else {
                #expect(placement.elements.map(\.frame) == shallow, "nesting self-sized groups deeper changes nothing about the cell")
            }
        }
        let snapshot = try CompositionalLayout(section: LayoutSection(group: nested(60)))
            .layout([Self.cells(2)], in: LayoutEnvironment(), sizer: sizer)
        #expect(snapshot.cells.count == 2)
    }

    static func item(_ height: LayoutDimension) -> LayoutNode {
        .item(LayoutItem(size: LayoutSize(width: .fractionalWidth(1), height: height)))
    }

    /// Row 2: three nested groups with `count` (1000 each in the 583-byte screen) built a
    /// template of every copy, a billion nodes, 4 to 8 GB. A template now holds each item and group
    /// of its description once; an instance expands only as far as it has cells.
    @Test func nestedCountsCostTheirDescriptionNotTheirProduct() throws {
        var node = Self.item(.estimated(44))
        for axis in [LayoutAxis.vertical, .horizontal, .vertical] {
            node = .group(LayoutGroup(axis: axis, size: LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)),
                                      subitems: [node], count: 50))
        }
        guard case .group(let group) = node else { return }
        let template = GroupTemplate(group, containerWidth: 390, containerHeight: 844)
        #expect(template.nodeCount == 4, "a template of \(template.nodeCount) nodes")
        #expect(template.capacity == 50 * 50 * 50)
        let snapshot = try CompositionalLayout(section: LayoutSection(group: group))
            .layout([Self.cells(3)], in: LayoutEnvironment(), sizer: try Fixtures.sizer())
        #expect(snapshot.cells.count == 3)
        #expect(snapshot.cells.allSatisfy { $0.frame.minX.isFinite && $0.frame.height > 0 })
    }

    /// Found by FuzzTemplate: `count: 772` with 8 pt of spacing in a group estimated 44 pt tall
    /// (the spacing alone longer than the group) gave each copy a negative length, the section's
    /// marks ran upwards, and the layout ended with a trap (`Range requires lowerBound <=
    /// upperBound`). The copies now get nothing, never less; cells go down the screen in order.
    @Test func spacingLongerThanItsCountedGroupLeavesTheCopiesNothing() throws {
        let group = LayoutGroup(axis: .vertical, size: LayoutSize(width: .fractionalWidth(1), height: .estimated(44)),
                                subitems: [.item(LayoutItem(size: LayoutSize(width: .fractionalWidth(1), height: .fractionalWidth(0.5))))],
                                count: 772, interItemSpacing: .fixed(8))
        for width in [390.0, 453] {
            let snapshot = try CompositionalLayout(section: LayoutSection(group: group))
                .layout([Self.cells(31)], in: LayoutEnvironment(containerWidth: width), sizer: try Fixtures.sizer())
            #expect(snapshot.cells.count == 31)
            #expect(snapshot.cells.allSatisfy { $0.frame.height >= 0 && $0.frame.minY.isFinite })
            #expect(zip(snapshot.cells, snapshot.cells.dropFirst()).allSatisfy { $0.frame.minY <= $1.frame.minY })
        }
    }

    /// Row 2, the other input: groups filled with tiny absolute heights (a group 32 pt tall of
    /// 1/8 pt groups of 1/8192 pt items) repeat their subitems to the 10,000-a-group cap at each
    /// level; the template holds the one subitem of each level.
    @Test func groupsFilledWithTinyItemsCostTheirDescription() throws {
        let inner = LayoutGroup.vertical(LayoutSize(width: .fractionalWidth(1), height: .absolute(0.125)),
                                         subitems: [Self.item(.absolute(1.0 / 8_192))])
        let outer = LayoutGroup.vertical(LayoutSize(width: .fractionalWidth(1), height: .absolute(32)), subitems: [.group(inner)])
        let template = GroupTemplate(outer, containerWidth: 390, containerHeight: 844)
        #expect(template.nodeCount == 3, "a template of \(template.nodeCount) nodes")
        #expect(template.capacity == 256 * 1_024)
        let snapshot = try CompositionalLayout(section: LayoutSection(group: outer))
            .layout([Self.cells(5)], in: LayoutEnvironment(), sizer: try Fixtures.sizer())
        #expect(snapshot.cells.count == 5)
        #expect(snapshot.contentSize.height == 32)
    }
}
