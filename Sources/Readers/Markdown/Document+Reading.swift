import CommonMark
import Reflow
import TextMetrics

extension Document {
    /// Reads `text` as CommonMark or, for any other format, plain text (a screen file is not a
    /// document of blocks: see `LayoutInput`). Markdown is held to `bounds` (see `init(markdown:bounds:)`).
    /// - Throws: `MarkdownError` for Markdown that cmark-gfm as installed cannot parse, or that
    ///   would cost more than `bounds` allow.
    public init(text: String, format: DocumentFormat, bounds: MarkdownBounds = .default) throws(MarkdownError) {
        switch format {
        case .commonMark: try self.init(markdown: text, bounds: bounds)
        case .plainText, .screen: self.init(plainText: text)
        }
    }

    /// A GitHub Flavored Markdown document; see `Block` for how blocks map to text styles. Each
    /// heading of level 1 or 2 outside quotes and lists starts a section, and each table is a
    /// section of its own. The text is held to `bounds` before cmark-gfm parses it (its marks and
    /// its tables counted: `MarkdownBounds`), and parsed under their deadline, if any; the default
    /// is the bounds of reflow's default input limit.
    /// - Throws: `MarkdownError` when cmark-gfm as installed cannot parse (an extension missing),
    ///   or when the text would cost more than `bounds` allow (`tooMuchMarkup`, `tooCostlyTables`).
    public init(markdown: String, bounds: MarkdownBounds = .default) throws(MarkdownError) {
        self.init(sections: MarkdownReader().sections(from: try MarkdownParser(bounds: bounds).parse(markdown)))
    }

    /// Plain text: one section of body paragraphs (see `PlainText`).
    public init(plainText: String) {
        let blocks = PlainText.paragraphs(plainText).map {
            Block(kind: .paragraph, style: .body, text: StyledText($0))
        }
        self.init(sections: blocks.isEmpty ? [] : [Section(blocks: blocks)])
    }
}
