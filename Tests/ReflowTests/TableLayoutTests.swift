import PropertyBased
import Testing
import TextMetrics
@testable import Reflow
import Readers
import TestSupport

/// The rule for Markdown tables (README, "Markdown tables"; `TableLayout`): columns sized in
/// proportion to their natural widths, none under its longest word, while the longest words fit;
/// one card of "header: value" lines per row otherwise. Expected frames are computed here from
/// the rule with the same sizer, not read back from the layout.
@Suite struct TableLayoutTests {
    static let markdown = """
        | Name | What it measures |
        |------|------------------|
        | Body | Running text in paragraphs and lists |
        | Supercalifragilistic | Headlines |
        """

    static func content() throws -> CollectionContent { CellMode.blocks.content(for: try Document(markdown: markdown)) }

    /// Per column: the longest word (in its cell, insets included) and the widest cell on one line.
    /// `containerWidth`: the container the table is in (its width class decides the cells' layout margins).
    static func measures(_ cells: [Cell], columns: Int, category: ContentSizeCategory, containerWidth: Double = 390,
                         sizer: CellSizer) throws -> (minimum: [Double], natural: [Double]) {
        var minimum = [Double](repeating: 0, count: columns), natural = minimum
        let environment = LayoutEnvironment(containerWidth: containerWidth, category: category).text
        for (index, cell) in cells.enumerated() {
            let column = index % columns
            natural[column] = max(natural[column], try sizer.measure(cell, proposal: SizeProposal(width: .unspecified), environment: environment).size.width)
            for word in cell.text.string.split(separator: " ") {
                var wordCell = Cell(kind: .word, style: cell.style, text: StyledText(String(word)))
                wordCell.followsLayoutMargins = cell.followsLayoutMargins
                minimum[column] = max(minimum[column],
                                      try sizer.measure(wordCell, proposal: SizeProposal(width: .unspecified), environment: environment).size.width)
            }
        }
        // The rule rounds minimums up to the point grid.
        return (minimum.map { ($0 * 64).rounded(.up) / 64 }, natural)
    }

    @Test func columnWidthsAreProportionalAndNoneUnderItsLongestWord() {
        // Proportional shares 225 and 75; the second column needs 100, the first gets the rest.
        #expect(TableLayout.columnWidths(minimum: [50, 100], natural: [300, 100], width: 300) == [200, 100])
        // Nothing binds: exactly proportional to the natural widths.
        #expect(TableLayout.columnWidths(minimum: [10, 10, 10], natural: [100, 200, 100], width: 400) == [100, 200, 100])
        // The longest words do not fit: no columns.
        #expect(TableLayout.columnWidths(minimum: [200, 101], natural: [200, 101], width: 300) == nil)
        // Exactly fitting minimums are columns.
        #expect(TableLayout.columnWidths(minimum: [200, 100], natural: [400, 100], width: 300) == [200, 100])
    }

    @Test func aTableThatFitsIsLaidOutInColumnsWithExactFrames() throws {
        let sizer = try Fixtures.sizer()
        let content = try Self.content()
        let cells = try content.sections[0].cells
        let environment = LayoutEnvironment(containerWidth: 390, category: .large)
        let snapshot = try ListLayout().layout(content, in: environment, sizer: sizer)

        let measures = try Self.measures(cells, columns: 2, category: .large, sizer: sizer)
        #expect(measures.minimum.reduce(0, +) <= 390, "the fixture fits as columns at L")
        let expectedWidths = try #require(TableLayout.columnWidths(minimum: measures.minimum, natural: measures.natural, width: 390))
        var expected: [Rect] = []
        var y = ListLayout.defaultSectionInsets.top
        for row in 0..<3 {
            let heights = try (0..<2).map { column in
                try sizer.size(of: cells[row * 2 + column], proposal: .width(expectedWidths[column]), category: .large).height
            }
            let height = max(heights.max()!, 44)
            expected.append(Rect(x: 0, y: y, width: expectedWidths[0], height: height))
            expected.append(Rect(x: expectedWidths[0], y: y, width: expectedWidths[1], height: height))
            y += height + ListLayout.defaultSpacing
        }
        let elements = snapshot.elements.sorted { $0.indexPath < $1.indexPath }
        #expect(elements.map(\.frame) == expected)
        let kinds: [Cell.Kind?] = [Cell.Kind.tableCell(isHeader: true), Cell.Kind.tableCell(isHeader: true)]
            + Array(repeating: Cell.Kind.tableCell(isHeader: false), count: 4)
        #expect(elements.map(\.cellKind) == kinds)
        #expect(elements.allSatisfy { $0.frame.height >= 44 })
        #expect(elements.map(\.sourceLine) == [1, 1, 3, 3, 4, 4])
        // Columns share the width in proportion to their content, the first held at its longest word.
        #expect(expectedWidths[0] >= measures.minimum[0] && expectedWidths[1] >= measures.minimum[1])
        #expect(abs(expectedWidths.reduce(0, +) - 390) < 2.0 / 64)
    }

