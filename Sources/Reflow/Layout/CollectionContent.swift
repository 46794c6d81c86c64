/// What a layout places: sections of cells, and per section the content of its supplementary
/// elements (a header's text, a footer's), keyed by their kind. Documents have cells only; a
/// screen file gives its sections headers and footers too. A value: laying it out never changes it.
public struct CollectionContent: Hashable, Sendable {
    public struct Section: Hashable, Sendable {
        public var cells: [Cell]
        /// The content of supplementary elements by kind (`header`, `footer`); a layout that
        /// declares such an element for the section draws this content in it.
        public var supplementary: [String: Cell]

        public init(cells: [Cell], supplementary: [String: Cell] = [:]) {
            self.cells = cells
            self.supplementary = supplementary
        }
    }

    public var sections: [Section]

    public init(sections: [Section]) {
        self.sections = sections
    }

    /// Sections of cells without supplementary content.
    public init(sections: [[Cell]]) {
        self.sections = sections.map { Section(cells: $0) }
    }

    /// The cell at `indexPath`, if there is one.
    public func cell(at indexPath: IndexPath) -> Cell? {
        guard sections.indices.contains(indexPath.section),
              sections[indexPath.section].cells.indices.contains(indexPath.item) else { return nil }
        return sections[indexPath.section].cells[indexPath.item]
    }

    /// The number of cells in every section together.
    public var cellCount: Int { sections.reduce(0) { $0 + $1.cells.count } }
}
