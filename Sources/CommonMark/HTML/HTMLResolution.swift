/// Replaces the raw HTML of a Markdown block tree with blocks and inlines, so that no
/// `.htmlBlock` and no inline `.html` is left (`MarkdownParser.parse` applies it).
///
/// **HTML blocks and the Markdown between them.** GitHub renders a README by writing the
/// Markdown as HTML between its raw HTML blocks, and a browser then parses the whole: a
/// `<details>` opened in one HTML block holds the paragraphs and lists up to the `</details>`
/// of a later one. Here, each sequence of sibling blocks that holds HTML is written out the same
/// way, every Markdown block as a placeholder element of its own kind (`<p>`, `<ul>`, `<pre>` …,
/// with a marker attribute and its index), and parsed by libxml2 in one go: where a placeholder
/// lands (inside which elements still open, after which ones closed) is libxml2's decision,
/// which is the browser's way of deciding it. The Markdown block is then read at that place,
/// resolved in turn. Elements still open at the end of the sequence close there. A Markdown
/// block whose placeholder libxml2 did not keep (swallowed by a comment left open) follows the
/// sequence's blocks, so no Markdown is lost. Declarations (`<!DOCTYPE html>`) and CDATA
/// sections are left out, blocks and inline: they show nothing.
///
/// **Inline HTML.** A paragraph, heading or table cell with inline HTML is written out as one
/// HTML text (`HTMLInlineWriter`), parsed, and read back (`HTMLBlockMapping`): `<kbd>x</kbd>`
/// becomes `.keyboard`, `<br>` `.lineBreak`, `<img>` `.image`, `<a href>` `.link` …. A paragraph
/// whose inline HTML holds blocks (`<div align="center">` in the middle of a line) becomes those
/// blocks; a heading or a cell keeps their inline content.
///
/// **Bounded.** Block nesting stays within `maximumNesting`: HTML parsed at nesting `d` keeps
/// `maximumNesting - d` levels of elements (deeper ones are flattened, their text kept), and a
/// Markdown container that would sit deeper gives its blocks to its parent.
struct HTMLResolution {
    let maximumNesting: Int

    /// `blocks` with their raw HTML resolved.
    func resolve(_ blocks: [MarkdownBlock]) throws(MarkdownError) -> [MarkdownBlock] {
        try resolve(blocks, depth: 0)
    }

    private func resolve(_ blocks: [MarkdownBlock], depth: Int) throws(MarkdownError) -> [MarkdownBlock] {
        guard blocks.contains(where: \.isHTML) else {
            var resolved: [MarkdownBlock] = []
            for block in blocks { resolved += try resolve(block, depth: depth) }
            return resolved
        }
        let placeholderAttribute = Self.placeholderAttribute(avoiding: blocks.compactMap(\.html))
        var stream = ""
        var lines = LineMap()
        var markdown: [MarkdownBlock] = []
        for block in blocks {
            if let html = block.html, HTMLVocabulary.isDeclaration(html) { continue }
            lines.append(sourceLine: block.line)
            if let html = block.html {
                stream += html
                if !html.hasSuffix("\n") { stream += "\n" }
                lines.advance(by: html.utf8.count { $0 == UInt8(ascii: "\n") } + (html.hasSuffix("\n") ? 0 : 1))
            } else {
                stream += Self.placeholder(for: block, index: markdown.count, attribute: placeholderAttribute) + "\n"
                lines.advance(by: 1)
                markdown.append(block)
            }
        }
        let nodes = try HTMLParser(maximumDepth: budget(at: depth), placeholderAttribute: placeholderAttribute).parse(stream)
        var mapping = HTMLBlockMapping(whitespace: .collapse, depth: depth, sourceLine: lines.sourceLine) { index, depth throws(MarkdownError) in
            .blocks(try resolve(markdown[index], depth: depth))
        }
        var resolved = try mapping.blocks(of: nodes)
        for index in markdown.indices where !mapping.placed.contains(index) {
            resolved += try resolve(markdown[index], depth: depth)
        }
        return resolved
    }

    /// One Markdown block (not raw HTML), its HTML resolved: usually one block, several when a
    /// paragraph's inline HTML holds blocks, its children alone when it would nest too deep.
    private func resolve(_ block: MarkdownBlock, depth: Int) throws(MarkdownError) -> [MarkdownBlock] {
        let line = block.line
        switch block.content {
        case .paragraph(let inlines):
            return try resolveParagraph(inlines, line: line, depth: depth)
        case .heading(let level, let inlines):
            return [MarkdownBlock(.heading(level: level, try resolveInlines(inlines, line: line, depth: depth)), line: line)]
        case .blockQuote(let children):
            guard depth < maximumNesting else { return try resolve(children, depth: depth) }
            return [MarkdownBlock(.blockQuote(try resolve(children, depth: depth + 1)), line: line)]
        case .list(var list):
            guard depth + 1 < maximumNesting else { return try resolve(list.items.flatMap(\.blocks), depth: depth) }
            for index in list.items.indices {
                list.items[index].blocks = try resolve(list.items[index].blocks, depth: depth + 2)
            }
            return [MarkdownBlock(.list(list), line: line)]
        case .footnoteDefinition(let children):
            // Kept whatever the depth: cmark-gfm puts footnote definitions at the top level.
            return [MarkdownBlock(.footnoteDefinition(try resolve(children, depth: depth + 1)), line: line)]
        case .division(var division):
            guard depth < maximumNesting else { return try resolve(division.blocks, depth: depth) }
            division.blocks = try resolve(division.blocks, depth: depth + 1)
            return [MarkdownBlock(.division(division), line: line)]
        case .details(let summary, let children):
            let summary = try resolveInlines(summary, line: line, depth: depth)
            guard depth < maximumNesting else {
                return [MarkdownBlock(.paragraph(summary), line: line)] + (try resolve(children, depth: depth))
            }
            return [MarkdownBlock(.details(summary: summary, try resolve(children, depth: depth + 1)), line: line)]
        case .table(var table):
            table.header.cells = try resolveCells(table.header.cells, line: table.header.line, depth: depth)
            for index in table.rows.indices {
                table.rows[index].cells = try resolveCells(table.rows[index].cells, line: table.rows[index].line, depth: depth)
            }
            return [MarkdownBlock(.table(table), line: line)]
        case .htmlBlock:
            return try resolve([block], depth: depth)
        case .codeBlock, .thematicBreak:
            return [block]
        }
    }

