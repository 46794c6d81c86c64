import Foundation
import Testing
import TextMetrics
@testable import Reflow
import Readers
import TestSupport

/// The lazy layout, after a scroll session through the whole document, must end in exactly the
/// frames of the eager `ListLayout`: every category, fixed and automatic estimates.
@Suite struct LazyEqualsEagerTests {
    static let estimates: [Estimate] = [.fixed(200), .automatic(initial: 44)]

    static func session(_ layout: any CollectionLayout, _ content: CollectionContent, category: ContentSizeCategory,
                        estimate: Estimate = .automatic(initial: 44), viewport: Double = 600, speed: Double = 6_000,
                        change: (Double, ContentSizeCategory)? = nil) throws -> ScrollSession {
        var configuration = ScrollSession.Configuration(viewportHeight: viewport)
        configuration.estimate = estimate
        configuration.speed = speed
        configuration.categoryChange = change
        return try ScrollSession(layout: layout, content: content, environment: LayoutEnvironment(containerWidth: 390, category: category),
                                 sizer: try Fixtures.sizer(), configuration: configuration)
    }

    @Test(arguments: ["welcome.md", "article.txt"])
    func aListScrollSessionEndsInTheEagerFrames(_ example: String) throws {
        let content = CellMode.blocks.content(for: try Fixtures.example(example))
        for category in ContentSizeCategory.allCases {
            let environment = LayoutEnvironment(containerWidth: 390, category: category)
            let eager = try ListLayout().layout(content, in: environment, sizer: try Fixtures.sizer())
            for estimate in Self.estimates {
                var session = try Self.session(ListLayout(), content, category: category, estimate: estimate)
                let summary = try session.run()
                #expect(summary.maxAnchorJump == 0)
                #expect(try LazyEagerCheck.holds(viewport: session.viewport, planned: session.planned), "\(example) \(category.shortName) \(estimate)")
                // The same, checked here against the eager snapshot's own frames.
                var layout = session.viewport.layout
                #expect(layout.measuredUnits == eager.unitTops.count)
                let lazyY = layout.allY()
                for unit in 0..<layout.count {
                    #expect(lazyY[unit] == eager.unitTops[unit], "\(example) \(category.shortName) \(estimate) unit \(unit): y")
                    #expect(layout.height(of: unit) == eager.unitHeights[unit])
                    let lazyFrames = try session.planned.attributes(ofUnit: unit, top: lazyY[unit]).map(\.frame)
                    #expect(lazyFrames == [eager.cells[unit].frame])
                }
                #expect(layout.contentHeight() == eager.contentSize.height)
            }
        }
    }

    /// Word cells in a flow layout: units are whole blocks (a flow's lines depend on every word
    /// before them), estimated per word; the session still ends in the eager frames.
    @Test func aFlowOfWordCellsEndsInTheEagerFramesInEveryCategory() throws {
        let content = CellMode.words.content(for: try Fixtures.example("welcome.md"))
        for category in ContentSizeCategory.allCases {
            var session = try Self.session(FlowLayout(), content, category: category)
            let summary = try session.run()
            #expect(try LazyEagerCheck.holds(viewport: session.viewport, planned: session.planned), "\(category.shortName)")
            #expect(summary.maxAnchorJump == 0)
            #expect(summary.units == content.sections.filter { $0.cellCount > 0 }.count)
        }
    }

    @Test func aTextSizeChangeMidwayNeverMovesTheAnchor() throws {
        let content = CellMode.blocks.content(for: try Fixtures.example("welcome.md"))
        for (from, to) in [(ContentSizeCategory.large, ContentSizeCategory.accessibilityExtraExtraExtraLarge),
                           (.accessibilityExtraExtraExtraLarge, .extraSmall), (.medium, .extraExtraExtraLarge)] {
            for layout in [ListLayout() as any CollectionLayout, FlowLayout()] {
                var session = try Self.session(layout, content, category: from, viewport: 500, speed: 4_000, change: (0.4, to))
                let summary = try session.run()
                #expect(session.frames.contains { $0.categoryChanged })
                #expect(summary.maxAnchorJump == 0, "\(from.shortName) → \(to.shortName)")
                #expect(session.frames.allSatisfy { $0.anchorJump == 0 })
                #expect(try LazyEagerCheck.holds(viewport: session.viewport, planned: session.planned), "after the change, at \(to.shortName)")
            }
        }
    }

    /// A plain-text document of `count` paragraphs whose lengths vary from a few words to many.
    static func generatedDocument(paragraphs count: Int) -> Document {
        let words = ["reflow", "text", "size", "accessible", "layout", "cell", "measure", "estimate", "the", "a",
                     "of", "invalidation", "viewport", "typography", "line", "break"]
        var state: UInt64 = 42
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % bound
        }
        let paragraphs = (0..<count).map { _ in
            (0..<(3 + next(120))).map { _ in words[next(words.count)] }.joined(separator: " ")
        }
        return Document(plainText: paragraphs.joined(separator: "\n\n"))
    }

    @Test func theAutomaticEstimateBeatsAPoorFixedOne() throws {
        let content = CellMode.blocks.content(for: Self.generatedDocument(paragraphs: 300))
        var errors: [String: Double] = [:]
        for estimate in Self.estimates {
            var session = try Self.session(ListLayout(), content, category: .accessibilityMedium, estimate: estimate,
                                           viewport: 844, speed: 3_000)
            errors[estimate.description] = try session.run().estimateError
        }
        #expect(errors["auto"]! < errors["fixed:200.0"]!, "\(errors)")
    }
}
