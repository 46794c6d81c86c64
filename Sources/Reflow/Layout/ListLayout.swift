import TextMetrics

/// One column, every cell as wide as the container less the section insets, `spacing` between
/// rows, sections stacked with their insets around them. A table view's plain list.
///
/// Text spacing that asks for paragraph spacing (WCAG 1.4.12: 2 × the font size) widens the gap
/// after a row to that many ems of the row's own style, when it is more than `spacing`.
///
/// A section with a table shape (a Markdown table) is laid out by `TableLayout`'s rule: columns
/// while every column fits its longest word, columns that scroll sideways while they are
/// readable so, one card per row otherwise, rows `spacing` apart.
///
/// Units: one per row, estimated by the row's text style; one per table.
public struct ListLayout: CollectionLayout {
    public var unitName: String { "rows" }

    /// Space between consecutive rows of a section, in points.
    public var spacing: Double
    /// Space around each section's rows. Sections without cells take no space at all.
    public var sectionInsets: EdgeInsets

    public static let defaultSpacing = 8.0
    public static let defaultSectionInsets = EdgeInsets(top: 8, leading: 0, bottom: 8, trailing: 0)

    public init(spacing: Double = ListLayout.defaultSpacing, sectionInsets: EdgeInsets = ListLayout.defaultSectionInsets) {
        self.spacing = spacing
        self.sectionInsets = sectionInsets
    }

    public func plan(_ content: CollectionContent, in environment: LayoutEnvironment) throws -> ResolvedPlan<Void> {
        var plan = LayoutPlan(content: content, environment: environment, keyCount: TextStyle.allCases.count + 1)
        plan.reserveUnits(content.cellCount)
        let textSpacing = environment.text.spacing
        for (index, section) in content.sections.enumerated() where section.cellCount > 0 {
            plan.beginSection(index)
            plan.space(sectionInsets.top)
            if section.table != nil {
                plan.addUnit(items: 0..<section.cellCount, estimateKey: Self.tableEstimateKey)
                // A table may scroll sideways (TableLayout's rule) at sizes the plan does not know.
                plan.orthogonalSections.insert(index)
                plan.space(sectionInsets.bottom)
                plan.endSection()
                continue
            }
            var previous: TextStyle?
            for item in 0..<section.cellCount {
                let style = try section.style(ofItem: item)
                if let previous {
                    // Looked up only when the text spacing asks for paragraph spacing: a plan is
                    // made again at every text-size change, over every row of the document.
                    let after = textSpacing.minimumParagraphSpacing == 0 ? 0
                        : textSpacing.paragraphSpacing(pointSize: DynamicType.spec(previous, environment.category).pointSize)
                    plan.space(max(spacing, after))
                }
                plan.addUnit(items: item..<item + 1, estimateKey: style.estimateKey)
                previous = style
            }
            plan.space(sectionInsets.bottom)
            plan.endSection()
        }
        plan.finish()
        return ResolvedPlan(plan)
    }

    /// Tables are estimated apart from rows of text.
    static let tableEstimateKey = TextStyle.allCases.count

    public func layoutUnit(_ index: Int, of plan: ResolvedPlan<Void>, sizer: CellSizer) throws -> UnitLayout {
        let unit = plan.units[index]
        let section = plan.content.sections[unit.section]
        if let shape = section.table {
            let table = TableLayout(shape: shape, section: unit.section, cells: try section.cells, insets: sectionInsets,
                                    rowSpacing: spacing)
            return try table.layout(sizer: sizer, environment: plan.environment)
        }
        let item = unit.items.lowerBound
        let cell = try plan.content.sections[unit.section].cell(item)
        let environment = plan.environment
        let width = environment.containerWidth - sectionInsets.horizontal
        let measurement = try sizer.measure(cell, proposal: .width(width), in: environment, sectionInsets: sectionInsets)
        let frame = Rect(x: sectionInsets.leading, y: 0, width: width, height: measurement.size.height)
        let attributes = LayoutAttributes(indexPath: IndexPath(item: item, section: unit.section), cell: cell,
                                          measurement: measurement, frame: frame)
        return UnitLayout(height: measurement.size.height, elements: [attributes])
    }
}

extension TextStyle {
    /// The style's position in `allCases`: the estimate key of cells set in it.
    public var estimateKey: Int { TextStyle.allCases.firstIndex(of: self)! }
}
