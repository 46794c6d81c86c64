import CommonMark
import Reflow
import TextMetrics

extension Document {
    /// Reads `text` as CommonMark or, for any other format, plain text (a screen file is not a
    /// document of blocks: see `LayoutInput`).
    public init(text: String, format: DocumentFormat) {
        switch format {
        case .commonMark: self.init(markdown: text)
        case .plainText, .screen: self.init(plainText: text)
        }
    }

    /// A GitHub Flavored Markdown document; see `Block` for how blocks map to text styles. Each
    /// heading of level 1 or 2 outside quotes and lists starts a section, and each table is a
    /// section of its own.
    public init(markdown: String) {
        self.init(sections: MarkdownReader().sections(from: MarkdownParser().parse(markdown)))
    }

    /// Plain text: one section of body paragraphs (see `PlainText`).
    public init(plainText: String) {
        let blocks = PlainText.paragraphs(plainText).map {
            Block(kind: .paragraph, style: .body, text: StyledText($0))
        }
        self.init(sections: blocks.isEmpty ? [] : [Section(blocks: blocks)])
    }
}
