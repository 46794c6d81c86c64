import TextMetrics

/// A cell's elements stacked inside its width: the second step of measuring (`Cell`'s contract),
/// between the width (`CellSizer.ResolvedWidth`) and the height. Frames are in the cell's
/// coordinates, the stack starting at the top inset, as in a cell exactly as tall as its content.
struct CellStack {
    /// The cell's elements placed, in stack order (a leading image beside the rest first); its
    /// nesting's markers and quote bars are not among them yet (they depend on the height).
    var elements: [CellMeasurement.Element]
    /// From the stack's top to its bottom: the natural height less the vertical insets.
    var height: Double
    /// Where the cell's nesting puts its text, markers and bars, for the width lines are broken for.
    var indentation: Indentation
    /// How wide the cell's content is when a code line is wider than the cell (it scrolls
    /// sideways), insets included; nil when everything fits.
    var contentWidth: Double?
}

extension CellSizer {
    /// Step 2, the stack: inside the insets, after the nesting's indentation, every text element
    /// is broken into lines for the width (a code block's are not: it scrolls sideways) and the
    /// elements are stacked `elementSpacing` apart. A leading image stands beside the rest except
    /// at the accessibility sizes, the shorter of the two centred on the other; a row of pictures
    /// stands side by side, wrapping where the width runs out and where a picture starts a row
    /// (`Picture.startsRow`), each of its lines placed as the cell's alignment says.
    /// Throws `ReflowError.widthTooSmall` when the indentation and a leading image leave less than
    /// `minimumTextWidth` to text.
    func stack(_ cell: Cell, width: ResolvedWidth, insets: EdgeInsets, scale: Double,
               environment: TextEnvironment) throws -> CellStack {
        let category = environment.category
        let contentWidth = width.cellWidth - insets.horizontal
        let spacing = PointGrid.snap(cell.elementSpacing * scale)
        let indentation = try indentation(of: cell, width: width.breakWidth, environment: environment)
        // A leading image stands beside the rest, except at the accessibility sizes.
        var beside = 0.0
        var stacked = cell.elements[...]
        var elements: [CellMeasurement.Element] = []
        elements.reserveCapacity(cell.elements.count + indentation.bars.count + indentation.markers.count)
        if cell.arrangement == .leadingImage, !category.isAccessibilityCategory, case .image(let image)? = cell.elements.first,
           cell.elements.count > 1 {
            let size = Self.imageSize(image, scale: scale)
            elements.append(.init(content: .image, frame: Rect(x: insets.leading, y: insets.top, width: size.width, height: size.height)))
            beside = size.width + Cell.imageToTextPadding
            stacked = cell.elements.dropFirst()
        }
        let textLeft = insets.leading + indentation.textOffset + beside
        let textWidth = width.breakWidth - indentation.textOffset - beside
        guard !cell.hasText || textWidth >= Self.minimumTextWidth else {
            throw ReflowError.widthTooSmall(width: width.named, category: category,
                                            needed: insets.horizontal + indentation.textOffset + beside + Self.minimumTextWidth)
        }
        var stack = 0.0
        var widestLine: Double?
        // A row of pictures: the next one's left edge and the current row's height.
        var rowX = 0.0, rowHeight = 0.0
        for (index, element) in stacked.enumerated() {
            if index > 0, cell.arrangement != .row { stack += spacing }
            switch element {
            case .text(let text):
                // A code block keeps its lines: never wrapped, scrolled sideways when wider than the cell.
                let unwrapped = cell.kind == .code
                var layout = try layout(text, environment: environment, width: unwrapped ? .infinity : textWidth)
                if !unwrapped {
                    if text.lineBreakMode == .byCharWrapping { layout = layout.wrappedByCharacters() }
                    // A line limit keeps its lines, the last truncated or clipped as the mode says.
                    if let limit = text.lineLimit { layout = typesetter.truncated(layout, toLines: limit, mode: text.lineBreakMode) }
                    layout = layout.aligned(Self.alignment(of: cell, layout, in: environment))
                }
                let height = Double(layout.lines.count) * layout.lineHeight
                let frameWidth = unwrapped ? max(contentWidth - indentation.textOffset - beside, layout.usedWidth)
                    : contentWidth - indentation.textOffset - beside
                if unwrapped, layout.usedWidth > textWidth { widestLine = max(widestLine ?? 0, layout.usedWidth) }
                elements.append(.init(content: .text(layout, style: text.style, truncated: layout.isTruncated),
                                      frame: Rect(x: textLeft, y: insets.top + stack, width: frameWidth, height: height)))
                stack += height
            case .image(let image):
                let size = Self.imageSize(image, scale: scale, fitting: max(0, contentWidth - indentation.textOffset - beside))
                elements.append(.init(content: .image, frame: Rect(x: textLeft, y: insets.top + stack,
                                                                   width: size.width, height: size.height)))
                stack += size.height
            case .picture(let picture):
                let placed = try place(picture, width: max(0, textWidth), environment: environment)
                var origin = Point(x: textLeft, y: insets.top + stack)
                if cell.arrangement == .row {
                    // A new line of the row where the width runs out, or where the document breaks it.
                    if rowX > 0, picture.startsRow || rowX + spacing + placed.size.width > textWidth + 1e-9 {
                        stack += rowHeight + spacing
                        (rowX, rowHeight) = (0, 0)
                    }
                    if rowX > 0 { rowX += spacing }
                    origin = Point(x: textLeft + rowX, y: insets.top + stack)
                    rowX += placed.size.width
                    rowHeight = max(rowHeight, placed.size.height)
                } else {
                    stack += placed.size.height
                }
                elements.append(.init(content: .picture(picture, alt: placed.alt, altOrigin: placed.altOrigin),
                                      frame: Rect(origin: origin, size: placed.size)))
            case .rule:
                let hairline = 1.0
                elements.append(.init(content: .rule, frame: Rect(x: textLeft, y: insets.top + stack, width: max(0, textWidth), height: hairline)))
                stack += hairline
            }
        }
        stack += rowHeight
        if cell.alignment != .leading {
            align(pictures: &elements, in: textLeft, width: max(0, textWidth), alignment: cell.alignment,
                  drawnRightToLeft: Self.isDrawnRightToLeft(cell, in: environment))
        }
        if beside > 0 { stack = centreBeside(&elements, stackHeight: stack) }
        return CellStack(elements: elements, height: stack, indentation: indentation,
                         contentWidth: widestLine.map { insets.horizontal + indentation.textOffset + beside + $0 })
    }

