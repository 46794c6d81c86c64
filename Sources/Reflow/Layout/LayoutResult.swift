/// The frames of a prepared layout, per section, and the queries every layout answers the same
/// way. Shared by `ListLayout` and `FlowLayout` so both answer identically.
public struct LayoutResult: Sendable {
    /// Attributes per section, items in order.
    public private(set) var sections: [[LayoutAttributes]]
    public private(set) var contentSize: Size
    /// Frames are appended in non-decreasing `minY` order: this is the running maximum of `maxY`
    /// over the flat item list, which lets a rectangle query stop early.
    private var flat: [LayoutAttributes]

    public init(sections: [[LayoutAttributes]] = [], contentSize: Size = .zero) {
        self.sections = sections
        self.contentSize = contentSize
        self.flat = sections.flatMap { $0 }
    }

    public func attributes(at indexPath: IndexPath) -> LayoutAttributes? {
        guard sections.indices.contains(indexPath.section),
              sections[indexPath.section].indices.contains(indexPath.item) else { return nil }
        return sections[indexPath.section][indexPath.item]
    }

    /// Items intersecting `rect`. Frames are laid out top to bottom (each item's `minY` is at
    /// least the previous one's), so a binary search finds the first item that starts below the
    /// rectangle and the scan stops there.
    public func attributes(in rect: Rect) -> [LayoutAttributes] {
        var low = 0, high = flat.count
        while low < high {
            let mid = (low + high) / 2
            if flat[mid].frame.minY < rect.maxY { low = mid + 1 } else { high = mid }
        }
        return flat[..<low].filter { $0.frame.intersects(rect) }
    }
}
