import Testing
import TextMetrics
@testable import Reflow

@Suite struct CategorySweepTests {
    @Test func groupsSplitWhereBodyTextChangesCut() {
        let groups = CategorySweep.groups(ContentSizeCategory.allCases)
        #expect(groups.map(\.count) == [5, 7])
        #expect(groups[0].last == .extraLarge && groups[1].first == .extraExtraLarge)
    }

    @Test func sweepingOnTwoThreadsGivesTheSequentialLayouts() throws {
        let sections = CellMode.blocks.cells(for: try Fixtures.example("welcome.md"))
        let swept = try CategorySweep.map(
            sections, categories: ContentSizeCategory.allCases.reversed(), containerWidth: 390,
            makeSizer: { try Fixtures.sizer() }, makeLayout: { ListLayout() },
            transform: { LayoutReport(environment: $0, layout: $1) })
        let sizer = try Fixtures.sizer()
        for (report, category) in zip(swept, ContentSizeCategory.allCases.reversed()) {
            let environment = LayoutEnvironment(containerWidth: 390, category: category)
            let sequential = LayoutReport(environment: environment, layout: try ListLayout().prepared(sections, in: environment, sizer: sizer))
            #expect(report == sequential, "\(category.shortName)")
        }
    }
}
