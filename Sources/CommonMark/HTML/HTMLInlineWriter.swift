/// Writes a paragraph's inline content back as one HTML text, so libxml2 sees its inline HTML
/// (which cmark hands over tag by tag: `.html("<kbd>")`, `.text("x")`, `.html("</kbd>")`) in
/// context and decides what encloses what. Text is escaped; emphasis, strong emphasis, strike-
/// through, links and breaks become their HTML elements; a code span, an image and a footnote
/// reference, which must come back exactly as they were, become placeholder elements, numbered
/// in `leaves`.
struct HTMLInlineWriter {
    /// The attribute that marks a placeholder element.
    let placeholderAttribute: String
    private(set) var html = ""
    /// The inlines the placeholders stand for, by index.
    private(set) var leaves: [MarkdownInline] = []

    init(placeholderAttribute: String) {
        self.placeholderAttribute = placeholderAttribute
    }

    mutating func write(_ inlines: [MarkdownInline]) {
        for inline in inlines {
            switch inline {
            case .text(let text): html += Self.escaped(text, quotes: false)
            case .softBreak: html += "\n"
            case .lineBreak: html += "<br>"
            case .html(let raw) where HTMLVocabulary.isDeclaration(raw): continue
            case .html(let raw): html += raw
            case .emphasis(let content): write(content, in: "em")
            case .strong(let content): write(content, in: "strong")
            case .strikethrough(let content): write(content, in: "del")
            case .keyboard(let content): write(content, in: "kbd")
            case .superscript(let content): write(content, in: "sup")
            case .subscript(let content): write(content, in: "sub")
            case .small(let content): write(content, in: "small")
            case .link(let destination, let content):
                html += "<a href=\"\(Self.escaped(destination, quotes: true))\">"
                write(content)
                html += "</a>"
            case .code, .image, .footnoteReference:
                html += "<span \(placeholderAttribute)=\"\(leaves.count)\"></span>"
                leaves.append(inline)
            }
        }
    }

    private mutating func write(_ content: [MarkdownInline], in element: String) {
        html += "<\(element)>"
        write(content)
        html += "</\(element)>"
    }

    /// `text` with the characters HTML would read as markup as character references.
    static func escaped(_ text: String, quotes: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }

    /// Whether `inlines` hold raw HTML anywhere.
    static func containsHTML(_ inlines: [MarkdownInline]) -> Bool {
        inlines.contains { inline in
            switch inline {
            case .html: true
            case .emphasis(let content), .strong(let content), .strikethrough(let content), .keyboard(let content),
                 .superscript(let content), .subscript(let content), .small(let content), .link(_, let content):
                containsHTML(content)
            case .text, .softBreak, .lineBreak, .code, .image, .footnoteReference: false
            }
        }
    }

    /// The raw HTML of `inlines`, in order.
    static func rawHTML(in inlines: [MarkdownInline]) -> [String] {
        inlines.flatMap { inline -> [String] in
            switch inline {
            case .html(let raw): [raw]
            case .emphasis(let content), .strong(let content), .strikethrough(let content), .keyboard(let content),
                 .superscript(let content), .subscript(let content), .small(let content), .link(_, let content):
                rawHTML(in: content)
            case .text, .softBreak, .lineBreak, .code, .image, .footnoteReference: []
            }
        }
    }
}
