import Foundation
import Testing
import TextMetrics
@testable import Reflow
import Readers
import TestSupport

/// A Markdown table of short values whose minimums do not fit the screen's width scrolls
/// sideways at its minimum columns, as GitHub shows it (and as a code block wider than its cell
/// does), while its columns are readable so, and becomes cards where they are not (issue 38;
/// `TableLayout`'s rule, docs/documents.md "Tables"). A table's height never decreases as the
/// text size grows: it turns sideways, and then into cards, once each, in that order.
@Suite struct SidewaysTableTests {
    /// Moya's version table, written here: four columns of version ranges.
    static let versions = """
        | Swift | Moya           | RxMoya          | ReactiveMoya   |
        | ----- | -------------- |---------------- |--------------- |
        | 5.X   | >= 13.0.0      | >= 13.0.0       | >= 13.0.0      |
        | 4.X   | 9.0.0 - 12.0.1 | 10.0.0 - 12.0.1 | 9.0.0 - 12.0.1 |
        | 2.2   | <= 7.0.1       | <= 7.0.1        | <= 7.0.1       |
        """

    /// Eight columns of short values: two screens wide at L already.
    static let wide = """
        | Platform | Minimum | Swift | Xcode | Package | Carthage | CocoaPods | Status |
        |---|---|---|---|---|---|---|---|
        | iOS | 12.0 | 5.9 | 15.0 | supported | supported | supported | stable |
        | macOS | 10.15 | 5.9 | 15.0 | supported | supported | supported | stable |
        """

    static let moya = Fixtures.repository.appendingPathComponent("Tests/Corpus/markdown/Moya--Moya--Readme_CN.md")

    @Test func sidewaysWidthsFollowTheRule() {
        // Minimums 140 + 140 + 140 do not fit 300 but fit two screens, none over half the screen:
        // each column its minimum, up to the point grid.
        #expect(TableLayout.sidewaysWidths(minimum: [140, 140, 140.001], width: 300) == [140, 140, 140 + 1.0 / 64] as [Double])
        // Minimums that fit are columns in the width, not sideways.
        #expect(TableLayout.sidewaysWidths(minimum: [100, 150], width: 300) == nil)
        // A column over half the screen, or minimums over two screens: cards.
        #expect(TableLayout.sidewaysWidths(minimum: [151, 150], width: 300) == nil)
        #expect(TableLayout.sidewaysWidths(minimum: [150, 150, 150, 150, 1], width: 300) == nil)
    }

    static func layout(_ content: CollectionContent, _ category: ContentSizeCategory, width: Double = 390,
                       direction: LayoutDirection = .leftToRight) throws -> LayoutSnapshot {
        try ListLayout().layout(content, in: LayoutEnvironment(containerWidth: width, category: category, layoutDirection: direction),
                                sizer: try Fixtures.sizer())
    }

    /// The table's section in `content` (the first with `columns` columns).
    static func table(in content: CollectionContent, columns: Int) throws -> (section: Int, shape: TableShape) {
        let section = try #require(content.sections.firstIndex { $0.table?.columns == columns })
        return (section, try #require(content.sections[section].table))
    }

    /// How a table's section is shown in `snapshot`: 0 columns in the width, 1 sideways, 2 cards.
    static func form(_ snapshot: LayoutSnapshot, section: Int) -> Int {
        if snapshot.elements.contains(where: { $0.indexPath.section == section && $0.cellKind == .tableRow }) { return 2 }
        return snapshot.scrollingWidths[section] == nil ? 0 : 1
    }

    /// At L the four columns keep their places, each exactly its minimum (its longest word),
    /// wider than the screen together; the section's scrolling width is the rows' width, and the
    /// plan says the section scrolls sideways. At AX5 the rows are cards within the screen.
    static func checkVersions(_ content: CollectionContent) throws {
        let (section, shape) = try Self.table(in: content, columns: 4)
        let cells = try content.sections[section].cells
        let large = try Self.layout(content, .large)
        let elements = large.elements.filter { $0.indexPath.section == section }
        #expect(elements.count == cells.count, "one element per cell: columns, not cards")
        #expect(elements.allSatisfy { if case .tableCell = $0.cellKind { true } else { false } })
        let measures = try TableLayoutTests.measures(cells, columns: shape.columns, category: .large, sizer: try Fixtures.sizer())
        let header = elements.filter { $0.indexPath.item < shape.columns }.sorted { $0.indexPath.item < $1.indexPath.item }
        for (column, element) in header.enumerated() {
            #expect(element.frame.width == (measures.minimum[column] * 64).rounded(.up) / 64, "column \(column) at its minimum")
        }
        let right = try #require(header.last?.frame.maxX)
        #expect(right > 390, "the rows reach past the screen")
        #expect(large.scrollingWidths[section] == right, "the section scrolls sideways over the rows' width")
        #expect(try ListLayout().plan(content, in: LayoutEnvironment(containerWidth: 390, category: .large)).orthogonalSections.contains(section))

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
        try Self.checkVersions(CellMode.blocks.content(for: try Document(markdown: Self.versions)))
    }

    @Test func moyasChineseReadmeVersionTableScrollsSidewaysAtL() throws {
        let input = try LayoutInput(bytes: Array(try Data(contentsOf: Self.moya)), format: .commonMark)
        try Self.checkVersions(input.content)
    }

    /// Eight columns: sideways at xS (within two screens), cards at AX5 (a row would be many
    /// screens wide).
    @Test func aWideManyColumnTableIsCardsAtAX5() throws {
        let content = CellMode.blocks.content(for: try Document(markdown: Self.wide))
        #expect(Self.form(try Self.layout(content, .extraSmall), section: 0) == 1)
        #expect(Self.form(try Self.layout(content, .accessibilityExtraExtraExtraLarge), section: 0) == 2)
    }

    /// Every table of the corpus and the examples, alone, at 320 and 390 pt: its form goes from
    /// columns to sideways to cards in order of size, never back, and its height never decreases
    /// from one size to the next where it is sideways at either size or cards at both (issue 38:
    /// the first sideways rule, each column its widest cell, made tables.md 1,446 pt at xS and
    /// 1,091 pt at S). Columns in the width are the rule from before sideways tables, and so is
    /// their straight turn into cards: both may drop (`LayoutContract.heightDrops` says why).
    @Test func everyTableGrowsWithTheTextSize() throws {
        let folders = ["Tests/Corpus/markdown", "Examples"].map { Fixtures.repository.appendingPathComponent($0) }
        var tables = 0
        var failures: [String] = []
        for folder in folders {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.sorted()
            for name in names {
                let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
                guard bytes.contains(UInt8(ascii: "|")) else { continue }
                let content = try LayoutInput(bytes: bytes, format: .commonMark).content
                for section in content.sections where section.table != nil {
                    tables += 1
                    let alone = CollectionContent(sections: [section])
                    for width in [320.0, 390] {
                        var forms: [Int] = []
                        var heights: [Double] = []
                        for category in ContentSizeCategory.allCases {
                            let snapshot = try Self.layout(alone, category, width: width)
                            forms.append(Self.form(snapshot, section: 0))
                            heights.append(snapshot.contentSize.height)
                        }
                        let drops = heights.indices.dropFirst().contains { next in
                            heights[next] < heights[next - 1] && !(forms[next - 1] == 0 && forms[next] != 1)
                        }
                        if forms != forms.sorted() || drops {
                            failures.append("\(name) table \(tables) at \(Int(width)) pt: forms \(forms), heights \(heights)")
                        }
                    }
                }
            }
        }
        #expect(tables >= 10, "the corpus has its tables")
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
