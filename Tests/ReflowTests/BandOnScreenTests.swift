import Reflow
import TextMetrics
import Testing
import TestSupport

/// Issue 24, row 7: a band (an orthogonal section, scrolling sideways) on a screen measures what
/// the screen shows of it at rest, as a collection view realizes only the cells its band shows: an
/// orthogonal section of 80,000 cards took 19 s to show its first screen, every card measured to
/// find the tallest. The groups beyond the screen's width carry the running estimate of those on
/// it until the band is measured whole (scrolling across it, or `measureRemaining`), and then the
/// lazy layout is the eager one again. Work is counted (cells measured), never timed.
@Suite struct BandOnScreenTests {
    static let width = 390.0
    static let screen = Rect(x: 0, y: 0, width: width, height: 844)

    /// A section of `cards` 150 pt wide groups of one card each, scrolling sideways, estimated
    /// `estimate` tall (or `height` when given), between a title row above and a row of text below.
    static func bandScreen(cards: [String], height: LayoutDimension = .estimated(60), spacing: Double = 10)
        -> (CompositionalLayout, CollectionContent) {
        let item = LayoutItem(size: LayoutSize(width: .fractionalWidth(1), height: height.isEstimated ? height : .fractionalHeight(1)))
        let card = LayoutGroup.horizontal(LayoutSize(width: .absolute(150), height: height), subitems: [.item(item)])
        let row = LayoutGroup.horizontal(LayoutSize(width: .fractionalWidth(1), height: .estimated(44)),
                                         subitems: [.item(LayoutItem(size: LayoutSize(width: .fractionalWidth(1), height: .estimated(44))))])
        let layout = CompositionalLayout(interSectionSpacing: 0) { section, _ in
            section == 1
                ? LayoutSection(group: card, interGroupSpacing: spacing, contentInsets: EdgeInsets(top: 0, leading: 16, bottom: 0, trailing: 16),
                                orthogonalScrollingBehavior: .continuous)
                : LayoutSection(group: row)
        }
        let text = { (words: String) in Cell(kind: .paragraph, style: .body, text: StyledText(words)) }
        let content = CollectionContent(sections: [
            CollectionContent.Section(cells: [text("Featured")]),
            CollectionContent.Section(cells: cards.map(text)),
            CollectionContent.Section(cells: (0..<6).map { text("Row \($0) below the band") }),
        ])
        return (layout, content)
    }

    /// Cards of one short line each ("Card 0" to "Card 9" over and over), but card `tall`, which wraps.
    static func cards(_ count: Int, tall: Int? = nil) -> [String] {
        (0..<count).map { index in
            index == tall ? "Card \(index), whose title is long enough to wrap onto many lines in a card this narrow" : "Card \(index % 10)"
        }
    }

    /// The band's unit in a plan of `bandScreen`.
    static func bandUnit(_ planned: MeasuringPlan) throws -> Int {
        try #require(planned.plan.unit(containing: IndexPath(item: 0, section: 1)))
    }

    @Test(arguments: [LayoutDirection.leftToRight, .rightToLeft])
    func aBandsFirstScreenMeasuresTheCardsOnIt(_ direction: LayoutDirection) throws {
        let (layout, content) = Self.bandScreen(cards: Self.cards(10_000))
        let environment = LayoutEnvironment(containerWidth: Self.width, containerHeight: 844, category: .accessibilityExtraLarge,
                                            layoutDirection: direction)
        let sizer = try Fixtures.sizer()
        let planned = try MeasuringPlan(layout: layout, content: content, environment: environment, sizer: sizer)
        var lazy = planned.lazyLayout(estimate: .automatic(initial: 44))
        planned.measureDown(to: Self.screen.maxY, screenTop: 0, lazy: &lazy)
        let shown = try planned.attributes(in: Self.screen, lazy: &lazy)
        // 16 + 150 + 10 + 150 + 10 + 150: three cards start within 390 pt, and the title and rows.
        #expect(sizer.measurementsComputed < 20, "\(sizer.measurementsComputed) cells measured for a screen of a 10,000-card band")
        let band = try Self.bandUnit(planned)
        #expect(lazy.isPartlyMeasured(band))
        #expect(!lazy.allSettled)

        // What it shows is the page's: every element on screen, frame for frame, as the eager
        // layout has it (the band's cards all one line, so its height is the eager one too).
        let eager = try layout.layout(content, in: environment, sizer: try Fixtures.sizer())
        #expect(lazy.height(of: band) == eager.unitHeights[band])
        let expected = eager.elements.filter { $0.frame.intersects(Self.screen) }
        #expect(shown.map(\.frame) == expected.map(\.frame))
        #expect(shown.map(\.indexPath) == expected.map(\.indexPath))
        #expect(shown.filter { $0.indexPath.section == 1 }.map(\.indexPath.item) == [0, 1, 2])
    }

