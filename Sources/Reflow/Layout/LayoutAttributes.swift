import TextMetrics

/// Where one cell goes and what it draws: the answer a layout gives for an index path.
/// A value; a renderer draws `textLayout`'s lines at `textFrame.origin`.
public struct LayoutAttributes: Sendable {
    public var indexPath: IndexPath
    /// The cell's frame in content coordinates (points, y down).
    public var frame: Rect
    public var kind: Cell.Kind
    public var style: TextStyle
    /// The measured text; its line tops and baselines are relative to `textFrame.origin`.
    public var textLayout: TextLayout
    /// Where the text block lies, in content coordinates: the frame less the content insets
    /// (leading on the layout direction's side), shifted down when the 44 pt minimum made the
    /// cell taller than its text. Its height is the text's height.
    public var textFrame: Rect

    public init(indexPath: IndexPath, frame: Rect, kind: Cell.Kind, style: TextStyle, textLayout: TextLayout, textFrame: Rect) {
        self.indexPath = indexPath
        self.frame = frame
        self.kind = kind
        self.style = style
        self.textLayout = textLayout
        self.textFrame = textFrame
    }

    /// Attributes for `cell` measured as `measurement`, with its frame `frame` (already placed
    /// for the direction).
    public init(indexPath: IndexPath, cell: Cell, measurement: CellMeasurement, frame: Rect,
                direction: LayoutDirection) {
        let leading = direction == .leftToRight ? measurement.insets.leading : measurement.insets.trailing
        let textWidth = frame.width - measurement.insets.horizontal
        self.init(indexPath: indexPath, frame: frame, kind: cell.kind, style: cell.style,
                  textLayout: measurement.textLayout,
                  textFrame: Rect(x: frame.minX + leading, y: frame.minY + measurement.textOrigin.y,
                                  width: textWidth, height: measurement.textLayout.height))
    }

    /// Number of lines of text.
    public var lineCount: Int { textLayout.lines.count }
}
