import Reflow
import TextMetrics
import Testing
import TestSupport

/// Sizes that are known are never estimated: absolute and fractional heights place rows exactly
/// before any cell is measured (UIKit's `NSCollectionLayoutDimension.absolute` and `.fractional…`).
@Suite struct KnownHeightTests {
    static func rows(_ count: Int, height: LayoutDimension, header: LayoutDimension? = nil) -> (CompositionalLayout, CollectionContent) {
        let item = LayoutItem(size: LayoutSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        let group = LayoutGroup.horizontal(LayoutSize(width: .fractionalWidth(1), height: height), subitems: [.item(item)])
        var section = LayoutSection(group: group)
        var supplementary: [String: Cell] = [:]
        if let header {
            section.boundarySupplementaryItems = [BoundarySupplementaryItem(kind: "header", size: LayoutSize(width: .fractionalWidth(1), height: header),
                                                                            alignment: .top)]
            supplementary["header"] = Cell(kind: .paragraph, style: .headline, text: "Header")
        }
        let cells = (0..<count).map { Cell(kind: .paragraph, style: .body, text: StyledText("Row \($0)")) }
        return (CompositionalLayout(section: section), CollectionContent(sections: [CollectionContent.Section(cells: cells, supplementary: supplementary)]))
    }

    /// Offset 1000 on 100 pt rows starts at row 10, at y 1000, with nothing above measured.
    @Test func absoluteRowsAtAnOffset() throws {
        let (layout, content) = Self.rows(50, height: .absolute(100))
        let environment = LayoutEnvironment(containerWidth: 390, category: .large)
        let planned = try MeasuringPlan(layout: layout, content: content, environment: environment, sizer: try Fixtures.sizer())
        var lazy = planned.lazyLayout(estimate: .automatic(initial: 44))
        #expect(lazy.contentHeight() == 5_000)
        #expect(lazy.index(at: 1_000) == 10)
        #expect(lazy.y(of: 10) == 1_000)
        #expect(planned.measureDown(to: 1_844, lazy: &lazy) == 0, "nothing to measure: every height is known")
        let elements = try planned.attributes(in: Rect(x: 0, y: 1_000, width: 390, height: 844), lazy: &lazy)
        let first = try #require(elements.first)
        #expect(first.indexPath == IndexPath(item: 10, section: 0))
        #expect(first.frame.minY == 1_000)
        #expect(lazy.measuredUnits == 0)
    }

    /// A fractional height (a third of the screen) and an absolute header are known too; an
    /// estimated row is not.
    @Test func fractionalRowsAndAbsoluteHeadersAreKnown() throws {
        let (layout, content) = Self.rows(9, height: .fractionalHeight(1.0 / 3), header: .absolute(60))
        let environment = LayoutEnvironment(containerWidth: 390, containerHeight: 600, category: .accessibilityMedium)
        let planned = try MeasuringPlan(layout: layout, content: content, environment: environment, sizer: try Fixtures.sizer())
        var lazy = planned.lazyLayout(estimate: .automatic(initial: 44))
        #expect(lazy.contentHeight() == 60 + 9 * 200)
        #expect((0..<lazy.count).allSatisfy(lazy.isKnownHeight))
        let eager = try layout.layout(content, in: environment, sizer: try Fixtures.sizer())
        #expect(eager.contentSize.height == lazy.contentHeight())

        let (estimated, estimatedContent) = Self.rows(9, height: .estimated(100))
        let selfSized = try MeasuringPlan(layout: estimated, content: estimatedContent, environment: environment, sizer: try Fixtures.sizer())
        let unknown = selfSized.lazyLayout(estimate: .automatic(initial: 44))
        #expect(!(0..<unknown.count).contains(where: unknown.isKnownHeight))
    }
}
