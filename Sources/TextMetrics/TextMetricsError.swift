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

    public var description: String {
        switch self {
        case .fontsNotFound(let searched):
            return "cannot find the bundled fonts (Inter-Regular.otf) in: \(searched.joined(separator: ", ")); "
                + "pass --fonts DIR or set REFLOW_FONTS to the repository's Fonts folder"
        case .fontFileUnreadable(let path, let reason):
            return "cannot read font file '\(path)': \(reason); check the path and its permissions"
        case .notAFont(let path, let reason):
            return "'\(path)' is not a font FreeType can read (\(reason)); pass an OpenType or TrueType file (.otf, .ttf)"
        case .lineBreakerUnavailable(let reason):
            return "ICU's line breaker is unavailable (\(reason)); install libicu72 (apt-get install libicu-dev)"
        case .invalidLanguageTag(let tag, let reason):
            return "'\(tag)' is not a BCP 47 language tag (\(reason)); give one like 'en', 'ja', 'ar', 'zh-Hant' or 'pt-BR'"
        case .hyphenationUnavailable(let language, let searched, let package):
            return "no hyphenation patterns for '\(language)': none of \(searched.joined(separator: ", ")) exists; "
                + "install Debian's \(package) (apt-get install \(package); apt-cache search --names-only '^hyphen-' lists "
                + "the languages that have patterns), or turn hyphenation off"
        case .hyphenationDictionaryUnreadable(let path):
            return "cannot load the hyphenation patterns '\(path)' (unreadable, or not a libhyphen dictionary); "
                + "reinstall the hyphen-* package that owns it (dpkg -S \(path))"
        }
    }
}
