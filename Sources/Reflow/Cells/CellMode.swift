/// How a document becomes cells.
public enum CellMode: String, CaseIterable, Hashable, Sendable, Codable {
    /// One cell per block, in the document's sections; a table's section keeps its shape, for
    /// layouts that place tables (see `TableLayout`).
    case blocks
    /// One cell per word, one section per block: a flow layout wraps a block's words as a
    /// paragraph wraps them, and every block starts on a line of its own.
    case words

    /// The cells of `document`. In `blocks` mode, sections that give no cells are kept as empty
    /// sections so index paths keep the document's section numbers.
    public func content(for document: Document) -> CollectionContent {
        switch self {
        case .blocks:
            return CollectionContent(sections: document.sections.map {
                CollectionContent.Section(cells: $0.blocks.map(Cell.init(block:)), table: $0.table)
            })
        case .words:
            return CollectionContent(sections: document.blocks.map { block in
                block.text.words.map { Cell(kind: .word, style: block.style, text: $0) }
            })
        }
    }

    /// Where the cell at an index path of `content(for: document)` comes from: the Markdown
    /// line its block starts on (a word: its block's line); nil for plain text.
    public func sourceLocations(for document: Document) -> @Sendable (IndexPath) -> SourceLocation? {
        let lines: [[Int?]]
        switch self {
        case .blocks: lines = document.sections.map { $0.blocks.map(\.sourceLine) }
        case .words: lines = document.blocks.map { [$0.sourceLine] }
        }
        let isWords = self == .words
        return { indexPath in
            guard lines.indices.contains(indexPath.section) else { return nil }
            let section = lines[indexPath.section]
            let item = isWords ? 0 : indexPath.item
            guard section.indices.contains(item), let line = section[item] else { return nil }
            return SourceLocation(line: line)
        }
    }
}
