import TextMetrics

/// One block of a document: a heading, a paragraph, a list item, a quoted paragraph, a footnote
/// or a code block, with the Dynamic Type text style it is set in and its styled text.
///
/// The mapping from CommonMark (see `MarkdownReader`), written down once:
///
/// | source | kind | text style |
/// |---|---|---|
/// | `#` heading | heading(1) | largeTitle |
/// | `##` heading | heading(2) | title1 |
/// | `###` heading | heading(3) | title2 |
/// | `####` heading | heading(4) | title3 |
/// | `#####`, `######` heading | heading(5/6) | headline |
/// | paragraph (and plain-text paragraph) | paragraph | body |
/// | list item (text starts with `• ` or `N. `) | listItem | body |
/// | anything inside a `>` block quote | quote | callout |
/// | list item `- [ ]` / `- [x]` (task list) | listItem, text starts `☐ ` / `☑ ` | body |
/// | `[^label]: …` footnote definition | footnote (moved to the end, in reference order) | footnote |
/// | table cell (see `TableShape`) | tableCell, a header in row 0 | headline (header), body |
/// | fenced or indented code | code | body (kept verbatim, line ends are hard breaks) |
/// | raw HTML block | paragraph | body (kept verbatim) |
/// | thematic break | none (no text, no cell) | – |
///
/// Inline: `*emphasis*` → `.italic`, `**strong**` → `.strong`, code spans keep their text, links,
/// autolinks and images keep their text, `~~strikethrough~~` keeps its text (plain: the text model
/// has no strike), a footnote reference is its number in superscript digits (`chose.¹`), a soft
/// line break is a space, a hard line break a line break.
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
