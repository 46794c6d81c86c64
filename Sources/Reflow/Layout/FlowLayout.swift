import TextMetrics

/// Line-based like UIKit's flow layout: items run from the leading edge to the trailing edge,
/// `interItemSpacing` apart; when the next item does not fit, it starts a new line
/// `lineSpacing` below the tallest item of the line. Items are top-aligned in their line and
/// packed to the leading edge (no justification), which is how text is set, so word cells wrap as
/// a paragraph's words do. An item wider than the container gets the container's width (less the
/// section insets) and a line of its own.
public struct FlowLayout: ResultBackedLayout {
    public var interItemSpacing: Double
    public var lineSpacing: Double
    public var sectionInsets: EdgeInsets
    /// The prepared frames (empty until `prepare`).
    public private(set) var result = LayoutResult()

    public static let defaultSpacing = 8.0
    public static let defaultSectionInsets = EdgeInsets(all: 8)

    public init(interItemSpacing: Double = FlowLayout.defaultSpacing, lineSpacing: Double = FlowLayout.defaultSpacing,
                sectionInsets: EdgeInsets = FlowLayout.defaultSectionInsets) {
        self.interItemSpacing = interItemSpacing
        self.lineSpacing = lineSpacing
        self.sectionInsets = sectionInsets
    }

    /// Places items of `sizes` in lines within `width`, from x = 0 and y = 0: the flow
    /// algorithm on its own, a pure function of its inputs. Returns one frame per item (widths
    /// clamped to `width`) and the height used (0 without items).
    public static func place(_ sizes: [Size], width: Double, interItemSpacing: Double,
                             lineSpacing: Double) -> (frames: [Rect], height: Double) {
        var frames: [Rect] = []
        frames.reserveCapacity(sizes.count)
        var lineTop = 0.0, lineHeight = 0.0, x = 0.0
        var lineIsEmpty = true
        for size in sizes {
            let itemWidth = min(size.width, width)
            // The fit test compares the line's extent with the item added to the width, as a
            // line breaker compares a line's width: greedy, first fit.
            if !lineIsEmpty, x + interItemSpacing + itemWidth > width {
                lineTop += lineHeight + lineSpacing
                lineHeight = 0
                x = 0
                lineIsEmpty = true
            }
            let left = lineIsEmpty ? 0 : x + interItemSpacing
            frames.append(Rect(x: left, y: lineTop, width: itemWidth, height: size.height))
            x = left + itemWidth
            lineHeight = max(lineHeight, size.height)
            lineIsEmpty = false
        }
        return (frames, sizes.isEmpty ? 0 : lineTop + lineHeight)
    }

    public mutating func prepare(_ sections: [[Cell]], in environment: LayoutEnvironment, sizer: CellSizer) throws {
        let width = environment.containerWidth - sectionInsets.horizontal
        // Laid out from the leading edge as if left to right; `placed` mirrors for right to left.
        let left = sectionInsets.leading
        var y = 0.0
        var laidOut: [[LayoutAttributes]] = []
        laidOut.reserveCapacity(sections.count)
        for (sectionIndex, cells) in sections.enumerated() {
            guard !cells.isEmpty else {
                laidOut.append([])
                continue
            }
            let measurements = try cells.map { try sizer.measure($0, width: width, in: environment, sectionInsets: sectionInsets) }
            let placed = Self.place(measurements.map(\.size), width: width, interItemSpacing: interItemSpacing,
                                    lineSpacing: lineSpacing)
            y += sectionInsets.top
            var attributes: [LayoutAttributes] = []
            attributes.reserveCapacity(cells.count)
            for item in cells.indices {
                let local = placed.frames[item]
                let frame = environment.placed(Rect(x: left + local.minX, y: y + local.minY,
                                                    width: local.width, height: local.height))
                attributes.append(LayoutAttributes(indexPath: IndexPath(item: item, section: sectionIndex), cell: cells[item],
                                                   measurement: measurements[item], frame: frame,
                                                   direction: environment.layoutDirection))
            }
            y += placed.height + sectionInsets.bottom
            laidOut.append(attributes)
        }
        result = LayoutResult(sections: laidOut, contentSize: Size(width: environment.containerWidth, height: y))
    }
}
