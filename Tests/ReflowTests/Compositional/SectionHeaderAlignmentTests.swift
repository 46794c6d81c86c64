import Testing
import TextMetrics
@testable import Reflow
import TestSupport

/// A section's header text lines up with the section's content, as a UIKit list's header stands
/// over its cells (issue 38, row 10): the header's frame follows the section's content insets and
/// its text the content's leading edge, never a layout margin further in, and never nearer the
/// screen's edge than the layout margin.
@Suite struct SectionHeaderAlignmentTests {
    /// A header that follows the layout margins, as a screen file's headers do.
    static func header(_ text: String = "Recently Played") -> Cell {
        var cell = Cell(kind: .heading(level: 2), style: .title2, text: StyledText(text),
                        insets: EdgeInsets(top: 6, leading: 16, bottom: 6, trailing: 16), minimumHeight: 0)
        cell.followsLayoutMargins = true
        return cell
    }

    /// An album: its art at the cell's edges (no insets) and its title under it.
    static func album(_ index: Int) -> Cell {
        Cell(kind: .item, elements: [.image(Icon(size: Size(width: 150, height: 150))),
                                     .text(TextElement(style: .footnote, text: StyledText("Album \(index)")))],
             insets: .zero)
    }

    /// A list row: its text on the layout margins.
    static func row(_ index: Int) -> Cell {
        var cell = Cell(kind: .item, style: .body, text: StyledText("Row \(index)"))
        cell.followsLayoutMargins = true
        return cell
    }

    static func layout(_ cells: [Cell], sectionInsets: EdgeInsets, orthogonal: Bool, category: ContentSizeCategory = .large,
                       direction: LayoutDirection = .leftToRight, width: Double = 390) throws -> LayoutSnapshot {
        let item = LayoutNode.item(LayoutItem(size: LayoutSize(width: .fractionalWidth(1), height: .estimated(44))))
        let group = orthogonal
            ? LayoutGroup.horizontal(LayoutSize(width: .absolute(150), height: .estimated(200)), subitems: [item])
            : LayoutGroup.vertical(LayoutSize(width: .fractionalWidth(1), height: .estimated(44)), subitems: [item])
        let header = BoundarySupplementaryItem(kind: "header", size: LayoutSize(width: .fractionalWidth(1), height: .estimated(44)),
                                               alignment: .top)
        let section = LayoutSection(group: group, interGroupSpacing: 8, contentInsets: sectionInsets,
                                    orthogonalScrollingBehavior: orthogonal ? .continuous : .none,
                                    boundarySupplementaryItems: [header])
        var content = CollectionContent(sections: [cells])
        content.sections[0].supplementary["header"] = Self.header()
        let environment = LayoutEnvironment(containerWidth: width, category: category, layoutDirection: direction)
        return try CompositionalLayout(section: section).layout(content, in: environment, sizer: try Fixtures.sizer())
    }

    /// The header's text frame and the first cell's first content (its art, or its text).
    static func edges(_ snapshot: LayoutSnapshot) throws -> (header: Rect, content: Rect) {
        let header = try #require(snapshot.attributes(.header, at: IndexPath(item: 0, section: 0)))
        let cell = try #require(snapshot.attributes(.cell, at: IndexPath(item: 0, section: 0)))
        return (try #require(header.content.first?.frame), try #require(cell.content.first?.frame))
    }

    static let sizes: [ContentSizeCategory] = [.large, .accessibilityExtraExtraExtraLarge]

    /// A band of album art inset 16 pt: "Recently Played" starts at the art's edge (16), not a
    /// margin further in (32), at L and at AX5.
    @Test(arguments: sizes)
    func aHeaderOverEdgeToEdgeCardsStartsAtTheCardsEdge(category: ContentSizeCategory) throws {
        let snapshot = try Self.layout((0..<4).map(Self.album), sectionInsets: EdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16),
                                       orthogonal: true, category: category)
        let (header, content) = try Self.edges(snapshot)
        #expect(content.minX == 16)
        #expect(header.minX == content.minX, "header text at \(header.minX), the art at \(content.minX)")
        #expect(header.maxX <= 390 - 16, "and ends within the trailing inset")
    }

    /// Right to left, the same band mirrored: the header's text ends where the art's trailing…
    /// leading (right) edge is.
    @Test(arguments: sizes)
    func rightToLeftTheHeaderEndsAtTheCardsRightEdge(category: ContentSizeCategory) throws {
        let snapshot = try Self.layout((0..<4).map(Self.album), sectionInsets: EdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16),
                                       orthogonal: true, category: category, direction: .rightToLeft)
        let (header, content) = try Self.edges(snapshot)
        #expect(content.maxX == 390 - 16)
        #expect(abs(header.maxX - content.maxX) < 0.5, "header text ends at \(header.maxX), the art at \(content.maxX)")
    }

    /// An inset list of rows (Settings): the rows' text is on their layout margin inside the
    /// section's inset, and the header's text is there too, as before.
    @Test(arguments: sizes)
    func aHeaderOverListRowsStartsAtTheirText(category: ContentSizeCategory) throws {
        let snapshot = try Self.layout((0..<3).map(Self.row), sectionInsets: EdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16),
                                       orthogonal: false, category: category)
        let (header, content) = try Self.edges(snapshot)
        #expect(content.minX == 32)
        #expect(header.minX == 32)
    }

    /// Content from the screen's edge (a full-width photo) leaves the header on the layout margin,
    /// as a header's content view keeps inside its superview's margins.
    @Test func aHeaderOverFullBleedContentKeepsTheLayoutMargin() throws {
        let snapshot = try Self.layout((0..<2).map(Self.album), sectionInsets: .zero, orthogonal: false)
        let (header, content) = try Self.edges(snapshot)
        #expect(content.minX == 0)
        #expect(header.minX == 16)
    }

    /// A regular-width container's margin is 20 pt: a header over cards inset 40 starts at 40.
    @Test func aWiderInsetMovesTheHeaderWithIt() throws {
        let snapshot = try Self.layout((0..<4).map(Self.album), sectionInsets: EdgeInsets(top: 0, leading: 40, bottom: 0, trailing: 40),
                                       orthogonal: true, width: 820)
        let (header, content) = try Self.edges(snapshot)
        #expect(content.minX == 40)
        #expect(header.minX == 40)
    }
}
