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
