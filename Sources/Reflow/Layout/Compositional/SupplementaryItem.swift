import TextMetrics

/// Where a supplementary item (a badge) sits on its item: on one edge (at its midpoint) or at a
/// corner (two adjacent edges), inside the item by default, moved by an offset in points or in
/// fractions of the supplementary item's own size (UIKit's `NSCollectionLayoutAnchor`).
public struct LayoutAnchor: Hashable, Sendable {
    public enum Edge: String, Hashable, Sendable, CaseIterable {
        case top, leading, bottom, trailing
    }

    public var edges: Set<Edge>
    /// Positive x moves toward the trailing edge, positive y down.
    public var offset: Point
    /// The offset is a fraction of the supplementary item's width and height.
    public var isFractional: Bool

    public init(edges: Set<Edge>, offset: Point = .zero, isFractional: Bool = false) {
        self.edges = edges
        self.offset = offset
        self.isFractional = isFractional
    }

    /// The frame of a supplementary item of `size` anchored to `frame` (left to right; a
    /// right-to-left layout mirrors the result with everything else).
    public func frame(of size: Size, on frame: Rect) -> Rect {
        var x = frame.midX - size.width / 2, y = frame.midY - size.height / 2
        if edges.contains(.leading) { x = frame.minX } else if edges.contains(.trailing) { x = frame.maxX - size.width }
        if edges.contains(.top) { y = frame.minY } else if edges.contains(.bottom) { y = frame.maxY - size.height }
        x += isFractional ? offset.x * size.width : offset.x
        y += isFractional ? offset.y * size.height : offset.y
        return Rect(x: x, y: y, width: size.width, height: size.height)
    }
}

/// An element attached to an item, such as a badge; it follows its item's index path. Its size
/// is relative to the item (`fractionalWidth` of the item's width, …), or estimated (self-sized
/// from the content the cell gives it).
public struct SupplementaryItem: Hashable, Sendable {
    public var kind: String
    public var size: LayoutSize
    public var anchor: LayoutAnchor
    public var zIndex: Int

    public init(kind: String = "badge", size: LayoutSize, anchor: LayoutAnchor, zIndex: Int = 2) {
        self.kind = kind
        self.size = size
        self.anchor = anchor
        self.zIndex = zIndex
    }
}

/// A section's header or footer (UIKit's `NSCollectionLayoutBoundarySupplementaryItem`): as wide
/// as its size says of the section's content width, at the section's top or bottom.
public struct BoundarySupplementaryItem: Hashable, Sendable {
    public enum Alignment: String, Hashable, Sendable {
        case top, bottom
    }

    /// `header` or `footer`: the key of its content in `CollectionContent.Section.supplementary`.
    public var kind: String
    public var size: LayoutSize
    public var alignment: Alignment
    /// Stays at the top of the screen while its section scrolls under it.
    public var pinToVisibleBounds: Bool
    /// Takes space of its own, outside the section's content (true); or lies over the content.
    public var extendsBoundary: Bool
    public var zIndex: Int

    public init(kind: String, size: LayoutSize, alignment: Alignment, pinToVisibleBounds: Bool = false,
                extendsBoundary: Bool = true, zIndex: Int = 3) {
        self.kind = kind
        self.size = size
        self.alignment = alignment
        self.pinToVisibleBounds = pinToVisibleBounds
        self.extendsBoundary = extendsBoundary
        self.zIndex = zIndex
    }
}

/// A decoration laid under a section, such as its background: the section's content area (its
/// content insets included, headers and footers not) across the container's width, less its own
/// insets.
public struct DecorationItem: Hashable, Sendable {
    public var kind: String
    public var contentInsets: EdgeInsets
    public var zIndex: Int

    public init(kind: String = "background", contentInsets: EdgeInsets = .zero, zIndex: Int = -1) {
        self.kind = kind
        self.contentInsets = contentInsets
        self.zIndex = zIndex
    }
}
