import Testing
import TextMetrics
@testable import Reflow
import TestSupport

/// The compositional layout against UIKit's documented rules, with frames worked out by hand.
@Suite struct CompositionalLayoutTests {
    /// `count` cells of short body text.
    static func cells(_ count: Int, text: (Int) -> String = { "Cell \($0)" }) -> [Cell] {
        (0..<count).map { Cell(kind: .item, style: .body, text: StyledText(text($0))) }
    }

    static func frames(_ layout: CompositionalLayout, _ sections: [[Cell]], width: Double = 390,
                       category: ContentSizeCategory = .large) throws -> [Rect] {
        let snapshot = try layout.layout(sections, in: LayoutEnvironment(containerWidth: width, category: category),
                                         sizer: try Fixtures.sizer())
        return snapshot.cells.map(\.frame)
    }

    static func item(_ width: LayoutDimension, _ height: LayoutDimension, insets: EdgeInsets = .zero,
                     edgeSpacing: EdgeSpacing? = nil, badges: [SupplementaryItem] = []) -> LayoutNode {
        .item(LayoutItem(size: LayoutSize(width: width, height: height), contentInsets: insets, edgeSpacing: edgeSpacing,
                         supplementaryItems: badges))
    }

    /// WWDC 2019 "Advances in Collection View Layout": items a fifth of the width in a group as
    /// tall as a fifth of the width make a grid of squares.
    @Test func theGridOfSquares() throws {
        let group = LayoutGroup.horizontal(LayoutSize(width: .fractionalWidth(1), height: .fractionalWidth(0.2)),
                                           subitems: [Self.item(.fractionalWidth(0.2), .fractionalHeight(1))])
        let frames = try Self.frames(CompositionalLayout(section: LayoutSection(group: group)), [Self.cells(12)])
        #expect(frames.count == 12)
        for (index, frame) in frames.enumerated() {
            #expect(frame == Rect(x: Double(index % 5) * 78, y: Double(index / 5) * 78, width: 78, height: 78), "cell \(index)")
        }
    }

