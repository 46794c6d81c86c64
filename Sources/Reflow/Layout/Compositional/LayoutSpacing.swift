/// Space between items or around an item: exactly a length, or at least a length that grows to
/// share the space left over (UIKit's `NSCollectionLayoutSpacing`).
public enum LayoutSpacing: Hashable, Sendable {
    case fixed(Double)
    case flexible(Double)

    /// The length, or the minimum of a flexible spacing.
    public var length: Double {
        switch self {
        case .fixed(let value), .flexible(let value): value
        }
    }

    public var isFlexible: Bool {
        if case .flexible = self { return true }
        return false
    }
}

/// Space added around an item's boundaries, between it and its neighbours and its group's edges,
/// before its content insets (UIKit's `NSCollectionLayoutEdgeSpacing`). Leading and trailing
/// follow the layout direction.
public struct EdgeSpacing: Hashable, Sendable {
    public var leading: LayoutSpacing?
    public var top: LayoutSpacing?
    public var trailing: LayoutSpacing?
    public var bottom: LayoutSpacing?

    public init(leading: LayoutSpacing? = nil, top: LayoutSpacing? = nil, trailing: LayoutSpacing? = nil,
                bottom: LayoutSpacing? = nil) {
        self.leading = leading
        self.top = top
        self.trailing = trailing
        self.bottom = bottom
    }

    /// The spacing before and after an item along `axis`.
    func around(_ axis: LayoutAxis) -> (before: LayoutSpacing?, after: LayoutSpacing?) {
        axis == .horizontal ? (leading, trailing) : (top, bottom)
    }
}
