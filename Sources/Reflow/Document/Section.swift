import TextMetrics

/// A run of blocks that starts at a heading of level 1 or 2 (or at the top of the document).
/// Sections are what layouts put section insets around.
public struct Section: Hashable, Sendable {
    public var blocks: [Block]

    public init(blocks: [Block]) {
        self.blocks = blocks
    }

    /// The section's heading, when it starts with one.
    public var heading: Block? {
        if let first = blocks.first, case .heading = first.kind { return first }
        return nil
    }
}
