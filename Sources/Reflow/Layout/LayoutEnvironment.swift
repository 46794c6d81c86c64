import TextMetrics

/// What a layout depends on besides its cells: the container's size, the text environment (the
/// text-size category, the paragraphs' base direction, the language) and the layout direction. A
/// layout's result is a function of (cells, environment) and nothing else.
public struct LayoutEnvironment: Hashable, Sendable {
    /// The width of the scrolling container, in points (390: an iPhone 15's portrait width).
    public var containerWidth: Double {
        didSet { text.layoutMargin = Self.systemLayoutMargin(width: containerWidth) }
    }
    /// The height of the visible container (844: an iPhone 15's portrait height): what a
    /// compositional layout's top-level `fractionalHeight` is a fraction of. Vertical lists and
    /// flows do not read it.
    public var containerHeight: Double
    /// What every text is measured in: the category, base direction and language (and the
    /// container's layout margin, which follows `containerWidth`).
    public var text: TextEnvironment {
        didSet { text.layoutMargin = Self.systemLayoutMargin(width: containerWidth) }
    }
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
        self.text.layoutMargin = Self.systemLayoutMargin(width: containerWidth)
        self.layoutDirection = layoutDirection
    }

    /// The narrowest container iPadOS gives a regular horizontal size class: half of a 12.9-inch
    /// iPad Pro in landscape (678 pt; two thirds of a smaller iPad, 694 pt, and every iPad full
    /// screen are regular too; half of a smaller iPad, 551 pt or less, and every iPhone in
    /// portrait are compact). A width alone cannot tell an iPhone in landscape, which is compact.
    public static let regularWidthMinimum = 678.0

    /// UIKit's system layout margin for a container `width` wide: 16 pt compact, 20 pt regular
    /// (a view controller's root view's `systemMinimumLayoutMargins`).
    public static func systemLayoutMargin(width: Double) -> Double { width >= regularWidthMinimum ? 20 : 16 }

    /// The same environment at another category.
    public func with(category: ContentSizeCategory) -> LayoutEnvironment {
        var copy = self
        copy.category = category
        return copy
    }
}
