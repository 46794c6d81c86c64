import Testing
import TextMetrics
@testable import Reflow
import Readers
import TestSupport

/// Documents as readers see them (issue 22): containers and depth, markers in a column of their
/// own with hanging indents, code that keeps its lines, quotes as containers, rules, images, and
/// no space between ideographs at a soft line break. Expected values come from the rules (README
/// "Documents", `Indentation`, `MarkdownReader`), checked on the layout's own frames.
@Suite struct DocumentStructureTests {
    static let nested = """
        1. First item that is long enough to wrap onto a second line at this width
           - nested bullet with enough words to wrap as well, surely
             - third level
               - fourth level with words enough to wrap at the largest size
        2. Second

           Later paragraph of the second item.

           ```swift
           let x = 1
           \tif x { print("tab") }
           ```

        > Quote paragraph one.
        >
        > > Nested quote.

        ---

        ![Logo](logo.png) [![Build](https://img.shields.io/badge/build-passing-green)](https://ci.example.com)

        - [ ] task
        - [x] done
        """

    static func blocks(_ markdown: String) throws -> [Block] { try Document(markdown: markdown).blocks }

    static func layout(_ markdown: String, width: Double = 320, category: ContentSizeCategory = .large,
                       direction: LayoutDirection = .leftToRight) throws -> LayoutSnapshot {
        let content = CellMode.blocks.content(for: try Document(markdown: markdown))
        return try ListLayout().layout(content, in: LayoutEnvironment(containerWidth: width, category: category, layoutDirection: direction),
                                       sizer: try Fixtures.sizer())
    }

