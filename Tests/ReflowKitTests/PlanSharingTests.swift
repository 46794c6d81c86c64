import Reflow
import ReflowKit
import TextMetrics
import Testing
import TestSupport

@Suite struct PlanSharingTests {
    static func environment(_ category: ContentSizeCategory, width: Double = 390) -> LayoutEnvironment {
        var text = TextEnvironment()
        text.category = category
        return LayoutEnvironment(containerWidth: width, containerHeight: 844, text: text)
    }

    /// The grid example resolves three variants over the twelve sizes (three columns up to L, two
    /// at xL to xxxL, one at accessibility sizes): three plans are made, and every size gets the
    /// plan it would have had alone, in its own environment.
    @Test func theGridsTwelveSizesShareThreePlans() throws {
        let input = try Fixtures.input("grid.json")
        let sharing = PlanSharing(layout: input.layout, content: input.content, estimate: .automatic(initial: 44))
        let sizer = CellSizer(typesetter: try Typesetter(fonts: try Fixtures.fonts()))
        for category in ContentSizeCategory.allCases {
            let environment = Self.environment(category)
            let (planned, lazy) = try sharing.planned(in: environment, sizer: sizer)
            let alone = try input.layout.boundPlan(input.content, in: environment).plan
            #expect(planned.plan.environment == environment)
            #expect(planned.plan.units == alone.units, "\(category)")
            #expect(planned.plan.sectionMarks == alone.sectionMarks)
            #expect(planned.plan.endOffset == alone.endOffset)
            #expect(lazy.count == alone.unitCount && (0..<lazy.count).allSatisfy { !lazy.isMeasured($0) })
        }
        #expect(sharing.plansMade == 3)
        // Another width is another plan.
        _ = try sharing.planned(in: Self.environment(.large, width: 320), sizer: sizer)
        #expect(sharing.plansMade == 4)
    }

    /// A layout that cannot say what its plan reads (a list: its plan has no key) is planned at
    /// every size.
    @Test func aLayoutWithoutAPlanKeyIsPlannedEachTime() throws {
        let input = try Fixtures.input("welcome.md")
        #expect(input.layout.planKey(input.content, in: Self.environment(.large)) == nil)
        let sharing = PlanSharing(layout: input.layout, content: input.content, estimate: .automatic(initial: 44))
        let sizer = CellSizer(typesetter: try Typesetter(fonts: try Fixtures.fonts()))
        for category in [ContentSizeCategory.large, .large, .extraLarge] {
            _ = try sharing.planned(in: Self.environment(category), sizer: sizer)
        }
        #expect(sharing.plansMade == 3)
    }
}
