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

    /// Each of `<sup>`, `<sub>` and `<small>` reaches the cell's text as its size bit, in HTML
    /// blocks and in a Markdown paragraph's inline HTML alike.
    @Test func theirTextCarriesItsSize() throws {
        let markdown = "x<sup>2</sup>, H<sub>2</sub>O and <small>small print</small>\n\n<p align=\"center\"><small>© 2026</small></p>\n"
        let input = try LayoutInput(bytes: Array(markdown.utf8), format: .commonMark, cells: .blocks, layout: .list)
        let first = try #require(try input.content.cell(at: IndexPath(item: 0, section: 0)))
        let sized = first.text.rangedRuns.filter { !$0.emphasis.intersection(.sizeBits).isEmpty }.map {
            (String(decoding: Array(first.text.string.utf8)[$0.range], as: UTF8.self), $0.emphasis.intersection(.sizeBits))
        }
        #expect(sized.map(\.0) == ["2", "2", "small print"])
        #expect(sized.map(\.1) == [.superscript, .subscript, .small])
        let second = try #require(try input.content.cell(at: IndexPath(item: 1, section: 0)))
        #expect(second.text.runs.allSatisfy { $0.emphasis.contains(.small) }, "\(second.text.runs)")
    }
}
