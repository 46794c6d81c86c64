import TextMetrics

/// A document's cells as the lazy layout sees them: the rows of a `ListLayout` (same width,
/// spacing and section insets), self-sized on demand through a `CellSizer`, with each row's text
/// style as its estimate key. Frames of the lazy layout equal the eager `ListLayout`'s once every
/// row is measured.
public final class DocumentScrollContent: ScrollContent {
    public let sections: [[Cell]]
    public let rows: [(indexPath: IndexPath, cell: Cell)]
    public let list: ListLayout
    public let environment: LayoutEnvironment
    public let sizer: CellSizer
    public let keys: [Int]
    public var keyCount: Int { TextStyle.allCases.count }
    public var rowCount: Int { rows.count }
    /// The first error a measurement threw (a row that cannot be sized gets the minimum height).
    public private(set) var failure: Error?

    public init(sections: [[Cell]], list: ListLayout = ListLayout(), environment: LayoutEnvironment, sizer: CellSizer) {
        self.sections = sections
        self.list = list
        self.environment = environment
        self.sizer = sizer
        var rows: [(IndexPath, Cell)] = []
        for (section, cells) in sections.enumerated() {
            for (item, cell) in cells.enumerated() { rows.append((IndexPath(item: item, section: section), cell)) }
        }
        self.rows = rows
        let styleIndex = Dictionary(uniqueKeysWithValues: TextStyle.allCases.enumerated().map { ($1, $0) })
        keys = rows.map { styleIndex[$0.1.style]! }
    }

    /// The width every row is given: the container less the section insets.
    public var rowWidth: Double { environment.containerWidth - list.sectionInsets.horizontal }

    /// Section insets and spacing are not scaled by `ListLayout`, so the offsets are the same at
    /// every category (computed once); the category parameter keeps the door open for scaled
    /// spacing.
    public func offsets(at category: ContentSizeCategory) -> (offsets: [Double], endOffset: Double) { fixedOffsets }

    private lazy var fixedOffsets: (offsets: [Double], endOffset: Double) = {
        var offsets: [Double] = []
        offsets.reserveCapacity(rows.count)
        var fixed = 0.0
        for cells in sections where !cells.isEmpty {
            fixed += list.sectionInsets.top
            for item in cells.indices {
                if item > 0 { fixed += list.spacing }
                offsets.append(fixed)
            }
            fixed += list.sectionInsets.bottom
        }
        return (offsets, fixed)
    }()

    public func height(ofRow row: Int, at category: ContentSizeCategory) -> Double {
        do {
            return try sizer.size(of: rows[row].cell, width: rowWidth, category: category).height
        } catch {
            if failure == nil { failure = error }
            return rows[row].cell.minimumHeight
        }
    }

    /// The attributes of `row` with its top at `y`, measured at `category`, for drawing.
    public func attributes(ofRow row: Int, y: Double, category: ContentSizeCategory) throws -> LayoutAttributes {
        let (indexPath, cell) = rows[row]
        let measurement = try sizer.measure(cell, width: rowWidth, category: category)
        let frame = environment.placed(Rect(x: list.sectionInsets.leading, y: y, width: rowWidth,
                                            height: measurement.size.height))
        return LayoutAttributes(indexPath: indexPath, cell: cell, measurement: measurement, frame: frame,
                                direction: environment.layoutDirection)
    }
}
