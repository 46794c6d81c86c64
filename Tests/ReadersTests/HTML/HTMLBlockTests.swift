@testable import CommonMark
import Testing

/// HTML in Markdown as READMEs write it becomes the blocks and inlines it shows as, never tags
/// drawn as text: each construct maps as `HTMLBlockMapping` documents.
@Suite struct HTMLBlockTests {
    let parse = HTMLSupport.parse

    @Test func aCentredParagraphOfAnImageIsACentredDivision() throws {
        let blocks = try parse("""
            <p align="center">
              <img
                width="400"
                src="https://example.com/logo.png"
                alt="Logo"
              />
            </p>
            """)
        let logo = MarkdownImage(source: "https://example.com/logo.png", alt: "Logo", width: 400)
        #expect(blocks == [MarkdownBlock(.division(MarkdownDivision(alignment: .center, blocks: [
            MarkdownBlock(.paragraph([.image(logo)]), line: 1),
        ])), line: 1)])
    }

    @Test func aDivisionAroundMarkdownHoldsTheMarkdownBetweenItsTags() throws {
        let blocks = try parse("""
            <div align="center">

            # Title

            A *simple* tool.

            </div>

            After.
            """)
        #expect(blocks == [
            MarkdownBlock(.division(MarkdownDivision(alignment: .center, blocks: [
                MarkdownBlock(.heading(level: 1, [.text("Title")]), line: 3),
                MarkdownBlock(.paragraph([.text("A "), .emphasis([.text("simple")]), .text(" tool.")]), line: 5),
            ])), line: 1),
            MarkdownBlock(.paragraph([.text("After.")]), line: 9),
        ])
    }

    @Test func detailsHoldTheMarkdownUpToTheirClosingTagInALaterBlock() throws {
        let blocks = try parse("""
            <details>
            <summary>Linux <b>and</b> BSD</summary>

            - one
            - two

            ```sh
            make
            ```

            </details>
            """)
        guard case .details(let summary, let children) = blocks.first?.content else {
            Issue.record("expected details, got \(blocks)")
            return
        }
        #expect(blocks.count == 1)
        #expect(summary == [.text("Linux "), .strong([.text("and")]), .text(" BSD")])
        #expect(children.map(\.line) == [4, 7])
        #expect(children.last?.content == .codeBlock(info: "sh", code: "make\n"))
        if case .list(let list) = children.first?.content { #expect(list.items.count == 2) } else { Issue.record("a list") }
    }

    @Test func detailsWithoutSummaryOrClosingTagCloseAtTheEndOfTheirQuote() throws {
        let blocks = try parse("""
            > <details>
            >
            > Hidden text.

            Outside.
            """)
        #expect(blocks == [
            MarkdownBlock(.blockQuote([
                MarkdownBlock(.details(summary: [.text("Details")], [MarkdownBlock(.paragraph([.text("Hidden text.")]), line: 3)]), line: 1),
            ]), line: 1),
            MarkdownBlock(.paragraph([.text("Outside.")]), line: 5),
        ])
    }

    @Test func rightToLeftDivisionsNestAsTheirTagsDo() throws {
        let blocks = try parse("""
            <div dir="rtl">

            ## שלום

            <div dir="ltr">

            ```go
            fmt.Println("hi")
            ```

            </div>

            טקסט.

            </div>
            """)
        guard case .division(let outer) = blocks.first?.content, blocks.count == 1 else {
            Issue.record("expected one division, got \(blocks)")
            return
        }
        #expect(outer.direction == .rightToLeft && outer.alignment == nil)
        #expect(outer.blocks.count == 3)
        guard case .division(let inner) = outer.blocks[1].content else {
            Issue.record("expected the inner division")
            return
        }
        #expect(inner.direction == .leftToRight)
        #expect(inner.blocks.map(\.content) == [.codeBlock(info: "go", code: "fmt.Println(\"hi\")\n")])
        #expect(outer.blocks.last?.content == .paragraph([.text("טקסט.")]))
    }

    @Test func alignAndDirValuesMapToTheModel() throws {
        let left = try parse("<p align=\"LEFT\">a</p>")
        let right = try parse("<h2 align=\"right\">b</h2>")
        let justify = try parse("<p align=\"justify\">c</p>")
        let centre = try parse("<center>d</center>")
        let auto = try parse("<div dir=\"auto\">e</div>")
        #expect(left.first?.content == .division(MarkdownDivision(alignment: .left, blocks: [MarkdownBlock(.paragraph([.text("a")]), line: 1)])))
        #expect(right.first?.content == .division(MarkdownDivision(alignment: .right, blocks: [MarkdownBlock(.heading(level: 2, [.text("b")]), line: 1)])))
        #expect(justify == [MarkdownBlock(.paragraph([.text("c")]), line: 1)], "justify sets nothing")
        #expect(centre.first?.content == .division(MarkdownDivision(alignment: .center, blocks: [MarkdownBlock(.paragraph([.text("d")]), line: 1)])))
        #expect(auto == [MarkdownBlock(.paragraph([.text("e")]), line: 1)], "dir=auto leaves the direction to the text")
    }

    @Test func aPictureIsItsImage() throws {
        let blocks = try parse("""
            <picture>
              <source media="(prefers-color-scheme: dark)" srcset="dark.svg">
              <img alt="zoxide logo" src="light.svg" height="128" width="128">
            </picture>
            """)
        #expect(HTMLSupport.images(blocks) == [MarkdownImage(source: "light.svg", alt: "zoxide logo", width: 128, height: 128)])
        #expect(HTMLSupport.texts(blocks).allSatisfy { $0.allSatisfy(\.isWhitespace) })
    }

    @Test func imageSizesAreNumbersOfCSSPixelsAndAltIsNeverMissing() throws {
        let blocks = try parse("<p><img src=a width=\"200px\" height=\" 20.5 \"><img src=b width=\"50%\"><img src=c width=\"1e308\" height=\"x\"></p>")
        #expect(HTMLSupport.images(blocks) == [
            MarkdownImage(source: "a", alt: "", width: 200, height: 20.5),
            MarkdownImage(source: "b", alt: "", width: nil),
            MarkdownImage(source: "c", alt: "", width: 1, height: nil),  // HTML reads the leading digits, as browsers do
        ])
    }

    @Test func aBadgeRowOfLinkedImagesIsOneParagraphOfLinks() throws {
        let blocks = try parse("""
            Badges: <a href="https://ci.example"><img src="ci.svg" alt="CI"></a> <a href="https://docs.example"><img src="docs.svg" alt="Docs"></a>
            """)
        #expect(blocks == [MarkdownBlock(.paragraph([
            .text("Badges: "),
            .link(destination: "https://ci.example", [.image(MarkdownImage(source: "ci.svg", alt: "CI"))]),
            .text(" "),
            .link(destination: "https://docs.example", [.image(MarkdownImage(source: "docs.svg", alt: "Docs"))]),
        ]), line: 1)])
    }

    @Test func inlineElementsBecomeTheirInlines() throws {
        let blocks = try parse("""
            Press <kbd>Ctrl</kbd>+<kbd>C</kbd>, H<sub>2</sub>O, x<sup>2</sup>, <b>b</b> <i>i</i> <strong>s</strong> <em>e</em>
            <code>a  b</code> <s>old</s> <del>gone</del> <span>plain</span><br>next <u>under</u>
            """)
        #expect(blocks == [MarkdownBlock(.paragraph([
            .text("Press "), .keyboard([.text("Ctrl")]), .text("+"), .keyboard([.text("C")]), .text(", H"),
            .subscript([.text("2")]), .text("O, x"), .superscript([.text("2")]), .text(", "), .strong([.text("b")]), .text(" "),
            .emphasis([.text("i")]), .text(" "), .strong([.text("s")]), .text(" "), .emphasis([.text("e")]), .softBreak,
            .code("a  b"), .text(" "), .strikethrough([.text("old")]), .text(" "), .strikethrough([.text("gone")]), .text(" "),
            .text("plain"), .lineBreak, .text("next "), .text("under"),
        ]), line: 1)])
    }

    @Test func markdownInsideInlineHTMLKeepsItsMeaning() throws {
        let blocks = try parse("<b>bold *and emphasis* `code`</b> [link](https://example.com) and a note[^1].\n\n[^1]: The note.")
        #expect(blocks.first == MarkdownBlock(.paragraph([
            .strong([.text("bold "), .emphasis([.text("and emphasis")]), .text(" "), .code("code")]),
            .text(" "), .link(destination: "https://example.com", [.text("link")]), .text(" and a note"),
            .footnoteReference(number: 1), .text("."),
        ]), line: 1))
    }

    @Test func aHeadingAndATableCellKeepTheirInlineHTMLAsInlines() throws {
        let blocks = try parse("""
            # Title <img src="icon.png" alt="icon" width=16>

            | a | b |
            |---|---|
            | one<br>two | <kbd>K</kbd> |
            """)
        #expect(blocks.first?.content == .heading(level: 1, [.text("Title "), .image(MarkdownImage(source: "icon.png", alt: "icon", width: 16))]))
        guard case .table(let table) = blocks.last?.content else {
            Issue.record("expected a table")
            return
        }
        #expect(table.rows[0].cells == [[.text("one"), .lineBreak, .text("two")], [.keyboard([.text("K")])]])
    }

    @Test func blockElementsBecomeTheirBlocks() throws {
        let blocks = try parse("""
            <h3>Install</h3>
            <ul><li>one</li><li>two <b>bold</b></li></ul>
            <ol start="3"><li>three</li></ol>
            <hr>
            <pre lang="sh">
            make   install
            </pre>
            <blockquote>quoted</blockquote>
            """)
        #expect(blocks.map(\.content) == [
            .heading(level: 3, [.text("Install")]),
            .list(MarkdownList(isOrdered: false, start: 1, isTight: true, items: [
                MarkdownListItem(blocks: [MarkdownBlock(.paragraph([.text("one")]), line: 2)], line: 2),
                MarkdownListItem(blocks: [MarkdownBlock(.paragraph([.text("two "), .strong([.text("bold")])]), line: 2)], line: 2),
            ])),
            .list(MarkdownList(isOrdered: true, start: 3, isTight: true, items: [
                MarkdownListItem(blocks: [MarkdownBlock(.paragraph([.text("three")]), line: 3)], line: 3),
            ])),
            .thematicBreak,
            .codeBlock(info: "sh", code: "make   install\n"),
            .blockQuote([MarkdownBlock(.paragraph([.text("quoted")]), line: 8)]),
        ])
        #expect(blocks.map(\.line) == [1, 2, 3, 4, 5, 8], "each block keeps the line its tag is on")
    }

    @Test func aTableWithAHeaderRowIsATableAndOtherTablesAreParagraphsPerRow() throws {
        let simple = try parse("""
            <table>
              <tr><th align="left">Name</th><th align="center">Use</th></tr>
              <tr><td>fd</td><td>find <b>files</b></td></tr>
            </table>
            """)
        #expect(simple.map(\.content) == [.table(MarkdownTable(
            header: MarkdownTableRow(cells: [[.text("Name")], [.text("Use")]], line: 2),
            rows: [MarkdownTableRow(cells: [[.text("fd")], [.text("find "), .strong([.text("files")])]], line: 3)],
            alignments: [.left, .center]))])

        let layout = try parse("""
            <table>
              <tr>
                <td align="center"><img src="a.png" alt="A"><br><sub>Ann</sub></td>
                <td align="center"><img src="b.png" alt="B"><br><sub>Bob</sub></td>
              </tr>
            </table>
            """)
        #expect(layout.map(\.content) == [.paragraph([
            .image(MarkdownImage(source: "a.png", alt: "A")), .lineBreak, .subscript([.text("Ann")]), .lineBreak,
            .image(MarkdownImage(source: "b.png", alt: "B")), .lineBreak, .subscript([.text("Bob")]),
        ])])
    }

    @Test func commentsScriptsAndStylesShowNothingAndOtherElementsKeepTheirText() throws {
        let blocks = try parse("""
            <!-- a comment -->

            <script>alert("</p>hi")</script>

            <style>p { color: red }</style>

            <custom-element>kept <marquee>text</marquee></custom-element>
            """)
        #expect(blocks == [MarkdownBlock(.paragraph([.text("kept "), .text("text")]), line: 7)])
    }

    @Test func anElementTheAuthorWroteIsNeverTakenForAPlaceholder() throws {
        let blocks = try parse("""
            <div data-reflow-markdown="0">

            Markdown.

            </div>

            Text <span data-reflow-markdown="0">span</span>.
            """)
        #expect(blocks.map(HTMLSupport.plainText) == ["Markdown.", "Text span."])
    }

    @Test func aLineBreakDropsTheSpacesBeforeItAndTheLineEndAfterIt() throws {
        let blocks = try parse("""
            <p>one   <b>two </b>
              <br>
              three</p>

            Markdown line<br>
            next line
            """)
        #expect(blocks.map(\.content) == [
            .paragraph([.text("one "), .strong([.text("two")]), .lineBreak, .text("three")]),
            .paragraph([.text("Markdown line"), .lineBreak, .text("next line")]),
        ])
    }

    @Test func aDocumentWithoutHTMLIsLeftAsCmarkGFMReadIt() throws {
        let markdown = "# Title\n\n> quote *with* `code`\n\n- [x] task\n\n| a | b |\n|:-|-:|\n| 1 | 2 |\n\nText[^1].\n\n[^1]: Note.\n"
        let cmark = try CmarkTree(parsing: markdown).blocks(maximumNesting: MarkdownParser.maximumNesting)
        #expect(try HTMLResolution(maximumNesting: MarkdownParser.maximumNesting).resolve(cmark) == cmark)
        #expect(try parse(markdown) == cmark)
    }

    @Test func htmlBlocksLinesAreTheirSourceLines() throws {
        let blocks = try parse("""
            Intro.

            <div>
              <p>first</p>

              <p>second</p>
            </div>
            """)
        #expect(blocks.map(\.line) == [1, 4, 6])
        #expect(blocks.map(HTMLSupport.plainText) == ["Intro.", "first", "second"])
    }
}