    /// A paragraph's inline HTML read in context: the paragraph, or the blocks its HTML makes.
    private func resolveParagraph(_ inlines: [MarkdownInline], line: Int, depth: Int) throws(MarkdownError) -> [MarkdownBlock] {
        guard HTMLInlineWriter.containsHTML(inlines) else { return [MarkdownBlock(.paragraph(inlines), line: line)] }
        var writer = HTMLInlineWriter(placeholderAttribute: Self.placeholderAttribute(avoiding: HTMLInlineWriter.rawHTML(in: inlines)))
        writer.write(inlines)
        let leaves = writer.leaves
        let nodes = try HTMLParser(maximumDepth: budget(at: depth), placeholderAttribute: writer.placeholderAttribute).parse(writer.html)
        // The written text keeps the paragraph's line ends (soft breaks and raw HTML's own).
        var mapping = HTMLBlockMapping(whitespace: .preserve, depth: depth, sourceLine: { line + $0 - 1 }) { index, _ in
            .inline(leaves[index])
        }
        let blocks = try mapping.blocks(of: nodes)
        if blocks.count == 1, case .paragraph(let content) = blocks[0].content {
            return [MarkdownBlock(.paragraph(content), line: line)]
        }
        return blocks
    }

    /// The inline content of a heading, summary or cell, its HTML resolved.
    private func resolveInlines(_ inlines: [MarkdownInline], line: Int, depth: Int) throws(MarkdownError) -> [MarkdownInline] {
        guard HTMLInlineWriter.containsHTML(inlines) else { return inlines }
        return MarkdownBlock.inlineContent(of: try resolveParagraph(inlines, line: line, depth: depth))
    }

    private func resolveCells(_ cells: [[MarkdownInline]], line: Int, depth: Int) throws(MarkdownError) -> [[MarkdownInline]] {
        var resolved: [[MarkdownInline]] = []
        for cell in cells { resolved.append(try resolveInlines(cell, line: line, depth: depth)) }
        return resolved
    }

    /// Element nesting HTML parsed at block nesting `depth` may keep.
    private func budget(at depth: Int) -> Int {
        max(1, maximumNesting - depth)
    }

    // MARK: Placeholders

    /// The marker attribute of placeholder elements: a name none of `html` contains (letter case
    /// aside), so no element the author wrote is taken for one.
    static func placeholderAttribute(avoiding html: [String]) -> String {
        var name = "data-reflow-markdown"
        while html.contains(where: { contains($0, name) }) {
            name = "data-reflow-markdown-" + String(UInt64.random(in: .min ... .max), radix: 36)
        }
        return name
    }

    /// Whether `text` contains `name` (lowercase ASCII), ASCII letter case ignored.
    private static func contains(_ text: String, _ name: String) -> Bool {
        let needle = Array(name.utf8)
        let haystack = text.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { start in
            haystack[start] == needle[0] && haystack[start..<(start + needle.count)].elementsEqual(needle)
        }
    }

    /// The placeholder element of a Markdown block: the element its HTML rendering starts with,
    /// so libxml2 closes around it what that element closes (`<p>` ends an open `<p>`).
    static func placeholder(for block: MarkdownBlock, index: Int, attribute: String) -> String {
        let name: String
        switch block.content {
        case .paragraph: name = "p"
        case .heading(let level, _): name = "h\(min(max(level, 1), 6))"
        case .blockQuote: name = "blockquote"
        case .list(let list): name = list.isOrdered ? "ol" : "ul"
        case .codeBlock: name = "pre"
        case .table: name = "table"
        case .details: name = "details"
        case .thematicBreak: return "<hr \(attribute)=\"\(index)\">"
        case .division, .footnoteDefinition, .htmlBlock: name = "div"
        }
        return "<\(name) \(attribute)=\"\(index)\"></\(name)>"
    }

    /// Lines of the written HTML stream back to the document's: each block's text starts at a
    /// known line of both.
    private struct LineMap {
        private var starts: [(stream: Int, source: Int)] = []
        private var next = 1

        mutating func append(sourceLine: Int) {
            starts.append((next, sourceLine))
        }

        mutating func advance(by lines: Int) {
            next += lines
        }

        func sourceLine(_ streamLine: Int) -> Int {
            // The last block that starts at or before the line.
            var low = 0
            var high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle].stream <= streamLine { low = middle + 1 } else { high = middle }
            }
            guard low > 0 else { return starts.first?.source ?? streamLine }
            let start = starts[low - 1]
            return start.source + (streamLine - start.stream)
        }
    }
}

private extension MarkdownBlock {
    var html: String? {
        if case .htmlBlock(let html) = content { html } else { nil }
    }

    var isHTML: Bool { html != nil }
}
