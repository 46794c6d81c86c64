import TextMetrics

/// The smallest piece of a compositional layout: a blueprint for one cell (UIKit's
/// `NSCollectionLayoutItem`).
public struct LayoutItem: Hashable, Sendable {
    public var size: LayoutSize
    /// Taken off the item's frame after it is sized and placed; ignored on an estimated axis.
    public var contentInsets: EdgeInsets
    /// Space around the item's boundaries, before its content insets.
    public var edgeSpacing: EdgeSpacing?
    /// Badges and other elements attached to the item.
    public var supplementaryItems: [SupplementaryItem]

    public init(size: LayoutSize, contentInsets: EdgeInsets = .zero, edgeSpacing: EdgeSpacing? = nil,
                supplementaryItems: [SupplementaryItem] = []) {
        self.size = size
        self.contentInsets = contentInsets
        self.edgeSpacing = edgeSpacing
        self.supplementaryItems = supplementaryItems
    }
}

/// Items (or groups) laid out along an axis (UIKit's `NSCollectionLayoutGroup`). A group is
/// itself an item of its parent, so groups nest to any depth.
///
/// Without `count`, the subitems are placed in order, and again, as long as the next one fits
/// along the axis (at least one is placed). With `count`, `count` copies of the first subitem
/// share the group's length: each is (length − spacing × (count − 1)) / count long, whatever
/// its own size says along the axis. A group with an estimated length across its axis is as
/// long as its longest subitem (a row as tall as its tallest cell); along its axis, as long as
/// its subitems and spacing together.
public struct LayoutGroup: Hashable, Sendable {
    public var axis: LayoutAxis
    public var size: LayoutSize
    public var subitems: [LayoutNode]
    public var count: Int?
    public var interItemSpacing: LayoutSpacing?
    public var contentInsets: EdgeInsets
    public var edgeSpacing: EdgeSpacing?
    public var supplementaryItems: [SupplementaryItem]

    public init(axis: LayoutAxis, size: LayoutSize, subitems: [LayoutNode], count: Int? = nil,
                interItemSpacing: LayoutSpacing? = nil, contentInsets: EdgeInsets = .zero, edgeSpacing: EdgeSpacing? = nil,
                supplementaryItems: [SupplementaryItem] = []) {
        precondition(!subitems.isEmpty, "a group has subitems")
        precondition(count.map { $0 >= 1 } ?? true, "a count is at least 1")
        self.axis = axis
        self.size = size
        self.subitems = subitems
        self.count = count
        self.interItemSpacing = interItemSpacing
        self.contentInsets = contentInsets
        self.edgeSpacing = edgeSpacing
        self.supplementaryItems = supplementaryItems
    }

    public static func horizontal(_ size: LayoutSize, subitems: [LayoutNode], count: Int? = nil,
                                  interItemSpacing: LayoutSpacing? = nil) -> LayoutGroup {
        LayoutGroup(axis: .horizontal, size: size, subitems: subitems, count: count, interItemSpacing: interItemSpacing)
    }

    public static func vertical(_ size: LayoutSize, subitems: [LayoutNode], count: Int? = nil,
                                interItemSpacing: LayoutSpacing? = nil) -> LayoutGroup {
        LayoutGroup(axis: .vertical, size: size, subitems: subitems, count: count, interItemSpacing: interItemSpacing)
    }
}

/// A subitem of a group: an item or a nested group.
public indirect enum LayoutNode: Hashable, Sendable {
    case item(LayoutItem)
    case group(LayoutGroup)

    public var size: LayoutSize {
        switch self {
        case .item(let item): item.size
        case .group(let group): group.size
        }
    }

    var contentInsets: EdgeInsets {
        switch self {
        case .item(let item): item.contentInsets
        case .group(let group): group.contentInsets
        }
    }

    var edgeSpacing: EdgeSpacing? {
        switch self {
        case .item(let item): item.edgeSpacing
        case .group(let group): group.edgeSpacing
        }
    }
}

/// A section of a compositional layout: its group repeated for all its cells (UIKit's
/// `NSCollectionLayoutSection`).
public struct LayoutSection: Hashable, Sendable {
    /// How a section scrolls on its own, across the layout's scrolling axis.
    public enum OrthogonalScrollingBehavior: String, Hashable, Sendable, CaseIterable {
        /// Groups repeat down the layout, as rows.
        case none
        /// Groups repeat sideways in a band that scrolls horizontally.
        case continuous
        /// Sideways, coming to rest with a group's leading edge at the section's.
        case continuousGroupLeadingBoundary
        /// Sideways, a screen at a time.
        case paging
        /// Sideways, a group at a time.
        case groupPaging
        /// Sideways, a group at a time, each group centred: the section gets leading and trailing
        /// insets of (width − group width) / 2.
        case groupPagingCentered
    }

    public var group: LayoutGroup
    public var interGroupSpacing: Double
    public var contentInsets: EdgeInsets
    public var orthogonalScrollingBehavior: OrthogonalScrollingBehavior
    public var boundarySupplementaryItems: [BoundarySupplementaryItem]
    public var decorationItems: [DecorationItem]

    public init(group: LayoutGroup, interGroupSpacing: Double = 0, contentInsets: EdgeInsets = .zero,
                orthogonalScrollingBehavior: OrthogonalScrollingBehavior = .none,
                boundarySupplementaryItems: [BoundarySupplementaryItem] = [], decorationItems: [DecorationItem] = []) {
        self.group = group
        self.interGroupSpacing = interGroupSpacing
        self.contentInsets = contentInsets
        self.orthogonalScrollingBehavior = orthogonalScrollingBehavior
        self.boundarySupplementaryItems = boundarySupplementaryItems
        self.decorationItems = decorationItems
    }

    public var scrollsOrthogonally: Bool { orthogonalScrollingBehavior != .none }
}