    /// How `layout`'s lines stand in `cell`: its alignment, with `leading` and `trailing` swapped
    /// for a paragraph running against the layout direction when the cell aligns to it
    /// (`Cell.alignsToLayoutDirection`). `left` and `right` are the same side in every direction
    /// (a text layout's lines are placed as they are drawn, whatever mirrors the cell).
    static func alignment(of cell: Cell, _ layout: TextLayout, in environment: TextEnvironment) -> TextAlignment {
        guard cell.alignsToLayoutDirection,
              (layout.baseDirection == .rightToLeft) != (LayoutDirection(for: environment) == .rightToLeft)
        else { return cell.alignment }
        switch cell.alignment {
        case .leading: return .trailing
        case .trailing: return .leading
        case .center, .left, .right: return cell.alignment
        }
    }

    /// Whether the leading side of the stack (where its frames start) is drawn at the right: the
    /// layout direction of the environment it is measured in, unless the cell hangs from its
    /// list's side (`CellSizer.hangsFromItsList`). What places `left` and `right` elements other
    /// than text, which the cell's mirroring moves with it.
    static func isDrawnRightToLeft(_ cell: Cell, in environment: TextEnvironment) -> Bool {
        (LayoutDirection(for: environment) == .rightToLeft) != hangsFromItsList(cell, in: environment)
    }

    /// A leading image (the first element) and the stack beside it (the others, `stackHeight`
    /// tall) share the cell's height: the shorter is centred on the taller. Returns the taller's height.
    private func centreBeside(_ elements: inout [CellMeasurement.Element], stackHeight stack: Double) -> Double {
        guard let image = elements.first else { return stack }
        let tallest = max(stack, image.frame.height)
        elements[0].frame.origin.y += (tallest - image.frame.height) / 2
        for index in elements.indices.dropFirst() { elements[index].frame.origin.y += (tallest - stack) / 2 }
        return tallest
    }

    /// Each row of pictures (those sharing a top) moved as a whole to `alignment` in the `width`
    /// from `left`: `leading` and `trailing` are the stack's own sides, `left` and `right` the
    /// sides it is drawn with (`drawnRightToLeft`: its leading side is the right).
    private func align(pictures elements: inout [CellMeasurement.Element], in left: Double, width: Double,
                       alignment: TextAlignment, drawnRightToLeft: Bool) {
        var rows: [Double: [Int]] = [:]
        for (index, element) in elements.enumerated() {
            if case .picture = element.content { rows[element.frame.minY, default: []].append(index) }
        }
        for indices in rows.values {
            let minX = indices.map { elements[$0].frame.minX }.min() ?? left
            let maxX = indices.map { elements[$0].frame.maxX }.max() ?? left
            let free = max(0, width - (maxX - minX))
            let target: Double
            switch alignment {
            case .leading: target = left
            case .center: target = left + free / 2
            case .trailing: target = left + free
            case .left: target = drawnRightToLeft ? left + free : left
            case .right: target = drawnRightToLeft ? left : left + free
            }
            let dx = PointGrid.snap(target - minX)
            for index in indices { elements[index].frame.origin.x += dx }
        }
    }
}
