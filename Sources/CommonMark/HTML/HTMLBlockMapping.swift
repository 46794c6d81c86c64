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

    let whitespace: Whitespace
    /// The source line of a line of the parsed text.
    let sourceLine: (Int) -> Int
    /// The content of placeholder `index`, resolved at block nesting `depth`.
    let placement: (_ index: Int, _ depth: Int) throws(MarkdownError) -> Placement

    /// Placeholders met so far.
    var placed: Set<Int> = []

    /// Blocks finished in the container being read.
    var finished: [MarkdownBlock] = []
    /// The paragraph being gathered: its content and the inline elements open around it, the
    /// innermost last. The first has no wrapper: it is the paragraph itself.
    var frames = [InlineFrame(wrapper: nil)]
    var paragraphLine: Int?
    /// The line of the node being read.
    var line = 1
    /// Whether the text so far ends in a space or starts a line (`collapse`): the next white
    /// space adds nothing.
    var afterSpace = true
    /// Block containers around the content being read, the fragment's own included.
    var depth: Int

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

    mutating func visit(_ nodes: [HTMLNode]) throws(MarkdownError) {
        for node in nodes { try visit(node) }
    }

    mutating func visit(_ node: HTMLNode) throws(MarkdownError) {
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

    mutating func visit(_ element: HTMLElement) throws(MarkdownError) {
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
        case "small": try wrap(element, in: .small([]))
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
    mutating func blocks(of nodes: [HTMLNode], nested: Bool, line startLine: Int? = nil) throws(MarkdownError) -> [MarkdownBlock] {
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
}
