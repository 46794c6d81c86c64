/// Turns parsed HTML (`HTMLNode`s) into Markdown blocks, the way a browser lays it out: inline
/// content (text, `<b>`, `<a href>`, `<img>`, `<br>` …) gathers into paragraphs, and each block
/// element ends the paragraph before it.
///
/// | HTML | Markdown |
/// |---|---|
/// | `<p>`, `<div>`, `<center>`, `<section>` and other blocks | their blocks; a `division` when they set `align` or `dir` (`<center>`: centred) |
/// | `<h1>` … `<h6>` | `heading` |
/// | `<ul>`, `<ol start>`, `<li>` | `list` |
/// | `<blockquote>` | `blockQuote` |
/// | `<pre>` | `codeBlock` (its `lang` as the info string) |
/// | `<hr>` | `thematicBreak` |
/// | `<details>`, `<summary>` | `details` (no summary: "Details", as browsers show) |
/// | `<table>` | `table` when the first row is a header and every row has as many cells and no spans; otherwise one paragraph per row, its cells on lines of their own |
/// | `<img>`, `<picture>` | `image` (a picture's `<img>`), with `alt` ("" when missing) and numeric `width`/`height` |
/// | `<a href>` | `link` |
/// | `<b>`/`<strong>`, `<i>`/`<em>`/`<cite>`/`<dfn>`/`<var>`, `<s>`/`<strike>`/`<del>`, `<kbd>`, `<sup>`, `<sub>` | `strong`, `emphasis`, `strikethrough`, `keyboard`, `superscript`, `subscript` |
/// | `<code>`, `<tt>`, `<samp>` | `code` |
/// | `<br>` | `lineBreak` |
/// | any other element (`<span>`, `<font>`, `<u>`, unknown ones) | its content, without a tag |
///
/// A block element inside inline formatting (`<a href><div><img></div></a>`) keeps the
/// formatting around its content, as the content inherits it in a browser.
struct HTMLBlockMapping {
    /// How text is read.
    enum Whitespace {
        /// HTML's rule, for HTML blocks: a run of white space is one space, and none starts or
        /// ends a line.
        case collapse
        /// For a paragraph's inline HTML, whose text is Markdown's: kept as it is, a line end being
        /// a soft break.
        case preserve
    }

    /// What a placeholder stands for.
    enum Placement {
        /// Markdown blocks (a placeholder in a sequence of HTML blocks).
        case blocks([MarkdownBlock])
        /// A Markdown inline (a placeholder in a paragraph's inline HTML).
        case inline(MarkdownInline)
    }

    private let whitespace: Whitespace
    /// The source line of a line of the parsed text.
    private let sourceLine: (Int) -> Int
    /// The content of placeholder `index`, resolved at block nesting `depth`.
    private let placement: (_ index: Int, _ depth: Int) throws(MarkdownError) -> Placement

    /// Placeholders met so far.
    private(set) var placed: Set<Int> = []

    /// Blocks finished in the container being read.
    private var finished: [MarkdownBlock] = []
    /// The paragraph being gathered: its content and the inline elements open around it, the
    /// innermost last. The first has no wrapper: it is the paragraph itself.
    private var frames = [InlineFrame(wrapper: nil)]
    private var paragraphLine: Int?
    /// The line of the node being read.
    private var line = 1
    /// Whether the text so far ends in a space or starts a line (`collapse`): the next white
    /// space adds nothing.
    private var afterSpace = true
    /// Block containers around the content being read, the fragment's own included.
    private var depth: Int

    /// - Parameters:
    ///   - depth: the block nesting the fragment sits at.
    ///   - sourceLine: maps a line of the parsed text to the document's.
    ///   - placement: what placeholder `index` stands for, at block nesting `depth`.
    init(whitespace: Whitespace, depth: Int, sourceLine: @escaping (Int) -> Int,
         placement: @escaping (_ index: Int, _ depth: Int) throws(MarkdownError) -> Placement) {
        self.whitespace = whitespace
        self.depth = depth
        self.sourceLine = sourceLine
        self.placement = placement
    }

