/// Where a text came from when an app's string catalog gave it: the key a screen named, its
/// table, the language asked for and the one that answered, the plural form shown, and what the
/// catalog got wrong about it. Reflow lays such a text out as any other; the audit's rules for
/// translated text (`untranslated`, `missing-key`, `format-mismatch`, `plural-form-missing`)
/// read this, and findings about the text (`text-clipped`) name the key, language and form.
public struct TextOrigin: Hashable, Sendable {
    /// The key the screen named (`settings.display.title`).
    public var key: String
    /// The catalog's table: its file's stem (`Localizable`).
    public var table: String
    /// The language the layout reads (`de`, `pt-BR`, `pseudo-double`).
    public var language: String
    /// The language whose string is shown: `language`, a fallback (`pt` for `pt-BR`, else the
    /// catalog's source language: the key is untranslated there), or nil when no catalog has the
    /// key, and the text shows the key itself, as iOS does.
    public var shownLanguage: String?
    /// Whether the catalog marks the key as not to be translated (`shouldTranslate: false`).
    public var isTranslatable: Bool
    /// The plural (and device) forms the text shows, by the variable they vary on: `few`,
    /// `count: few`, `device: iphone`. Empty for a string without variations.
    public var forms: [String]
    /// The shown string's specifiers against the source's, when they differ (a `%@` where the
    /// source has `%d`): what differs, in words. Nil when they agree or the text is the source's.
    public var formatMismatch: String?
    /// The plural categories the shown language needs by CLDR that a plural variation of the
    /// translation lacks, each with its variable (`count: few`).
    public var missingPluralForms: [String]
    /// How many forms the string's variation with the most forms gives (1 without variations):
    /// the layouts the audit needs to show every form once.
    public var formCount: Int
    /// For a missing key (`isMissing`): the other tables whose catalogs have it, sorted (a
    /// screen that forgot `"table": "InfoPlist"`); empty otherwise.
    public var otherTables: [String] = []

    public init(key: String, table: String, language: String, shownLanguage: String?, isTranslatable: Bool = true,
                forms: [String] = [], formatMismatch: String? = nil, missingPluralForms: [String] = [], formCount: Int = 1) {
        self.formCount = formCount
        self.key = key
        self.table = table
        self.language = language
        self.shownLanguage = shownLanguage
        self.isTranslatable = isTranslatable
        self.forms = forms
        self.formatMismatch = formatMismatch
        self.missingPluralForms = missingPluralForms
    }

    /// No catalog has the key: the screen shows the key.
    public var isMissing: Bool { shownLanguage == nil }

    /// The text is shown in another language than the one asked for (a translatable key; a
    /// pseudolanguage, `pseudo-…`, shows the source language's strings by design).
    public var isUntranslated: Bool {
        guard let shownLanguage, isTranslatable, !language.hasPrefix("pseudo-") else { return false }
        return shownLanguage != language
    }

    /// `key 'settings.title' (Localizable, de, form few)`: how a finding names the text.
    public var description: String {
        var parts = [table, language]
        if !forms.isEmpty { parts.append("form \(forms.joined(separator: ", "))") }
        return "key '\(key)' (\(parts.joined(separator: ", ")))"
    }
}
