/// How a document becomes cells.
public enum CellMode: String, CaseIterable, Hashable, Sendable, Codable {
    /// One cell per block, in the document's sections.
    case blocks
    /// One cell per word, one section per block: a flow layout wraps a block's words as a
    /// paragraph wraps them, and every block starts on a line of its own.
    case words

    /// The cells of `document`. In `blocks` mode, sections that give no cells are kept as empty
    /// sections so index paths keep the document's section numbers.
    public func content(for document: Document) -> CollectionContent {
        switch self {
        case .blocks:
            return CollectionContent(sections: document.sections.map { $0.blocks.map(Cell.init(block:)) })
        case .words:
            return CollectionContent(sections: document.blocks.map { block in
                block.text.words.map { Cell(kind: .word, style: block.style, text: $0) }
            })
        }
    }
}
