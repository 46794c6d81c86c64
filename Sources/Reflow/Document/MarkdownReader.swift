import CommonMark
import TextMetrics

/// Maps the CommonMark block tree to sections of `Block`s (the table is on `Block`).
///
/// Footnotes: cmark knows none, so the reader finds them. A paragraph that starts `[^label]:` is
/// a footnote definition; a `[^label]` elsewhere, for a label some definition has, is a reference.
/// Footnotes are numbered as GitHub numbers them, in the order of their first reference (then
/// unreferenced ones in the order of their definitions): a reference is drawn as the number in
/// superscript digits ("chose.¹"), and a definition starts with its number ("¹ The sizes…").
struct MarkdownReader {
    private var sections: [Section] = []
    private var current: [Block] = []
    /// Labels that have a definition somewhere in the document.
    private var definedLabels: Set<String> = []
    private var footnoteNumbers: [String: Int] = [:]

    func sections(from blocks: [MarkdownBlock]) -> [Section] {
        var reader = self
        reader.definedLabels = Self.footnoteLabels(in: blocks)
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
            let text = numberingReferences(in: Self.styledText(inlines))
            if inQuote {
                emit(.quote, .callout, text, marker: &marker)
            } else if listDepth > 0 {
                emit(.listItem(depth: listDepth), Block.headingStyle(level: level), text, marker: &marker)
            } else {
                emit(.heading(level: level), Block.headingStyle(level: level), text, marker: &marker)
            }
        case .paragraph(let inlines):
            for part in Self.splittingDefinitions(inlines) {
                let written = Self.styledText(part)
                if let (label, start) = Self.footnoteDefinition(written.string) {
                    var numbered = StyledText(Self.superscript(footnoteNumber(label)) + " ")
                    numbered.append(numberingReferences(in: written.slice(start..<written.string.utf8.count)))
                    emit(.footnote(label: label), .footnote, numbered, marker: &marker)
                    continue
                }
                let text = numberingReferences(in: written)
                if inQuote {
                    emit(.quote, .callout, text, marker: &marker)
                } else if listDepth > 0 {
                    emit(.listItem(depth: listDepth), .body, text, marker: &marker)
                } else {
                    emit(.paragraph, .body, text, marker: &marker)
                }
            }
        case .blockQuote(let children):
            for child in children { visit(child, inQuote: true, listDepth: listDepth, marker: &marker) }
        case .list(let list):
            // `- - x`: an item that starts with a list shows its own bullet first, on that list's
            // first line ("• • x", as a browser draws it), not as an empty item after its children.
            var outer = marker
            marker = nil
            for (index, item) in list.items.enumerated() {
                var itemMarker: String? = list.isOrdered ? "\(list.start + index). " : "• "
                if let prefix = outer {
                    itemMarker = prefix + itemMarker!
                    outer = nil
                }
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
            emit(kind, inQuote ? .callout : .body, StyledText(String(literal), emphasis: .code), marker: &marker)
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

    /// Inline content as styled runs: emphasis adds `.italic`, strong emphasis `.strong`, a code
    /// span `.code` (the monospace face).
    static func styledText(_ inlines: [MarkdownInline]) -> StyledText {
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
                case .link(_, let children), .image(_, let children): walk(children, emphasis)
                }
            }
        }
        walk(inlines, [])
        return text
    }

    /// `[^label]: rest` → (label, byte offset where rest starts); nil for any other paragraph.
    static func footnoteDefinition(_ text: String) -> (label: String, start: Int)? {
        let bytes = Array(text.utf8.prefix(1024))
        guard bytes.count >= 5, bytes[0] == UInt8(ascii: "["), bytes[1] == UInt8(ascii: "^"),
              let close = bytes.firstIndex(of: UInt8(ascii: "]")), close > 2, close + 1 < bytes.count,
              bytes[close + 1] == UInt8(ascii: ":") else { return nil }
        let labelBytes = bytes[2..<close]
        guard !labelBytes.contains(where: Self.endsLabel) else { return nil }
        var start = close + 2
        while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        return (String(decoding: labelBytes, as: UTF8.self), start)
    }

    /// White space and brackets cannot be part of a footnote label.
    private static func endsLabel(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
    }

    /// The labels of every footnote definition in `blocks`, quotes and lists included.
    static func footnoteLabels(in blocks: [MarkdownBlock]) -> Set<String> {
        var labels: Set<String> = []
        func visit(_ block: MarkdownBlock) {
            switch block {
            case .paragraph(let inlines):
                for part in splittingDefinitions(inlines) where startsDefinition(part[...]) {
                    if let (label, _) = footnoteDefinition(styledText(part).string) { labels.insert(label) }
                }
            case .blockQuote(let children): children.forEach(visit)
            case .list(let list): list.items.forEach { $0.forEach(visit) }
            case .heading, .codeBlock, .htmlBlock, .thematicBreak: break
            }
        }
        blocks.forEach(visit)
        return labels
    }

    /// A paragraph's inlines, split before every soft line break that starts a footnote
    /// definition: `[^a]: …` lines written one under the other are one CommonMark paragraph,
    /// but each is a footnote of its own.
    static func splittingDefinitions(_ inlines: [MarkdownInline]) -> [[MarkdownInline]] {
        var parts: [[MarkdownInline]] = [[]]
        for (index, inline) in inlines.enumerated() {
            if case .softBreak = inline, startsDefinition(inlines[(index + 1)...]) {
                parts.append([])
            } else {
                parts[parts.count - 1].append(inline)
            }
        }
        return parts
    }

    /// Whether `inlines` start with `[^label]:` and some text (read only as far as the leading
    /// plain-text inlines go, and only when the first starts with a bracket).
    static func startsDefinition(_ inlines: ArraySlice<MarkdownInline>) -> Bool {
        guard case .text(let first)? = inlines.first, first.hasPrefix("[") else { return false }
        var prefix = ""
        for inline in inlines {
            guard case .text(let string) = inline, prefix.utf8.count < 1024 else { break }
            prefix += string
        }
        return footnoteDefinition(prefix) != nil
    }

    /// The number of footnote `label`, given at its first reference or definition.
    private mutating func footnoteNumber(_ label: String) -> Int {
        if let number = footnoteNumbers[label] { return number }
        let number = footnoteNumbers.count + 1
        footnoteNumbers[label] = number
        return number
    }

    /// `text` with every `[^label]` of a defined footnote replaced by its number in superscript
    /// digits, in the emphasis of the opening bracket. Anything else stays as written.
    ///
    /// Linear in the text: the pieces between references are copied from one byte array with a
    /// cursor over the runs (slicing the whole text per reference was quadratic: 400,000
    /// references in one paragraph took 30 s).
    private mutating func numberingReferences(in text: StyledText) -> StyledText {
        guard !definedLabels.isEmpty, text.string.utf8.contains(UInt8(ascii: "^")) else { return text }
        let bytes = Array(text.string.utf8)
        let runs = text.rangedRuns
        var run = 0
        var result = StyledText()
        // Appends bytes `range` in their emphasis; ranges come in ascending order.
        func copy(_ range: Range<Int>) {
            while run < runs.count, runs[run].range.upperBound <= range.lowerBound { run += 1 }
            var next = run
            while next < runs.count, runs[next].range.lowerBound < range.upperBound {
                let lower = max(runs[next].range.lowerBound, range.lowerBound)
                let upper = min(runs[next].range.upperBound, range.upperBound)
                if lower < upper { result.append(String(decoding: bytes[lower..<upper], as: UTF8.self), emphasis: runs[next].emphasis) }
                next += 1
            }
        }
        var copied = 0
        var index = 0
        while index + 3 < bytes.count {
            guard bytes[index] == UInt8(ascii: "["), bytes[index + 1] == UInt8(ascii: "^") else { index += 1; continue }
            var close = index + 2
            while close < bytes.count, !Self.endsLabel(bytes[close]) { close += 1 }
            guard close < bytes.count, bytes[close] == UInt8(ascii: "]"), close > index + 2 else { index += 1; continue }
            let label = String(decoding: bytes[index + 2..<close], as: UTF8.self)
            guard definedLabels.contains(label) else { index = close; continue }
            copy(copied..<index)
            while run < runs.count, runs[run].range.upperBound <= index { run += 1 }
            let emphasis = run < runs.count ? runs[run].emphasis : []
            result.append(Self.superscript(footnoteNumber(label)), emphasis: emphasis)
            index = close + 1
            copied = index
        }
        guard copied > 0 else { return text }
        copy(copied..<bytes.count)
        return result
    }

    /// `number` in superscript digits: 12 → "¹²".
    static func superscript(_ number: Int) -> String {
        let digits: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        return String(String(number).map { digits[Int(String($0))!] })
    }
}
