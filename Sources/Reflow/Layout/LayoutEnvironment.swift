import TextMetrics

/// What a layout depends on besides its cells: the container's width, the text-size category and
/// the layout direction. A layout's result is a function of (cells, environment) and nothing else.
public struct LayoutEnvironment: Hashable, Sendable, Codable {
    /// The width of the scrolling container, in points (390: an iPhone 15's portrait width).
    public var containerWidth: Double
    public var category: ContentSizeCategory
    public var layoutDirection: LayoutDirection

    public static let defaultContainerWidth = 390.0

    public init(containerWidth: Double = LayoutEnvironment.defaultContainerWidth,
                category: ContentSizeCategory = .default,
                layoutDirection: LayoutDirection = .leftToRight) {
        self.containerWidth = containerWidth
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
