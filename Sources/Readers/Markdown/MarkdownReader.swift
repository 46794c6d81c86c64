import Reflow
import TextMetrics
import CommonMark

/// Maps the Markdown block tree to sections of `Block`s (the table is on `Block`).
///
/// Footnotes come from cmark-gfm: it keeps the definitions that are referenced and moves them to
/// the end of the document in the order of their first reference, as GitHub shows them, and
/// numbers them in that order (a definition's number is its place among the definitions; a
/// reference comes with its number). A reference is drawn as the number in superscript digits
/// ("chose.¹"), and a definition starts with its number ("¹ The sizes…").
///
/// Tables: each is a section of its own (the blocks after it start another section), its cells
/// in reading order, the header row's in the headline style; `Section.table` keeps the shape.
struct MarkdownReader {
    private var sections: [Section] = []
    private var current: [Block] = []
    /// Footnote definitions read so far: the next one is footnote `footnotesRead + 1`.
    private var footnotesRead = 0

    func sections(from blocks: [MarkdownBlock]) -> [Section] {
        var reader = self
        for block in blocks {
            var marker: String?
            reader.visit(block, inQuote: false, listDepth: 0, marker: &marker)
        }
        reader.closeSection()
        return reader.sections
    }

    private mutating func closeSection() {
        if !current.isEmpty { sections.append(Section(blocks: current)) }
        current = []
    }

    /// `marker` is the bullet or number of the list item being read: the first text block of the
    /// item takes it, so "• " or "3. " starts the item's first line.
    private mutating func visit(_ block: MarkdownBlock, inQuote: Bool, listDepth: Int, marker: inout String?) {
        let line = block.line
        switch block.content {
        case .heading(let level, let inlines):
            let topLevel = !inQuote && listDepth == 0
            if topLevel, level <= 2 { closeSection() }
            let text = styledText(inlines)
            if inQuote {
                emit(.quote, .callout, text, line: line, marker: &marker)
            } else if listDepth > 0 {
                emit(.listItem(depth: listDepth), Block.headingStyle(level: level), text, line: line, marker: &marker)
            } else {
                emit(.heading(level: level), Block.headingStyle(level: level), text, line: line, marker: &marker)
            }
        case .paragraph(let inlines):
            let text = styledText(inlines)
            if inQuote {
                emit(.quote, .callout, text, line: line, marker: &marker)
            } else if listDepth > 0 {
                emit(.listItem(depth: listDepth), .body, text, line: line, marker: &marker)
            } else {
                emit(.paragraph, .body, text, line: line, marker: &marker)
            }
        case .footnoteDefinition(let children):
            // The number starts the definition's first block; later paragraphs are footnote text too.
            footnotesRead += 1
            let footnote = footnotesRead
            var number: String? = Self.superscript(footnote) + " "
            for child in children {
                guard case .paragraph(let inlines) = child.content else {
                    visit(child, inQuote: inQuote, listDepth: listDepth, marker: &number)
                    continue
                }
                emit(.footnote, .footnote, styledText(inlines), line: child.line, marker: &number)
            }
        case .blockQuote(let children):
            for child in children { visit(child, inQuote: true, listDepth: listDepth, marker: &marker) }
        case .list(let list):
            // `- - x`: an item that starts with a list shows its own bullet first, on that list's
            // first line ("• • x", as a browser draws it), not as an empty item after its children.
            var outer = marker
            marker = nil
            for (index, item) in list.items.enumerated() {
                let number = list.isOrdered ? "\(list.start + index). " : ""
                var itemMarker: String? = switch item.isChecked {
                case nil: list.isOrdered ? number : "• "
                case false?: number + "☐ "
                case true?: number + "☑ "
                }
                if let prefix = outer {
                    itemMarker = prefix + itemMarker!
                    outer = nil
                }
                for child in item.blocks { visit(child, inQuote: inQuote, listDepth: listDepth + 1, marker: &itemMarker) }
                if let unused = itemMarker {
                    // An empty item still shows its bullet.
                    var none: String?
                    emit(inQuote ? .quote : .listItem(depth: listDepth + 1), inQuote ? .callout : .body,
                         StyledText(String(unused.dropLast())), line: item.line, marker: &none)
                }
            }
        case .codeBlock(_, let code):
            var literal = Substring(code)
            while literal.last == "\n" { literal = literal.dropLast() }
            let kind: Cell.Kind = inQuote ? .quote : (listDepth > 0 ? .listItem(depth: listDepth) : .code)
            emit(kind, inQuote ? .callout : .body, StyledText(String(literal), emphasis: .code), line: line, marker: &marker)
        case .htmlBlock(let html):
            var literal = Substring(html)
            while literal.last == "\n" { literal = literal.dropLast() }
            let kind: Cell.Kind = inQuote ? .quote : (listDepth > 0 ? .listItem(depth: listDepth) : .paragraph)
            emit(kind, inQuote ? .callout : .body, StyledText(String(literal)), line: line, marker: &marker)
        case .table(let table):
            appendTable(table)
        case .thematicBreak:
            break
        case .division(let division):
            for child in division.blocks { visit(child, inQuote: inQuote, listDepth: listDepth, marker: &marker) }
        case .details(let summary, let children):
            visit(MarkdownBlock(.paragraph(summary), line: line), inQuote: inQuote, listDepth: listDepth, marker: &marker)
            for child in children { visit(child, inQuote: inQuote, listDepth: listDepth, marker: &marker) }
        }
    }

