import Reflow
import TextMetrics
import CommonMark

/// Maps the Markdown block tree to sections of `Block`s (the table is on `Block`), keeping the
/// document's containers: every block knows the list items and quotes around it (`Nesting`).
///
/// Lists: a list item's marker (`•`, `◦`, `▪` by bullet-list level; `3.` from an ordered list's
/// start; `☐`/`☑` for a task) is shown on the item's first block, in a marker column as wide as
/// the list's widest marker; the item's later blocks sit at its depth without one. Block quotes:
/// their blocks are cells inside the quote, whatever they are (paragraphs `quote`, headings,
/// lists, code). A GitHub alert (`> [!NOTE]`; the rule is `MarkdownAlertKind`'s) is a quote whose
/// first cell is its title (`alert`: icon room and "Note"), its paragraphs ordinary text; every
/// cell in it carries its kind (`Nesting.alert`). Code blocks keep their lines; tabs go to the next multiple of `tabStop` columns,
/// as browsers set `pre` text. A paragraph of images alone (and links around them) is an image
/// block. A thematic break is a rule.
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
    /// The containers around the block being read, outermost first; a list item's marker is
    /// cleared once a block has shown it.
    private var containers: [Nesting.Container] = []
    /// Bullet lists around the block being read (their level picks the bullet).
    private var bulletLevel = 0
    private var quotesRead = 0
    /// The GitHub alert around the block being read (alerts are top-level only: never two).
    private var alert: AlertKind?
    /// The alignment and direction the HTML divisions around the block set (innermost wins).
    private var alignment: TextAlignment = .leading
    private var direction: BaseDirection?
    /// The direction of the innermost list around the block (its first strong character's).
    private var listDirection: BaseDirection?

    /// Tab stops in code blocks, in columns (CSS `tab-size`'s initial value).
    static let tabStop = 8

    func sections(from blocks: [MarkdownBlock]) -> [Section] {
        var reader = self
        for block in blocks { reader.visit(block) }
        reader.closeSection()
        return reader.sections
    }

    private mutating func closeSection() {
        if !current.isEmpty { sections.append(Section(blocks: current)) }
        current = []
    }

    private var listDepth: Int {
        containers.reduce(0) { if case .listItem = $1 { $0 + 1 } else { $0 } }
    }

    private mutating func visit(_ block: MarkdownBlock) {
        let line = block.line
        switch block.content {
        case .heading(let level, let inlines):
            if containers.isEmpty, level <= 2 { closeSection() }
            emit(.heading(level: level), Block.headingStyle(level: level), styledText(inlines), line: line)
        case .paragraph(let inlines):
            if let pictures = Self.pictures(alone: inlines) {
                emit(.image, .body, StyledText(pictures.map(\.alt).joined(separator: " ")), line: line, content: .pictures(pictures))
            } else {
                emit(textKind, .body, styledText(inlines), line: line)
            }
        case .footnoteDefinition(let children):
            // The number starts the definition's first block; later paragraphs are footnote text too.
            footnotesRead += 1
            var number: String? = Self.superscript(footnotesRead) + " "
            for child in children {
                guard case .paragraph(let inlines) = child.content else {
                    visit(child)
                    continue
                }
                var text = StyledText(number ?? "")
                text.append(styledText(inlines))
                number = nil
                emit(.footnote, .footnote, text, line: child.line)
            }
        case .blockQuote(let children):
            quotesRead += 1
            containers.append(.quote(id: quotesRead))
            for child in children { visit(child) }
            containers.removeLast()
        case .list(let list):
            visitList(list)
        case .codeBlock(let info, let code):
            // Kept whole: cmark-gfm ends the text with its last line's line end, which ends that
            // line and starts none (as in a browser's `pre`), so a blank last line before the
            // closing fence stays a line.
            let language = info.split(whereSeparator: \.isWhitespace).first.map(String.init)
            emit(.code, .body, StyledText(Self.expandingTabs(code), emphasis: .code), line: line,
                 content: .code(language: language), keepsEmpty: true)
        case .htmlBlock(let html):
            // MarkdownParser resolves raw HTML into the tree; a block left over shows its text.
            var literal = Substring(html)
            while literal.last == "\n" { literal = literal.dropLast() }
            emit(textKind, .body, StyledText(String(literal)), line: line)
        case .table(let table):
            appendTable(table)
        case .thematicBreak:
            emit(.rule, .body, StyledText(), line: line, content: .rule, keepsEmpty: true)
        case .division(let division) where division.alert != nil:
            visitAlert(division, line: line)
        case .division(let division):
            let outer = (alignment, direction)
            if let set = division.alignment { alignment = Self.alignment(set) }
            if let set = division.direction { direction = set == .rightToLeft ? .rightToLeft : .leftToRight }
            for child in division.blocks { visit(child) }
            (alignment, direction) = outer
        case .details(let summary, let children):
            // A disclosure row, shown open: its summary behind a ▾, the content below it.
            var row = StyledText("▾ ")
            row.append(styledText(summary))
            emit(textKind, .headline, row, line: line)
            for child in children { visit(child) }
        }
    }

    /// A paragraph's kind where it stands: the first block of a list item, a quote's, or a
    /// paragraph (an alert's text too: GitHub sets it as ordinary text, not as a quote).
    private var textKind: Cell.Kind {
        switch containers.last {
        case .listItem(_, _?)?: .listItem(depth: listDepth)
        case .quote? where alert != nil && containers.count == 1: .paragraph
        case .quote?: .quote
        default: .paragraph
        }
    }

    /// A GitHub alert: a quote container (its bar) holding a title cell, the icon's room and the
    /// kind's title in the headline style, then the alert's blocks; every cell in it knows the
    /// alert (`Nesting.alert`), which colours its bar.
    private mutating func visitAlert(_ division: MarkdownDivision, line: Int) {
        guard let kind = division.alert.flatMap({ AlertKind(rawValue: $0.rawValue) }) else { return }
        quotesRead += 1
        containers.append(.quote(id: quotesRead))
        alert = kind
        emit(.alert(kind), .headline, StyledText(AlertKind.iconRoom + kind.title), line: line)
        for child in division.blocks { visit(child) }
        alert = nil
        containers.removeLast()
    }

    private mutating func visitList(_ list: MarkdownList) {
        let ordered = list.isOrdered
        if !ordered { bulletLevel += 1 }
        defer { if !ordered { bulletLevel -= 1 } }
        let bullet = ["•", "◦", "▪"][max(0, min(bulletLevel, 3) - 1)]
        let outerDirection = listDirection
        defer { listDirection = outerDirection }
        listDirection = Self.firstStrongDirection(of: list.items.flatMap(\.blocks)) ?? outerDirection
        let markers = list.items.enumerated().map { index, item -> String in
            let number = ordered ? "\(list.start + index)." : nil
            switch item.isChecked {
            case nil: return number ?? bullet
            case false?: return number.map { $0 + " ☐" } ?? "☐"
            case true?: return number.map { $0 + " ☑" } ?? "☑"
            }
        }
        // The longest markers, for the column to fit the widest of them once measured (digits are
        // proportional). Past ten, one of them with its digits set to each digit in turn: every
        // number of the list fits the widest of those.
        let longest = markers.map(\.count).max() ?? 0
        var candidates = Array(Set(markers.filter { $0.count == longest })).sorted()
        if candidates.count > 10 {
            candidates = "0123456789".map { digit in String(candidates[0].map { $0.isASCII && $0.isNumber ? digit : $0 }) }
        }
        let column = candidates.isEmpty ? bullet : candidates.joined(separator: "\n")
        for (item, marker) in zip(list.items, markers) {
            containers.append(.listItem(column: column, marker: marker))
            let shown = current.count
            for child in item.blocks { visit(child) }
            if current.count == shown, case .listItem(_, _?)? = containers.last {
                // An empty item still shows its marker.
                emit(.listItem(depth: listDepth), .body, StyledText(), line: item.line, keepsEmpty: true)
            }
            containers.removeLast()
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
                var block = Block(kind: .tableCell(isHeader: row == 0), style: row == 0 ? .headline : .body,
                                  text: styledText(inlines), sourceLine: cells.line)
                if column < table.alignments.count, let set = table.alignments[column] { block.alignment = Self.alignment(set) }
                block.direction = direction
                blocks.append(block)
            }
        }
        sections.append(Section(blocks: blocks, table: TableShape(columns: columns, rows: table.rows.count + 1)))
    }

    /// Appends a block in the current containers, which then show no marker again. A block with
    /// no visible text gives none (an empty heading `#`), unless it `keepsEmpty` (code, a rule,
    /// an empty list item).
    private mutating func emit(_ kind: Cell.Kind, _ style: TextStyle, _ text: StyledText, line: Int,
                               content: Block.Content? = nil, keepsEmpty: Bool = false) {
        guard keepsEmpty || content != nil || text.string.contains(where: { !$0.isWhitespace }) else { return }
        var block = Block(kind: kind, style: style, text: text, sourceLine: line, nesting: Nesting(containers, alert: alert),
                          content: content)
        block.alignment = kind == .code ? .leading : alignment
        block.direction = direction
        if direction == nil, containers.contains(where: { if case .listItem = $0 { true } else { false } }) {
            block.listDirection = listDirection
        }
        current.append(block)
        for index in containers.indices {
            if case .listItem(let column, _?) = containers[index] { containers[index] = .listItem(column: column, marker: nil) }
        }
    }

    /// The direction of the first strong character of `blocks`' text (UAX #9 P2, `Bidi`), nil
    /// when there is none: how a browser resolves `dir="auto"`, which GitHub sets on its lists.
    static func firstStrongDirection(of blocks: [MarkdownBlock]) -> BaseDirection? {
        for block in blocks {
            let found: BaseDirection?
            switch block.content {
            case .heading(_, let inlines), .paragraph(let inlines):
                found = firstStrongDirection(of: inlines)
            case .list(let list): found = firstStrongDirection(of: list.items.flatMap(\.blocks))
            case .blockQuote(let children), .footnoteDefinition(let children): found = firstStrongDirection(of: children)
            case .division(let division): found = firstStrongDirection(of: division.blocks)
            case .details(let summary, let children):
                found = firstStrongDirection(of: summary) ?? firstStrongDirection(of: children)
            case .codeBlock, .htmlBlock, .table, .thematicBreak: found = nil
            }
            if let found { return found }
        }
        return nil
    }

    /// Inline by inline, so a hard line break (its text a paragraph separator) does not end the
    /// search, as `<br>` does not end a browser's.
    static func firstStrongDirection(of inlines: [MarkdownInline]) -> BaseDirection? {
        for inline in inlines {
            switch Bidi.firstStrongDirection(of: inline.plainText.unicodeScalars) {
            case .leftToRight?: return .leftToRight
            case .rightToLeft?: return .rightToLeft
            case nil: continue
            }
        }
        return nil
    }

    static func alignment(_ alignment: MarkdownAlignment) -> TextAlignment {
        switch alignment {
        case .leading: .leading
        case .center: .center
        case .trailing: .trailing
        case .left: .left
        case .right: .right
        }
    }

    /// The images of a paragraph that holds nothing else (links around them and white space
    /// aside): a badge row or a figure. Nil when it has text of its own. A hard line break
    /// (`<br>`) between two images starts a new line of the row at the next one
    /// (`Picture.startsRow`); a soft break is a space, as in a browser.
    static func pictures(alone inlines: [MarkdownInline]) -> [Picture]? {
        var pictures: [Picture] = []
        var breaksLine = false
        func collect(_ inlines: [MarkdownInline]) -> Bool {
            for inline in inlines {
                switch inline {
                case .image(let image):
                    var picture = Picture(source: image.source, alt: image.alt, statedWidth: image.width, statedHeight: image.height,
                                          isDecorative: image.isDecorative)
                    picture.startsRow = breaksLine && !pictures.isEmpty
                    breaksLine = false
                    pictures.append(picture)
                case .link(_, let children):
                    guard collect(children) else { return false }
                case .lineBreak: breaksLine = true
                case .softBreak: continue
                case .text(let text) where text.allSatisfy(\.isWhitespace): continue
                default: return false
                }
            }
            return true
        }
        return collect(inlines) && !pictures.isEmpty ? pictures : nil
    }

    /// `code` with each tab replaced by the spaces to the next tab stop (columns counted in
    /// characters, from each line's start).
    static func expandingTabs(_ code: String) -> String {
        guard code.contains("\t") else { return code }
        var out = ""
        var column = 0
        for character in code {
            switch character {
            case "\t":
                let spaces = tabStop - column % tabStop
                out += String(repeating: " ", count: spaces)
                column += spaces
            case "\n", "\r\n":
                out.append(character)
                column = 0
            default:
                out.append(character)
                column += 1
            }
        }
        return out
    }

    /// Inline content as styled runs: emphasis adds `.italic`, strong emphasis `.strong`, a code
    /// span and a `<kbd>` key `.code` (the monospace face), a link `.link`, strikethrough
    /// `.strikethrough` (both drawn, not shaped: `TextEmphasis`); `<sup>` and `<sub>` keep their
    /// text on the line at 75 % of its size, raised or lowered as GitHub draws them
    /// (`.superscript`, `.subscript`); a footnote reference is its number in superscript digits, in
    /// the emphasis around it. A soft line break is a space, or nothing between two ideographs
    /// (`SegmentBreak`).
    func styledText(_ inlines: [MarkdownInline]) -> StyledText {
        var text = StyledText()
        func walk(_ inlines: [MarkdownInline], _ emphasis: TextEmphasis) {
            for (index, inline) in inlines.enumerated() {
                switch inline {
                case .text(let string), .html(let string): text.append(string, emphasis: emphasis)
                case .code(let string): text.append(string, emphasis: emphasis.union(.code))
                case .softBreak:
                    let next = inlines[(index + 1)...].lazy.map(\.plainText).first { !$0.isEmpty }?.unicodeScalars.first
                    if let before = text.string.unicodeScalars.last, let next, SegmentBreak.vanishes(between: before, and: next) { continue }
                    text.append(" ", emphasis: emphasis)
                case .lineBreak: text.append("\n", emphasis: emphasis)
                case .emphasis(let children): walk(children, emphasis.union(.italic))
                case .strong(let children): walk(children, emphasis.union(.strong))
                case .link(_, let children): walk(children, emphasis.union(.link))
                case .strikethrough(let children): walk(children, emphasis.union(.strikethrough))
                case .keyboard(let children): walk(children, emphasis.union(.code))
                case .superscript(let children): walk(children, emphasis.union(.superscript))
                case .subscript(let children): walk(children, emphasis.union(.subscript))
                case .small(let children): walk(children, emphasis.union(.small))
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
