import Foundation
import Testing
import TextMetrics
@testable import Reflow

/// The lazy layout, after a scroll session through the whole document, must end in exactly the
/// frames of the eager `ListLayout`: every category, fixed and automatic estimates.
@Suite struct LazyEqualsEagerTests {
    static let estimates: [Estimate] = [.fixed(200), .automatic(initial: 44)]

    @Test(arguments: ["welcome.md", "article.txt"])
    func scrollSessionEndsInTheEagerFrames(_ example: String) throws {
        let sections = CellMode.blocks.cells(for: try Fixtures.example(example))
        for category in ContentSizeCategory.allCases {
            let environment = LayoutEnvironment(containerWidth: 390, category: category)
            let sizer = try Fixtures.sizer()
            let eager = try ListLayout().prepared(sections, in: environment, sizer: sizer)
            let frames = eager.allLayoutAttributes.map(\.frame)
            for estimate in Self.estimates {
                let content = DocumentScrollContent(sections: sections, environment: environment, sizer: try Fixtures.sizer())
                var configuration = ScrollSession.Configuration(category: category, viewportHeight: 600)
                configuration.estimate = estimate
                configuration.speed = 6_000
                var session = ScrollSession(content: content, configuration: configuration)
                let summary = try session.run()
                #expect(summary.maxAnchorJump == 0)
                let layout = session.viewport.layout
                #expect(layout.measuredRows == frames.count, "\(example) \(category.shortName) \(estimate): every row measured")
                let lazyY = layout.allY()
                for (row, frame) in frames.enumerated() {
                    #expect(lazyY[row] == frame.minY, "\(example) \(category.shortName) \(estimate) row \(row): y")
                    #expect(layout.height(of: row) == frame.height, "\(example) \(category.shortName) \(estimate) row \(row): height")
                    let attributes = try content.attributes(ofRow: row, y: lazyY[row], category: category)
                    #expect(attributes.frame == frame)
                }
                var final = layout
                #expect(final.contentHeight() == eager.contentSize.height)
            }
        }
    }

    @Test func aTextSizeChangeMidwayNeverMovesTheAnchor() throws {
        let sections = CellMode.blocks.cells(for: try Fixtures.example("welcome.md"))
        for (from, to) in [(ContentSizeCategory.large, ContentSizeCategory.accessibilityExtraExtraExtraLarge),
                           (.accessibilityExtraExtraExtraLarge, .extraSmall), (.medium, .extraExtraExtraLarge)] {
            let content = DocumentScrollContent(sections: sections, environment: LayoutEnvironment(containerWidth: 390, category: from),
                                                sizer: try Fixtures.sizer())
            var configuration = ScrollSession.Configuration(category: from, viewportHeight: 500)
            configuration.categoryChange = (0.4, to)
            configuration.speed = 4_000
            var session = ScrollSession(content: content, configuration: configuration)
            let summary = try session.run()
            #expect(session.frames.contains { $0.categoryChanged })
            #expect(summary.maxAnchorJump == 0, "\(from.shortName) → \(to.shortName)")
            #expect(session.frames.allSatisfy { $0.anchorJump == 0 })
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
        let sections = CellMode.blocks.cells(for: Self.generatedDocument(paragraphs: 300))
        var errors: [String: Double] = [:]
        for estimate in Self.estimates {
            let content = DocumentScrollContent(sections: sections, environment: LayoutEnvironment(containerWidth: 390, category: .accessibilityMedium),
                                                sizer: try Fixtures.sizer())
            var configuration = ScrollSession.Configuration(category: .accessibilityMedium, viewportHeight: 844)
            configuration.estimate = estimate
            var session = ScrollSession(content: content, configuration: configuration)
            errors[estimate.description] = try session.run().estimateError
        }
        #expect(errors["auto"]! < errors["fixed:200.0"]!, "\(errors)")
    }
}
