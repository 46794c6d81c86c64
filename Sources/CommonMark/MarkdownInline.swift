/// Inline content of a paragraph or heading, as a plain Swift value.
public indirect enum MarkdownInline: Hashable, Sendable {
    /// Literal text (entities and escapes already resolved).
    case text(String)
    /// A line ending inside a paragraph; renders as a space.
    case softBreak
    /// A hard line break (two trailing spaces or a backslash before the line ending).
    case lineBreak
    /// A `code span`, its literal content.
    case code(String)
    /// Raw inline HTML, verbatim.
    case html(String)
    /// `*emphasis*`.
    case emphasis([MarkdownInline])
    /// `**strong emphasis**`.
    case strong([MarkdownInline])
    /// A link: its destination and its text.
    case link(destination: String, [MarkdownInline])
    /// An image: its source and its description (the alt text).
    case image(source: String, [MarkdownInline])
    /// `~~struck through~~` (GFM).
    case strikethrough([MarkdownInline])
    /// `[^label]`, a reference to a footnote the document defines (GFM; cmark-gfm makes one only
    /// when the definition exists), by the footnote's number: cmark-gfm numbers footnotes in the
    /// order of their first reference, as GitHub does.
    case footnoteReference(number: Int)

    /// The text a reader sees, emphasis dropped: breaks become spaces or newlines, code keeps its
    /// text, links and images give their text.
    public var plainText: String {
        switch self {
        case .text(let text), .code(let text), .html(let text): return text
        case .softBreak: return " "
        case .lineBreak: return "\n"
        case .emphasis(let children), .strong(let children), .link(_, let children), .image(_, let children),
             .strikethrough(let children):
            return children.map(\.plainText).joined()
        case .footnoteReference(let number): return "[^\(number)]"
        }
    }
}