    /// The blocks of a fragment's nodes.
    mutating func blocks(of nodes: [HTMLNode]) throws(MarkdownError) -> [MarkdownBlock] {
        try visit(nodes)
        flushParagraph()
        return finished
    }

    // MARK: Reading nodes

    private mutating func visit(_ nodes: [HTMLNode]) throws(MarkdownError) {
        for node in nodes { try visit(node) }
    }

    private mutating func visit(_ node: HTMLNode) throws(MarkdownError) {
        switch node {
        case .text(let text, let textLine):
            line = sourceLine(textLine)
            appendText(text)
        case .placeholder(let index):
            placed.insert(index)
            switch try placement(index, depth) {
            case .blocks(let blocks):
                flushParagraph()
                finished += blocks
            case .inline(let inline):
                append(inline)
            }
        case .element(let element):
            line = sourceLine(element.line)
            try visit(element)
        }
    }

    private mutating func visit(_ element: HTMLElement) throws(MarkdownError) {
        switch element.name {
        case "br":
            if whitespace == .collapse {  // a line ends without the spaces before its end
                frames[frames.count - 1].inlines = Self.trimmingTrailingSpace(frames[frames.count - 1].inlines, breaks: false)
            }
            append(.lineBreak)
            afterSpace = true
        case "img":
            append(.image(Self.image(element)))
        case "picture":
            if let image = Self.firstImage(in: element.children) {
                append(.image(Self.image(image)))
            } else {
                try visit(element.children)
            }
        case "a":
            if let destination = element[attribute: "href"] {
                try wrap(element, in: .link(destination: Self.trimmed(destination), []))
            } else {
                try visit(element.children)
            }
        case "b", "strong": try wrap(element, in: .strong([]))
        case "i", "em", "cite", "dfn", "var": try wrap(element, in: .emphasis([]))
        case "s", "strike", "del": try wrap(element, in: .strikethrough([]))
        case "kbd": try wrap(element, in: .keyboard([]))
        case "sup": try wrap(element, in: .superscript([]))
        case "sub": try wrap(element, in: .subscript([]))
        case "code", "tt", "samp":
            var code = ""
            try appendTextContent(of: element.children, to: &code)
            if whitespace == .collapse { code = Self.collapsed(code, afterSpace: false).text }
            if !code.isEmpty { append(.code(code)) }
        case "hr":
            flushParagraph()
            finished.append(MarkdownBlock(.thematicBreak, line: line))
        case "pre", "xmp", "listing", "plaintext":
            try appendCodeBlock(element)
        case "h1", "h2", "h3", "h4", "h5", "h6":
            try appendHeading(element, level: Int(String(element.name.dropFirst())) ?? 1)
        case "ul", "ol", "menu", "dir":
            try appendList(element)
        case "blockquote":
            let startLine = line
            let blocks = try blocks(of: element.children, nested: true)
            guard !blocks.isEmpty else { return }
            finished += Self.division(around: [MarkdownBlock(.blockQuote(blocks), line: startLine)], for: element)
        case "details":
            try appendDetails(element)
        case "table":
            try appendTable(element)
        default:
            if HTMLVocabulary.blockLevel.contains(element.name) {
                let startLine = line
                let blocks = try blocks(of: element.children, nested: Self.setsLayout(element), line: startLine)
                finished += Self.division(around: blocks, for: element, line: startLine)
            } else {
                try visit(element.children)  // `<span>`, `<font>`, `<u>`, unknown elements: their content only
            }
        }
    }

    /// Reads `nodes` as the content of a block container: the paragraph before it ends, and
    /// the blocks it holds are returned rather than added. Inline elements open around it stay
    /// open inside it. `nested`: the container becomes a block of its own (placeholders inside
    /// sit one level deeper). `line`: where a paragraph that starts without a line of its own is.
    private mutating func blocks(of nodes: [HTMLNode], nested: Bool, line startLine: Int? = nil) throws(MarkdownError) -> [MarkdownBlock] {
        flushParagraph()
        let outside = finished
        finished = []
        if nested { depth += 1 }
        defer { if nested { depth -= 1 } }
        paragraphLine = startLine
        try visit(nodes)
        flushParagraph()
        let inside = finished
        finished = outside
        return inside
    }

