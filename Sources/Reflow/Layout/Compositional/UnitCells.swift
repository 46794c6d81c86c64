/// A unit's cells, numbered from 0, read where their section holds them (`Section.slice(_:)`): a
/// group placement's cells, with none copied.
struct UnitCells {
    private let cells: ArraySlice<Cell>

    init(_ cells: ArraySlice<Cell>) { self.cells = cells }

    var count: Int { cells.count }
    subscript(index: Int) -> Cell { cells[cells.startIndex + index] }
}