    @Test func everyBlockKnowsItsContainersAndTheMarkerItShows() throws {
        let blocks = try Self.blocks(Self.nested)
        #expect(blocks.map(\.nesting.depth) == [1, 2, 3, 4, 1, 1, 1, 1, 2, 0, 0, 1, 1])
        #expect(blocks.map(\.nesting.marker) == ["1.", "•", "◦", "▪", "2.", nil, nil, nil, nil, nil, nil, "☐", "☑"])
        #expect(blocks.map(\.kind.name) == ["listItem", "listItem", "listItem", "listItem", "listItem", "paragraph", "code",
                                           "quote", "quote", "rule", "image", "listItem", "listItem"])
        #expect(!blocks[0].text.string.hasPrefix("1."), "the marker is not part of the text")
        #expect(blocks[6].content == .code(language: "swift"))
        // Two quotes: the nested one sits inside the outer one and has a bar of its own.
        guard case .quote(let outer) = blocks[7].nesting.containers[0], case .quote(let inner) = blocks[8].nesting.containers[1]
        else { Issue.record("quotes are not containers"); return }
        #expect(blocks[8].nesting.containers[0] == .quote(id: outer) && inner != outer)
    }

    @Test func orderedListsKeepTheirNumbersAndNestedListsNumberOnTheirOwn() throws {
        let blocks = try Self.blocks("3. three\n4. four\n   1. one\n   2. two\n5. five\n")
        #expect(blocks.map(\.nesting.marker) == ["3.", "4.", "1.", "2.", "5."])
        #expect(blocks.map(\.nesting.depth) == [1, 1, 2, 2, 1])
    }

    /// Every wrapped line of a list item starts where its text starts, never under the marker;
    /// the marker ends before the text, on the first line's baseline; deeper items step in.
    @Test(arguments: [ContentSizeCategory.large, .accessibilityExtraExtraExtraLarge])
    func listItemsHangTheirLinesAfterTheMarker(_ category: ContentSizeCategory) throws {
        let snapshot = try Self.layout(Self.nested, category: category)
        let items = snapshot.elements.filter { $0.cellKind?.name == "listItem" }.sorted { $0.indexPath < $1.indexPath }
        var previousStart = -1.0
        for item in items.prefix(4) {
            let text = try #require(item.textFrame), layout = try #require(item.textLayout)
            #expect(layout.lines.count > 0)
            #expect(layout.lines.allSatisfy { $0.x >= 0 && $0.x + $0.width <= text.width + 1e-6 }, "every line inside the text block")
            let markers = item.content.compactMap { if case .marker(let layout, let frame) = $0 { (layout, frame) } else { nil } }
            let (marker, frame) = try #require(markers.last)
            #expect(frame.maxX <= text.minX + 1e-6, "the marker stands before the text")
            #expect(abs((frame.minY + (marker.firstBaseline ?? 0)) - (text.minY + (layout.firstBaseline ?? 0))) < 1e-6, "on the first baseline")
            #expect(text.minX > previousStart, "a nested item steps in")
            previousStart = text.minX
        }
    }

    /// Depth 4 at AX5 in a 320 pt container still leaves at least half the width inside the
    /// insets to text.
    @Test func indentationIsBoundedAtTheLargestSize() throws {
        let snapshot = try Self.layout(Self.nested, width: 320, category: .accessibilityExtraExtraExtraLarge)
        let deepest = try #require(snapshot.elements.first { $0.nesting?.depth == 4 })
        let insets = Cell.defaultInsets.scaled(by: FontMetrics(forTextStyle: .body).scaleFactor(for: .accessibilityExtraExtraExtraLarge))
        let inside = 320 - insets.horizontal
        #expect(try #require(deepest.textFrame).width >= inside / 2 - 1e-6)
    }

    /// A code block has one laid-out line per source line at every size, its leading spaces and
    /// tabs kept (tab stops every 8 columns), never wrapped; wider than its cell it reports its
    /// content width.
    @Test(arguments: [ContentSizeCategory.large, .accessibilityExtraExtraExtraLarge])
    func codeKeepsItsLines(_ category: ContentSizeCategory) throws {
        let code = "func f() {\n    let long = \"a line that is much wider than any phone screen at any size\"\n\treturn\n}"
        let snapshot = try Self.layout("```\n\(code)\n```\n", category: category)
        let cell = try #require(snapshot.elements.first)
        let layout = try #require(cell.textLayout)
        #expect(layout.lines.count == 4)
        #expect(layout.text.string.split(separator: "\n", omittingEmptySubsequences: false)[2] == "        return", "a tab to column 8")
        let contentWidth = try #require(cell.contentWidth)
        #expect(contentWidth > cell.frame.width)
        #expect(abs(cell.frame.height - max(44, layout.height + Cell.defaultInsets.scaled(by: FontMetrics(forTextStyle: .body).scaleFactor(for: category)).vertical)) < 1e-6)
    }

    @Test func quotesDrawOneBarPerLevelAlongTheirCells() throws {
        let snapshot = try Self.layout(Self.nested)
        let quotes = snapshot.elements.filter { $0.cellKind == .quote }.sorted { $0.indexPath < $1.indexPath }
        #expect(quotes.count == 2)
        let bars = quotes.map { $0.content.compactMap { if case .bar(let frame, _) = $0 { frame } else { nil } } }
        #expect(bars.map(\.count) == [1, 2])
        for (quote, frames) in zip(quotes, bars) {
            let text = try #require(quote.textFrame)
            #expect(frames.allSatisfy { $0.minY == quote.frame.minY && $0.height == quote.frame.height })
            #expect(frames.allSatisfy { $0.maxX <= text.minX })
        }
        #expect(bars[0][0].minX == bars[1][0].minX, "the outer quote's bar runs on at the same place")
    }

    @Test func rulesAndImagesAreElements() throws {
        let snapshot = try Self.layout(Self.nested)
        #expect(snapshot.elements.filter { $0.cellKind == .rule }.count == 1)
        let image = try #require(snapshot.elements.first { $0.cellKind == .image })
        let pictures = image.content.compactMap { if case .picture(let picture, let frame, _, _) = $0 { (picture, frame) } else { nil } }
        #expect(pictures.map(\.0.alt) == ["Logo", "Build"])
        #expect(pictures[0].1.minY == pictures[1].1.minY && pictures[0].1.maxX < pictures[1].1.minX, "small images side by side")
        let report = LayoutReport(snapshot)
        #expect(report.elements.first { $0.cell == "image" }?.alt == "Logo Build")
        #expect(report.elements.first { $0.cell == "rule" } != nil)
    }

    @Test func rightToLeftMirrorsMarkersAndBars() throws {
        let ltr = try Self.layout(Self.nested), rtl = try Self.layout(Self.nested, direction: .rightToLeft)
        for (a, b) in zip(ltr.elements.sorted { $0.indexPath < $1.indexPath }, rtl.elements.sorted { $0.indexPath < $1.indexPath }) {
            for (x, y) in zip(a.content, b.content) {
                #expect(abs(y.frame.minX - (320 - x.frame.maxX)) < 1e-6)
            }
        }
    }

    /// CSS Text 3: a soft line break between two ideographs adds no space; between Latin words,
    /// and in Korean, it is a space.
    @Test func softBreaksBetweenIdeographsAddNoSpace() throws {
        #expect(try Self.blocks("日本語の文章は\n改行しても空白が入らない。")[0].text.string == "日本語の文章は改行しても空白が入らない。")
        #expect(try Self.blocks("中文\n段落")[0].text.string == "中文段落")
        #expect(try Self.blocks("two\nwords")[0].text.string == "two words")
        #expect(try Self.blocks("한국어\n문장")[0].text.string == "한국어 문장")
        #expect(try Self.blocks("日本\nword")[0].text.string == "日本 word")
    }

    /// The same rule for plain text: a line feed between two ideographs adds nothing.
    @Test func plainTextLineBreaksBetweenIdeographsAddNoSpace() {
        #expect(PlainText.paragraphs("日本語の文章は\n改行しても空白が入らない。") == ["日本語の文章は改行しても空白が入らない。"])
        #expect(PlainText.paragraphs("中文 \n  段落\n\nnext") == ["中文段落", "next"])
        #expect(PlainText.paragraphs("two\nwords") == ["two words"])
        #expect(PlainText.paragraphs("한국어\n문장") == ["한국어 문장"])
        #expect(PlainText.paragraphs("日本\nword") == ["日本 word"])
        #expect(PlainText.paragraphs("日本 語") == ["日本 語"], "a space the writer typed stays")
    }

    /// Links and strikethrough are decorations: they mark the text's runs, never change how it
    /// shapes or breaks, and a `<kbd>` key is set in the monospace face.
    @Test func linksAndStrikethroughDecorateWithoutChangingTheLines() throws {
        let marked = try Self.blocks("See [the documentation of the package](https://example.com) and ~~an old note that no longer holds~~ now.")[0].text
        let plain = try Self.blocks("See the documentation of the package and an old note that no longer holds now.")[0].text
        #expect(marked.string == plain.string)
        #expect(marked.decorations.map(\.decoration) == [.link, .strikethrough])
        #expect(marked.faceRuns.count == 1, "decorations do not cut shaping runs")
        let kbd = try Self.blocks("Press <kbd>Ctrl</kbd> now")[0].text
        #expect(kbd.runs.contains { $0.emphasis.contains(.code) })
        let typesetter = try Typesetter(fonts: try Fixtures.fonts())
        for category in [ContentSizeCategory.large, .accessibilityExtraExtraExtraLarge] {
            let a = try typesetter.layout(marked, style: .body, environment: TextEnvironment(category: category), width: 200)
            let b = try typesetter.layout(plain, style: .body, environment: TextEnvironment(category: category), width: 200)
            #expect(a.lines.map(\.range) == b.lines.map(\.range) && a.lines.map(\.width) == b.lines.map(\.width))
            // Glyph runs carry the decoration and span the decorated words.
            let runs = a.lines.indices.flatMap { a.glyphRuns(ofLine: $0) }
            #expect(runs.contains { $0.decoration == .link && $0.end > $0.start })
            #expect(runs.contains { $0.decoration == .strikethrough && $0.end > $0.start })
            #expect(runs.filter { $0.decoration.isEmpty }.count >= 2)
        }
    }

    /// GFM column alignment and HTML `align` place the lines; `dir="rtl"` sets a block's direction
    /// and mirrors its marker in a left-to-right document.
    @Test func alignmentAndDirectionFromTablesAndHTML() throws {
        let table = try Self.layout("| Left | Centre | Right |\n|:--|:-:|--:|\n| a | b | c |")
        let row = table.elements.filter { $0.cellKind == .tableCell(isHeader: false) }.sorted { $0.frame.minX < $1.frame.minX }
        #expect(row.count == 3)
        func lineEdges(_ element: LayoutAttributes) -> (left: Double, right: Double, frame: Rect)? {
            guard let layout = element.textLayout, let frame = element.textFrame, let line = layout.lines.first else { return nil }
            return (frame.minX + line.x, frame.minX + line.x + line.width, frame)
        }
        if let left = lineEdges(row[0]), let centre = lineEdges(row[1]), let right = lineEdges(row[2]) {
            #expect(abs(left.left - left.frame.minX) < 0.01)
            #expect(abs((centre.left + centre.right) / 2 - centre.frame.midX) < 0.01)
            #expect(abs(right.right - right.frame.maxX) < 0.01)
        } else {
            Issue.record("table cells have no text")
        }
        let centred = try Self.layout("<div align=\"center\">\n\nA short line.\n\n</div>\n\nA short line.")
        let texts = centred.elements.sorted { $0.indexPath < $1.indexPath }.compactMap(lineEdges)
        #expect(texts.count == 2)
        if texts.count == 2 {
            #expect(abs((texts[0].left + texts[0].right) / 2 - texts[0].frame.midX) < 0.01)
            #expect(abs(texts[1].left - texts[1].frame.minX) < 0.01, "outside the division the text starts at its edge")
        }
        let blocks = try Self.blocks("<div dir=\"rtl\">\n\n- פריט ברשימה\n\n</div>\n\n- item")
        #expect(blocks.map(\.direction) == [.rightToLeft, nil])
        let mixed = try Self.layout("<div dir=\"rtl\">\n\n- פריט ברשימה\n\n</div>\n\n- item")
        for element in mixed.elements {
            let markers = element.content.compactMap { if case .marker(_, let frame) = $0 { frame } else { nil } }
            guard let marker = markers.first, let text = element.textFrame else { continue }
            if element.indexPath.item == 0 {
                #expect(marker.minX >= text.maxX - 0.01, "right to left: the marker stands right of the text")
            } else {
                #expect(marker.maxX <= text.minX + 0.01, "left to right: the marker stands left of the text")
            }
        }
    }

    /// A placeholder whose stated box is too narrow for its alt text on one line widens (up to
    /// the width, its aspect kept), so the alt never breaks inside a word of "Project logo".
    @Test(arguments: [ContentSizeCategory.large, .accessibilityMedium, .accessibilityExtraExtraExtraLarge])
    func aStatedPlaceholderWidensForItsAltText(_ category: ContentSizeCategory) throws {
        let snapshot = try Self.layout("<img src=\"https://example.com/logo.png\" alt=\"Project logo\" width=\"60\" height=\"30\">",
                                       width: 390, category: category)
        let placed = snapshot.elements.flatMap(\.content).compactMap { content -> (Rect, TextLayout?)? in
            if case .picture(_, let frame, let alt, _) = content { (frame, alt) } else { nil }
        }
        #expect(placed.count == 1)
        for (frame, alt) in placed {
            #expect(frame.width > 60 && frame.width <= 390)
            #expect(abs(frame.height / frame.width - 0.5) < 0.01 || frame.height > frame.width / 2, "aspect kept unless the alt needs more height")
            #expect(alt?.hasEmergencyBreaks == false, "\(category): the alt text breaks inside a word")
        }
    }

    /// A remote image with a stated height alone (Nuke's README opens with `<img src=… height=
    /// "170px">`) keeps that height as a placeholder, as wide as tall (its aspect is unknown), so
    /// what follows it is where GitHub puts it; it used to shrink to its picture glyph, 31 pt.
    @Test func aPlaceholderWithAStatedHeightAloneKeepsIt() throws {
        let snapshot = try Self.layout("<img src=\"https://example.com/logo.png\" height=\"170px\">\n\n# Image Loading System",
                                       width: 390, category: .large)
        let frames = snapshot.elements.flatMap(\.content).compactMap { content -> Rect? in
            if case .picture(_, let frame, _, _) = content { frame } else { nil }
        }
        #expect(frames.map(\.size) == [Size(width: 170, height: 170)])
        let wide = try Self.layout("<img src=\"https://example.com/logo.png\" height=\"500\" alt=\"Logo\">", width: 390, category: .large)
        let clipped = wide.elements.flatMap(\.content).compactMap { content -> Rect? in
            if case .picture(_, let frame, _, _) = content { frame } else { nil }
        }
        #expect(clipped.map(\.size) == [Size(width: 358, height: 500)], "never wider than the column (390 pt less its insets)")
    }

    /// Without a `dir`, a list runs the way its first strong character does (GitHub's
    /// `dir="auto"` lists): a Hebrew list in an English document hangs its markers from the
    /// right, every item of it, and an English list from the left.
    @Test func aRightToLeftListInALeftToRightDocumentHangsFromTheRight() throws {
        let markdown = "- פריט ברשימה שהוא ארוך מספיק כדי לגלוש לשורה שנייה ברוחב הזה\n- English in the Hebrew list\n\nBetween.\n\n- an item in English"
        #expect(try Self.blocks(markdown).map(\.listDirection) == [.rightToLeft, .rightToLeft, nil, .leftToRight])
        let snapshot = try Self.layout(markdown)
        let items = snapshot.elements.sorted { $0.indexPath < $1.indexPath }.filter { $0.cellKind != .paragraph }
        #expect(items.count == 3)
        for (index, element) in items.enumerated() {
            let markers = element.content.compactMap { if case .marker(_, let frame) = $0 { frame } else { nil } }
            guard let marker = markers.first, let text = element.textFrame, let layout = element.textLayout else {
                Issue.record("item \(index) has no marker or text")
                continue
            }
            if index < 2 {
                #expect(marker.minX >= text.maxX - 0.01, "item \(index): the Hebrew list hangs from the right")
                if index == 0 { #expect(layout.lines.count > 1, "wraps, so the hanging indent shows") }
            } else {
                #expect(marker.maxX <= text.minX + 0.01)
            }
        }
    }

    /// A numbered list's marker column fits every number in the face's widest digit: at AX5 the
    /// `2.` of Inter (wider than `1.`) still ends one gap (0.3 em) before the text.
    @Test func numberedMarkersEndOneGapBeforeTheText() throws {
        let category = ContentSizeCategory.accessibilityExtraExtraExtraLarge
        let gap = PointGrid.snap(0.3 * DynamicType.spec(.body, category).pointSize)
        let snapshot = try Self.layout("1. one\n2. two\n8. eight", width: 390, category: category)
        for element in snapshot.elements {
            let markers = element.content.compactMap { if case .marker(_, let frame) = $0 { frame } else { nil } }
            guard let marker = markers.first, let text = element.textFrame else { continue }
            #expect(text.minX - marker.maxX >= gap - 0.02, "\(element.indexPath): \(text.minX - marker.maxX) pt between marker and text")
        }
    }

    /// In a right-to-left document, a code block of left-to-right lines shows their starts: its
    /// text begins at the cell's left inset and runs off at the right, where it scrolls.
    @Test func leftToRightCodeInARightToLeftDocumentShowsItsLineStarts() throws {
        let markdown = "שלום עולם\n\n```go\nfunc main() { app.Get(\"/\", func(c fiber.Ctx) error { return c.SendString(\"Hello, World!\") }) }\n```\n"
        let content = CellMode.blocks.content(for: try Document(markdown: markdown))
        var environment = LayoutEnvironment(containerWidth: 390, category: .large, layoutDirection: .rightToLeft)
        environment.text.language = try LanguageTag("he")
        let snapshot = try ListLayout().layout(content, in: environment, sizer: try Fixtures.sizer())
        let code = snapshot.elements.first { $0.cellKind == .code }
        guard let code, let text = code.textFrame, let width = code.contentWidth else {
            Issue.record("no wide code cell")
            return
        }
        #expect(width > 390)
        #expect(text.minX >= code.frame.minX && text.minX < code.frame.minX + 40, "the lines start inside the cell: \(text)")
    }
}
