/// How a document becomes cells.
public enum CellMode: String, CaseIterable, Hashable, Sendable, Codable {
    /// One cell per block, as wide as the container.
    case blocks
    /// One cell per word of every block, as wide as the word plus insets; a flow layout wraps
    /// them as a paragraph wraps words.
    case words

    /// The cells of `document`, one array per section. Sections that give no cells are kept as
    /// empty arrays so index paths keep the document's section numbers.
    public func cells(for document: Document) -> [[Cell]] {
        document.sections.map { section in
            switch self {
            case .blocks:
                return section.blocks.map(Cell.init(block:))
            case .words:
                return section.blocks.flatMap { block in
                    block.text.words.map { Cell(kind: .word, style: block.style, text: $0, sizing: .fitText) }
                }
            }
        }
    }
}
