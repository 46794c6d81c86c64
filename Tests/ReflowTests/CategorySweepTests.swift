import Synchronization
import Testing
import TextMetrics
@testable import Reflow
import TestSupport

@Suite struct CategorySweepTests {
    @Test func groupsSplitWhereBodyTextChangesCut() {
        let groups = CategorySweep.groups(ContentSizeCategory.allCases)
        #expect(groups.map(\.count) == [5, 7])
        #expect(groups[0].last == .extraLarge && groups[1].first == .extraExtraLarge)
    }

    @Test func sweepingOnTwoThreadsGivesTheSequentialLayouts() throws {
        let sections = CellMode.blocks.content(for: try Fixtures.example("welcome.md"))
        let swept = try CategorySweep.map(
            sections, categories: ContentSizeCategory.allCases.reversed(), containerWidth: 390,
            makeSizer: { try Fixtures.sizer() }, layout: ListLayout(),
            transform: { LayoutReport($0) })
        let sizer = try Fixtures.sizer()
        for (report, category) in zip(swept, ContentSizeCategory.allCases.reversed()) {
            let environment = LayoutEnvironment(containerWidth: 390, category: category)
            let sequential = LayoutReport(try ListLayout().layout(sections, in: environment, sizer: sizer))
            #expect(report == sequential, "\(category.shortName)")
        }
    }

    /// Progress comes once per category from the two workers, never two calls at once, rising to 1.
    @Test func progressCountsEveryCategoryOnceInOrder() throws {
        let sections = CellMode.blocks.content(for: try Fixtures.example("welcome.md"))
        let seen = Mutex<[Double]>([])
        let inCall = Mutex(false)
        let overlapped = Mutex(false)
        _ = try CategorySweep.map(
            sections, categories: ContentSizeCategory.allCases, containerWidth: 390,
            makeSizer: { try Fixtures.sizer() }, layout: ListLayout(),
            transform: { $0.environment.category },
            progress: { fraction in
                if inCall.withLock({ busy in defer { busy = true }; return busy }) { overlapped.withLock { $0 = true } }
                seen.withLock { $0.append(fraction) }
                inCall.withLock { $0 = false }
            })
        let fractions = seen.withLock { $0 }
        #expect(fractions == (1...12).map { Double($0) / 12 })
        #expect(!overlapped.withLock { $0 }, "two progress calls ran at the same time")
    }

    /// A size asked for twice is laid out once and delivered at both places, in the order asked.
    @Test func aCategoryAskedForTwiceIsLaidOutOnceAndDeliveredTwice() throws {
        let sections = CellMode.blocks.content(for: try Fixtures.example("welcome.md"))
        let layouts = Atomic<Int>(0)
        let asked: [ContentSizeCategory] = [.large, .accessibilityExtraExtraExtraLarge, .large, .small, .accessibilityExtraExtraExtraLarge]
        let swept = try CategorySweep.map(
            sections, categories: asked, containerWidth: 390,
            makeSizer: { try Fixtures.sizer() }, layout: ListLayout(),
            transform: { snapshot in
                layouts.add(1, ordering: .relaxed)
                return LayoutReport(snapshot)
            })
        #expect(swept.map(\.environment.category) == asked.map(\.shortName))
        #expect(swept[0] == swept[2] && swept[1] == swept[4])
        #expect(layouts.load(ordering: .relaxed) == 3)
    }
}
