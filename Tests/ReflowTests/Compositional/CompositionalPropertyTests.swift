import PropertyBased
import Testing
import TextMetrics
@testable import Reflow
import TestSupport

/// Invariants of the compositional layout on random screens: grids, lists, nested groups,
/// orthogonal bands, headers, footers, backgrounds and badges, at small and accessibility sizes.
@Suite struct CompositionalPropertyTests {
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(1, bound)))
        }
        mutating func pick<T>(_ values: [T]) -> T { values[next(values.count)] }
        mutating func chance(_ numerator: Int, in denominator: Int) -> Bool { next(denominator) < numerator }
    }

    static let words = ["Travel", "Food", "a", "short", "title", "with", "several", "words", "accessibility", "layout",
                        "internationalization", "42", "places", "near", "you"]

    static func text(_ random: inout Random) -> StyledText {
        StyledText((0..<(1 + random.next(12))).map { _ in random.pick(words) }.joined(separator: " "))
    }

    /// A random but well-formed section: items never ask for more than their group has.
    static func section(_ random: inout Random) -> LayoutSection {
        let insets = EdgeInsets(all: Double(random.next(3) * 4))
        let spacing: LayoutSpacing? = random.pick([nil, .fixed(8), .flexible(4)])
        let group: LayoutGroup
        switch random.next(4) {
        case 0:
            // A list: one self-sized item per row.
            group = .vertical(LayoutSize(width: .fractionalWidth(1), height: .estimated(60)),
                              subitems: [.item(LayoutItem(size: LayoutSize(width: .fractionalWidth(1), height: .estimated(60)),
                                                          contentInsets: insets))])
        case 1:
            // A grid of self-sized rows, 1 to 4 columns.
            let columns = 1 + random.next(4)
            let item = LayoutItem(size: LayoutSize(width: .fractionalWidth(1), height: .estimated(80)), contentInsets: insets,
                                  supplementaryItems: random.chance(1, in: 2) ? [Self.badge] : [])
            group = .horizontal(LayoutSize(width: .fractionalWidth(random.pick([1, 0.85])), height: .estimated(80)),
                                subitems: [.item(item)], count: columns, interItemSpacing: spacing)
        case 2:
            // Squares.
            let fraction = random.pick([0.2, 0.25, 1.0 / 3, 0.5])
            group = .horizontal(LayoutSize(width: .fractionalWidth(1), height: .fractionalWidth(fraction)),
                                subitems: [.item(LayoutItem(size: LayoutSize(width: .fractionalWidth(fraction), height: .fractionalHeight(1)),
                                                            contentInsets: insets))])
        default:
            // A large item beside two stacked ones.
            let trailing = LayoutGroup.vertical(LayoutSize(width: .fractionalWidth(0.35), height: .fractionalHeight(1)),
                                                subitems: [.item(LayoutItem(size: LayoutSize(width: .fractionalWidth(1),
                                                                                             height: .fractionalHeight(0.5)),
                                                                            contentInsets: insets))])
            group = .horizontal(LayoutSize(width: .fractionalWidth(1), height: .absolute(Double(120 + random.next(200)))),
                                subitems: [.item(LayoutItem(size: LayoutSize(width: .fractionalWidth(0.65), height: .fractionalHeight(1)),
                                                            contentInsets: insets)), .group(trailing)])
        }
        var boundary: [BoundarySupplementaryItem] = []
        if random.chance(1, in: 2) {
            boundary.append(BoundarySupplementaryItem(kind: "header", size: LayoutSize(width: .fractionalWidth(1), height: .estimated(30)),
                                                      alignment: .top, pinToVisibleBounds: random.chance(1, in: 2)))
        }
        if random.chance(1, in: 3) {
            boundary.append(BoundarySupplementaryItem(kind: "footer", size: LayoutSize(width: .fractionalWidth(1), height: .estimated(20)),
                                                      alignment: .bottom))
        }
        return LayoutSection(group: group, interGroupSpacing: Double(random.next(3) * 6),
                             contentInsets: EdgeInsets(top: 8, leading: Double(random.next(3) * 8), bottom: 8,
                                                       trailing: Double(random.next(3) * 8)),
                             orthogonalScrollingBehavior: random.chance(1, in: 4)
                                ? random.pick(LayoutSection.OrthogonalScrollingBehavior.allCases.filter { $0 != .none }) : .none,
                             boundarySupplementaryItems: boundary,
                             decorationItems: random.chance(1, in: 2) ? [DecorationItem(contentInsets: EdgeInsets(all: 4))] : [])
    }

    static let badge = SupplementaryItem(size: LayoutSize(width: .absolute(20), height: .absolute(20)),
                                         anchor: LayoutAnchor(edges: [.top, .trailing], offset: Point(x: 0.3, y: -0.3), isFractional: true))

    /// A random screen: its layout and its content.
    static func screen(seed: Int) -> (CompositionalLayout, CollectionContent) {
        var random = Random(state: UInt64(truncatingIfNeeded: seed) &+ 1)
        let sections = (0..<(1 + random.next(4))).map { _ in Self.section(&random) }
        var content = CollectionContent(sections: sections.map { _ in
            (0..<random.next(14)).map { _ in
                var cell = Cell(kind: .item, elements: [.text(TextElement(style: random.pick([.headline, .body, .subheadline]),
                                                                          text: Self.text(&random)))])
                if random.chance(1, in: 2) { cell.supplementary["badge"] = Cell(kind: .item, style: .caption2, text: "3", insets: .zero, minimumHeight: 0) }
                return cell
            }
        })
        for index in content.sections.indices {
            content.sections[index].supplementary["header"] = Cell(kind: .heading(level: 2), style: .title3,
                                                                   text: StyledText("Section \(index)"), minimumHeight: 0)
            content.sections[index].supplementary["footer"] = Cell(kind: .footnote, style: .footnote, text: "A footer", minimumHeight: 0)
        }
        let layout = CompositionalLayout(interSectionSpacing: 20) { index, _ in sections[index] }
        return (layout, content)
    }

    @Test func cellsOfASectionNeverOverlapAndEverythingLiesInsideItsContent() async throws {
        let sizer = try Fixtures.sizer()
        await propertyCheck(count: 100, input: Gen.int(in: 0...1_000_000)) { seed in
            Self.checkFrames(seed: seed, sizer: sizer)
        }
    }

    /// Seeds the property test found failing once, checked every time. 768903: an orthogonal
    /// band 2016.2 pt wide whose last cell, its edges snapped to 1/64 pt, ended at 2016.203125 (the
    /// band's width was not snapped like its cells' edges).
    @Test(arguments: [768_903])
    func seedsThatFailedOnce(_ seed: Int) throws {
        Self.checkFrames(seed: seed, sizer: try Fixtures.sizer())
    }

    /// The frames of `screen(seed:)` at three sizes: no two cells of a section overlap, every cell
    /// lies inside its content (the container, or an orthogonal band's own width) and its section,
    /// and a self-sized cell is at least 44 pt tall.
    static func checkFrames(seed: Int, sizer: CellSizer) {
        let (layout, content) = Self.screen(seed: seed)
        for category in [ContentSizeCategory.extraSmall, .large, .accessibilityExtraExtraExtraLarge] {
            let environment = LayoutEnvironment(containerWidth: 390, category: category)
            guard let snapshot = attempt({ try layout.layout(content, in: environment, sizer: sizer) }) else { return }
            let cells = snapshot.cells
            #expect(cells.count == content.cellCount, "seed \(seed)")
            for section in content.sections.indices {
                let frames = cells.filter { $0.indexPath.section == section }.map(\.frame)
                for i in frames.indices {
                    for j in frames.indices where j > i {
                        #expect(!frames[i].intersects(frames[j]), "seed \(seed) \(category.shortName) section \(section): \(frames[i]) and \(frames[j])")
                    }
                }
                // Inside the content: across the container, or across an orthogonal band's own width.
                let width = snapshot.scrollingWidths[section] ?? snapshot.contentSize.width
                for frame in frames {
                    #expect(frame.minX >= -1e-9 && frame.maxX <= width + 1e-9, "seed \(seed) \(category.shortName): \(frame) in width \(width)")
                    #expect(frame.minY >= -1e-9 && frame.maxY <= snapshot.contentSize.height + 1e-9, "seed \(seed): \(frame)")
                    #expect(snapshot.sectionExtents[section].lowerBound <= frame.minY + 1e-9
                            && frame.maxY <= snapshot.sectionExtents[section].upperBound + 1e-9, "seed \(seed): a cell in its section")
                }
            }
            // Self-sized cells are at least 44 pt tall.
            for cell in cells where Self.isSelfSized(cell.indexPath, layout: layout, environment: environment) {
                #expect(cell.frame.height >= 44, "seed \(seed) \(category.shortName) \(cell.indexPath)")
            }
        }
    }

    /// Whether the item of `indexPath` has an estimated height (sections here have one item kind each).
    static func isSelfSized(_ indexPath: IndexPath, layout: CompositionalLayout, environment: LayoutEnvironment) -> Bool {
        let group = layout.sectionProvider(indexPath.section, environment).group
        guard case .item(let item) = group.subitems[0] else { return false }
        return item.size.height.isEstimated
    }

    @Test func aLazyScrollEndsInTheEagerFramesInEveryCategory() throws {
        for seed in [3, 17, 29, 101, 4242] {
            let (layout, content) = Self.screen(seed: seed)
            guard content.cellCount > 0 else { continue }
            for category in ContentSizeCategory.allCases {
                var configuration = ScrollSession.Configuration(viewportHeight: 700)
                configuration.speed = 5_000
                var session = try ScrollSession(layout: layout, content: content,
                                                environment: LayoutEnvironment(containerWidth: 390, category: category),
                                                sizer: try Fixtures.sizer(), configuration: configuration)
                let summary = try session.run()
                #expect(try LazyEagerCheck.holds(viewport: session.viewport, planned: session.planned), "seed \(seed) \(category.shortName)")
                #expect(summary.maxAnchorJump == 0, "seed \(seed) \(category.shortName)")
            }
        }
    }
}
