import TextMetrics

/// What a layout depends on besides its cells: the container's size, the text environment (the
/// text-size category, the paragraphs' base direction, the language) and the layout direction. A
/// layout's result is a function of (cells, environment) and nothing else.
public struct LayoutEnvironment: Hashable, Sendable {
    /// The width of the scrolling container, in points (390: an iPhone 15's portrait width).
    public var containerWidth: Double
    /// The height of the visible container (844: an iPhone 15's portrait height): what a
    /// compositional layout's top-level `fractionalHeight` is a fraction of. Vertical lists and
    /// flows do not read it.
    public var containerHeight: Double
    /// What every text is measured in: the category, base direction and language.
    public var text: TextEnvironment
    /// Which side is leading: right to left mirrors every frame and the insets inside cells.
    public var layoutDirection: LayoutDirection

    public static let defaultContainerWidth = 390.0
    public static let defaultContainerHeight = 844.0

    /// The text-size category (the text environment's).
    public var category: ContentSizeCategory {
        get { text.category }
        set { text.category = newValue }
    }

    public init(containerWidth: Double = LayoutEnvironment.defaultContainerWidth,
                containerHeight: Double = LayoutEnvironment.defaultContainerHeight,
                category: ContentSizeCategory = .default,
                layoutDirection: LayoutDirection = .leftToRight) {
        self.init(containerWidth: containerWidth, containerHeight: containerHeight, text: TextEnvironment(category: category),
                  layoutDirection: layoutDirection)
    }

    public init(containerWidth: Double = LayoutEnvironment.defaultContainerWidth,
                containerHeight: Double = LayoutEnvironment.defaultContainerHeight,
                text: TextEnvironment, layoutDirection: LayoutDirection = .leftToRight) {
        self.containerWidth = containerWidth
        self.containerHeight = containerHeight
        self.text = text
        self.layoutDirection = layoutDirection
    }

    /// The same environment at another category.
    public func with(category: ContentSizeCategory) -> LayoutEnvironment {
        var copy = self
        copy.category = category
        return copy
    }
}
