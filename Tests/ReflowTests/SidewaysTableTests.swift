import Foundation
import Testing
import TextMetrics
@testable import Reflow
import Readers
import TestSupport

/// A Markdown table of short values too wide for the screen's width scrolls sideways as GitHub
/// shows it (and as a code block wider than its cell does) while its columns are readable, and
/// becomes cards where they are not (issue 38; `TableLayout`'s rule, docs/documents.md "Tables").
@Suite struct SidewaysTableTests {
    /// Moya's version table, written here: four columns of version ranges.
    static let versions = """
        | Swift | Moya           | RxMoya          | ReactiveMoya   |
        | ----- | -------------- |---------------- |--------------- |
        | 5.X   | >= 13.0.0      | >= 13.0.0       | >= 13.0.0      |
        | 4.X   | 9.0.0 - 12.0.1 | 10.0.0 - 12.0.1 | 9.0.0 - 12.0.1 |
        | 2.2   | <= 7.0.1       | <= 7.0.1        | <= 7.0.1       |
        """

    static let moya = Fixtures.repository.appendingPathComponent("Tests/Corpus/markdown/Moya--Moya--Readme_CN.md")

    @Test func sidewaysWidthsFollowTheRule() {
        // Minimums 150 + 150 + 150 do not fit 300 but fit 600: each column its natural width.
        #expect(TableLayout.sidewaysWidths(minimum: [150, 150, 150], natural: [160, 200, 150], width: 300) == [160, 200, 150])
        // A natural width is rounded up to the point grid, never down: 1/128 pt short, its
        // widest cell wrapped its last word (Moya's "9.0.0 - 12.0.1" at L).
        #expect(TableLayout.sidewaysWidths(minimum: [150, 150, 150], natural: [160.001, 200, 150], width: 300)?.first == 160 + 1.0 / 64)
        // A natural width over the screen's is capped at the screen's.
        #expect(TableLayout.sidewaysWidths(minimum: [100, 250], natural: [900, 250], width: 300) == [300, 250])
        // Comfortable widths over two screens: two screens shared in proportion, none under its minimum.
        #expect(TableLayout.sidewaysWidths(minimum: [250, 250, 50], natural: [300, 300, 300], width: 300) == [250, 250, 100])
        // A word wider than the screen, or minimums over two screens: not readable sideways.
        #expect(TableLayout.sidewaysWidths(minimum: [301, 10], natural: [301, 10], width: 300) == nil)
        #expect(TableLayout.sidewaysWidths(minimum: [250, 250, 250], natural: [250, 250, 250], width: 300) == nil)
    }

    static func layout(_ content: CollectionContent, _ category: ContentSizeCategory,
                       direction: LayoutDirection = .leftToRight) throws -> LayoutSnapshot {
        try ListLayout().layout(content, in: LayoutEnvironment(containerWidth: 390, category: category, layoutDirection: direction),
                                sizer: try Fixtures.sizer())
    }

    /// The table's section in `content`, its cells and its shape.
    static func table(in content: CollectionContent) throws -> (section: Int, cells: [Cell], shape: TableShape) {
        let section = try #require(content.sections.firstIndex { $0.table?.columns == 4 })
        return (section, try content.sections[section].cells, try #require(content.sections[section].table))
    }

    /// At L the four columns keep their places, wider than the screen together, each at least its
    /// longest word and at most the screen's width; the section's scrolling width is the rows'
    /// width. At AX5 a version range alone is about as wide as the screen: cards.
    static func checkTable(_ content: CollectionContent) throws {
        let (section, cells, shape) = try Self.table(in: content)
        let large = try Self.layout(content, .large)
        let elements = large.elements.filter { $0.indexPath.section == section }
        #expect(elements.count == cells.count, "one element per cell: columns, not cards")
        #expect(elements.allSatisfy { if case .tableCell = $0.cellKind { true } else { false } })
        #expect(elements.allSatisfy { $0.frame.height == 44 }, "every version range on one line")
        let measures = try TableLayoutTests.measures(cells, columns: shape.columns, category: .large, sizer: try Fixtures.sizer())
        let header = elements.filter { $0.indexPath.item < shape.columns }.sorted { $0.indexPath.item < $1.indexPath.item }
        for (column, element) in header.enumerated() {
            #expect(element.frame.width >= measures.minimum[column] - 1.0 / 64, "column \(column) under its longest word")
            #expect(element.frame.width <= 390)
        }
        let right = try #require(header.last?.frame.maxX)
        #expect(right > 390, "the rows reach past the screen")
        #expect(large.scrollingWidths[section] == right, "the section scrolls sideways over the rows' width")
        let report = LayoutReport(large)
        #expect(report.scrollingWidths?.contains { $0.section == section && abs($0.width - right) < 0.01 } == true, "the layout JSON says so")

        let ax5 = try Self.layout(content, .accessibilityExtraExtraExtraLarge)
        let cards = ax5.elements.filter { $0.indexPath.section == section }
        #expect(!cards.isEmpty && cards.allSatisfy { $0.cellKind == .tableRow && $0.frame.maxX <= 390 })
        #expect(ax5.scrollingWidths[section] == nil)

        // Right to left, the same columns mirrored: the first column at the right edge.
        let rtl = try Self.layout(content, .large, direction: .rightToLeft)
        let mirrored = rtl.elements.filter { $0.indexPath.section == section }.sorted { $0.indexPath.item < $1.indexPath.item }
        for (a, b) in zip(elements.sorted { $0.indexPath.item < $1.indexPath.item }, mirrored) {
            #expect(b.frame == Rect(x: 390 - a.frame.maxX, y: a.frame.minY, width: a.frame.width, height: a.frame.height))
        }
    }

    @Test func aTableOfShortValuesScrollsSidewaysAtLAndIsCardsAtAX5() throws {
        try Self.checkTable(CellMode.blocks.content(for: try Document(markdown: Self.versions)))
    }

    @Test func moyasChineseReadmeVersionTableScrollsSidewaysAtL() throws {
        let input = try LayoutInput(bytes: Array(try Data(contentsOf: Self.moya)), format: .commonMark)
        try Self.checkTable(input.content)
    }

    /// From small sizes to large: columns in the width, then sideways, then cards, never back.
    @Test func theModesComeInOrderOfSize() throws {
        let content = CellMode.blocks.content(for: try Document(markdown: Self.versions))
        var modes: [Int] = []
        for category in ContentSizeCategory.allCases {
            let snapshot = try Self.layout(content, category)
            let cards = snapshot.elements.contains { $0.cellKind == .tableRow }
            modes.append(cards ? 2 : snapshot.scrollingWidths[0] != nil ? 1 : 0)
        }
        #expect(modes == modes.sorted(), "\(modes)")
        #expect(modes.contains(1) && modes.last == 2, "\(modes)")
    }
}
