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
    /// Whether the app formats the string (`String(localized:)`, SwiftUI's `Text`, or
    /// `String(format:)` of it): true by default. False (`"formatted": false`) for a string the app
    /// shows as `NSLocalizedString` returns it, unformatted: DuckDuckGo's "100% anonymous", whose
    /// `% a` a format would read as a number. Such a reference takes no arguments.
    public var isFormatted: Bool
    /// The text the app's code gives with the key (`"value"`): `NSLocalizedString(_:value:comment:)`'s
    /// `value`, `String(localized:defaultValue:)`'s default. It is the source language's string where
    /// the key's catalog has none in that language (KeePassium's `en.lproj/Localizable.strings` is
    /// empty: its English is in code), as `Bundle.localizedString(forKey:value:table:)` returns `value`
    /// for a key its table lacks. Nil or empty: the key itself, as Apple's is.
    public var defaultValue: String?

    public init(key: String, table: String = Self.defaultTable, arguments: [FormatArgument] = [], comment: String? = nil,
                isFormatted: Bool = true, defaultValue: String? = nil) {
        self.key = key
        self.table = table
        self.arguments = arguments
        self.comment = comment
        self.isFormatted = isFormatted
        self.defaultValue = defaultValue
    }

    /// The source language's string when the catalog has none for the key: the default value the
    /// app's code gives, else the key (Xcode's keys that are the English text).
    var sourceText: String {
        if let defaultValue, !defaultValue.isEmpty { return defaultValue }
        return key
    }

    /// `sourceText` as a catalog's string: what the key reads as in the source language when the
    /// catalog has no string for it there.
    var sourceLocalization: Localization { Localization(value: .unit(StringUnit(sourceText))) }

    /// The argument a plural variation of the string itself (not of a substitution) varies by:
    /// the first number among the arguments, as Xcode's catalogs vary a string by its only count.
    var firstCount: FormatArgument? {
        arguments.first { if case .string = $0 { false } else { true } }
    }
}