    @Test func withoutAMinimumBindingColumnsAreExactlyProportionalToTheirContent() throws {
        let sizer = try Fixtures.sizer()
        let content = try Self.content()
        let cells = try content.sections[0].cells
        let environment = LayoutEnvironment(containerWidth: 1200, category: .large)
        let snapshot = try ListLayout().layout(content, in: environment, sizer: sizer)
        let measures = try Self.measures(cells, columns: 2, category: .large, containerWidth: 1200, sizer: sizer)
        let header = snapshot.elements.filter { $0.indexPath.item < 2 }.sorted { $0.indexPath < $1.indexPath }
        // A column's weight is its natural width (never less than its rounded-up minimum).
        let weights = zip(measures.natural, measures.minimum).map { max($0, $1) }
        let share = 1200 / weights.reduce(0, +)
        #expect(abs(header[0].frame.width - weights[0] * share) < 1.0 / 64)
        #expect(abs(header[1].frame.width - weights[1] * share) < 1.0 / 64)
        #expect(header[0].frame.width < header[1].frame.width, "the column with more text is wider")
    }

    /// Columns while the longest words fit, cards from the first category where they do not:
    /// checked at every category against the rule, and the switch must happen in between.
    @Test func theSwitchToCardsComesAtTheCategoryWhereTheLongestWordsNoLongerFit() throws {
        let sizer = try Fixtures.sizer()
        let content = try Self.content()
        let cells = try content.sections[0].cells
        var modes: [Bool] = []
        for category in ContentSizeCategory.allCases {
            let measures = try Self.measures(cells, columns: 2, category: category, sizer: sizer)
            let fits = measures.minimum.reduce(0, +) <= 390
            let snapshot = try ListLayout().layout(content, in: LayoutEnvironment(containerWidth: 390, category: category), sizer: sizer)
            let kinds = Set(snapshot.elements.compactMap(\.cellKind))
            #expect(kinds == (fits ? [.tableCell(isHeader: true), .tableCell(isHeader: false)] : [.tableRow]), "\(category)")
            #expect(snapshot.elements.allSatisfy { $0.frame.height >= 44 }, "\(category)")
            modes.append(fits)
        }
        // Columns at the small sizes, cards from some size on, and never back.
        #expect(modes.first == true && modes.last == false)
        #expect(modes == modes.sorted { $0 && !$1 }, "\(modes)")
    }

