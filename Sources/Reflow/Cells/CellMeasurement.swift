import TextMetrics

/// A cell measured for one proposal and category: its size and its stack laid out inside it.
/// What a renderer needs to draw the cell: each element's frame relative to the cell's top-left
/// (for a left-to-right layout; `LayoutAttributes` mirrors them for right to left) and, for
/// text, its measured lines.
public struct CellMeasurement: Sendable {
    /// One element of the stack, placed.
    public struct Element: Sendable {
        public enum Content: Sendable {
            /// Text broken into lines; `truncated` when a line limit hid some of them.
            case text(TextLayout, style: TextStyle, truncated: Bool)
            /// An icon's box (`Icon`).
            case image
            /// A list item's marker, on one line, on its text's first baseline.
            case marker(TextLayout)
            /// A block quote's bar, along the cell's whole height.
            case bar(quote: Int)
            /// A thematic break's hairline.
            case rule
            /// A document's image: drawn from its pixels, or as a placeholder showing `alt` (laid
            /// out, `altOrigin` from the frame's top-left) beside a picture glyph.
            case picture(Picture, alt: TextLayout?, altOrigin: Point)
        }

        public var content: Content
        /// Relative to the cell's top-left. A text frame's height is the height of the lines shown.
        public var frame: Rect
    }

    /// The cell's size (see `Cell`'s sizing contract).
    public let size: Size
    /// The height the content asked for: top inset + stack + bottom inset, before the 44 pt
    /// minimum and before an exact proposal. When it exceeds `size.height`, content is clipped.
    public let naturalHeight: Double
    /// The content insets at the category, in points.
    public let insets: EdgeInsets
    public let elements: [Element]
    /// The width the content needs when it is wider than the cell: a code block's longest line
    /// (insets and indentation included). Such a cell scrolls sideways, as an orthogonal section
    /// does; nil when the content fits.
    public let contentWidth: Double?

    public init(size: Size, naturalHeight: Double, insets: EdgeInsets, elements: [Element], contentWidth: Double? = nil) {
        self.size = size
        self.naturalHeight = naturalHeight
        self.insets = insets
        self.elements = elements
        self.contentWidth = contentWidth
    }

    /// The first text element's layout (documents' cells have exactly one).
    /// The bytes of text its layouts hold (what keeping the measurement costs; see
    /// `TextLayout.textBytes`).
    public var textBytes: Int {
        elements.reduce(0) { total, element in
            switch element.content {
            case .text(let layout, _, _), .marker(let layout): total + layout.textBytes
            case .picture(_, let alt?, _): total + alt.textBytes
            default: total
            }
        }
    }

    public var textLayout: TextLayout? {
        for element in elements { if case .text(let layout, _, _) = element.content { return layout } }
        return nil
    }

    /// The first text element's frame, relative to the cell.
    public var textFrame: Rect? {
        elements.first { if case .text = $0.content { true } else { false } }?.frame
    }

    /// The same cell given exactly `height`: its content centred in a taller cell, starting at the
    /// top and clipped in a shorter one, as `CellSizer` places it. What a row stretches a shorter
    /// cell with, without measuring it again.
    public func resized(toHeight height: Double) -> CellMeasurement {
        guard height != size.height else { return self }
        var elements = elements
        Self.move(&elements, from: size.height, to: height, natural: naturalHeight)
        return CellMeasurement(size: Size(width: size.width, height: height), naturalHeight: naturalHeight, insets: insets,
                               elements: elements, contentWidth: contentWidth)
    }

    /// `elements` of a cell `oldHeight` tall (its content `natural` tall) moved for a cell
    /// `height` tall, as `resized(toHeight:)` moves them: in place, so a cell measured and given
    /// its height at once (the 44 pt minimum) does not copy its elements to be centred.
    static func move(_ elements: inout [Element], from oldHeight: Double, to height: Double, natural: Double) {
        let shift = contentShift(height: height, natural: natural) - contentShift(height: oldHeight, natural: natural)
        for index in elements.indices {
            if case .bar = elements[index].content {
                // A quote's bar runs along the whole cell.
                let frame = elements[index].frame
                elements[index].frame = Rect(x: frame.minX, y: 0, width: frame.width, height: height)
            } else {
                elements[index].frame.origin.y += shift
            }
        }
    }

    /// The cell with its content mirrored inside it (x ↦ width − x): a block whose direction is
    /// not the layout's, its markers and bars on the other side. Insets swap sides too.
    public func mirrored() -> CellMeasurement {
        CellMeasurement(size: size, naturalHeight: naturalHeight,
                        insets: EdgeInsets(top: insets.top, leading: insets.trailing, bottom: insets.bottom, trailing: insets.leading),
                        elements: elements.map { element in
                            var moved = element
                            moved.frame.origin.x = size.width - element.frame.maxX
                            return moved
                        }, contentWidth: contentWidth)
    }

    /// How far content of `natural` height moves down in a cell of `height`: centred when there
    /// is room, at the top when it is clipped.
    static func contentShift(height: Double, natural: Double) -> Double { max(0, (height - natural) / 2) }

    /// Whether the content needs more height than the cell has.
    public var isClipped: Bool { naturalHeight > size.height + 1e-9 }

    /// Number of lines of the first text element.
    public var lineCount: Int { textLayout?.lines.count ?? 0 }
}
