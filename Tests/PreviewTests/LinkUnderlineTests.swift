import Foundation
import Preview
import Readers
import Reflow
import Testing
import TextMetrics
import TestSupport

/// A link's underline is one band per line of the link, at one position and thickness: its
/// paragraph's primary face's (issue 38, row 13), even where the link's text falls back to other
/// faces (CJK, emoji, Arabic). Before, each face's run drew its own band at its own font's
/// underline position and thickness, so the underline broke and stepped at every face change.
@Suite struct LinkUnderlineTests {
    static func underlines(_ markdown: String, category: ContentSizeCategory = .large) throws
        -> (bands: [Rect], lines: Int, primary: Font, baselines: [Double]) {
        let sizer = try Fixtures.sizer()
        let environment = LayoutEnvironment(containerWidth: 390, category: category)
        let document = try Document(text: markdown, format: .commonMark)
        let layout = try ListLayout().layout(CellMode.blocks.content(for: document), in: environment, sizer: sizer)
        let list = DisplayListBuilder().displayList(elements: layout.allAttributes,
                                                    visibleRect: Rect(x: 0, y: 0, width: 390, height: layout.contentSize.height))
        let bands = list.items.compactMap { item -> Rect? in
            if case .fill(let rect, Theme.light.link, _) = item { rect } else { nil }
        }
        let cell = try #require(layout.allAttributes.first)
        let text = try #require(cell.textLayout), top = try #require(cell.textFrame).minY
        return (bands, text.lines.count, text.paragraph.faces.regular, text.lines.map { top + $0.baseline })
    }

    @Test(arguments: [
        "[Read the 漢字とかな guide 😀 and more](https://example.com)",
        "[مرحبا link 한국어 text ✅](https://example.com)",
    ])
    func oneBandPerLineAtThePrimaryFacesPosition(_ markdown: String) throws {
        for category in [ContentSizeCategory.large, .accessibilityExtraExtraExtraLarge] {
            let (bands, lines, primary, baselines) = try Self.underlines(markdown, category: category)
            #expect(bands.count == lines, "\(category): \(bands.count) bands for \(lines) lines")
            let pointSize = DynamicType.spec(.body, category).pointSize
            let scale = pointSize / Double(primary.unitsPerEm)
            let thickness = max(0.5, Double(primary.decorationMetrics.underlineThickness) * scale)
            let offset = -Double(primary.decorationMetrics.underlineOffset) * scale
            for band in bands {
                #expect(abs(band.height - thickness) < 1e-9, "\(category): the primary face's thickness, not \(band.height)")
                // On a line's baseline plus the primary face's underline offset.
                #expect(baselines.contains { abs(band.minY - ($0 + offset)) < 1e-6 }, "\(category): \(band) is not at the primary face's offset")
            }
        }
    }

    /// Two links on one line keep two bands, and plain text between them none.
    @Test func twoLinksOnALineAreTwoBands() throws {
        let (bands, lines, _, _) = try Self.underlines("[one 漢字](https://a.example) and [two 😀](https://b.example)")
        #expect(lines == 1)
        #expect(bands.count == 2)
        #expect(Set(bands.map(\.minY)).count == 1 && Set(bands.map(\.height)).count == 1)
    }
}
