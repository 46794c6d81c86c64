import CommonMark
import TextMetrics

/// Maps the CommonMark block tree to sections of `Block`s (the table is on `Block`).
struct MarkdownReader {
    private var sections: [Section] = []
    private var current: [Block] = []

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
        switch block {
        case .heading(let level, let inlines):
            let topLevel = !inQuote && listDepth == 0
            if topLevel, level <= 2 { closeSection() }
            let text = Self.styledText(inlines)
            if inQuote {
                emit(.quote, .callout, text, marker: &marker)
            } else if listDepth > 0 {
                emit(.listItem(depth: listDepth), Block.headingStyle(level: level), text, marker: &marker)
            } else {
                emit(.heading(level: level), Block.headingStyle(level: level), text, marker: &marker)
            }
        case .paragraph(let inlines):
            let text = Self.styledText(inlines)
            if let (label, rest) = Self.footnoteDefinition(text) {
                emit(.footnote(label: label), .footnote, rest, marker: &marker)
            } else if inQuote {
                emit(.quote, .callout, text, marker: &marker)
            } else if listDepth > 0 {
                emit(.listItem(depth: listDepth), .body, text, marker: &marker)
            } else {
                emit(.paragraph, .body, text, marker: &marker)
            }
        case .blockQuote(let children):
            for child in children { visit(child, inQuote: true, listDepth: listDepth, marker: &marker) }
        case .list(let list):
            for (index, item) in list.items.enumerated() {
                var itemMarker: String? = list.isOrdered ? "\(list.start + index). " : "• "
                for child in item { visit(child, inQuote: inQuote, listDepth: listDepth + 1, marker: &itemMarker) }
                if let unused = itemMarker {
                    // An empty item still shows its bullet.
                    var none: String?
                    emit(inQuote ? .quote : .listItem(depth: listDepth + 1), inQuote ? .callout : .body,
                         StyledText(String(unused.dropLast())), marker: &none)
                }
            }
        case .codeBlock(_, let code):
            var literal = Substring(code)
            while literal.last == "\n" { literal = literal.dropLast() }
            let kind: Block.Kind = inQuote ? .quote : (listDepth > 0 ? .listItem(depth: listDepth) : .code)
            emit(kind, inQuote ? .callout : .body, StyledText(String(literal)), marker: &marker)
        case .htmlBlock(let html):
            var literal = Substring(html)
            while literal.last == "\n" { literal = literal.dropLast() }
            let kind: Block.Kind = inQuote ? .quote : (listDepth > 0 ? .listItem(depth: listDepth) : .paragraph)
            emit(kind, inQuote ? .callout : .body, StyledText(String(literal)), marker: &marker)
        case .thematicBreak:
            break
        }
    }

    private mutating func emit(_ kind: Block.Kind, _ style: TextStyle, _ text: StyledText, marker: inout String?) {
        var text = text
        if let prefix = marker {
            var marked = StyledText(prefix)
            marked.append(text)
            text = marked
            marker = nil
        }
        // A block with no visible text (an empty heading `#`) gives no cell.
        guard text.string.contains(where: { !$0.isWhitespace }) else { return }
        current.append(Block(kind: kind, style: style, text: text))
    }

    /// Inline content as styled runs: emphasis adds `.italic`, strong emphasis `.strong`.
    static func styledText(_ inlines: [MarkdownInline]) -> StyledText {
        var text = StyledText()
        func walk(_ inlines: [MarkdownInline], _ emphasis: TextEmphasis) {
            for inline in inlines {
                switch inline {
                case .text(let string), .code(let string), .html(let string): text.append(string, emphasis: emphasis)
                case .softBreak: text.append(" ", emphasis: emphasis)
                case .lineBreak: text.append("\n", emphasis: emphasis)
                case .emphasis(let children): walk(children, emphasis.union(.italic))
                case .strong(let children): walk(children, emphasis.union(.strong))
                case .link(_, let children), .image(_, let children): walk(children, emphasis)
                }
            }
        }
        walk(inlines, [])
        return text
    }

    /// `[^label]: rest` → (label, "[label] rest"); nil for any other paragraph.
    static func footnoteDefinition(_ text: StyledText) -> (label: String, text: StyledText)? {
        let bytes = Array(text.string.utf8.prefix(1024))
        guard bytes.count >= 5, bytes[0] == UInt8(ascii: "["), bytes[1] == UInt8(ascii: "^"),
              let close = bytes.firstIndex(of: UInt8(ascii: "]")), close > 2, close + 1 < bytes.count,
              bytes[close + 1] == UInt8(ascii: ":") else { return nil }
        let labelBytes = bytes[2..<close]
        guard !labelBytes.contains(where: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A }) else { return nil }
        let label = String(decoding: labelBytes, as: UTF8.self)
        var start = close + 2
        let all = Array(text.string.utf8)
        while start < all.count, all[start] == 0x20 || all[start] == 0x09 { start += 1 }
        var result = StyledText("[\(label)] ")
        result.append(text.slice(start..<all.count))
        return (label, result)
    }
}
