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
    /// Raw inline HTML, verbatim, one tag at a time as cmark-gfm found it. `MarkdownParser.parse`
    /// resolves it with the text around it (`HTMLResolution`): a parsed tree has none.
    case html(String)
    /// `*emphasis*`.
    case emphasis([MarkdownInline])
    /// `**strong emphasis**`.
    case strong([MarkdownInline])
    /// A link: its destination and its text.
    case link(destination: String, [MarkdownInline])
    /// An image (`![alt](src)`, `<img>`): its source, alt text and stated size.
    case image(MarkdownImage)
    /// `~~struck through~~` (GFM), `<s>`, `<del>`.
    case strikethrough([MarkdownInline])
    /// `<kbd>`: a key of a keyboard.
    case keyboard([MarkdownInline])
    /// `<sup>`.
    case superscript([MarkdownInline])
    /// `<sub>`.
    case `subscript`([MarkdownInline])
    /// `<small>`: small print (GitHub's stylesheet draws it at 90 %).
    case small([MarkdownInline])
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
        case .emphasis(let children), .strong(let children), .link(_, let children), .strikethrough(let children),
             .keyboard(let children), .superscript(let children), .subscript(let children), .small(let children):
            return children.map(\.plainText).joined()
        case .image(let image): return image.alt
        case .footnoteReference(let number): return "[^\(number)]"
        }
    }
}

/// An image of a document: where it comes from, what it shows in words, and the size its HTML
/// states in CSS pixels (points), when it does.
public struct MarkdownImage: Hashable, Sendable {
    public var source: String
    /// The alt text ("" when the image has none: `image-alt` in the audit, unless it is decorative).
    public var alt: String
    public var width: Double?
    public var height: Double?
    /// The HTML marks the image decorative (WCAG 1.1.1, H67): an `alt` attribute that is empty
    /// (not a missing one), `role="presentation"` or `"none"`, or `aria-hidden="true"`. Always
    /// false for a Markdown image, which cannot say so.
    public var isDecorative: Bool

    public init(source: String, alt: String, width: Double? = nil, height: Double? = nil, isDecorative: Bool = false) {
        self.source = source
        self.alt = alt
        self.width = width
        self.height = height
        self.isDecorative = isDecorative
    }
}
