import TextMetrics

/// A layout of cells in sections, the way a collection view's layout works: `prepare` runs a
/// pass, then the layout answers for an item, for a rectangle, and with its content size.
///
/// Layouts are values. `prepare` reads the cells and the environment and stores the frames it
/// computed in the layout value itself; it never mutates a cell, and copies of a prepared
/// layout are independent snapshots. Sizes come from the `CellSizer` (self-sizing, cached), so a
/// second pass over the same cells, width and category measures nothing.
public protocol CollectionLayout: Sendable {
    /// Lays out `sections` (cells per section) in `environment`, sizing cells with `sizer`.
    /// Throws `ReflowError` when the container is too narrow, or a typesetting error.
    mutating func prepare(_ sections: [[Cell]], in environment: LayoutEnvironment, sizer: CellSizer) throws

    /// The size of everything laid out: the container's width and the bottom of the last section.
    var contentSize: Size { get }

    /// The attributes of the item at `indexPath`, or nil when there is none.
    func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes?

    /// The attributes of every item whose frame intersects `rect`, in index-path order.
    func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes]
}

extension CollectionLayout {
    /// Every item's attributes, in index-path order.
    public var allLayoutAttributes: [LayoutAttributes] {
        layoutAttributesForElements(in: Rect(x: -.greatestFiniteMagnitude / 4, y: -.greatestFiniteMagnitude / 4,
                                             width: .greatestFiniteMagnitude / 2, height: .greatestFiniteMagnitude / 2))
    }

    /// A copy prepared for `sections` in `environment`.
    public func prepared(_ sections: [[Cell]], in environment: LayoutEnvironment, sizer: CellSizer) throws -> Self {
        var copy = self
        try copy.prepare(sections, in: environment, sizer: sizer)
        return copy
    }
}

/// A layout whose `prepare` stores its frames in a `LayoutResult`: the queries are the result's.
public protocol ResultBackedLayout: CollectionLayout {
    var result: LayoutResult { get }
}

extension ResultBackedLayout {
    public var contentSize: Size { result.contentSize }
    public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? { result.attributes(at: indexPath) }
    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] { result.attributes(in: rect) }
}

extension CellSizer {
    /// `cell` measured for `width` in a section with `sectionInsets`: a width too small for the
    /// cell's insets is reported as the container being too narrow, with the width it needs.
    func measure(_ cell: Cell, width: Double, in environment: LayoutEnvironment, sectionInsets: EdgeInsets) throws -> CellMeasurement {
        do {
            return try measure(cell, width: width, category: environment.category)
        } catch ReflowError.widthTooSmall(_, let category, let needed) {
            throw ReflowError.containerTooNarrow(containerWidth: environment.containerWidth, category: category,
                                                 needed: needed + sectionInsets.horizontal)
        }
    }
}
