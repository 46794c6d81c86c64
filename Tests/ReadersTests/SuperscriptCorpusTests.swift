import Foundation
import Testing
import TextMetrics
import Reflow
import Readers
import TestSupport

/// `<sup>` and `<sub>` in real READMEs read as small print, raised or lowered (GitHub draws
/// them at 75 %): system-design-primer's Chinese README marks its references
/// `<sup><a href=…>1</a></sup>` after a sentence (line 415).
@Suite struct SuperscriptCorpusTests {
    @Test func aReferenceNumberAfterASentenceIsSmallAndRaised() throws {
        let path = Fixtures.repository.appendingPathComponent("Tests/Corpus/markdown/donnemartin--system-design-primer--README-zh-Hans.md")
        let input = try LayoutInput(bytes: Array(try Data(contentsOf: path)), format: .commonMark, cells: .blocks, layout: .list)
        let sizer = try CellSizer(fonts: try FontLibrary())
        let snapshot = try input.layout.layout(input.content, in: LayoutEnvironment(containerWidth: 390, category: .large), sizer: sizer)
        let layouts = snapshot.elements.flatMap { element in
            element.content.compactMap { content -> TextLayout? in
                if case .text(let layout, _, _, _) = content { return layout }
                return nil
            }
        }
        let paragraph = try #require(layouts.first { $0.text.string.hasSuffix("同样也可以处理更大的工作单位。1") })
        let last = paragraph.glyphRuns(ofLine: paragraph.lines.count - 1)
        let number = try #require(last.last), before = try #require(last.dropLast().last)
        #expect(number.pointSize == 0.75 * before.pointSize, "the reference number at 75 % of the text's size")
        #expect(number.glyphs[0].y == before.glyphs[0].y - 0.375 * before.pointSize, "raised half its own em")
        #expect(number.decoration.contains(.link), "and still a link")
    }
}
