import Testing
import TextMetrics
@testable import Reflow

/// The usage examples in the entry points' documentation (`FontLibrary`, `Typesetter`,
/// `CellSizer`, `CollectionLayout`, `BoundPlan`), run as written, so the documentation stays
/// true. Fonts are the bundled ones, found as the examples find them (`FontLibrary()`).
@Suite struct DocumentationExampleTests {
    @Test func fontLibraryAndTypesetter() throws {
        let fonts = try FontLibrary()
        let body = try fonts.font(Typeface(pointSize: 17, weight: .regular))
        #expect(body.familyName == "Inter" && body.styleName == "Regular")
        let typesetter = try Typesetter(fonts: fonts)
        let text = try typesetter.layout(StyledText("Text that reflows at every size."), style: .body,
                                         category: .accessibilityExtraExtraExtraLarge, width: 358)
        let atLarge = try typesetter.layout(StyledText("Text that reflows at every size."), style: .body, category: .large, width: 358)
        #expect(atLarge.lines.count == 1 && text.lines.count > 1, "one line at L, more at AX5")
        #expect(text.height == Double(text.lines.count) * text.lineHeight)
    }

    @Test func cellSizer() throws {
        let sizer = try CellSizer(fonts: try FontLibrary())
        let cell = Cell(kind: .paragraph, style: .body, text: StyledText("Width in, height out."))
        let size = try sizer.size(of: cell, proposal: .width(358), category: .large)
        #expect(size.width == 358 && size.height >= 44)
    }

    @Test func collectionLayoutAndBoundPlan() throws {
        let document = Document(sections: [Section(blocks: [Block(kind: .paragraph, style: .body, text: StyledText("One")),
                                                            Block(kind: .paragraph, style: .body, text: StyledText("Two"))])])
        let content = CellMode.blocks.content(for: document)
        let environment = LayoutEnvironment(containerWidth: 390, category: .accessibilityExtraLarge)
        let sizer = try CellSizer(fonts: FontLibrary())
        let snapshot = try ListLayout().layout(content, in: environment, sizer: sizer)
        #expect(snapshot.elements.count == 2 && snapshot.contentSize.height >= 88)
        let bound = try ListLayout().boundPlan(content, in: environment)
        let first = try bound.placedUnit(0, sizer: sizer)
        #expect(first.height == snapshot.unitHeights[0] && first.elements.count == 1)
    }
}
