/// The shape of a Markdown table's section: how its cells, given row by row (the header row
/// first), form rows and columns. A layout that knows tables (`ListLayout`, through `TableLayout`)
/// reads it; others see the cells as a plain run.
public struct TableShape: Hashable, Sendable {
    /// Cells per row (every row has them all: cmark-gfm pads short rows).
    public var columns: Int
    /// Rows, the header row included.
    public var rows: Int

    public init(columns: Int, rows: Int) {
        precondition(columns >= 1 && rows >= 1, "a table has a header row and at least one column")
        self.columns = columns
        self.rows = rows
    }

    /// The row and column of cell `item` (row 0 is the header).
    public func position(of item: Int) -> (row: Int, column: Int) { (item / columns, item % columns) }
}
