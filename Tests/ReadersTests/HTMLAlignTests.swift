import Foundation
import Readers
@testable import Reflow
import Testing
import TestSupport
import TextMetrics

/// HTML's `align` is physical (issue 38): `right` is the right edge in both directions and `left`
/// the left, as Chromium and GitHub draw it; only CSS's `text-align: start` and `end` follow the
/// text's direction. Checked where a reader sees it: each line's drawn edges in the laid-out
/// frames, a list's marker beside its text, a row of pictures against its side.
@Suite struct HTMLAlignTests {
    /// A lay-out of `markdown` in a 390 pt container at `category`, in `direction` (the text's
    /// base direction, and the layout's when it is right to left), as `reflow-cli --direction`.
    static func layout(_ markdown: String, category: ContentSizeCategory = .large,
                       direction: BaseDirection? = nil) throws -> [LayoutAttributes] {
        let input = try LayoutInput(bytes: Array(markdown.utf8), format: .commonMark, cells: .blocks, layout: .list)
        let environment = TextSettings(direction: direction).over(input.documentSettings).layoutEnvironment(width: 390, category: category)
        return try input.layout.layout(input.content, in: environment, sizer: try Fixtures.sizer()).elements
            .filter { $0.role == .cell }.sorted { $0.indexPath < $1.indexPath }
    }

    /// Where each line of `element`'s text is drawn, left and right edges, in the page.
    static func lines(of element: LayoutAttributes) -> [(left: Double, right: Double)] {
        guard let layout = element.textLayout, let frame = element.textFrame else { return [] }
        return layout.lines.map { (frame.minX + $0.x, frame.minX + $0.x + $0.width) }
    }

    /// Where the marker's glyphs are drawn, left and right edges.
    static func marker(of element: LayoutAttributes) -> (left: Double, right: Double)? {
        for case .marker(let layout, let frame) in element.content {
            guard let line = layout.lines.first else { return nil }
            return (frame.minX + line.x, frame.minX + line.x + line.width)
        }
        return nil
    }

    /// The cells whose source starts on a line in `lines`.
    static func cells(_ elements: [LayoutAttributes], on lines: ClosedRange<Int>) -> [LayoutAttributes] {
        elements.filter { $0.sourceLine.map(lines.contains) ?? false }
    }

