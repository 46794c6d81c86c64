import Foundation
import Preview
import Readers
import Reflow
import Testing
import TextMetrics
import TestSupport

/// A `.notdef` glyph (a character no font has: the audit's `missing-glyph`) is outlined in the
/// theme's `missingGlyph` red on every preview, debug or not: around the glyph, from the font's
/// ascent to its descent. Text whose every character is drawn gets no outline.
@Suite struct MissingGlyphOutlineTests {
    static func displayList(_ markdown: String, debug: Bool = false) throws -> DisplayList {
        let sizer = try Fixtures.sizer()
        let environment = LayoutEnvironment(containerWidth: 390, category: .large)
        let document = try Document(text: markdown, format: .commonMark)
        let layout = try ListLayout().layout(CellMode.blocks.content(for: document), in: environment, sizer: sizer)
        return DisplayListBuilder(debug: debug).displayList(elements: layout.allAttributes,
                                                            visibleRect: Rect(x: 0, y: 0, width: 390, height: layout.contentSize.height))
    }

    static func outlines(_ list: DisplayList) -> [Rect] {
        list.items.compactMap { item in
            if case .stroke(let rect, let color, _) = item, color == Theme.light.missingGlyph { rect } else { nil }
        }
    }

    static func glyphRuns(_ list: DisplayList) -> [DisplayList.GlyphRun] {
        list.items.compactMap { if case .glyphs(let run) = $0 { run } else { nil } }
    }

    @Test(arguments: [false, true])
    func eachNotdefGlyphIsOutlined(debug: Bool) throws {
        let list = try Self.displayList("Two boxes: \u{E001} and \u{F8FF}, no box: ʘ.", debug: debug)
        let outlines = Self.outlines(list)
        #expect(outlines.count == 2)
        // Each outline stands on a .notdef glyph of the line: its left edge is the glyph's pen
        // position, and it spans the baseline.
        let notdefs = Self.glyphRuns(list).flatMap { run in
            run.glyphs.filter { $0.glyph == 0 }.map { Point(x: run.origin.x + $0.x, y: run.origin.y) }
        }
        #expect(notdefs.count == 2)
        for (outline, glyph) in zip(outlines.sorted { $0.minX < $1.minX }, notdefs.sorted { $0.x < $1.x }) {
            #expect(abs(outline.minX - glyph.x) < 1e-9)
            #expect(outline.minY < glyph.y && outline.maxY > glyph.y)
            #expect(outline.width > 1 && outline.height > 10)
        }
    }

    @Test func textWithEveryGlyphHasNoOutline() throws {
        #expect(Self.outlines(try Self.displayList("Inter has ʘ; plain text, and مرحبا.")).isEmpty)
    }
}
