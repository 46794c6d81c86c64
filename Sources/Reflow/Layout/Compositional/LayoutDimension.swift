/// One axis of an item's or a group's size, as UIKit's compositional layout expresses it.
public enum LayoutDimension: Hashable, Sendable, CustomStringConvertible {
    /// A fraction of the containing group's width (for a top-level group: of the section's content width).
    case fractionalWidth(Double)
    /// A fraction of the containing group's height (for a top-level group: of the container's
    /// visible height less the section's insets).
    case fractionalHeight(Double)
    /// A length in points.
    case absolute(Double)
    /// Self-sized: the content decides (width in, height out); the value is the guess used before
    /// it is measured and to decide how many items fit along a group's axis. Each item keeps its
    /// own length: a row of them is ragged, as tall as its tallest item.
    case estimated(Double)
    /// Self-sized, then grown to the longest of the item's siblings with this dimension in its
    /// group (UIKit's `uniformAcrossSiblings(estimate:)`, iOS 17): a row of equal heights.
    case uniformAcrossSiblings(Double)

    /// Self-sized: `estimated` or `uniformAcrossSiblings`.
    public var isEstimated: Bool {
        switch self {
        case .estimated, .uniformAcrossSiblings: true
        default: false
        }
    }

    /// Grows to match its longest sibling.
    public var isUniformAcrossSiblings: Bool {
        if case .uniformAcrossSiblings = self { return true }
        return false
    }

    /// The length against a container of `width` x `height` (an estimate gives its guess).
    public func resolved(width: Double, height: Double) -> Double {
        switch self {
        case .fractionalWidth(let fraction): fraction * width
        case .fractionalHeight(let fraction): fraction * height
        case .absolute(let value), .estimated(let value), .uniformAcrossSiblings(let value): value
        }
    }

    public var description: String {
        switch self {
        case .fractionalWidth(let value): "fractionalWidth(\(value))"
        case .fractionalHeight(let value): "fractionalHeight(\(value))"
        case .absolute(let value): "absolute(\(value))"
        case .estimated(let value): "estimated(\(value))"
        case .uniformAcrossSiblings(let value): "uniformAcrossSiblings(\(value))"
        }
    }
}

/// A width and a height dimension.
public struct LayoutSize: Hashable, Sendable {
    public var width: LayoutDimension
    public var height: LayoutDimension

    public init(width: LayoutDimension, height: LayoutDimension) {
        self.width = width
        self.height = height
    }

    /// The dimension along `axis`.
    func along(_ axis: LayoutAxis) -> LayoutDimension { axis == .horizontal ? width : height }
}

/// The direction a group lays its subitems out in.
public enum LayoutAxis: String, Hashable, Sendable, Codable {
    case horizontal
    case vertical

    var cross: LayoutAxis { self == .horizontal ? .vertical : .horizontal }
}
