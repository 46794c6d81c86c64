/// A block of a GitHub Flavored Markdown document, as a plain Swift value: no cmark types, no
/// pointers, with the line it starts on in the source.
///
/// The tree is what the CommonMark spec calls the block structure; inline content is kept as
/// `MarkdownInline` values. Nesting deeper than `MarkdownParser.maximumNesting` is flattened into
/// the nearest kept ancestor (see there for why).
public struct MarkdownBlock: Hashable, Sendable {
    public enum Content: Hashable, Sendable {
        /// A paragraph and its inline content.
        case paragraph([MarkdownInline])
        /// An ATX (`#`) or setext heading, level 1 to 6.
        case heading(level: Int, [MarkdownInline])
        /// A `>` block quote and the blocks inside it.
        case blockQuote([MarkdownBlock])
        /// A bullet or ordered list.
        case list(MarkdownList)
        /// A fenced or indented code block: the info string (may be empty) and the code, verbatim.
        case codeBlock(info: String, code: String)
        /// Raw HTML, verbatim, as cmark-gfm found it. `MarkdownParser.parse` resolves every one into
        /// the blocks it makes (`HTMLResolution`): a parsed tree has none.
        case htmlBlock(String)
        /// An HTML container that changes how its blocks are drawn (`<div align="center">`,
        /// `<p align>`, `<div dir="rtl">`, `<center>`): its alignment and direction, when set; or
        /// a GitHub alert (`> [!NOTE]`), which GitHub draws as a division too.
        case division(MarkdownDivision)
        /// `<details>`: the summary's inline content (a disclosure row) and the blocks it discloses.
        case details(summary: [MarkdownInline], [MarkdownBlock])
        /// A `---` rule.
        case thematicBreak
        /// A GFM table.
        case table(MarkdownTable)
        /// A footnote definition (`[^label]: …`) and its blocks. cmark-gfm keeps only footnotes
        /// that are referenced, and moves them to the end of the document in the order of their
        /// first reference, as GitHub shows them: the n-th definition is footnote n. (cmark-gfm
        /// offers no public way to read a definition's label.)
        case footnoteDefinition([MarkdownBlock])
    }

    public var content: Content
    /// The 1-based line of the source where the block starts (cmark's source position).
    public var line: Int

    public init(_ content: Content, line: Int) {
        self.content = content
        self.line = line
    }
}

/// Where a block's lines sit across its width: `left` and `right` are physical, the same side in
/// both directions (HTML's `align`, GFM table columns); `leading` and `trailing` follow the text's
/// direction (CSS's `text-align: start` and `end`).
public enum MarkdownAlignment: Hashable, Sendable { case leading, center, trailing, left, right }

/// A writing direction set on HTML (`dir="rtl"`).
public enum MarkdownDirection: Hashable, Sendable { case leftToRight, rightToLeft }

/// An HTML division's blocks with the alignment and direction it sets (nil: inherited), or a
/// GitHub alert: GitHub draws a top-level quote whose first line is `[!NOTE]` … as a division
/// (`<div class="markdown-alert markdown-alert-note">`) of a title and the quote's other blocks
/// (`MarkdownAlertKind.split(quote:)` has the rule).
public struct MarkdownDivision: Hashable, Sendable {
    public var alignment: MarkdownAlignment?
    public var direction: MarkdownDirection?
    /// The alert's kind when the division is a GitHub alert (its blocks are the quote's, the
    /// marker line left out); nil for an HTML division.
    public var alert: MarkdownAlertKind?
    public var blocks: [MarkdownBlock]

    public init(alignment: MarkdownAlignment? = nil, direction: MarkdownDirection? = nil, alert: MarkdownAlertKind? = nil,
                blocks: [MarkdownBlock]) {
        self.alignment = alignment
        self.direction = direction
        self.alert = alert
        self.blocks = blocks
    }
}

/// A list block: its marker kind and its items.
public struct MarkdownList: Hashable, Sendable {
    /// Whether items are numbered (`1.`, `2)`) rather than bulleted (`-`, `*`, `+`).
    public var isOrdered: Bool
    /// The number of the first item of an ordered list (1 for bullet lists).
    public var start: Int
    /// Whether the list is tight (no blank lines between items).
    public var isTight: Bool
    public var items: [MarkdownListItem]

    public init(isOrdered: Bool, start: Int, isTight: Bool, items: [MarkdownListItem]) {
        self.isOrdered = isOrdered
        self.start = start
        self.isTight = isTight
        self.items = items
    }
}

/// One item of a list: its blocks and, for a GFM task-list item (`- [ ]`, `- [x]`), whether it is checked.
public struct MarkdownListItem: Hashable, Sendable {
    public var blocks: [MarkdownBlock]
    /// Nil for an ordinary item; false for `[ ]`, true for `[x]`.
    public var isChecked: Bool?
    /// The 1-based source line of the item's marker.
    public var line: Int

    public init(blocks: [MarkdownBlock], isChecked: Bool? = nil, line: Int) {
        self.blocks = blocks
        self.isChecked = isChecked
        self.line = line
    }
}

/// A GFM table: a header row and body rows of inline cells. cmark-gfm gives every row as many
/// cells as the header has (short rows are padded with empty cells, extra cells dropped).
public struct MarkdownTable: Hashable, Sendable {
    public var header: MarkdownTableRow
    public var rows: [MarkdownTableRow]
    /// Per column, from the delimiter row (`:--`, `:-:`, `--:`); nil where it sets none.
    public var alignments: [MarkdownAlignment?]

    public init(header: MarkdownTableRow, rows: [MarkdownTableRow], alignments: [MarkdownAlignment?]) {
        self.header = header
        self.rows = rows
        self.alignments = alignments
    }
}

/// A row of a table: its cells' inline content and its source line.
public struct MarkdownTableRow: Hashable, Sendable {
    public var cells: [[MarkdownInline]]
    public var line: Int

    public init(cells: [[MarkdownInline]], line: Int) {
        self.cells = cells
        self.line = line
    }
}
