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
        case .small: .small(content)
        case .link(let destination, _): .link(destination: destination, content)
        case .text, .softBreak, .lineBreak, .code, .html, .image, .footnoteReference: self
        }
    }
}
