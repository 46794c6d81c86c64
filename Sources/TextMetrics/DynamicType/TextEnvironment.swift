/// What measuring needs to know about the reader besides the text and its style: the text-size
/// category, the paragraph's base direction, its language, whether words may be hyphenated and
/// any extra text spacing. Part of the measuring key: the same text in another environment is
/// measured again.
public struct TextEnvironment: Hashable, Sendable {
    public var category: ContentSizeCategory
    /// The base direction of every paragraph; `.auto` takes it from the paragraph's first strong
    /// character (UAX #9 P2–P3).
    public var direction: BaseDirection
    /// The text's language, when known: it chooses the Japanese, Korean, Simplified or
    /// Traditional Chinese face for Han characters, is given to HarfBuzz (never the process
    /// locale) and chooses the hyphenation patterns. Without it Han takes the face the
    /// paragraph's kana or hangul suggest, else Simplified Chinese, and hyphenation is English
    /// (US).
    public var language: LanguageTag?
    /// Whether a word that does not fit at the end of a line, or is wider than a line, may be
    /// hyphenated (`Hyphenator`, the language's patterns) before it moves to the next line or is
    /// broken between grapheme clusters. Soft hyphens (U+00AD) are break opportunities either way.
    public var hyphenation: Bool
    /// Extra letter, word and line spacing (WCAG 1.4.12's with `.wcag`).
    public var spacing: TextSpacing
    /// The accessibility setting Bold Text (`UIAccessibility.isBoldTextEnabled`, the trait
    /// collection's `legibilityWeight == .bold`): every text style one weight heavier.
    public var boldText = false
    /// The container's system layout margin, in points: what a cell that follows the layout
    /// margins (`Cell.followsLayoutMargins`) takes as its leading and trailing insets. UIKit's
    /// values: 16 pt in a compact-width container (every iPhone in portrait), 20 pt in a regular-
    /// width one (`LayoutEnvironment` sets it from its width).
    public var layoutMargin = 16.0

    public init(category: ContentSizeCategory = .default, direction: BaseDirection = .auto, language: LanguageTag? = nil,
                hyphenation: Bool = false, spacing: TextSpacing = .normal) {
        self.category = category
        self.direction = direction
        self.language = language
        self.hyphenation = hyphenation
        self.spacing = spacing
    }

    /// `style`'s size, leading and weight here: the Dynamic Type table at the category, one
    /// weight heavier with Bold Text.
    public func spec(_ style: TextStyle) -> TypeSpec {
        DynamicType.spec(style, category, boldText: boldText)
    }
}
