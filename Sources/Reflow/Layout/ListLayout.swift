import TextMetrics

/// One column, every cell as wide as the container less the section insets, `spacing` between
/// rows, sections stacked with their insets around them. A table view's plain list.
public struct ListLayout: ResultBackedLayout {
    /// Space between consecutive rows of a section, in points.
    public var spacing: Double
    /// Space around each section's rows. Sections without cells take no space at all.
    public var sectionInsets: EdgeInsets
    /// The prepared frames (empty until `prepare`).
    public private(set) var result = LayoutResult()

    public static let defaultSpacing = 8.0
    public static let defaultSectionInsets = EdgeInsets(top: 8, leading: 0, bottom: 8, trailing: 0)

    public init(spacing: Double = ListLayout.defaultSpacing, sectionInsets: EdgeInsets = ListLayout.defaultSectionInsets) {
        self.spacing = spacing
        self.sectionInsets = sectionInsets
    }

    public mutating func prepare(_ sections: [[Cell]], in environment: LayoutEnvironment, sizer: CellSizer) throws {
        let width = environment.containerWidth - sectionInsets.horizontal
        // Laid out from the leading edge as if left to right; `placed` mirrors for right to left.
        let left = sectionInsets.leading
        var y = 0.0
        var laidOut: [[LayoutAttributes]] = []
        laidOut.reserveCapacity(sections.count)
        for (sectionIndex, cells) in sections.enumerated() {
            var attributes: [LayoutAttributes] = []
            attributes.reserveCapacity(cells.count)
            if !cells.isEmpty {
                y += sectionInsets.top
                for (item, cell) in cells.enumerated() {
                    if item > 0 { y += spacing }
                    let measurement = try sizer.measure(cell, width: width, in: environment, sectionInsets: sectionInsets)
                    let frame = environment.placed(Rect(x: left, y: y, width: width, height: measurement.size.height))
                    attributes.append(LayoutAttributes(indexPath: IndexPath(item: item, section: sectionIndex), cell: cell,
                                                       measurement: measurement, frame: frame,
                                                       direction: environment.layoutDirection))
                    y += measurement.size.height
                }
                y += sectionInsets.bottom
            }
            laidOut.append(attributes)
        }
        result = LayoutResult(sections: laidOut, contentSize: Size(width: environment.containerWidth, height: y))
    }
}
