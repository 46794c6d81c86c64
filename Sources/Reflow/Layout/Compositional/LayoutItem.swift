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
    /// Where the item was described, for messages (not part of its identity).
    public var source = DescriptionSource()

    public init(size: LayoutSize, contentInsets: EdgeInsets = .zero, edgeSpacing: EdgeSpacing? = nil,
                supplementaryItems: [SupplementaryItem] = []) {
        self.size = size
        self.contentInsets = contentInsets
        self.edgeSpacing = edgeSpacing
        self.supplementaryItems = supplementaryItems
    }
}
