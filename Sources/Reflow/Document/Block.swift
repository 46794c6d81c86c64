import TextMetrics

/// One block of a document: a heading, a paragraph, a list item, a quoted paragraph, a footnote,
/// a code block, an image row or a rule, with the Dynamic Type text style it is set in, its styled
/// text, the containers around it (`Nesting`) and what it shows besides text (`Content`).
///
/// The mapping from Markdown and HTML is `MarkdownReader`'s, written down once in
/// docs/documents.md: headings `#`…`####` largeTitle…title3 and `#####`/`######` headline;
/// paragraphs, list items, quotes' paragraphs, code and table bodies body; footnotes footnote;
/// table headers, `<details>` summaries and GitHub alerts' titles (`Cell.Kind.alert`) headline.
/// A list item's marker is not in its text (`Nesting.marker`); links and strikethrough are
/// decorations on the text's runs (`TextEmphasis`), code keeps its lines, images and rules are
/// `Content`.
public struct Block: Hashable, Sendable {
    /// What the block is: the same kinds its cells have (`Cell.Kind`).
    public var kind: Cell.Kind
    public var style: TextStyle
    public var text: StyledText
    /// The 1-based line of the Markdown source the block starts on (nil for plain text).
    public var sourceLine: Int?
    /// The list items and quotes around the block, and the markers it shows.
    public var nesting: Nesting
    /// What the block shows besides text: an image, a rule, a code block's language. Nil for a
    /// block of text alone.
    public var content: Content?
    /// Where its lines (or its row of images) stand: HTML's `align` on a division around it.
    public var alignment: TextAlignment = .leading
    /// The base direction its container sets (HTML's `dir`); nil: the document's.
    public var direction: BaseDirection?
    /// The direction of the list around it, when that is not the document's: GitHub lists run the
    /// way their first strong character does (`dir="auto"`), so an English list in an Arabic
    /// document indents and hangs its markers from the left. Its text keeps its own direction.
    public var listDirection: BaseDirection?

    /// What a block holds that is not its text.
    public enum Content: Hashable, Sendable {
        /// A fenced code block's language (the info string's first word; nil when it has none).
        case code(language: String?)
        /// Images: one, or a row of them (a paragraph of badges), drawn side by side and wrapped.
        case pictures([Picture])
        /// A thematic break (`---`, `<hr>`).
        case rule
    }

    public init(kind: Cell.Kind, style: TextStyle, text: StyledText, sourceLine: Int? = nil, nesting: Nesting = Nesting(),
                content: Content? = nil) {
        self.kind = kind
        self.style = style
        self.text = text
        self.sourceLine = sourceLine
        self.nesting = nesting
        self.content = content
    }

    /// The text style of a heading of `level` (1…6).
    public static func headingStyle(level: Int) -> TextStyle {
        switch level {
        case ...1: .largeTitle
        case 2: .title1
        case 3: .title2
        case 4: .title3
        default: .headline
        }
    }
}
