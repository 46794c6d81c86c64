import TextMetrics

/// What a person chose for the text besides its size — a command line's `--direction`, `--lang`,
/// `--hyphenate` and `--text-spacing`, an app's reading preferences. Each setting given wins over
/// the document's front matter; each one left nil takes the front matter's, else the default.
public struct TextSettings: Hashable, Sendable {
    public var direction: BaseDirection?
    public var language: LanguageTag?
    public var hyphenation: Bool?
    public var spacing: TextSpacing?

    public init(direction: BaseDirection? = nil, language: LanguageTag? = nil, hyphenation: Bool? = nil,
                spacing: TextSpacing? = nil) {
        self.direction = direction
        self.language = language
        self.hyphenation = hyphenation
        self.spacing = spacing
    }

    /// The text environment at `category`: these settings, then what the document sets
    /// (`documentSettings`, its front matter), then the defaults. Loads the hyphenation patterns it asks for, so that a language without them
    /// fails here, before any work.
    public func environment(category: ContentSizeCategory = .default, documentSettings: TextSettings? = nil) throws -> TextEnvironment {
        var environment = TextEnvironment(category: category)
        if let documentSettings { environment = documentSettings.applied(to: environment) }
        environment = applied(to: environment)
        if environment.hyphenation { _ = try Hyphenator.forLanguage(environment.language) }
        return environment
    }

    /// `environment` with every setting given here in place of its own.
    public func applied(to environment: TextEnvironment) -> TextEnvironment {
        var result = environment
        if let direction { result.direction = direction }
        if let language { result.language = language }
        if let hyphenation { result.hyphenation = hyphenation }
        if let spacing { result.spacing = spacing }
        return result
    }

    /// The environment of a `width` × `height` container at `category`, its layout direction
    /// following the text's (`LayoutDirection(for:)`).
    public func layoutEnvironment(width: Double, height: Double = LayoutEnvironment.defaultContainerHeight,
                                  category: ContentSizeCategory, documentSettings: TextSettings? = nil) throws -> LayoutEnvironment {
        let text = try environment(category: category, documentSettings: documentSettings)
        return LayoutEnvironment(containerWidth: width, containerHeight: height, text: text,
                                 layoutDirection: LayoutDirection(for: text))
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
