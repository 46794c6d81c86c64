import Reflow
import TextMetrics
import Testing
import TestSupport

/// UIKit's content-size limits (`minimumContentSizeCategory`, `maximumContentSizeCategory`, iOS
/// 15), `UIFontMetrics`' `maximumPointSize`, and the accessibility setting Bold Text.
@Suite struct SizeLimitsAndBoldTextTests {
    /// Bold Text: every style one weight heavier (regular → semibold, semibold → bold).
    @Test func boldTextMakesEveryStyleOneWeightHeavier() {
        for category in ContentSizeCategory.allCases {
            #expect(DynamicType.spec(.body, category, boldText: true).weight == .semibold)
            #expect(DynamicType.spec(.headline, category, boldText: true).weight == .bold)
            #expect(DynamicType.spec(.largeTitle, category, boldText: true).weight == .semibold)
            #expect(DynamicType.spec(.body, category, boldText: true).pointSize == DynamicType.spec(.body, category).pointSize,
                    "the size stays the table's")
        }
        var environment = TextEnvironment(category: .large)
        environment.boldText = true
        #expect(environment.spec(.caption1).weight == .semibold)
    }

    /// Text set with Bold Text is set in the heavier face, so it is wider.
    @Test func boldTextIsMeasuredInTheHeavierFace() throws {
        let sizer = try Fixtures.sizer()
        let cell = Cell(kind: .paragraph, style: .body, text: "Bold Text makes every word a little wider than before")
        var bold = TextEnvironment(category: .large)
        bold.boldText = true
        let regular = try #require(try sizer.measure(cell, proposal: .width(390), environment: TextEnvironment(category: .large)).textLayout)
        let heavier = try #require(try sizer.measure(cell, proposal: .width(390), environment: bold).textLayout)
        #expect(heavier.usedWidth > regular.usedWidth)
        let runs = (0..<heavier.lines.count).flatMap { heavier.glyphRuns(ofLine: $0) }
        #expect(!runs.isEmpty && runs.allSatisfy { $0.font.path.hasSuffix("Inter-SemiBold.otf") })
    }

    /// A cell limited to xxxL is, at every accessibility size, what it is at xxxL; limited from
    /// M, at xS and S what it is at M.
    @Test func contentSizeLimitsClampTheCategory() throws {
        let sizer = try Fixtures.sizer()
        var cell = Cell(kind: .item, style: .body, text: "A row whose text stops growing at xxxL")
        cell.contentSizeCategoryLimits = .medium ... .extraExtraExtraLarge
        func measured(_ category: ContentSizeCategory) throws -> (Size, EdgeInsets, Double?) {
            let measurement = try sizer.measure(cell, width: 390, category: category)
            return (measurement.size, measurement.insets, measurement.textLayout?.lineHeight)
        }
        let atXXXL = try sizer.measure(cell, width: 390, category: .extraExtraExtraLarge)
        for category in [ContentSizeCategory.accessibilityMedium, .accessibilityExtraExtraExtraLarge] {
            #expect(try measured(category) == measured(.extraExtraExtraLarge), "\(category)")
        }
        #expect(try measured(.extraSmall) == measured(.medium))
        var free = cell
        free.contentSizeCategoryLimits = nil
        #expect(try sizer.measure(free, width: 390, category: .accessibilityExtraExtraExtraLarge).size.height > atXXXL.size.height)
    }

    /// `maximumPointSize`: the text grows with Dynamic Type up to it, then stays, its leading in proportion.
    @Test func maximumPointSizeCapsTheText() {
        let text = TextElement(style: .body, text: "Capped", maximumPointSize: 28)
        #expect(text.spec(at: .large).pointSize == 17)
        #expect(text.spec(at: .accessibilityMedium).pointSize == 28)
        let ax5 = text.spec(at: .accessibilityExtraExtraExtraLarge)
        #expect(ax5.pointSize == 28)
        let leading: Double = (62.0 * 28 / 53).rounded()
        #expect(ax5.leading == leading)
    }
}

/// Horizontal cell margins are UIKit's system layout margins: 16 pt in a compact-width container
/// (a 390 pt iPhone), 20 pt in a regular-width one (an iPad), at every text size; vertical
/// padding grows with the text.
@Suite struct LayoutMarginTests {
    static func firstCell(width: Double, category: ContentSizeCategory) throws -> LayoutAttributes {
        let document = try Document(text: "A paragraph of a document, long enough to wrap at the largest sizes.", format: .commonMark)
        let snapshot = try ListLayout().layout(CellMode.blocks.content(for: document),
                                               in: LayoutEnvironment(containerWidth: width, category: category), sizer: try Fixtures.sizer())
        return try #require(snapshot.cells.first)
    }

    @Test(arguments: [(390.0, 16.0), (375, 16), (768, 20), (1024, 20)])
    func marginsFollowTheContainersWidthClassNotTheTextSize(_ width: Double, _ margin: Double) throws {
        let large = try Self.firstCell(width: width, category: .large)
        let ax5 = try Self.firstCell(width: width, category: .accessibilityExtraExtraExtraLarge)
        for cell in [large, ax5] {
            let text = try #require(cell.textFrame)
            #expect(text.minX - cell.frame.minX == margin && cell.frame.maxX - text.maxX == margin, "\(width): \(text)")
        }
        #expect(large.textFrame?.width == ax5.textFrame?.width, "the text column is as wide at AX5 as at L")
        let padding = { (cell: LayoutAttributes) in cell.textFrame!.minY - cell.frame.minY }
        #expect(padding(ax5) > padding(large), "vertical padding grows with the text")
    }

    @Test func aScreenCellWithInsetsOfItsOwnKeepsThem() throws {
        var cell = Cell(kind: .item, style: .body, text: StyledText("Own insets"), insets: EdgeInsets(top: 10, leading: 12, bottom: 10, trailing: 12))
        let sizer = try Fixtures.sizer()
        var regular = TextEnvironment(category: .accessibilityMedium)
        regular.layoutMargin = 20
        #expect(try sizer.measure(cell, proposal: .width(768), environment: regular).insets.leading == 12)
        cell.followsLayoutMargins = true
        #expect(try sizer.measure(cell, proposal: .width(768), environment: regular).insets.leading == 20)
    }
}