    @Test func aTableTooNarrowForColumnsBecomesOneCardPerRowWithExactFrames() throws {
        let sizer = try Fixtures.sizer()
        let content = try Self.content()
        let environment = LayoutEnvironment(containerWidth: 390, category: .accessibilityExtraExtraExtraLarge)
        let snapshot = try ListLayout().layout(content, in: environment, sizer: sizer)
        let cells = try content.sections[0].cells
        let table = TableLayout(shape: TableShape(columns: 2, rows: 3), section: 0, cells: cells,
                                insets: ListLayout.defaultSectionInsets, rowSpacing: ListLayout.defaultSpacing)
        let first = try #require(table.card(row: 1)), second = try #require(table.card(row: 2))
        #expect(first.texts.map(\.text.string) == ["Name: Body", "What it measures: Running text in paragraphs and lists"])
        #expect(first.texts[0].text.rangedRuns.first?.emphasis == .strong, "the header part is strong")
        let heights = try [first, second].map { try sizer.size(of: $0, proposal: .width(390), category: .accessibilityExtraExtraExtraLarge).height }
        let top = ListLayout.defaultSectionInsets.top
        #expect(snapshot.elements.map(\.frame) == [
            Rect(x: 0, y: top, width: 390, height: heights[0]),
            Rect(x: 0, y: top + heights[0] + ListLayout.defaultSpacing, width: 390, height: heights[1]),
        ])
        #expect(snapshot.elements.map(\.indexPath) == [IndexPath(item: 2, section: 0), IndexPath(item: 4, section: 0)])
        #expect(snapshot.elements.map(\.sourceLine) == [3, 4])
    }

    /// A table with only a header, or with rows that are all empty, keeps its header names as one
    /// card when it turns into cards: it never vanishes at a larger size while it shows at a smaller.
    @Test(arguments: ["| Name | Value |\n|---|---|\n", "| Name | Value |\n|---|---|\n|  |  |\n"])
    func aTableWithoutValuesShowsItsHeaderAsOneCard(_ markdown: String) throws {
        let sizer = try Fixtures.sizer()
        let content = CellMode.blocks.content(for: try Document(markdown: markdown))
        let snapshot = try ListLayout().layout(content, in: LayoutEnvironment(containerWidth: 120, category: .accessibilityExtraExtraExtraLarge),
                                               sizer: sizer)
        let card = try #require(snapshot.elements.first)
        #expect(snapshot.elements.count == 1)
        #expect(card.cellKind == .tableRow && card.indexPath == IndexPath(item: 0, section: 0) && card.sourceLine == 1)
        let table = TableLayout(shape: content.sections[0].table!, section: 0, cells: try content.sections[0].cells,
                                insets: ListLayout.defaultSectionInsets, rowSpacing: ListLayout.defaultSpacing)
        let header = try #require(table.headerCard())
        #expect(header.texts.map(\.text.string) == ["Name", "Value"])
        #expect(header.texts.allSatisfy { $0.text.rangedRuns.allSatisfy { $0.emphasis.contains(.strong) } })
    }

    /// 320 pt at L is already too narrow for this fixture's longest words plus their insets.
    @Test func aNarrowContainerGetsCardsAtTheDefaultSize() throws {
        let sizer = try Fixtures.sizer()
        let wide = "| Column | Another |\n|---|---|\n| Internationalization | Characteristically |\n"
        let content = CellMode.blocks.content(for: try Document(markdown: wide))
        let cells = try content.sections[0].cells
        let measures = try Self.measures(cells, columns: 2, category: .large, sizer: sizer)
        let at320 = try ListLayout().layout(content, in: LayoutEnvironment(containerWidth: 320, category: .large), sizer: sizer)
        let at600 = try ListLayout().layout(content, in: LayoutEnvironment(containerWidth: 600, category: .large), sizer: sizer)
        #expect(measures.minimum.reduce(0, +) > 320 && measures.minimum.reduce(0, +) <= 600)
        #expect(at320.elements.map(\.cellKind) == [.tableRow])
        #expect(at600.elements.count == 4)
    }

    @Test func rightToLeftMirrorsTheColumns() throws {
        let sizer = try Fixtures.sizer()
        let content = try Self.content()
        let ltr = try ListLayout().layout(content, in: LayoutEnvironment(containerWidth: 390, category: .large), sizer: sizer)
        let rtl = try ListLayout().layout(content, in: LayoutEnvironment(containerWidth: 390, category: .large, layoutDirection: .rightToLeft),
                                          sizer: sizer)
        for (a, b) in zip(ltr.elements.sorted { $0.indexPath < $1.indexPath }, rtl.elements.sorted { $0.indexPath < $1.indexPath }) {
            #expect(b.frame == Rect(x: 390 - a.frame.maxX, y: a.frame.minY, width: a.frame.width, height: a.frame.height))
        }
    }

    /// A scroll session through Examples/tables.md ends in the eager frames at every size, tables
    /// in columns and as cards alike.
    @Test func aScrollSessionThroughTablesEndsInTheEagerFrames() throws {
        let content = CellMode.blocks.content(for: try Fixtures.example("tables.md"))
        for category in ContentSizeCategory.allCases {
            var session = try LazyEqualsEagerTests.session(ListLayout(), content, category: category)
            let summary = try session.run()
            #expect(try LazyEagerCheck.holds(viewport: session.viewport, planned: session.planned), "\(category.shortName)")
            #expect(summary.maxAnchorJump == 0)
        }
    }

    static let words = ["a", "of", "text", "reflow", "44 pt", "accessibility", "internationalization", "**strong**",
                        "`code`", "https://example.com/a/long/path", ""]

    /// Generated tables, any width and size, both directions: cells never overlap, every element
    /// is at least 44 pt tall and inside the content (a sideways table's inside its scrolling
    /// width); in columns, every cell of a row has the row's height and the columns fill the width
    /// without passing it, or, sideways, pass it by at most a screen; as cards, every card spans
    /// the width.
    @Test func generatedTablesKeepTheRule() async throws {
        let sizer = try Fixtures.sizer()
        let tables = Gen.int(in: 0...1_000_000).array(of: 2...24)
        await propertyCheck(count: 100, input: tables, Gen.double(in: 220...900)) { seeds, width in
            let columns = 1 + seeds[0] % 4
            let rows = seeds.dropFirst().chunked(columns)
            var markdown = "| " + (0..<columns).map { "H\($0) " + Self.words[(seeds[0] / ($0 + 1)) % Self.words.count] }
                .joined(separator: " | ") + " |\n|" + String(repeating: "---|", count: columns) + "\n"
            for row in rows {
                markdown += "| " + row.map { Self.words[$0 % Self.words.count] + " " + Self.words[($0 / 13) % Self.words.count] }
                    .joined(separator: " | ") + " |\n"
            }
            let content = CellMode.blocks.content(for: try Document(markdown: markdown))
            for direction in LayoutDirection.allCases {
                for category in [ContentSizeCategory.extraSmall, .large, .accessibilityMedium, .accessibilityExtraExtraExtraLarge] {
                    let environment = LayoutEnvironment(containerWidth: width, category: category, layoutDirection: direction)
                    guard let snapshot = try? ListLayout().layout(content, in: environment, sizer: sizer) else {
                        Issue.record("no layout at \(width) \(category.shortName)")
                        return
                    }
                    let sideways = snapshot.scrollingWidths[0]
                    let reach = sideways ?? width
                    let left = direction == .rightToLeft ? width - reach : 0
                    let bounds = Rect(x: left, y: 0, width: reach, height: snapshot.contentSize.height)
                    for element in snapshot.elements {
                        #expect(element.frame.height >= 44, "\(category.shortName) \(element.indexPath)")
                        #expect(bounds.contains(element.frame), "\(element.frame) in \(bounds)")
                    }
                    let overlaps = LayoutContract.overlaps(snapshot.elements)
                    #expect(overlaps.isEmpty, "\(category.shortName) \(width): \(overlaps)")
                    let asCards = snapshot.elements.contains { $0.cellKind == .tableRow }
                    if asCards {
                        #expect(snapshot.elements.allSatisfy { $0.cellKind == .tableRow && $0.frame.width == width })
                    } else {
                        #expect(snapshot.elements.count == (rows.count + 1) * columns)
                        for row in Dictionary(grouping: snapshot.elements, by: { $0.indexPath.item / columns }).values {
                            #expect(Set(row.map(\.frame.height)).count == 1, "a row's cells share its height")
                            let used = row.map(\.frame.width).reduce(0, +)
                            if sideways != nil {
                                #expect(used > width && used <= 2 * width + 1e-9, "sideways: \(used) of \(width)")
                            } else {
                                #expect(used <= width + 1e-9 && used > width - Double(columns) / 64 - 1e-9, "\(used) of \(width)")
                            }
                        }
                    }
                }
            }
        }
    }
}

extension Collection where Index == Int {
    /// The elements in runs of `size` (the last may be shorter, padded by cmark-gfm's table).
    fileprivate func chunked(_ size: Int) -> [[Element]] {
        stride(from: startIndex, to: endIndex, by: size).map { Array(self[$0..<Swift.min($0 + size, endIndex)]) }
    }
}
