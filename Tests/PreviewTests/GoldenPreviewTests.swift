import Foundation
import Preview
import Reflow
import Testing
import TextMetrics
import TestSupport

/// Golden previews of Examples/welcome.md at 390 pt: the SVG of the whole document at every
/// category (compared as text), and the first screen (390 x 844 pt) as PNG at scale 1 at L,
/// xxxL and AX5 (compared with a tolerance). Re-record with REFLOW_RECORD=1.
@Suite struct GoldenPreviewTests {
    @Test(arguments: ContentSizeCategory.allCases)
    func svgMatchesItsGolden(_ category: ContentSizeCategory) throws {
        let list = try Fixtures.displayList(category: category)
        let svg = SVGRenderer(title: "welcome.md at \(category.displayName)").render(list)
        try Fixtures.goldenFile.checkText(svg, against: "welcome-\(category.shortName).svg")
    }

    @Test(arguments: [ContentSizeCategory.large, .extraExtraExtraLarge, .accessibilityExtraExtraExtraLarge])
    func pngMatchesItsGolden(_ category: ContentSizeCategory) throws {
        let list = try Fixtures.displayList(category: category, screenHeight: 844)
        let png = try PNGRenderer(scale: 1).render(list)
        try Fixtures.goldenFile.checkImage(png, against: "welcome-\(category.shortName).png")
    }

    /// Examples/constructs.md, a document with every construct a README uses (nested lists,
    /// quotes, code, HTML alignment and direction, images, rules, links, strikethrough, a table
    /// with column alignments, details, footnotes), as SVG at every category and its first
    /// screen as PNG at L and AX5.
    @Test(arguments: ContentSizeCategory.allCases)
    func everyConstructMatchesItsGolden(_ category: ContentSizeCategory) throws {
        let list = try Fixtures.displayList("constructs.md", category: category)
        let svg = SVGRenderer(title: "constructs.md at \(category.displayName)").render(list)
        try Fixtures.goldenFile.checkText(svg, against: "constructs-\(category.shortName).svg")
        guard category == .large || category == .accessibilityExtraExtraExtraLarge else { return }
        let png = try PNGRenderer(scale: 1).render(try Fixtures.displayList("constructs.md", category: category, screenHeight: 844))
        try Fixtures.goldenFile.checkImage(png, against: "constructs-\(category.shortName).png")
    }

    /// A document with tables draws at every category, as columns and as cards: the SVG holds
    /// every cell's text, and the PNG encodes.
    @Test(arguments: [ContentSizeCategory.large, .accessibilityExtraExtraExtraLarge])
    func aDocumentWithTablesDraws(_ category: ContentSizeCategory) throws {
        let list = try Fixtures.displayList("tables.md", category: category)
        let svg = SVGRenderer(title: "tables.md").render(list)
        for word in ["Category", "xxxL", "Touch", "reflow-"] { #expect(svg.contains(word), "\(category): \(word)") }
        let png = try PNGRenderer(scale: 1).render(try Fixtures.displayList("tables.md", category: category, screenHeight: 844))
        #expect(png.count > 1_000)
    }
}
