import CommonMark

/// Reading helpers shared by the HTML tests.
enum HTMLSupport {
    static func parse(_ markdown: String) throws -> [MarkdownBlock] {
        try MarkdownParser().parse(markdown)
    }

    /// Every block of `blocks` and of the blocks they contain, depth first.
    static func allBlocks(_ blocks: [MarkdownBlock]) -> [MarkdownBlock] {
        blocks.flatMap { [$0] + allBlocks(children(of: $0)) }
    }

    static func children(of block: MarkdownBlock) -> [MarkdownBlock] {
        switch block.content {
        case .blockQuote(let blocks), .footnoteDefinition(let blocks), .details(_, let blocks): blocks
        case .division(let division): division.blocks
        case .list(let list): list.items.flatMap(\.blocks)
        case .paragraph, .heading, .codeBlock, .htmlBlock, .thematicBreak, .table: []
        }
    }

    /// The inline runs of `blocks`: paragraphs, headings, summaries and table cells.
    static func inlineRuns(_ blocks: [MarkdownBlock]) -> [[MarkdownInline]] {
        allBlocks(blocks).flatMap { block -> [[MarkdownInline]] in
            switch block.content {
            case .paragraph(let inlines), .heading(_, let inlines), .details(let inlines, _): [inlines]
            case .table(let table): ([table.header] + table.rows).flatMap(\.cells)
            default: []
            }
        }
    }

    /// Every inline of `inlines` and of the inlines they contain, depth first.
    static func allInlines(_ inlines: [MarkdownInline]) -> [MarkdownInline] {
        inlines.flatMap { inline -> [MarkdownInline] in
            switch inline {
            case .emphasis(let content), .strong(let content), .strikethrough(let content), .keyboard(let content),
                 .superscript(let content), .subscript(let content), .small(let content), .link(_, let content):
                [inline] + allInlines(content)
            default: [inline]
            }
        }
    }

    /// Whether any raw HTML, block or inline, is left in `blocks`.
    static func hasRawHTML(_ blocks: [MarkdownBlock]) -> Bool {
        allBlocks(blocks).contains { if case .htmlBlock = $0.content { true } else { false } }
            || inlineRuns(blocks).contains { allInlines($0).contains { if case .html = $0 { true } else { false } } }
    }

    /// The literal text of `blocks`' inline runs (code excluded: it may show markup on purpose).
    static func texts(_ blocks: [MarkdownBlock]) -> [String] {
        inlineRuns(blocks).flatMap(allInlines).compactMap { if case .text(let text) = $0 { text } else { nil } }
    }

    static func images(_ blocks: [MarkdownBlock]) -> [MarkdownImage] {
        inlineRuns(blocks).flatMap(allInlines).compactMap { if case .image(let image) = $0 { image } else { nil } }
    }

    /// The deepest nesting of blocks in `blocks` (a top-level block is at 1).
    static func depth(_ blocks: [MarkdownBlock]) -> Int {
        blocks.map { 1 + depth(children(of: $0)) }.max() ?? 0
    }

    /// A paragraph's or heading's text as a reader sees it.
    static func plainText(_ block: MarkdownBlock) -> String {
        switch block.content {
        case .paragraph(let inlines), .heading(_, let inlines): inlines.map(\.plainText).joined()
        default: ""
        }
    }
}