    @Test func countSharesTheWidthLessSpacingAndSectionInsets() throws {
        let group = LayoutGroup.horizontal(LayoutSize(width: .fractionalWidth(1), height: .absolute(100)),
                                           subitems: [Self.item(.fractionalWidth(1), .fractionalHeight(1))], count: 3,
                                           interItemSpacing: .fixed(8))
        let section = LayoutSection(group: group, interGroupSpacing: 10,
                                    contentInsets: EdgeInsets(top: 20, leading: 16, bottom: 4, trailing: 16))
        let frames = try Self.frames(CompositionalLayout(section: section), [Self.cells(5)])
        // (390 − 32 − 2 × 8) / 3 = 114 wide, at 16, 16 + 122, 16 + 244.
        #expect(frames == [
            Rect(x: 16, y: 20, width: 114, height: 100), Rect(x: 138, y: 20, width: 114, height: 100),
            Rect(x: 260, y: 20, width: 114, height: 100),
            Rect(x: 16, y: 130, width: 114, height: 100), Rect(x: 138, y: 130, width: 114, height: 100),
        ])
        let snapshot = try CompositionalLayout(section: section).layout([Self.cells(5)], in: LayoutEnvironment(),
                                                                      sizer: try Fixtures.sizer())
        #expect(snapshot.contentSize.height == 20 + 100 + 10 + 100 + 4)
    }

    @Test func flexibleSpacingSharesTheLeftoverEvenly() throws {
        let group = LayoutGroup.horizontal(LayoutSize(width: .fractionalWidth(1), height: .absolute(60)),
                                           subitems: [Self.item(.absolute(100), .fractionalHeight(1))],
                                           interItemSpacing: .flexible(10))
        let frames = try Self.frames(CompositionalLayout(section: LayoutSection(group: group)), [Self.cells(3)])
        // 3 × 100 + 2 × 10 = 320 of 390: the 70 left over goes half to each gap.
        #expect(frames.map(\.minX) == [0, 145, 290])
    }

    @Test func aLargeItemBesideAVerticalGroupOfTwo() throws {
        let trailing = LayoutGroup.vertical(LayoutSize(width: .fractionalWidth(0.3), height: .fractionalHeight(1)),
                                            subitems: [Self.item(.fractionalWidth(1), .fractionalHeight(0.5))])
        let group = LayoutGroup.horizontal(LayoutSize(width: .fractionalWidth(1), height: .absolute(200)),
                                           subitems: [Self.item(.fractionalWidth(0.7), .fractionalHeight(1)), .group(trailing)])
        let frames = try Self.frames(CompositionalLayout(section: LayoutSection(group: group)), [Self.cells(6)])
        #expect(frames == [
            Rect(x: 0, y: 0, width: 273, height: 200), Rect(x: 273, y: 0, width: 117, height: 100),
            Rect(x: 273, y: 100, width: 117, height: 100),
            Rect(x: 0, y: 200, width: 273, height: 200), Rect(x: 273, y: 200, width: 117, height: 100),
            Rect(x: 273, y: 300, width: 117, height: 100),
        ])
    }

    @Test func itemInsetsComeOffAfterSizingButNotOnAnEstimatedAxis() throws {
        let insets = EdgeInsets(all: 5)
        let fixed = LayoutGroup.horizontal(LayoutSize(width: .fractionalWidth(1), height: .absolute(100)),
                                           subitems: [Self.item(.fractionalWidth(0.5), .fractionalHeight(1), insets: insets)])
        #expect(try Self.frames(CompositionalLayout(section: LayoutSection(group: fixed)), [Self.cells(2)])
                == [Rect(x: 5, y: 5, width: 185, height: 90), Rect(x: 200, y: 5, width: 185, height: 90)])
        // Estimated height: the vertical insets are ignored, the horizontal ones kept.
        let estimated = LayoutGroup.horizontal(LayoutSize(width: .fractionalWidth(1), height: .estimated(50)),
                                               subitems: [Self.item(.fractionalWidth(0.5), .estimated(50), insets: insets)])
        let frames = try Self.frames(CompositionalLayout(section: LayoutSection(group: estimated)), [Self.cells(2)])
        #expect(frames.map(\.minX) == [5, 200])
        #expect(frames.map(\.minY) == [0, 0])
        #expect(frames.map(\.width) == [185, 185])
        #expect(frames.map(\.height) == [44, 44], "one line of body text self-sizes to the 44 pt minimum")
    }

    @Test func edgeSpacingMovesItemsAndFlexibleEdgesCentreThem() throws {
        let fixed = LayoutGroup.horizontal(LayoutSize(width: .fractionalWidth(1), height: .absolute(100)),
                                           subitems: [Self.item(.absolute(100), .absolute(80),
                                                                edgeSpacing: EdgeSpacing(leading: .fixed(10), top: .fixed(4)))])
        #expect(try Self.frames(CompositionalLayout(section: LayoutSection(group: fixed)), [Self.cells(3)])
                == [Rect(x: 10, y: 4, width: 100, height: 80), Rect(x: 120, y: 4, width: 100, height: 80),
                    Rect(x: 230, y: 4, width: 100, height: 80)])
        let centred = LayoutGroup.horizontal(LayoutSize(width: .fractionalWidth(1), height: .absolute(100)),
                                             subitems: [Self.item(.absolute(200), .absolute(60),
                                                                  edgeSpacing: EdgeSpacing(leading: .flexible(0), top: .flexible(0),
                                                                                           trailing: .flexible(0), bottom: .flexible(0)))])
        #expect(try Self.frames(CompositionalLayout(section: LayoutSection(group: centred)), [Self.cells(1)])
                == [Rect(x: 95, y: 20, width: 200, height: 60)])
    }

    @Test func badgesAnchorToEdgesWithFractionalOffsetsOfTheirOwnSize() throws {
        func badge(_ edges: Set<LayoutAnchor.Edge>, _ x: Double, _ y: Double, fractional: Bool = true) -> SupplementaryItem {
            SupplementaryItem(size: LayoutSize(width: .absolute(20), height: .absolute(20)),
                              anchor: LayoutAnchor(edges: edges, offset: Point(x: x, y: y), isFractional: fractional))
        }
        let anchors: [(SupplementaryItem, Rect)] = [
            // The item is 0, 0, 100, 100. Top trailing, moved 0.3 of the badge out on both axes.
            (badge([.top, .trailing], 0.3, -0.3), Rect(x: 86, y: -6, width: 20, height: 20)),
            (badge([.top, .leading], 0, 0), Rect(x: 0, y: 0, width: 20, height: 20)),
            (badge([.bottom, .trailing], -0.5, 0.5), Rect(x: 70, y: 90, width: 20, height: 20)),
            // One edge: its midpoint.
            (badge([.top], 0, 0), Rect(x: 40, y: 0, width: 20, height: 20)),
            (badge([.leading], 5, 0, fractional: false), Rect(x: 5, y: 40, width: 20, height: 20)),
        ]
        for (supplementary, expected) in anchors {
            let group = LayoutGroup.horizontal(LayoutSize(width: .fractionalWidth(1), height: .absolute(100)),
                                               subitems: [Self.item(.absolute(100), .absolute(100), badges: [supplementary])])
            var cell = Self.cells(1)[0]
            cell.supplementary["badge"] = Cell(kind: .item, style: .caption2, text: "3", insets: .zero, minimumHeight: 0)
            let snapshot = try CompositionalLayout(section: LayoutSection(group: group))
                .layout([[cell]], in: LayoutEnvironment(), sizer: try Fixtures.sizer())
            let badges = snapshot.elements.filter { $0.role == .badge }
            #expect(badges.map(\.frame) == [expected], "\(supplementary.anchor)")
            #expect(badges.first?.indexPath == IndexPath(item: 0, section: 0), "a badge follows its item's index path")
        }
    }

    @Test func centredGroupPagingInsetsBothSidesByHalfTheRest() throws {
        let group = LayoutGroup.horizontal(LayoutSize(width: .fractionalWidth(0.8), height: .absolute(120)),
                                           subitems: [Self.item(.fractionalWidth(1), .fractionalHeight(1))])
        let section = LayoutSection(group: group, interGroupSpacing: 10, orthogonalScrollingBehavior: .groupPagingCentered)
        let snapshot = try CompositionalLayout(section: section).layout([Self.cells(4)], in: LayoutEnvironment(),
                                                                      sizer: try Fixtures.sizer())
        // Groups 312 wide; (390 − 312) / 2 = 39 on each side; the next group peeks in at 39 + 312 + 10.
        #expect(snapshot.cells.map(\.frame) == (0..<4).map { Rect(x: 39 + Double($0) * 322, y: 0, width: 312, height: 120) })
        let scrollingWidth: Double = 39 + 4 * 312 + 3 * 10 + 39
        #expect(snapshot.scrollingWidths[0] == scrollingWidth)
        #expect(snapshot.contentSize.height == 120, "the band is one row tall")
        // Scrolled by a page, the second group is where the first was.
        let shown = snapshot.attributes(in: Rect(x: 0, y: 0, width: 390, height: 200), orthogonalOffsets: [0: 322])
        #expect(shown.first { $0.indexPath.item == 1 }?.frame.minX == 39)
    }

    @Test func aPinnedHeaderStaysAtTheTopUntilItsSectionEnds() throws {
        let group = LayoutGroup.vertical(LayoutSize(width: .fractionalWidth(1), height: .absolute(100)),
                                         subitems: [Self.item(.fractionalWidth(1), .fractionalHeight(1))])
        let header = BoundarySupplementaryItem(kind: "header", size: LayoutSize(width: .fractionalWidth(1), height: .absolute(40)),
                                               alignment: .top, pinToVisibleBounds: true)
        let section = LayoutSection(group: group, boundarySupplementaryItems: [header])
        var content = CollectionContent(sections: [Self.cells(5), Self.cells(5)])
        for index in content.sections.indices {
            content.sections[index].supplementary["header"] = Cell(kind: .heading(level: 2), style: .title3,
                                                                   text: StyledText("Section \(index)"), minimumHeight: 0)
        }
        let snapshot = try CompositionalLayout(section: section).layout(content, in: LayoutEnvironment(), sizer: try Fixtures.sizer())
        // Sections are 40 + 500 = 540 tall: the second header's natural top is 540.
        func pinnedHeader(_ section: Int, at offset: Double) -> Rect? {
            let screen = Rect(x: 0, y: offset, width: 390, height: 844)
            return snapshot.attributes(in: screen, visibleRect: screen)
                .first { $0.role == .header && $0.indexPath.section == section }?.frame
        }
        #expect(pinnedHeader(0, at: 0) == Rect(x: 0, y: 0, width: 390, height: 40))
        #expect(pinnedHeader(0, at: 200) == Rect(x: 0, y: 200, width: 390, height: 40), "pinned to the screen's top")
        #expect(pinnedHeader(0, at: 520) == Rect(x: 0, y: 500, width: 390, height: 40), "pushed up by its section's end")
        #expect(pinnedHeader(1, at: 520) == Rect(x: 0, y: 540, width: 390, height: 40))
        #expect(pinnedHeader(1, at: 700) == Rect(x: 0, y: 700, width: 390, height: 40))
        #expect(pinnedHeader(0, at: 700) == nil, "the first section has scrolled away")
        // At rest (no screen), the headers are where the layout put them.
        #expect(snapshot.attributes(.header, at: IndexPath(item: 0, section: 1))?.frame.minY == 540)
    }

    /// UIKit's `estimated(_:)`: each item keeps its own self-sized height (a ragged row, each
    /// cell at the row's top); the group is as tall as its tallest item.
    @Test func estimatedItemsKeepTheirOwnHeights() throws {
        let (snapshot, heights) = try Self.threeCaptions(.estimated(44))
        #expect(heights.max()! > 44 && Set(heights).count == 3)
        #expect(snapshot.cells.map(\.frame.height) == heights)
        #expect(snapshot.cells.map(\.frame.minY) == [0, 0, 0])
        #expect(snapshot.contentSize.height == heights.max()!)
    }

    /// UIKit's `uniformAcrossSiblings(estimate:)` (iOS 17): each item grows to its tallest sibling's height.
    @Test func uniformAcrossSiblingsGrowToTheTallest() throws {
        let (snapshot, heights) = try Self.threeCaptions(.uniformAcrossSiblings(44))
        let tallest = heights.max()!
        #expect(snapshot.cells.map(\.frame.height) == [tallest, tallest, tallest])
        #expect(snapshot.contentSize.height == tallest)
    }

    /// Only siblings of the uniform dimension grow: an estimated item beside them keeps its height.
    @Test func onlyUniformSiblingsGrow() throws {
        let group = LayoutGroup.horizontal(LayoutSize(width: .fractionalWidth(1), height: .estimated(44)),
                                           subitems: [Self.item(.fractionalWidth(1.0 / 3), .uniformAcrossSiblings(44)),
                                                      Self.item(.fractionalWidth(1.0 / 3), .estimated(44)),
                                                      Self.item(.fractionalWidth(1.0 / 3), .uniformAcrossSiblings(44))])
        let texts = ["Short", "A much longer caption that needs several lines in a third of the width", "Mid length text"]
        let snapshot = try CompositionalLayout(section: LayoutSection(group: group))
            .layout([Self.cells(3) { texts[$0] }], in: LayoutEnvironment(), sizer: try Fixtures.sizer())
        let heights = snapshot.cells.map(\.frame.height)
        #expect(heights[0] == heights[2], "the uniform siblings match each other")
        #expect(heights[1] > heights[0], "the estimated one between them keeps its own, taller height")
    }

    /// Three captions of different lengths in a row of three `height` items, and each cell's own height.
    static func threeCaptions(_ height: LayoutDimension) throws -> (LayoutSnapshot, [Double]) {
        let group = LayoutGroup.horizontal(LayoutSize(width: .fractionalWidth(1), height: .estimated(44)),
                                           subitems: [Self.item(.fractionalWidth(1), height)], count: 3)
        let texts = ["Short", "A much longer caption that needs several lines in a third of the width", "Mid length text"]
        let cells = Self.cells(3) { texts[$0] }
        let sizer = try Fixtures.sizer()
        let snapshot = try CompositionalLayout(section: LayoutSection(group: group))
            .layout([cells], in: LayoutEnvironment(), sizer: sizer)
        let heights = try cells.map { try PointGrid.ceil(sizer.measure($0, proposal: .width(130), category: .large).size.height) }
        return (snapshot, heights)
    }

    @Test func variantsSwitchColumnsAtTheAccessibilitySizes() throws {
        let layout = CompositionalLayout { _, environment in
            let columns = environment.category.isAccessibilityCategory ? 1 : 3
            return LayoutSection(group: .horizontal(LayoutSize(width: .fractionalWidth(1), height: .estimated(80)),
                                                    subitems: [Self.item(.fractionalWidth(1), .estimated(80))], count: columns))
        }
        for category in ContentSizeCategory.allCases {
            let frames = try Self.frames(layout, [Self.cells(6)], category: category)
            let perRow = Set(frames.map(\.minY)).count
            #expect(perRow == (category >= .accessibilityMedium ? 6 : 2), "\(category.shortName)")
        }
    }

    @Test func rightToLeftMirrorsLeadingAndTrailing() throws {
        let group = LayoutGroup.horizontal(LayoutSize(width: .fractionalWidth(1), height: .absolute(50)),
                                           subitems: [Self.item(.fractionalWidth(0.25), .fractionalHeight(1))])
        let section = LayoutSection(group: group, contentInsets: EdgeInsets(top: 0, leading: 30, bottom: 0, trailing: 10))
        let layout = CompositionalLayout(section: section)
        let ltr = try layout.layout([Self.cells(4)], in: LayoutEnvironment(), sizer: try Fixtures.sizer()).cells
        let rtl = try layout.layout([Self.cells(4)], in: LayoutEnvironment(layoutDirection: .rightToLeft),
                                    sizer: try Fixtures.sizer()).cells
        #expect(ltr.first?.frame.minX == 30)
        #expect(rtl.first?.frame.maxX == 360, "the leading inset is on the right")
        for (a, b) in zip(ltr, rtl) { #expect(b.frame.minX == 390 - a.frame.maxX) }
    }

    @Test func absoluteHeightsUnder44OrUnderTheContentAreWarnedAbout() throws {
        let group = LayoutGroup.horizontal(LayoutSize(width: .fractionalWidth(1), height: .absolute(30)),
                                           subitems: [Self.item(.fractionalWidth(0.5), .fractionalHeight(1))])
        let cells = Self.cells(2) { $0 == 0 ? "Hi" : "A caption long enough to need two lines in half the width" }
        let snapshot = try CompositionalLayout(section: LayoutSection(group: group))
            .layout([cells], in: LayoutEnvironment(), sizer: try Fixtures.sizer())
        #expect(snapshot.cells.map(\.frame.height) == [30, 30], "the cells keep the height they were given")
        let kinds = snapshot.warnings.map { "\($0.kind) \($0.indexPath.item)" }
        #expect(kinds.contains("belowMinimumHeight 0"))
        #expect(kinds.contains("belowMinimumHeight 1"))
        #expect(kinds.contains("clipped 1"))
        #expect(snapshot.warnings.first?.description.contains("under the 44 pt minimum") == true)
    }

    /// Items too narrow for their cells' insets (sixteen 20 pt columns) are laid out with the
    /// insets shrunk, and each such cell is warned about once, however many times the group
    /// measures it (once to size the row, once to place the cell).
    @Test func aTooNarrowCellIsWarnedAboutOnce() throws {
        let group = LayoutGroup.horizontal(LayoutSize(width: .fractionalWidth(1), height: .estimated(44)),
                                           subitems: [Self.item(.fractionalWidth(1.0 / 16), .estimated(44))])
        let cells = Self.cells(16) { _ in "Wide" }
        let snapshot = try CompositionalLayout(section: LayoutSection(group: group))
            .layout([cells], in: LayoutEnvironment(containerWidth: 320, category: .accessibilityExtraExtraExtraLarge),
                    sizer: try Fixtures.sizer())
        let narrow = snapshot.warnings.filter { $0.kind == .tooNarrow }.map(\.indexPath.item)
        #expect(!narrow.isEmpty)
        #expect(narrow == Array(Set(narrow)).sorted(), "one warning per cell, in order")
    }
}