    // MARK: Inline content

    private struct InlineFrame {
        /// The inline element around the content (itself empty; `replacingContent` fills it); nil
        /// for the paragraph.
        var wrapper: MarkdownInline?
        var inlines: [MarkdownInline] = []
    }

    /// Reads `element`'s content inside `wrapper`, an inline element with no content of its own.
    private mutating func wrap(_ element: HTMLElement, in wrapper: MarkdownInline) throws(MarkdownError) {
        frames.append(InlineFrame(wrapper: wrapper))
        try visit(element.children)
        let frame = frames.removeLast()
        guard !frame.inlines.isEmpty, let wrapper = frame.wrapper else { return }
        let endsInSpace = afterSpace
        append(wrapper.replacingContent(with: frame.inlines))
        afterSpace = endsInSpace
    }

    private mutating func append(_ inline: MarkdownInline) {
        if paragraphLine == nil { paragraphLine = line }
        frames[frames.count - 1].inlines.append(inline)
        afterSpace = false
    }

    private mutating func appendText(_ text: String) {
        switch whitespace {
        case .preserve:
            var first = true
            for piece in text.split(separator: "\n", omittingEmptySubsequences: false) {
                // A line end after `<br>` is part of that break, as after a Markdown hard break.
                if !first, frames[frames.count - 1].inlines.last != .lineBreak { append(.softBreak) }
                first = false
                if !piece.isEmpty { append(.text(String(piece))) }
            }
        case .collapse:
            let collapsed = Self.collapsed(text, afterSpace: afterSpace)
            guard !collapsed.text.isEmpty else { return }
            append(.text(collapsed.text))
            afterSpace = collapsed.endsInSpace
        }
    }

    /// Ends the paragraph being gathered: the inline elements open around it are closed into
    /// it and stay open, empty, for what follows.
    private mutating func flushParagraph() {
        var inner: MarkdownInline?
        for index in frames.indices.reversed() {
            var inlines = frames[index].inlines
            frames[index].inlines = []
            if let inner { inlines.append(inner) }
            if let wrapper = frames[index].wrapper {
                inner = inlines.isEmpty ? nil : wrapper.replacingContent(with: inlines)
            } else {
                let content = Self.trimmingTrailingSpace(inlines)
                if !Self.isBlank(content) {
                    finished.append(MarkdownBlock(.paragraph(content), line: paragraphLine ?? line))
                }
            }
        }
        paragraphLine = nil
        afterSpace = true
    }

    /// The text of `nodes` and of what they contain, placeholders as their text.
    private mutating func appendTextContent(of nodes: [HTMLNode], to text: inout String) throws(MarkdownError) {
        for node in nodes {
            switch node {
            case .text(let string, _):
                text += string
            case .element(let element):
                try appendTextContent(of: element.children, to: &text)
            case .placeholder(let index):
                placed.insert(index)
                switch try placement(index, depth) {
                case .inline(let inline): text += inline.plainText
                case .blocks(let blocks): text += MarkdownBlock.inlineContent(of: blocks).map(\.plainText).joined()
                }
            }
        }
    }

    // MARK: Blocks

    private mutating func appendHeading(_ element: HTMLElement, level: Int) throws(MarkdownError) {
        let startLine = line
        let inlines = MarkdownBlock.inlineContent(of: try blocks(of: element.children, nested: false))
        guard !Self.isBlank(inlines) else { return }
        finished += Self.division(around: [MarkdownBlock(.heading(level: level, inlines), line: startLine)], for: element)
    }

