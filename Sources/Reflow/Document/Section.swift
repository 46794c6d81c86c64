import TextMetrics

/// A run of blocks that starts at a heading of level 1 or 2 (or at the top of the document), or
/// a Markdown table: a table is always a section of its own, its cells the blocks in reading order
/// (header row first), `table` their shape. Sections are what layouts put section insets around.
public struct Section: Hashable, Sendable {
    public var blocks: [Block]
    /// For a table's section: its rows and columns.
    public var table: TableShape?

    public init(blocks: [Block], table: TableShape? = nil) {
        self.blocks = blocks
        self.table = table
    }

    /// The section's heading, when it starts with one.
    public var heading: Block? {
        if let first = blocks.first, case .heading = first.kind { return first }
        return nil
    }
}
