import TextMetrics

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