    /// Every line of `element` ends at its text frame's right edge; a list item's marker stands
    /// just right of its text's first line (one em of gap at most, the marker column's).
    static func expectFlushRight(_ element: LayoutAttributes, em: Double, _ what: String,
                                 sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let frame = element.textFrame else {
            Issue.record("\(what): line \(element.sourceLine ?? 0) has no text", sourceLocation: sourceLocation)
            return
        }
        for (index, line) in lines(of: element).enumerated() {
            #expect(abs(line.right - frame.maxX) < 0.5,
                    "\(what): line \(element.sourceLine ?? 0), text line \(index) ends at \(line.right), not at the right edge \(frame.maxX)",
                    sourceLocation: sourceLocation)
        }
        if let marker = marker(of: element), let first = lines(of: element).first {
            let gap = marker.left - first.right
            #expect(gap >= -0.5 && gap <= em,
                    "\(what): line \(element.sourceLine ?? 0), the marker is \(gap) pt right of its text", sourceLocation: sourceLocation)
        }
    }

    static let rightToLeftList = """
        <div dir='rtl' align='right'>

        - [ما هذا؟](#a)
        - [لماذا استخدم هذه الخطة الدراسية التي تستغرق عدة أشهر من أجل أن أصبح مهندس برامجيات في شركة عملاقة؟](#b)
            - [المصفوفات (Arrays)](#arrays)

        </div>

        <div align="right">

        > لقد قمت بإنشاء هذا المشروع في الأصل كلائحة صغيرة تحتوي على مواضيع دراسية الغرض من دراستها أن أصبح مهندس برمجيات

        </div>
        """

    @Test(arguments: [ContentSizeCategory.large, .accessibilityExtraExtraExtraLarge])
    func rightToLeftBlocksUnderAlignRightStandAtTheRightWithTheirMarkers(category: ContentSizeCategory) throws {
        let cells = try Self.layout(Self.rightToLeftList, category: category)
        let em = DynamicType.spec(.body, category).pointSize
        let items = cells.filter { Self.marker(of: $0) != nil }
        #expect(items.count == 3)
        for cell in cells where cell.textLayout != nil {
            Self.expectFlushRight(cell, em: em, "align=right")
        }
        // The same text without an alignment stands at the right too (its own direction's start):
        // align=right agrees with it instead of mirroring it.
        let plain = try Self.layout(Self.rightToLeftList.replacingOccurrences(of: "align='right'", with: "")
            .replacingOccurrences(of: "align=\"right\"", with: ""), category: category)
        #expect(plain.map { Self.lines(of: $0).map(\.right) } == cells.map { Self.lines(of: $0).map(\.right) })
    }

    @Test func alignLeftIsTheLeftEdgeInARightToLeftParagraph() throws {
        let cells = try Self.layout("""
            <p dir="rtl" align="left">نص عربي قصير</p>

            <p align="left">نص عربي قصير</p>

            <p dir="rtl">نص عربي قصير</p>
            """)
        #expect(cells.count == 3)
        for cell in cells.prefix(2) {
            let frame = try #require(cell.textFrame)
            let line = try #require(Self.lines(of: cell).first)
            #expect(abs(line.left - frame.minX) < 0.5, "align=left: the line starts at \(line.left), not at the left edge \(frame.minX)")
        }
        let unaligned = try #require(Self.lines(of: cells[2]).first)
        #expect(abs(unaligned.right - (cells[2].textFrame?.maxX ?? 0)) < 0.5, "without align, Arabic stands at its start, the right")
    }

    @Test func alignCenterCentresEitherDirection() throws {
        let cells = try Self.layout("""
            <p dir="rtl" align="center">نص عربي قصير</p>

            <p align="center">Short English text</p>
            """)
        #expect(cells.count == 2)
        for cell in cells {
            let frame = try #require(cell.textFrame)
            let line = try #require(Self.lines(of: cell).first)
            #expect(abs((line.left + line.right) / 2 - frame.midX) < 0.5)
        }
    }

    /// In a right-to-left document (`--direction rtl`) `left` and `right` keep their sides.
    @Test func aRightToLeftDocumentKeepsLeftAndRight() throws {
        let cells = try Self.layout("""
            <p align="left">Short English text</p>

            <p align="right">Short English text</p>

            <p align="left">نص عربي قصير</p>

            <p align="right">نص عربي قصير</p>
            """, direction: .rightToLeft)
        #expect(cells.count == 4)
        for (index, cell) in cells.enumerated() {
            let frame = try #require(cell.textFrame)
            let line = try #require(Self.lines(of: cell).first)
            if index % 2 == 0 {
                #expect(abs(line.left - frame.minX) < 0.5, "paragraph \(index): align=left starts at \(line.left), not \(frame.minX)")
            } else {
                #expect(abs(line.right - frame.maxX) < 0.5, "paragraph \(index): align=right ends at \(line.right), not \(frame.maxX)")
            }
        }
    }

    /// CSS's `text-align: start` and `end` follow the text's direction, and a `style` wins over
    /// `align`, as in a browser.
    @Test func textAlignStartAndEndAreLogical() throws {
        let cells = try Self.layout("""
            <p dir="rtl" style="text-align: start">نص عربي قصير</p>

            <p dir="rtl" style="text-align:end">نص عربي قصير</p>

            <p style="text-align: end">Short English text</p>

            <p dir="rtl" align="right" style="color: red; text-align: left !important">نص عربي قصير</p>
            """)
        #expect(cells.count == 4)
        let edges = cells.compactMap { cell -> (line: (left: Double, right: Double), frame: Rect)? in
            guard let line = Self.lines(of: cell).first, let frame = cell.textFrame else { return nil }
            return (line, frame)
        }
        #expect(edges.count == 4)
        guard edges.count == 4 else { return }
        #expect(abs(edges[0].line.right - edges[0].frame.maxX) < 0.5, "start of right to left: the right")
        #expect(abs(edges[1].line.left - edges[1].frame.minX) < 0.5, "end of right to left: the left")
        #expect(abs(edges[2].line.right - edges[2].frame.maxX) < 0.5, "end of left to right: the right")
        #expect(abs(edges[3].line.left - edges[3].frame.minX) < 0.5, "the style's left wins over align=right")
    }

    /// A row of pictures goes to the side `align` names, in either direction.
    @Test func aRowOfPicturesStandsAtTheSideAlignNames() throws {
        let images = #"<img src="a.png" width="40" height="20" alt="a"> <img src="b.png" width="40" height="20" alt="b">"#
        let cells = try Self.layout("""
            A paragraph that fills the width of the column, for its edges.

            <p dir="rtl" align="left">\(images)</p>

            <p dir="rtl" align="right">\(images)</p>

            <p align="left">\(images)</p>

            <p align="right">\(images)</p>
            """)
        #expect(cells.count == 5)
        guard cells.count == 5, let column = cells[0].textFrame else { return }
        for (index, cell) in cells.dropFirst().enumerated() {
            let frames = cell.content.compactMap { if case .picture(_, let frame, _, _) = $0 { frame } else { nil } }
            #expect(frames.count == 2)
            let left = frames.map(\.minX).min() ?? 0, right = frames.map(\.maxX).max() ?? 0
            if index % 2 == 0 {
                #expect(abs(left - column.minX) < 0.5, "row \(index): align=left starts at \(left), not \(column.minX)")
            } else {
                #expect(abs(right - column.maxX) < 0.5, "row \(index): align=right ends at \(right), not \(column.maxX)")
            }
        }
    }

    /// coding-interview-university's Arabic README: its table of contents (108 items and a
    /// heading in `<div dir='rtl' align='right'>`, lines 82–199) and its opening quote (in
    /// `<div align="right">`, lines 3–17) stand at the right, each marker beside its item.
    @Test(arguments: [ContentSizeCategory.large, .accessibilityExtraExtraExtraLarge])
    func arabicReadmeContentsAndQuoteStandAtTheRight(category: ContentSizeCategory) throws {
        let path = Fixtures.repository.appendingPathComponent(
            "Tests/Corpus/markdown/jwasham--coding-interview-university--translations_README-ar.md").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let cells = try Self.layout(text, category: category)
        let em = DynamicType.spec(.body, category).pointSize
        let contents = Self.cells(cells, on: 82...199).filter { $0.textLayout != nil }
        #expect(contents.filter { Self.marker(of: $0) != nil }.count == 108)
        for cell in contents { Self.expectFlushRight(cell, em: em, "contents") }
        let quote = Self.cells(cells, on: 3...17).filter { $0.textLayout != nil }
        #expect(quote.count >= 5)
        for cell in quote { Self.expectFlushRight(cell, em: em, "quote") }
    }
}
