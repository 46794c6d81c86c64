/// A screen's text that names a key of a string catalog instead of saying the text:
/// `{"key": "settings.display.title", "table": "Localizable", "args": ["Ada", 3], "comment": "…"}`.
/// `StringResolver` turns it into the text a language shows.
public struct TextReference: Hashable, Sendable {
    /// The catalog table a screen's key is looked for in when it names none: `Localizable`, as
    /// `String(localized:)` and `NSLocalizedString` look.
    public static let defaultTable = "Localizable"

    /// The key.
    public var key: String
    /// The table: a catalog's file stem (`Localizable` for `Localizable.xcstrings`).
    public var table: String
    /// The values of the format's specifiers, argument 1 first.
    public var arguments: [FormatArgument]
    /// The screen's note about the text, as a developer's comment in code.
    public var comment: String?

    public init(key: String, table: String = Self.defaultTable, arguments: [FormatArgument] = [], comment: String? = nil) {
        self.key = key
        self.table = table
        self.arguments = arguments
        self.comment = comment
    }

    /// The argument a plural variation of the string itself (not of a substitution) varies by:
    /// the first number among the arguments, as Xcode's catalogs vary a string by its only count.
    var firstCount: FormatArgument? {
        arguments.first { if case .string = $0 { false } else { true } }
    }
}


