/// Parses GitHub Flavored Markdown into a tree of `MarkdownBlock` values with cmark-gfm (the
/// `CCmarkGFM` system library) and its extensions: tables, strikethrough, autolinks, task lists
/// and footnotes. Raw HTML is parsed with libxml2 (`CLibXML2`) into the same values (divisions,
/// details, images, links, keys …; see `HTMLResolution`), so the tree has no `.htmlBlock` and no
/// `.html` inline. Emoji shortcodes become their emoji (`EmojiShortcodes`), and a top-level quote
/// that is a GitHub alert a division (`MarkdownAlertKind`). cmark's and libxml2's data are freed
/// before `parse` returns; nothing of C escapes this module.
public struct MarkdownParser: Sendable {
    /// Container nesting (block quotes, lists, items, emphasis, links) kept as a tree. Deeper
    /// containers are flattened into their nearest kept ancestor: their text stays, their extra
    /// level does not. Why: the Swift tree is recursive, and so is everything that walks it (and
    /// the tree's own deallocation), so an adversarial `>>>>…` line 100 000 levels deep would
    /// otherwise overflow the stack. cmark itself parses such input iteratively.
    public static let maximumNesting = 32

    /// What a parse may cost (`MarkdownBounds`), checked before cmark-gfm sees the text, and the
    /// deadline it runs under.
    public var bounds: MarkdownBounds

    public init(bounds: MarkdownBounds = .default) {
        self.bounds = bounds
    }

    /// The blocks of `text`, raw HTML resolved. Any text is valid Markdown, and any HTML is
    /// repaired as a browser would: parsing fails only when cmark-gfm as installed cannot do it,
    /// or when the text would cost more than `bounds` allow (counted before parsing). The parse
    /// runs under `bounds.deadline`, if any.
    /// - Throws: `MarkdownError`: an extension missing (with the package to install), no memory,
    ///   too much markup or too costly tables.
    public func parse(_ text: String) throws(MarkdownError) -> [MarkdownBlock] {
        var text = text
        let refusal: MarkdownError? = text.withUTF8 { utf8 -> MarkdownError? in
            do throws(MarkdownError) { try bounds.check(utf8) } catch { return error }
            return nil
        }
        if let refusal { throw refusal }
        let parse = { () throws(MarkdownError) -> [MarkdownBlock] in
            let blocks = try CmarkTree(parsing: text).blocks(maximumNesting: Self.maximumNesting)
            return EmojiShortcodes.replacing(in: try HTMLResolution(maximumNesting: Self.maximumNesting).resolve(blocks))
        }
        guard let deadline = bounds.deadline else { return try parse() }
        return try deadline.run(path: bounds.documentName, bytes: text.utf8.count, parse)
    }
}