    /// A table as a section of its own: every cell a block (empty ones too, so rows stay whole),
    /// the header row's in the headline style.
    private mutating func appendTable(_ table: MarkdownTable) {
        let columns = table.header.cells.count
        guard columns > 0 else { return }
        closeSection()
        var blocks: [Block] = []
        for (row, cells) in ([table.header] + table.rows).enumerated() {
            for column in 0..<columns {
                let inlines = column < cells.cells.count ? cells.cells[column] : []
                blocks.append(Block(kind: .tableCell(isHeader: row == 0), style: row == 0 ? .headline : .body,
                                    text: styledText(inlines), sourceLine: cells.line))
            }
        }
        sections.append(Section(blocks: blocks, table: TableShape(columns: columns, rows: table.rows.count + 1)))
    }

    private mutating func emit(_ kind: Cell.Kind, _ style: TextStyle, _ text: StyledText, line: Int, marker: inout String?) {
        var text = text
        if let prefix = marker {
            var marked = StyledText(prefix)
            marked.append(text)
            text = marked
            marker = nil
        }
        // A block with no visible text (an empty heading `#`) gives no cell.
        guard text.string.contains(where: { !$0.isWhitespace }) else { return }
        current.append(Block(kind: kind, style: style, text: text, sourceLine: line))
    }

    /// Inline content as styled runs: emphasis adds `.italic`, strong emphasis `.strong`, a code
    /// span `.code` (the monospace face); a footnote reference is its number in superscript, in
    /// the emphasis around it.
    func styledText(_ inlines: [MarkdownInline]) -> StyledText {
        var text = StyledText()
        func walk(_ inlines: [MarkdownInline], _ emphasis: TextEmphasis) {
            for inline in inlines {
                switch inline {
                case .text(let string), .html(let string): text.append(string, emphasis: emphasis)
                case .code(let string): text.append(string, emphasis: emphasis.union(.code))
                case .softBreak: text.append(" ", emphasis: emphasis)
                case .lineBreak: text.append("\n", emphasis: emphasis)
                case .emphasis(let children): walk(children, emphasis.union(.italic))
                case .strong(let children): walk(children, emphasis.union(.strong))
                case .link(_, let children), .strikethrough(let children), .keyboard(let children), .superscript(let children),
                     .subscript(let children):
                    walk(children, emphasis)
                case .image(let image): text.append(image.alt, emphasis: emphasis)
                case .footnoteReference(let number):
                    text.append(Self.superscript(number), emphasis: emphasis)
                }
            }
        }
        walk(inlines, [])
        return text
    }

    /// `number` in superscript digits: 12 → "¹²".
    static func superscript(_ number: Int) -> String {
        let digits: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        return String(String(number).map { digits[Int(String($0))!] })
    }
}
