import TextMetrics

/// Text or an image placed by a layout, in content coordinates.
public enum PlacedContent: Sendable {
    /// Measured text whose lines are drawn from `frame`'s top-left (line tops and baselines are
    /// relative to it); `truncated` when a line limit hid lines.
    case text(TextLayout, style: TextStyle, frame: Rect, truncated: Bool)
    /// An icon's box (`Icon`).
    case image(Rect)
    /// A list item's marker, its one line drawn from `frame`'s top-left.
    case marker(TextLayout, frame: Rect)
    /// A block quote's bar; bars of one `quote` in consecutive cells form one bar.
    case bar(Rect, quote: Int)
    /// A thematic break's hairline.
    case rule(Rect)
    /// A document's image: its pixels, or a placeholder showing `alt` from `altOrigin` (relative
    /// to the frame's top-left) beside a picture glyph.
    case picture(Picture, frame: Rect, alt: TextLayout?, altOrigin: Point)

    public var frame: Rect {
        switch self {
        case .text(_, _, let frame, _), .image(let frame), .marker(_, let frame), .bar(let frame, _), .rule(let frame),
             .picture(_, let frame, _, _):
            frame
        }
    }

    func offsetBy(dx: Double, dy: Double) -> PlacedContent {
        switch self {
        case .text(let layout, let style, let frame, let truncated):
            .text(layout, style: style, frame: frame.offsetBy(dx: dx, dy: dy), truncated: truncated)
        case .image(let frame): .image(frame.offsetBy(dx: dx, dy: dy))
        case .marker(let layout, let frame): .marker(layout, frame: frame.offsetBy(dx: dx, dy: dy))
        case .bar(let frame, let quote): .bar(frame.offsetBy(dx: dx, dy: dy), quote: quote)
        case .rule(let frame): .rule(frame.offsetBy(dx: dx, dy: dy))
        case .picture(let picture, let frame, let alt, let origin):
            .picture(picture, frame: frame.offsetBy(dx: dx, dy: dy), alt: alt, altOrigin: origin)
        }
    }
}

/// Where one element goes and what it draws: the answer a layout gives for an index path. A value.
public struct LayoutAttributes: Sendable {
    public var role: ElementRole
    /// A cell's index path; a section's supplementary or decoration element has the section and
    /// item 0; a badge has its item's index path.
    public var indexPath: IndexPath
    /// The frame in content coordinates (points, y down).
    public var frame: Rect
    /// Drawing order: higher is drawn later (on top). Cells 0, backgrounds -1, badges 2, headers
    /// and footers 3 (a pinned header covers the cells, and their badges, scrolling under it).
    public var zIndex: Int
    /// The cell shown in the element (cells, and supplementary elements with content).
    public var cellKind: Cell.Kind?
    /// Texts and images placed in the frame, in content coordinates.
    public var content: [PlacedContent]
    /// The content needs more height than the frame gives: it is clipped.
    public var isClipped: Bool
    /// The Markdown line the element's cell comes from (`Cell.sourceLine`); nil for plain text,
    /// screen files, words and elements without a cell.
    public var sourceLine: Int?
    /// The list items and quotes around the element's cell (nil for cells that are not a document's blocks).
    public var nesting: Nesting?
    /// A code cell's language.
    public var language: String?
    /// The width the content needs when wider than the frame (a code block's longest line): the
    /// element scrolls sideways. Nil when the content fits.
    public var contentWidth: Double?
    /// Where each of the element's texts came from (`TextElement.origin`), in the order of its
    /// `.text` contents: nil for a text a catalog did not give. Empty when none did.
    public var textOrigins: [TextOrigin?] = []

    public init(role: ElementRole, indexPath: IndexPath, frame: Rect, zIndex: Int = 0, cellKind: Cell.Kind? = nil,
                content: [PlacedContent] = [], isClipped: Bool = false) {
        self.role = role
        self.indexPath = indexPath
        self.frame = frame
        self.zIndex = zIndex
        self.cellKind = cellKind
        self.content = content
        self.isClipped = isClipped
    }

    /// Attributes for `cell` measured as `measurement`, in `frame`, laid out left to right (see
    /// `mirrored(in:)` for right to left).
    public init(role: ElementRole = .cell, indexPath: IndexPath, cell: Cell, measurement: CellMeasurement,
                frame: Rect, zIndex: Int = 0) {
        let content = measurement.elements.map { element -> PlacedContent in
            let local = element.frame
            let placed = Rect(x: frame.minX + local.minX, y: frame.minY + local.minY, width: local.width, height: local.height)
            switch element.content {
            case .text(let layout, let style, let truncated): return .text(layout, style: style, frame: placed, truncated: truncated)
            case .image: return .image(placed)
            case .marker(let layout): return .marker(layout, frame: placed)
            case .bar(let quote):
                // Along the frame's whole height, whatever height the layout gave the cell.
                return .bar(Rect(x: placed.minX, y: frame.minY, width: placed.width, height: frame.height), quote: quote)
            case .rule: return .rule(placed)
            case .picture(let picture, let alt, let origin): return .picture(picture, frame: placed, alt: alt, altOrigin: origin)
            }
        }
        self.init(role: role, indexPath: indexPath, frame: frame, zIndex: zIndex, cellKind: cell.kind,
                  content: content, isClipped: measurement.naturalHeight > frame.height + 1e-9)
        sourceLine = cell.sourceLine
        nesting = cell.nesting
        language = cell.language
        contentWidth = measurement.contentWidth
        // Built only for a cell whose texts a catalog gave: this runs for every element placed.
        let fromCatalog = cell.elements.contains { element in
            if case .text(let text) = element { text.origin != nil } else { false }
        }
        if fromCatalog { textOrigins = cell.texts.map(\.origin) }
    }

    /// The first text's layout (a document's cell has exactly one text).
    public var textLayout: TextLayout? {
        for item in content { if case .text(let layout, _, _, _) = item { return layout } }
        return nil
    }

    /// The first text's frame: the frame less the insets (leading on the direction's side),
    /// shifted down when the cell is taller than its content; as tall as the lines shown.
    public var textFrame: Rect? {
        for item in content { if case .text(_, _, let frame, _) = item { return frame } }
        return nil
    }

    /// The first text's style.
    public var style: TextStyle? {
        for item in content { if case .text(_, let style, _, _) = item { return style } }
        return nil
    }

    /// Number of lines of the first text.
    public var lineCount: Int { textLayout?.lines.count ?? 0 }

    /// The attributes mirrored in a container `width` wide: the frame, and inside it the content,
    /// which keeps its place relative to the leading edge.
    public func mirrored(in width: Double) -> LayoutAttributes {
        var mirrored = self
        mirrored.frame.origin.x = width - frame.maxX
        mirrored.content = content.map { content in
            let x = mirrored.frame.maxX - (content.frame.maxX - frame.minX)
            return content.offsetBy(dx: x - content.frame.minX, dy: 0)
        }
        return mirrored
    }

    /// The attributes moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> LayoutAttributes {
        guard dx != 0 || dy != 0 else { return self }
        var moved = self
        moved.frame = frame.offsetBy(dx: dx, dy: dy)
        moved.content = content.map { $0.offsetBy(dx: dx, dy: dy) }
        return moved
    }
}
