import CommonMark
import Reflow
import TextMetrics

extension Document {
    /// Reads `text` as CommonMark or, for any other format, plain text (a screen file is not a
    /// document of blocks: see `LayoutInput`).
    /// - Throws: `MarkdownError` for Markdown that cmark-gfm as installed cannot parse.
    public init(text: String, format: DocumentFormat) throws(MarkdownError) {
        switch format {
        case .commonMark: try self.init(markdown: text)
        case .plainText, .screen: self.init(plainText: text)
        }
    }

    /// A GitHub Flavored Markdown document; see `Block` for how blocks map to text styles. Each
    /// heading of level 1 or 2 outside quotes and lists starts a section, and each table is a
    /// section of its own.
    /// - Throws: `MarkdownError` when cmark-gfm as installed cannot parse (an extension missing).
    public init(markdown: String) throws(MarkdownError) {
        self.init(sections: MarkdownReader().sections(from: try MarkdownParser().parse(markdown)))
    }

    /// Plain text: one section of body paragraphs (see `PlainText`).
    public init(plainText: String) {
        let blocks = PlainText.paragraphs(plainText).map {
            Block(kind: .paragraph, style: .body, text: StyledText($0))
        }
        self.init(sections: blocks.isEmpty ? [] : [Section(blocks: blocks)])
    }
}