    /// The tallest card is beyond the screen: the first screen shows the band as tall as the cards
    /// on it (the rows below it where that puts them), and measuring the rest (scrolling across the
    /// band) makes it as tall as its tallest card, with the anchor still, and the layout the eager one.
    @Test func theTallestCardBeyondTheScreenGrowsTheBandWhenMeasured() throws {
        let (layout, content) = Self.bandScreen(cards: Self.cards(40, tall: 30))
        let environment = LayoutEnvironment(containerWidth: Self.width, containerHeight: 844, category: .large)
        let sizer = try Fixtures.sizer()
        let planned = try MeasuringPlan(layout: layout, content: content, environment: environment, sizer: sizer)
        let eager = try layout.layout(content, in: environment, sizer: try Fixtures.sizer())
        let band = try Self.bandUnit(planned)

        var viewport = Viewport(layout: planned.lazyLayout(estimate: .automatic(initial: 44)), height: 844,
                                prefetcher: Prefetcher(margin: 422), source: planned.source)
        viewport.scroll(to: 0)
        #expect(viewport.layout.isPartlyMeasured(band))
        let onScreen = viewport.layout.height(of: band)
        #expect(onScreen < eager.unitHeights[band], "the wrapping card is 30 groups along, far beyond the screen")
        let cardsOnScreen = eager.elements.filter { $0.indexPath.section == 1 && $0.frame.minX < Self.width }
        #expect(onScreen == cardsOnScreen.map(\.frame.height).max())

        #expect(try LazyEagerCheck.holds(viewport: viewport, planned: planned))
        viewport.measureRemaining()
        #expect(!viewport.layout.isPartlyMeasured(band))
        #expect(viewport.layout.height(of: band) == eager.unitHeights[band])
        #expect(viewport.contentHeight() == eager.contentSize.height)
        #expect(viewport.contentOffset == 0, "the anchor, the title above the band, stays where it was")
    }

    /// A band above the screen's top is measured whole: the page at an offset below it is the
    /// eager page, whatever the cards beyond the screen's width are.
    @Test func aBandAboveTheScreenIsMeasuredWhole() throws {
        let (layout, content) = Self.bandScreen(cards: Self.cards(40, tall: 30))
        let environment = LayoutEnvironment(containerWidth: Self.width, containerHeight: 844, category: .large)
        let planned = try MeasuringPlan(layout: layout, content: content, environment: environment, sizer: try Fixtures.sizer())
        let eager = try layout.layout(content, in: environment, sizer: try Fixtures.sizer())
        let band = try Self.bandUnit(planned)
        var lazy = planned.lazyLayout(estimate: .automatic(initial: 44))
        let top = eager.unitTops[band + 1]
        planned.measureDown(to: top + 844, screenTop: top, lazy: &lazy)
        #expect(lazy.isSettled(band))
        #expect(lazy.y(of: band + 1) == top)
        let visible = Rect(x: 0, y: top, width: Self.width, height: 844)
        #expect(try planned.attributes(in: visible, lazy: &lazy).map(\.frame) == eager.elements.filter { $0.frame.intersects(visible) }.map(\.frame))
    }

    /// A band of known height (absolute) is never measured to be placed, and drawing its first
    /// screen measures only the cards on it: before, drawing laid the whole band out.
    @Test func drawingABandOfKnownHeightMeasuresTheCardsOnScreen() throws {
        let (layout, content) = Self.bandScreen(cards: Self.cards(5_000), height: .absolute(120))
        let environment = LayoutEnvironment(containerWidth: Self.width, containerHeight: 844, category: .accessibilityExtraExtraExtraLarge)
        let sizer = try Fixtures.sizer()
        let planned = try MeasuringPlan(layout: layout, content: content, environment: environment, sizer: sizer)
        var lazy = planned.lazyLayout(estimate: .automatic(initial: 44))
        planned.measureDown(to: 844, screenTop: 0, lazy: &lazy)
        let band = try Self.bandUnit(planned)
        #expect(lazy.isKnownHeight(band) && lazy.height(of: band) == 120)
        let cards = try planned.attributes(in: Self.screen, lazy: &lazy).filter { $0.indexPath.section == 1 }
        #expect(cards.map(\.indexPath.item) == [0, 1, 2])
        #expect(sizer.measurementsComputed < 20, "\(sizer.measurementsComputed) cells measured")
    }

    /// Laid out as a screen shows it, a band says how much is left: its scrolling width counts the
    /// cards beyond at the group's width, as the whole band's does.
    @Test func aBandInPartEstimatesItsScrollingWidth() throws {
        let (layout, content) = Self.bandScreen(cards: Self.cards(1_000))
        let environment = LayoutEnvironment(containerWidth: Self.width, containerHeight: 844, category: .large)
        let bound = try layout.boundPlan(content, in: environment)
        let band = try #require(bound.plan.unit(containing: IndexPath(item: 0, section: 1)))
        let sizer = try Fixtures.sizer()
        let part = try bound.unitLayout(band, sizer: sizer, visibleWidth: Self.width)
        let whole = try bound.unitLayout(band, sizer: sizer)
        #expect(!part.isComplete && whole.isComplete)
        #expect(part.scrollingWidth == whole.scrollingWidth, "150 pt groups 10 pt apart: the estimate is exact")
        #expect(part.elements.map(\.frame) == Array(whole.elements.prefix(part.elements.count)).map(\.frame))
        #expect(part.elements.count == 3)
        // A band whose cards all fit on the screen is whole either way.
        let (small, smallContent) = Self.bandScreen(cards: Self.cards(2))
        let smallBound = try small.boundPlan(smallContent, in: environment)
        #expect(try smallBound.unitLayout(band, sizer: sizer, visibleWidth: Self.width).isComplete)
    }
}
