import CommonMark
import Testing
import TextMetrics
@testable import Reflow
@testable import Readers

@Suite struct DocumentTests {
    @Test func headingsMapToTheirTextStylesAndLevelsOneAndTwoStartSections() throws {
        let document = try Document(markdown: "# A\n\ntext\n\n## B\n\n### C\n\n#### D\n\n##### E\n\n###### F\n\n# G\n")
        #expect(document.sections.count == 3)
        #expect(document.sections.map { $0.blocks.count } == [2, 5, 1])
        let styles = document.blocks.map(\.style)
        #expect(styles == [.largeTitle, .body, .title1, .title2, .title3, .headline, .headline, .largeTitle])
        #expect(document.sections[1].heading?.text.string == "B")
    }

    @Test func listsQuotesFootnotesAndCodeGetTheirKindsAndStyles() throws {
        let markdown = """
            - one
            - two

            3. three
            4. four

            > quoted *text*[^note]

            [^note]: the footnote text

            ```
            let x = 1
            let y = 2
            ```
            """
        let blocks = try Document(markdown: markdown).blocks
        // cmark-gfm moves footnote definitions to the end of the document, as GitHub shows them.
        // A code block's text ends with its last line's line end, which starts no line.
        #expect(blocks.map(\.text.string) == ["one", "two", "three", "four", "quoted text¹",
                                             "let x = 1\nlet y = 2\n", "¹ the footnote text"])
        #expect(blocks.map(\.nesting.marker) == ["•", "•", "3.", "4.", nil, nil, nil], "markers stand beside the text")
        #expect(blocks.map(\.style) == [.body, .body, .body, .body, .body, .body, .footnote], "a quote is set as GitHub sets it")
        #expect(blocks[0].kind == .listItem(depth: 1))
        #expect(blocks[4].kind == .quote)
        #expect(blocks[6].kind == .footnote)
        #expect(blocks[5].kind == .code)
        #expect(blocks[5].text.runs.map(\.emphasis) == [.code], "a code block is set in the monospace face")
        #expect(blocks.map(\.sourceLine) == [1, 2, 4, 5, 7, 11, 9], "each block keeps the line it starts on")
    }

    /// Footnotes come from cmark-gfm: numbered in the order of their first reference, as GitHub
    /// numbers them, definitions moved to the end in that order, unreferenced ones dropped. A
    /// reference is drawn as its number in superscript digits, in the emphasis around it, and a
    /// definition starts with the number. Brackets that name no defined footnote stay as written.
    @Test func footnoteReferencesBecomeSuperscriptNumbersInReferenceOrder() throws {
        let markdown = """
            First *see[^b]* and then[^a]. Again[^b], and [^missing] and [^] and [^a b] stay.

            # A heading[^c]

            [^a]: Alpha, which cites[^c].
            [^b]: Beta.

            [^c]: Gamma.

            [^unused]: Never cited.
            """
        let blocks = try Document(markdown: markdown).blocks
        #expect(blocks.map(\.text.string) == [
            "First see¹ and then². Again¹, and [^missing] and [^] and [^a b] stay.",
            "A heading³",
            "¹ Beta.",
            "² Alpha, which cites³.",
            "³ Gamma.",
        ])
        #expect(blocks[2...].map(\.kind) == [.footnote, .footnote, .footnote])
        // "see¹" is emphasized, marker included.
        let first = blocks[0].text.rangedRuns
        #expect(first.contains { run in
            run.emphasis == .italic && String(decoding: Array(blocks[0].text.string.utf8)[run.range], as: UTF8.self) == "see¹"
        }, "\(first)")
        #expect(MarkdownReader.superscript(1234567890) == "¹²³⁴⁵⁶⁷⁸⁹⁰")
    }

    @Test func aFootnoteWhoseTextIsOneWordIsNotLostAsALinkDefinition() throws {
        let blocks = try Document(markdown: "See[^1].\n\n[^1]: https://example.com\n").blocks
        #expect(blocks.map(\.text.string) == ["See¹.", "¹ https://example.com"])
        #expect(blocks.last?.kind == .footnote)
    }

    /// Strikethrough, autolinks and task lists come from cmark-gfm's extensions: struck text and
    /// autolinked addresses keep their text; task items show a ballot box, checked or not.
    @Test func strikethroughAutolinksAndTaskListsAreParsedByTheLibrary() throws {
        let markdown = """
            Was ~~17 pt~~ now 53 pt, see www.example.com/sizes or https://example.org.

            - [ ] open task
            - [x] done task
            - plain item

            1. [x] numbered task
            """
        let blocks = try Document(markdown: markdown).blocks
        #expect(blocks.map(\.text.string) == ["Was 17 pt now 53 pt, see www.example.com/sizes or https://example.org.",
                                             "open task", "done task", "plain item", "numbered task"])
        #expect(blocks.map(\.nesting.marker) == [nil, "☐", "☑", "•", "1. ☑"])
        let parsed = try MarkdownParser().parse("~~gone~~ www.example.com")
        guard case .paragraph(let inlines)? = parsed.first?.content else {
            Issue.record("expected a paragraph: \(parsed)")
            return
        }
        #expect(inlines.first == .strikethrough([.text("gone")]))
        #expect(inlines.contains { if case .link(let destination, _) = $0 { destination == "http://www.example.com" } else { false } },
                "\(inlines)")
    }

    /// A GFM table is a section of its own: its cells in reading order, the header row's in the
    /// headline style, each with its row's source line.
    @Test func aTableIsASectionOfItsOwn() throws {
        let markdown = """
            # Title

            Before.

            | A | B |
            |---|--:|
            | 1 | *two* |
            | 3 |

            After.
            """
        let document = try Document(markdown: markdown)
        #expect(document.sections.count == 3)
        let table = document.sections[1]
        #expect(table.table == TableShape(columns: 2, rows: 3))
        #expect(table.blocks.map(\.text.string) == ["A", "B", "1", "two", "3", ""])
        #expect(table.blocks.map(\.style) == [.headline, .headline, .body, .body, .body, .body])
        #expect(table.blocks.map(\.sourceLine) == [5, 5, 7, 7, 8, 8])
        #expect(table.blocks[3].kind == .tableCell(isHeader: false))
        #expect(document.sections[2].blocks.map(\.text.string) == ["After."])
        let content = CellMode.blocks.content(for: document)
        #expect(content.sections[1].table == TableShape(columns: 2, rows: 3))
        #expect(CellMode.blocks.sourceLocations(for: document)(IndexPath(item: 4, section: 1)) == SourceLocation(line: 8))
        #expect(CellMode.words.sourceLocations(for: document)(IndexPath(item: 0, section: 0)) == SourceLocation(line: 1))
    }

    @Test func emphasisBecomesStyledRunsAndCodeSpansAreCode() throws {
        let block = try Document(markdown: "plain *it* **bold** ***both*** `code` [link](x)\nnext").blocks[0]
        #expect(block.text.string == "plain it bold both code link next")
        let runs = block.text.rangedRuns.map { (String(block.text.string.utf8.dropFirst($0.range.lowerBound).prefix($0.range.count))!, $0.emphasis) }
        #expect(runs.map(\.0) == ["plain ", "it", " ", "bold", " ", "both", " ", "code", " ", "link", " next"])
        #expect(runs.map(\.1) == [[], .italic, [], .strong, [], [.italic, .strong], [], .code, [], .link, []])
        let strongCode = try Document(markdown: "**a `b`**").blocks[0].text.runs.map(\.emphasis)
        #expect(strongCode == [.strong, [.strong, .code]])
    }

    @Test func plainTextParagraphsAreSeparatedByBlankLinesAndLinesReflow() throws {
        let document = Document(plainText: "one\ntwo  three\n\n\n  four\n")
        #expect(document.blocks.map(\.text.string) == ["one two three", "four"])
        #expect(document.blocks.allSatisfy { $0.kind == .paragraph && $0.style == .body })
        #expect(Document(plainText: "").isEmpty)
        #expect(try Document(markdown: "").sections.isEmpty)
    }

    @Test func theFormatFollowsTheExtension() {
        #expect(DocumentFormat(path: "a/b.md") == .commonMark)
        #expect(DocumentFormat(path: "b.MARKDOWN") == .commonMark)
        #expect(DocumentFormat(path: "b.txt") == .plainText)
        #expect(DocumentFormat(path: "README") == .plainText)
        #expect(DocumentFormat(path: "dir.md/file") == .plainText)
    }

    @Test func deepNestingIsFlattenedNotACrash() throws {
        let depth = 20_000
        let quotes = try Document(markdown: String(repeating: ">", count: depth) + " deep")
        #expect(quotes.blocks.map(\.text.string) == ["deep"])
        let emphasis = String(repeating: "*a ", count: depth) + String(repeating: "b* ", count: depth)
        #expect(try Document(markdown: emphasis).blocks.count == 1)
        let lists = (0..<2_000).map { String(repeating: "  ", count: $0) + "- item" }.joined(separator: "\n")
        #expect(try Document(markdown: lists).blocks.count == 2_000)
    }

    @Test func wordsKeepTheirEmphasis() {
        var text = StyledText("one tw")
        text.append("o three", emphasis: .italic)
        let words = text.words
        #expect(words.map(\.string) == ["one", "two", "three"])
        #expect(words[1].rangedRuns.map(\.emphasis) == [[], .italic])
        #expect(words[2].rangedRuns.map(\.emphasis) == [.italic])
    }
}
