import TextMetrics

/// What is chosen for the text besides its size: its base direction, language, hyphenation and
/// spacing — a person's reading preferences, or what a document's front matter says. Each setting
/// a person gives wins over the document's (`over(_:)`); each one left nil takes the document's,
/// else the default. The one type for these four settings: a text environment is built from them
/// for the size it is for (`textEnvironment(category:)`, `layoutEnvironment(width:category:)`).
public struct TextSettings: Hashable, Sendable {
    public var direction: BaseDirection?
    public var language: LanguageTag?
    public var hyphenation: Bool?
    public var spacing: TextSpacing?
    /// The accessibility setting Bold Text (`TextEnvironment.boldText`).
    public var boldText: Bool?
    /// The text sizes a whole document takes part in (UIKit's `minimumContentSizeCategory` and
    /// `maximumContentSizeCategory` on the root view): a category outside them is laid out at the
    /// nearest end.
    public var minimumCategory: ContentSizeCategory?
    public var maximumCategory: ContentSizeCategory?

    public init(direction: BaseDirection? = nil, language: LanguageTag? = nil, hyphenation: Bool? = nil,
                spacing: TextSpacing? = nil, boldText: Bool? = nil, minimumCategory: ContentSizeCategory? = nil,
                maximumCategory: ContentSizeCategory? = nil) {
        self.direction = direction
        self.language = language
        self.hyphenation = hyphenation
        self.spacing = spacing
        self.boldText = boldText
        self.minimumCategory = minimumCategory
        self.maximumCategory = maximumCategory
    }

    /// These settings over `document`'s (a Markdown document's front matter): each setting given
    /// here wins, each one left nil takes the document's.
    public func over(_ document: TextSettings?) -> TextSettings {
        guard let document else { return self }
        return TextSettings(direction: direction ?? document.direction, language: language ?? document.language,
                            hyphenation: hyphenation ?? document.hyphenation, spacing: spacing ?? document.spacing,
                            boldText: boldText ?? document.boldText, minimumCategory: minimumCategory ?? document.minimumCategory,
                            maximumCategory: maximumCategory ?? document.maximumCategory)
    }

    /// Loads what the settings ask for, so that a language without hyphenation patterns fails
    /// here, before any work; returns the settings.
    public func validated() throws -> TextSettings {
        if textEnvironment(category: .default).hyphenation {
            _ = try Hyphenator.forLanguage(textEnvironment(category: .default).language)
        }
        return self
    }

    /// The text environment at `category`, built for the size it is for: each setting given
    /// here, the default for each one left nil; the category within the document's limits.
    public func textEnvironment(category: ContentSizeCategory) -> TextEnvironment {
        applied(to: TextEnvironment(category: limited(category)))
    }

    /// `category` within `minimumCategory`…`maximumCategory`.
    public func limited(_ category: ContentSizeCategory) -> ContentSizeCategory {
        var result = category
        if let minimumCategory { result = max(result, minimumCategory) }
        if let maximumCategory { result = min(result, maximumCategory) }
        return result
    }

    /// The environment of a `width` × `height` container at `category`, its layout direction
    /// following the text's (`LayoutDirection(for:)`).
    public func layoutEnvironment(width: Double, height: Double = LayoutEnvironment.defaultContainerHeight,
                                  category: ContentSizeCategory) -> LayoutEnvironment {
        let text = textEnvironment(category: category)
        return LayoutEnvironment(containerWidth: width, containerHeight: height, text: text,
                                 layoutDirection: LayoutDirection(for: text))
    }

    /// The text environment at `category`: these settings over the document's
    /// (`over(_:)`), then the defaults; checked (`validated()`).
    public func environment(category: ContentSizeCategory = .default, documentSettings: TextSettings? = nil) throws -> TextEnvironment {
        try over(documentSettings).validated().textEnvironment(category: category)
    }

    /// `environment` with every setting given here in place of its own.
    public func applied(to environment: TextEnvironment) -> TextEnvironment {
        var result = environment
        if let direction { result.direction = direction }
        if let language { result.language = language }
        if let hyphenation { result.hyphenation = hyphenation }
        if let spacing { result.spacing = spacing }
        if let boldText { result.boldText = boldText }
        return result
    }

    /// The environment of a `width` × `height` container at `category`, these settings over the
    /// document's, checked.
    public func layoutEnvironment(width: Double, height: Double = LayoutEnvironment.defaultContainerHeight,
                                  category: ContentSizeCategory, documentSettings: TextSettings?) throws -> LayoutEnvironment {
        try over(documentSettings).validated().layoutEnvironment(width: width, height: height, category: category)
    }
}

extension LayoutDirection {
    /// Which side is leading for text in `environment`: right to left for a right-to-left base
    /// direction, or for `auto` when the language is written right to left (`ar`, `he`, `fa`, `ur`…).
    public init(for environment: TextEnvironment) {
        switch environment.direction {
        case .rightToLeft: self = .rightToLeft
        case .leftToRight: self = .leftToRight
        case .auto: self = environment.language?.isRightToLeft == true ? .rightToLeft : .leftToRight
        }
    }
}
