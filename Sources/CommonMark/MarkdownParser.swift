/// Parses GitHub Flavored Markdown into a tree of `MarkdownBlock` values with cmark-gfm (the
/// `CCmarkGFM` system library) and its extensions: tables, strikethrough, autolinks, task lists
/// and footnotes. cmark's nodes are freed before `parse` returns; nothing of C escapes this module.
public struct MarkdownParser: Sendable {
    /// Container nesting (block quotes, lists, items, emphasis, links) kept as a tree. Deeper
    /// containers are flattened into their nearest kept ancestor: their text stays, their extra
    /// level does not. Why: the Swift tree is recursive, and so is everything that walks it (and
    /// the tree's own deallocation), so an adversarial `>>>>…` line 100 000 levels deep would
    /// otherwise overflow the stack. cmark itself parses such input iteratively.
    public static let maximumNesting = 32

    public init() {}

    /// The blocks of `text`. Any text is valid Markdown: parsing fails only when cmark-gfm as
    /// installed cannot do it.
    /// - Throws: `MarkdownError`: an extension missing (with the package to install), or no memory.
    public func parse(_ text: String) throws(MarkdownError) -> [MarkdownBlock] {
        try CmarkTree(parsing: text).blocks(maximumNesting: Self.maximumNesting)
    }
}
