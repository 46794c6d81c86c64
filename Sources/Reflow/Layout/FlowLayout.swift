import TextMetrics

/// Line-based like UIKit's flow layout: items run from the leading edge to the trailing edge,
/// `interItemSpacing` apart; when the next item does not fit, it starts a new line
/// `lineSpacing` below the tallest item of the line. Items are top-aligned in their line and
/// packed to the leading edge (no justification), which is how text is set, so word cells wrap as
/// a paragraph's words do. Cells are offered at most the line's width (they are as wide as their
/// content); an item wider than that gets the line's width and a line of its own.
///
/// Units: one per section (a section's lines depend on every item before them), estimated by
/// the style of its first cell, weighted by its number of cells.
public struct FlowLayout: CollectionLayout {
    public var unitName: String { "sections" }

    public var interItemSpacing: Double
    public var lineSpacing: Double
    public var sectionInsets: EdgeInsets

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

    public func plan(_ content: CollectionContent, in environment: LayoutEnvironment) throws -> ResolvedPlan<Void> {
        var plan = LayoutPlan(content: content, environment: environment, keyCount: TextStyle.allCases.count)
        for (index, section) in content.sections.enumerated() where section.cellCount > 0 {
            plan.beginSection(index)
            plan.space(sectionInsets.top)
            plan.addUnit(items: 0..<section.cellCount, estimateKey: try section.cell(0).style.estimateKey,
                         estimateWeight: Double(section.cellCount))
            plan.space(sectionInsets.bottom)
            plan.endSection()
        }
        plan.finish()
        return ResolvedPlan(plan)
    }

    public func layoutUnit(_ index: Int, of plan: ResolvedPlan<Void>, sizer: CellSizer) throws -> UnitLayout {
        let unit = plan.units[index]
        let cells = try plan.content.sections[unit.section].cells(unit.items)
        let environment = plan.environment
        let width = environment.containerWidth - sectionInsets.horizontal
        let measurements = try cells.map {
            try sizer.measure($0, proposal: SizeProposal(width: .atMost(width)), in: environment, sectionInsets: sectionInsets)
        }
        let placed = Self.place(measurements.map(\.size), width: width, interItemSpacing: interItemSpacing, lineSpacing: lineSpacing)
        var elements: [LayoutAttributes] = []
        elements.reserveCapacity(cells.count)
        for item in cells.indices {
            let local = placed.frames[item]
            let frame = Rect(x: sectionInsets.leading + local.minX, y: local.minY, width: local.width, height: local.height)
            elements.append(LayoutAttributes(indexPath: IndexPath(item: item, section: unit.section), cell: cells[item],
                                             measurement: measurements[item], frame: frame))
        }
        return UnitLayout(height: placed.height, elements: elements)
    }
}
