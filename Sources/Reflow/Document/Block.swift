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
/// | paragraph starting `[^label]:` | footnote | footnote |
/// | fenced or indented code | code | body (kept verbatim, line ends are hard breaks) |
/// | raw HTML block | paragraph | body (kept verbatim) |
/// | thematic break | none (no text, no cell) | – |
///
/// Inline: `*emphasis*` → `.italic`, `**strong**` → `.strong`, code spans keep their text, links
/// and images keep their text, a soft line break is a space, a hard line break a line break.
public struct Block: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// A heading of level 1…6.
        case heading(level: Int)
        case paragraph
        /// A list item; `depth` is 1 for a top-level list, 2 inside a nested list, and so on.
        case listItem(depth: Int)
        /// A block inside a block quote.
        case quote
        /// A footnote definition (`[^label]: text`).
        case footnote(label: String)
        case code

        /// A short name for output formats: heading, paragraph, listItem, quote, footnote, code.
        public var name: String {
            switch self {
            case .heading: "heading"
            case .paragraph: "paragraph"
            case .listItem: "listItem"
            case .quote: "quote"
            case .footnote: "footnote"
            case .code: "code"
            }
        }
    }

    public var kind: Kind
    public var style: TextStyle
    public var text: StyledText

    public init(kind: Kind, style: TextStyle, text: StyledText) {
        self.kind = kind
        self.style = style
        self.text = text
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
