/// Block elements: headings, code, lists, details and tables.
extension HTMLBlockMapping {
    mutating func appendHeading(_ element: HTMLElement, level: Int) throws(MarkdownError) {
        let startLine = line
        let inlines = MarkdownBlock.inlineContent(of: try blocks(of: element.children, nested: false))
        guard !Self.isBlank(inlines) else { return }
        finished += Self.division(around: [MarkdownBlock(.heading(level: level, inlines), line: startLine)], for: element)
    }

    mutating func appendCodeBlock(_ element: HTMLElement) throws(MarkdownError) {
        flushParagraph()
        let startLine = line
        var code = ""
        try appendTextContent(of: element.children, to: &code)
        if code.hasPrefix("\n") { code.removeFirst() }  // HTML drops a line end right after `<pre>`
        guard code.contains(where: { !$0.isWhitespace }) else { return }
        if !code.hasSuffix("\n") { code += "\n" }  // as cmark ends a code block's literal
        let info = Self.trimmed(element[attribute: "lang"] ?? "")
        finished += Self.division(around: [MarkdownBlock(.codeBlock(info: info, code: code), line: startLine)], for: element)
    }

    mutating func appendList(_ element: HTMLElement) throws(MarkdownError) {
        flushParagraph()
        let startLine = line
        depth += 1
        defer { depth -= 1 }
        var items: [MarkdownListItem] = []
        for child in element.children {
            if case .element(let item) = child, item.name == "li" {
                line = sourceLine(item.line)
                let itemLine = line
                items.append(MarkdownListItem(blocks: try blocks(of: item.children, nested: true), line: itemLine))
            } else {
                // Content between items (text, an element that is not `<li>`): an item of its own.
                let itemLine = line
                let blocks = try blocks(of: [child], nested: true)
                if !blocks.isEmpty { items.append(MarkdownListItem(blocks: blocks, line: itemLine)) }
            }
        }
        guard !items.isEmpty else { return }
        let isOrdered = element.name == "ol"
        let start = isOrdered ? Self.listStart(element[attribute: "start"]) : 1
        let list = MarkdownList(isOrdered: isOrdered, start: start, isTight: true, items: items)
        finished += Self.division(around: [MarkdownBlock(.list(list), line: startLine)], for: element)
    }

    mutating func appendDetails(_ element: HTMLElement) throws(MarkdownError) {
        flushParagraph()
        let startLine = line
        var summary: [MarkdownInline]?
        var content: [HTMLNode] = []
        for child in element.children {
            if summary == nil, case .element(let summaryElement) = child, summaryElement.name == "summary" {
                summary = MarkdownBlock.inlineContent(of: try blocks(of: summaryElement.children, nested: false))
            } else {
                content.append(child)
            }
        }
        let blocks = try blocks(of: content, nested: true)
        let details = MarkdownBlock(.details(summary: summary ?? [.text("Details")], blocks), line: startLine)
        finished += Self.division(around: [details], for: element)
    }

    mutating func appendTable(_ element: HTMLElement) throws(MarkdownError) {
        flushParagraph()
        let startLine = line
        var captions: [HTMLNode] = []
        var rows: [(row: HTMLElement, isHeader: Bool)] = []
        var rest: [HTMLNode] = []
        for child in element.children {
            guard case .element(let part) = child else {
                rest.append(child)
                continue
            }
            switch part.name {
            case "caption": captions.append(child)
            case "tr": rows.append((part, false))
            case "thead", "tbody", "tfoot":
                for grandchild in part.children {
                    if case .element(let row) = grandchild, row.name == "tr" {
                        rows.append((row, part.name == "thead"))
                    } else {
                        rest.append(grandchild)
                    }
                }
            default: rest.append(child)
            }
        }
        // What a row holds besides its cells (text a browser would set before the table, or the
        // content of cells nested deeper than the tree keeps, which lands in the row) is kept
        // with the table's other stray content, never dropped.
        for row in rows {
            rest += row.row.children.filter { Self.cell($0) == nil }
        }
        var blocks = try self.blocks(of: captions, nested: false)
        let cellRows = rows.map { (row: $0.row, isHeader: $0.isHeader, cells: Self.cells(of: $0.row)) }
        if let table = try simpleTable(cellRows) {
            blocks.append(MarkdownBlock(.table(table), line: startLine))
        } else {
            for row in cellRows {
                var inlines: [MarkdownInline] = []
                for cell in row.cells {
                    let content = MarkdownBlock.inlineContent(of: try self.blocks(of: cell.children, nested: false))
                    guard !Self.isBlank(content) else { continue }
                    if !inlines.isEmpty { inlines.append(.lineBreak) }
                    inlines += content
                }
                if !inlines.isEmpty { blocks.append(MarkdownBlock(.paragraph(inlines), line: sourceLine(row.row.line))) }
            }
        }
        blocks += try self.blocks(of: rest, nested: false)
        finished += Self.division(around: blocks, for: element, line: startLine)
    }

    /// The table as a GFM table, when it is one: a first row of header cells (`<th>` only, or in
    /// `<thead>`), the same number of cells in every row, no cell spanning more than one.
    private mutating func simpleTable(_ rows: [(row: HTMLElement, isHeader: Bool, cells: [HTMLElement])]) throws(MarkdownError) -> MarkdownTable? {
        guard let first = rows.first, !first.cells.isEmpty,
              first.isHeader || first.cells.allSatisfy({ $0.name == "th" }),
              rows.allSatisfy({ $0.cells.count == first.cells.count }),
              rows.allSatisfy({ $0.cells.allSatisfy { Self.span($0[attribute: "colspan"]) == 1 && Self.span($0[attribute: "rowspan"]) == 1 } })
        else { return nil }
        var tableRows: [MarkdownTableRow] = []
        for row in rows {
            var cells: [[MarkdownInline]] = []
            for cell in row.cells { cells.append(MarkdownBlock.inlineContent(of: try blocks(of: cell.children, nested: false))) }
            tableRows.append(MarkdownTableRow(cells: cells, line: sourceLine(row.row.line)))
        }
        let alignments = first.cells.map(Self.alignment(of:))
        return MarkdownTable(header: tableRows[0], rows: Array(tableRows.dropFirst()), alignments: alignments)
    }
}
