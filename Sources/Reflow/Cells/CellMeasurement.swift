import TextMetrics

/// A cell measured for one width and category: its size and the text laid out inside it.
/// What a renderer needs to draw the cell: the `textLayout`'s lines and glyph runs, placed at
/// `textOrigin` within the cell's frame.
public struct CellMeasurement: Sendable {
    /// The cell's size (see `Cell`'s sizing contract).
    public let size: Size
    /// The content insets at the category, in points.
    public let insets: EdgeInsets
    /// The text broken for the width less the insets.
    public let textLayout: TextLayout
    /// Where the text block's top-left lies relative to the cell's top-left, for a left-to-right
    /// layout: the leading and top insets, plus half of any height the 44 pt minimum added (text
    /// is centred vertically in a cell the minimum made taller).
    public let textOrigin: Point

    public init(size: Size, insets: EdgeInsets, textLayout: TextLayout, textOrigin: Point) {
        self.size = size
        self.insets = insets
        self.textLayout = textLayout
        self.textOrigin = textOrigin
    }

    /// Number of lines the text broke into.
    public var lineCount: Int { textLayout.lines.count }
}
