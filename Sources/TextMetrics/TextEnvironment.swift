/// What measuring needs to know about the reader besides the text and its style: the text-size
/// category, the paragraph's base direction and its language. Part of the measuring key: the
/// same text in another environment is measured again.
public struct TextEnvironment: Hashable, Sendable {
    public var category: ContentSizeCategory
    /// The base direction of every paragraph; `.auto` takes it from the paragraph's first strong
    /// character (UAX #9 P2–P3).
    public var direction: BaseDirection
    /// The text's language, when known: it chooses the Japanese, Korean, Simplified or
    /// Traditional Chinese face for Han characters and is given to HarfBuzz (never the process
    /// locale). Without it Han takes the face the paragraph's kana or hangul suggest, else
    /// Simplified Chinese.
    public var language: LanguageTag?

    public init(category: ContentSizeCategory = .default, direction: BaseDirection = .auto, language: LanguageTag? = nil) {
        self.category = category
        self.direction = direction
        self.language = language
    }
}
