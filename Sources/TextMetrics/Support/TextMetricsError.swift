/// What can go wrong while finding fonts, loading them or measuring text. Each description is one
/// line that says what was wrong and what to do about it.
public enum TextMetricsError: Error, Equatable, CustomStringConvertible {
    /// No folder holding the bundled fonts was found in any of the places searched.
    case fontsNotFound(searched: [String])
    /// A font file that was asked for does not exist or cannot be read.
    case fontFileUnreadable(path: String, reason: String)
    /// The file exists but FreeType or HarfBuzz cannot use it as a font.
    case notAFont(path: String, reason: String)
    /// ICU could not open its line-break iterator.
    case lineBreakerUnavailable(reason: String)
    /// A language given for the text is not a well-formed BCP 47 tag.
    case invalidLanguageTag(tag: String, reason: String)
    /// Hyphenation was asked for in a language whose pattern dictionary is not installed.
    case hyphenationUnavailable(language: String, searched: [String], package: String)
    /// A hyphenation pattern dictionary exists but libhyphen cannot load it.
    case hyphenationDictionaryUnreadable(path: String)

    /// What is wrong, in terms of the values: the first part of `description`, before what to do.
    public var problem: String {
        switch self {
        case .fontsNotFound(let searched):
            "cannot find the bundled fonts (Inter-Regular.otf) in: \(searched.joined(separator: ", "))"
        case .fontFileUnreadable(let path, let reason):
            "cannot read font file '\(path)': \(reason)"
        case .notAFont(let path, let reason):
            "'\(path)' is not a font FreeType can read (\(reason))"
        case .lineBreakerUnavailable(let reason):
            "ICU's line breaker is unavailable (\(reason))"
        case .invalidLanguageTag(let tag, let reason):
            "'\(tag)' is not a BCP 47 language tag (\(reason))"
        case .hyphenationUnavailable(let language, let searched, _):
            "no hyphenation patterns for '\(language)': none of \(searched.joined(separator: ", ")) exists"
        case .hyphenationDictionaryUnreadable(let path):
            "cannot load the hyphenation patterns '\(path)' (unreadable, or not a libhyphen dictionary)"
        }
    }

    /// What to do about it: in terms of files and packages, never a program's options or environment
    /// variables (a program words those: reflow-cli's `--fonts` and `REFLOW_FONTS`).
    private var remedy: String {
        switch self {
        case .fontsNotFound:
            "give the folder that holds them (the repository's Fonts folder)"
        case .fontFileUnreadable:
            "check the path and its permissions"
        case .notAFont:
            "pass an OpenType or TrueType file (.otf, .ttf)"
        case .lineBreakerUnavailable:
            "install libicu72 (apt-get install libicu-dev)"
        case .invalidLanguageTag:
            "give one like 'en', 'ja', 'ar', 'zh-Hant' or 'pt-BR'"
        case .hyphenationUnavailable(_, _, let package):
            "install Debian's \(package) (apt-get install \(package); the hyphen-* packages hold the languages that have "
                + "patterns), or turn hyphenation off"
        case .hyphenationDictionaryUnreadable(let path):
            "reinstall the hyphen-* package that owns it (dpkg -S \(path))"
        }
    }

    public var description: String { "\(problem); \(remedy)" }
}
