/// Parses GitHub Flavored Markdown into a tree of `MarkdownBlock` values with cmark-gfm (the
/// `CCmarkGFM` system library) and its extensions: tables, strikethrough, autolinks, task lists
/// and footnotes. Raw HTML is parsed with libxml2 (`CLibXML2`) into the same values (divisions,
/// details, images, links, keys …; see `HTMLResolution`), so the tree has no `.htmlBlock` and no
/// `.html` inline. cmark's and libxml2's data are freed before `parse` returns; nothing of C
/// escapes this module.
public struct MarkdownParser: Sendable {
    /// Container nesting (block quotes, lists, items, emphasis, links) kept as a tree. Deeper
    /// containers are flattened into their nearest kept ancestor: their text stays, their extra
    /// level does not. Why: the Swift tree is recursive, and so is everything that walks it (and
    /// the tree's own deallocation), so an adversarial `>>>>…` line 100 000 levels deep would
    /// otherwise overflow the stack. cmark itself parses such input iteratively.
    public static let maximumNesting = 32

    public init() {}

    /// The blocks of `text`, raw HTML resolved. Any text is valid Markdown, and any HTML is
    /// repaired as a browser would: parsing fails only when cmark-gfm as installed cannot do it.
    /// - Throws: `MarkdownError`: an extension missing (with the package to install), or no memory.
    public func parse(_ text: String) throws(MarkdownError) -> [MarkdownBlock] {
        let blocks = try CmarkTree(parsing: text).blocks(maximumNesting: Self.maximumNesting)
        return try HTMLResolution(maximumNesting: Self.maximumNesting).resolve(blocks)
    }
}
