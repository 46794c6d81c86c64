import TextMetrics

/// What a layout depends on besides its cells: the container's size, the text-size category and
/// the layout direction. A layout's result is a function of (cells, environment) and nothing else.
public struct LayoutEnvironment: Hashable, Sendable, Codable {
    /// The width of the scrolling container, in points (390: an iPhone 15's portrait width).
    public var containerWidth: Double
    /// The height of the visible container (844: an iPhone 15's portrait height): what a
    /// compositional layout's top-level `fractionalHeight` is a fraction of. Vertical lists and
    /// flows do not read it.
    public var containerHeight: Double
    public var category: ContentSizeCategory
    public var layoutDirection: LayoutDirection

    public static let defaultContainerWidth = 390.0
    public static let defaultContainerHeight = 844.0

    public init(containerWidth: Double = LayoutEnvironment.defaultContainerWidth,
                containerHeight: Double = LayoutEnvironment.defaultContainerHeight,
                category: ContentSizeCategory = .default,
                layoutDirection: LayoutDirection = .leftToRight) {
        self.containerWidth = containerWidth
        self.containerHeight = containerHeight
        self.category = category
        self.layoutDirection = layoutDirection
    }

    /// `frame`, laid out from the left, placed for the layout direction: mirrored in the
    /// container for right-to-left.
    public func placed(_ frame: Rect) -> Rect {
        switch layoutDirection {
        case .leftToRight: return frame
        case .rightToLeft:
            return Rect(x: containerWidth - frame.maxX, y: frame.minY, width: frame.width, height: frame.height)
        }
    }
}
