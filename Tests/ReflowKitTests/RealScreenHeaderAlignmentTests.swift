import Foundation
import Readers
import Reflow
import ReflowKit
import TestSupport
import Testing
import TextMetrics

/// Section headers of the corpus's real-app screens (Tests/Corpus/strings) stand over their
/// section's content, as a UIKit list's do (issue 38, row 10): Ice Cubes' profile's "Also
/// followed by" over its band of avatars (cells without insets, the section inset 16 pt) starts
/// at the avatars' edge, not a layout margin further in; its settings' headers over their rows'
/// icons. At L and AX5, left to right and right to left.
@Suite struct RealScreenHeaderAlignmentTests {
    static let corpus = Fixtures.repository.appendingPathComponent("Tests/Corpus/strings/Dimillian--IceCubesApp")

    struct Case: Sendable, CustomTestStringConvertible {
        var category: ContentSizeCategory
        var direction: LayoutDirection
        var testDescription: String { "\(category.shortName) \(direction)" }
    }

    static let cases = [ContentSizeCategory.large, .accessibilityExtraExtraExtraLarge].flatMap { category in
        LayoutDirection.allCases.map { Case(category: category, direction: $0) }
    }

    /// Each section with a header and cells: the header's text frame and its first cell's first content.
    static func headersAndContent(_ screen: String, _ test: Case) throws -> [(section: Int, header: Rect, content: Rect)] {
        let input = try DocumentReader().localized(at: corpus.appendingPathComponent(screen).path).input(in: nil)
        let environment = LayoutEnvironment(containerWidth: 390, category: test.category, layoutDirection: test.direction)
        let snapshot = try input.layout.layout(input.content, in: environment, sizer: try Fixtures.sizer())
        return try input.content.sections.indices.compactMap { section in
            guard let header = snapshot.attributes(.header, at: IndexPath(item: 0, section: section)),
                  let cell = snapshot.attributes(.cell, at: IndexPath(item: 0, section: section)) else { return nil }
            return (section, try #require(header.content.first?.frame), try #require(cell.content.first?.frame))
        }
    }

    static func leadingEdge(_ rect: Rect, _ direction: LayoutDirection) -> Double {
        direction == .rightToLeft ? 390 - rect.maxX : rect.minX
    }

    @Test(arguments: cases)
    func theProfilesAlsoFollowedByStartsAtTheAvatars(_ test: Case) throws {
        let found = try Self.headersAndContent("profile.json", test)
        let band = try #require(found.first { $0.section == 4 })
        #expect(Self.leadingEdge(band.content, test.direction) == 16, "the avatars at the section's 16 pt inset")
        #expect(abs(Self.leadingEdge(band.header, test.direction) - 16) < 0.5,
                "header text at \(Self.leadingEdge(band.header, test.direction)), avatars at 16")
    }

    @Test(arguments: cases)
    func theSettingsHeadersStandOverTheirRowsIcons(_ test: Case) throws {
        let found = try Self.headersAndContent("settings.json", test)
        #expect(found.count >= 5)
        for (section, header, content) in found {
            #expect(abs(Self.leadingEdge(header, test.direction) - Self.leadingEdge(content, test.direction)) < 0.5, "section \(section)")
        }
    }
}
