/// A block of a CommonMark document, as a plain Swift value: no cmark types, no pointers.
///
/// The tree is what the CommonMark spec calls the block structure; inline content is kept as
/// `MarkdownInline` values. Nesting deeper than `MarkdownParser.maximumNesting` is flattened into
/// the nearest kept ancestor (see there for why).
public indirect enum MarkdownBlock: Hashable, Sendable {
    /// A paragraph and its inline content.
    case paragraph([MarkdownInline])
    /// An ATX (`#`) or setext heading, level 1 to 6.
    case heading(level: Int, [MarkdownInline])
    /// A `>` block quote and the blocks inside it.
    case blockQuote([MarkdownBlock])
    /// A bullet or ordered list; each item is a list of blocks.
    case list(MarkdownList)
    /// A fenced or indented code block: the info string (may be empty) and the code, verbatim.
    case codeBlock(info: String, code: String)
    /// Raw HTML, verbatim.
    case htmlBlock(String)
    /// A `---` rule.
    case thematicBreak
}

/// A list block: its marker kind and its items.
public struct MarkdownList: Hashable, Sendable {
    /// Whether items are numbered (`1.`, `2)`) rather than bulleted (`-`, `*`, `+`).
    public var isOrdered: Bool
    /// The number of the first item of an ordered list (1 for bullet lists).
    public var start: Int
    /// Whether the list is tight (no blank lines between items).
    public var isTight: Bool
    /// Each item's blocks.
    public var items: [[MarkdownBlock]]

    public init(isOrdered: Bool, start: Int, isTight: Bool, items: [[MarkdownBlock]]) {
        self.isOrdered = isOrdered
        self.start = start
        self.isTight = isTight
        self.items = items
    }
}
