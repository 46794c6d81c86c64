import TextMetrics

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
    /// Where the group was described, for messages (not part of its identity).
    public var source = DescriptionSource()

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