    private mutating func appendCodeBlock(_ element: HTMLElement) throws(MarkdownError) {
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

    private mutating func appendList(_ element: HTMLElement) throws(MarkdownError) {
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

    private mutating func appendDetails(_ element: HTMLElement) throws(MarkdownError) {
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

    private mutating func appendTable(_ element: HTMLElement) throws(MarkdownError) {
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
        let alignments = first.cells.map { Self.alignment($0[attribute: "align"]) }
        return MarkdownTable(header: tableRows[0], rows: Array(tableRows.dropFirst()), alignments: alignments)
    }

    // MARK: Attributes and helpers

    /// `blocks` in a division when `element` sets an alignment or a direction.
    private static func division(around blocks: [MarkdownBlock], for element: HTMLElement, line: Int? = nil) -> [MarkdownBlock] {
        guard !blocks.isEmpty, setsLayout(element) else { return blocks }
        let alignment = element.name == "center" ? .center : Self.alignment(element[attribute: "align"])
        let division = MarkdownDivision(alignment: alignment, direction: direction(element[attribute: "dir"]), blocks: blocks)
        return [MarkdownBlock(.division(division), line: line ?? blocks[0].line)]
    }

    private static func setsLayout(_ element: HTMLElement) -> Bool {
        element.name == "center" || alignment(element[attribute: "align"]) != nil || direction(element[attribute: "dir"]) != nil
    }

    /// `align`: left, center (or middle), right; justify and anything else set nothing.
    static func alignment(_ value: String?) -> MarkdownAlignment? {
        switch value.map({ trimmed($0).lowercased() }) {
        case "left": .leading
        case "center", "middle": .center
        case "right": .trailing
        default: nil
        }
    }

    /// `dir`: rtl or ltr (`auto` leaves it to the text).
    static func direction(_ value: String?) -> MarkdownDirection? {
        switch value.map({ trimmed($0).lowercased() }) {
        case "rtl": .rightToLeft
        case "ltr": .leftToRight
        default: nil
        }
    }

    /// A length attribute (`width`, `height`) in CSS pixels, by HTML's rules for dimension values:
    /// leading digits with an optional fraction (`200`, `200px`, `12.5`; `1e308` is 1); a
    /// percentage, or no digits, is no length.
    static func dimension(_ value: String?) -> Double? {
        guard let value else { return nil }
        var rest = Substring(value).drop { $0.unicodeScalars.allSatisfy(HTMLVocabulary.isSpace) }
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        rest = rest.dropFirst(digits.count)
        var number = String(digits)
        if rest.first == "." {
            let fraction = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
            if !fraction.isEmpty { number += "." + fraction }
            rest = rest.dropFirst(1 + fraction.count)
        }
        guard rest.first != "%", let length = Double(number), length.isFinite else { return nil }
        return length
    }

    /// `<ol start>`: an integer of at most nine digits, as CommonMark allows for a list's start.
    static func listStart(_ value: String?) -> Int {
        guard let value, let start = Int(trimmed(value)), (-999_999_999...999_999_999).contains(start) else { return 1 }
        return start
    }

    private static func span(_ value: String?) -> Int {
        value.flatMap { Int(trimmed($0)) } ?? 1
    }

    static func image(_ element: HTMLElement) -> MarkdownImage {
        let alt = element[attribute: "alt"]
        let roles = (element[attribute: "role"] ?? "").lowercased().split(whereSeparator: \.isWhitespace)
        // WCAG 1.1.1 (H67): an empty alt attribute marks an image decorative; so do ARIA's
        // presentation roles (their first token, ARIA's fallback rule) and aria-hidden.
        let decorative = (alt.map { trimmed($0).isEmpty } ?? false)
            || roles.first.map { $0 == "presentation" || $0 == "none" } ?? false
            || trimmed(element[attribute: "aria-hidden"] ?? "").lowercased() == "true"
        return MarkdownImage(source: trimmed(element[attribute: "src"] ?? ""), alt: alt ?? "",
                             width: dimension(element[attribute: "width"]), height: dimension(element[attribute: "height"]),
                             isDecorative: decorative)
    }

    /// The first `<img>` among `nodes` and their descendants.
    private static func firstImage(in nodes: [HTMLNode]) -> HTMLElement? {
        for case .element(let element) in nodes {
            if element.name == "img" { return element }
            if let image = firstImage(in: element.children) { return image }
        }
        return nil
    }

    private static func cells(of row: HTMLElement) -> [HTMLElement] { row.children.compactMap(cell) }

    /// `node` as a table cell (`<td>`, `<th>`), nil for anything else.
    private static func cell(_ node: HTMLNode) -> HTMLElement? {
        if case .element(let cell) = node, cell.name == "td" || cell.name == "th" { cell } else { nil }
    }

    private static func trimmed(_ value: String) -> String {
        let scalars = value.unicodeScalars
        guard let first = scalars.firstIndex(where: { !HTMLVocabulary.isSpace($0) }),
              let last = scalars.lastIndex(where: { !HTMLVocabulary.isSpace($0) }) else { return "" }
        return String(scalars[first...last])
    }

    /// `text` with each run of HTML white space as one space, and none first when it follows
    /// one (`afterSpace`); and whether what it leaves ends in a space.
    private static func collapsed(_ text: String, afterSpace: Bool) -> (text: String, endsInSpace: Bool) {
        var result = String.UnicodeScalarView()
        var space = afterSpace
        for scalar in text.unicodeScalars {
            if HTMLVocabulary.isSpace(scalar) {
                if !space { result.append(" ") }
                space = true
            } else {
                result.append(scalar)
                space = false
            }
        }
        return (String(result), space)
    }

    /// `inlines` without the spaces they end with, and the line breaks too when `breaks` (HTML
    /// shows neither at the end of a block), looking inside the inline elements they end with.
    static func trimmingTrailingSpace(_ inlines: [MarkdownInline], breaks: Bool = true) -> [MarkdownInline] {
        var inlines = inlines
        while let last = inlines.last {
            let trimmed: MarkdownInline?
            switch last {
            case .text(let text):
                var kept = Substring(text)
                while kept.last == " " { kept = kept.dropLast() }
                trimmed = kept.isEmpty ? nil : .text(String(kept))
            case .softBreak, .lineBreak:
                guard breaks else { return inlines }
                trimmed = nil
            case .emphasis(let content), .strong(let content), .strikethrough(let content), .keyboard(let content),
                 .superscript(let content), .subscript(let content), .link(_, let content):
                let content = trimmingTrailingSpace(content, breaks: breaks)
                trimmed = content.isEmpty ? nil : last.replacingContent(with: content)
            case .code, .html, .image, .footnoteReference:
                return inlines
            }
            inlines.removeLast()
            guard let trimmed else { continue }
            inlines.append(trimmed)
            return inlines
        }
        return inlines
    }

    /// Whether `inlines` show nothing: white space, breaks, inline elements around nothing.
    static func isBlank(_ inlines: [MarkdownInline]) -> Bool {
        inlines.allSatisfy { inline in
            switch inline {
            case .text(let text): text.allSatisfy(\.isWhitespace)
            case .softBreak, .lineBreak: true
            case .emphasis(let content), .strong(let content), .strikethrough(let content), .keyboard(let content),
                 .superscript(let content), .subscript(let content), .link(_, let content):
                isBlank(content)
            case .code, .html, .image, .footnoteReference: false
            }
        }
    }
}

extension MarkdownInline {
    /// The same inline element around `content` (an element that wraps inlines; others are
    /// returned as they are).
    func replacingContent(with content: [MarkdownInline]) -> MarkdownInline {
        switch self {
        case .emphasis: .emphasis(content)
        case .strong: .strong(content)
        case .strikethrough: .strikethrough(content)
        case .keyboard: .keyboard(content)
        case .superscript: .superscript(content)
        case .subscript: .subscript(content)
        case .link(let destination, _): .link(destination: destination, content)
        case .text, .softBreak, .lineBreak, .code, .html, .image, .footnoteReference: self
        }
    }
}
