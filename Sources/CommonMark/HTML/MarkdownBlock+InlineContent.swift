extension MarkdownBlock {
    /// The inline content of `blocks` on one run of lines, for places that hold inlines only (a
    /// heading, a table cell, a summary): each block's content on a line of its own, code as
    /// code, a list's items and a table's rows on lines of their own, rules dropped.
    static func inlineContent(of blocks: [MarkdownBlock]) -> [MarkdownInline] {
        var result: [MarkdownInline] = []
        for block in blocks {
            let inlines = block.inlineContent
            guard !inlines.isEmpty else { continue }
            if !result.isEmpty { result.append(.lineBreak) }
            result += inlines
        }
        return result
    }

    private var inlineContent: [MarkdownInline] {
        switch content {
        case .paragraph(let inlines), .heading(_, let inlines):
            return inlines
        case .blockQuote(let blocks), .footnoteDefinition(let blocks):
            return Self.inlineContent(of: blocks)
        case .division(let division):
            return Self.inlineContent(of: division.blocks)
        case .details(let summary, let blocks):
            return Self.inlineContent(of: [MarkdownBlock(.paragraph(summary), line: line)] + blocks)
        case .list(let list):
            return Self.inlineContent(of: list.items.flatMap(\.blocks))
        case .codeBlock(_, let code):
            var code = Substring(code)
            while code.last == "\n" { code = code.dropLast() }
            return code.isEmpty ? [] : [.code(String(code))]
        case .table(let table):
            let rows = ([table.header] + table.rows).map { row in
                MarkdownBlock(.paragraph(Array(row.cells.filter { !$0.isEmpty }.joined(separator: [.text(" ")]))), line: row.line)
            }
            return Self.inlineContent(of: rows)
        case .thematicBreak, .htmlBlock:
            // A resolved tree has no HTML blocks: `HTMLResolution` turned each into blocks.
            return []
        }
    }
}
