import TextMetrics

/// A document as the layouts see it: sections of blocks, each block a text style and styled text.
/// Built by the readers (`Readers`: Markdown, plain text); a value, cheap to share between layout passes.
public struct Document: Hashable, Sendable {
    public var sections: [Section]

    public init(sections: [Section]) {
        self.sections = sections
    }

    /// Every block, in reading order.
    public var blocks: [Block] { sections.flatMap(\.blocks) }
    public var isEmpty: Bool { sections.allSatisfy { $0.blocks.isEmpty } }
}
