import Foundation

/// The string catalogs a screen reads, by table: what its `"strings"` and `--strings` name,
/// merged table by table (a later catalog's languages win, as a later `.lproj` would).
public struct StringTables: Sendable {
    /// Table name → the catalog.
    public private(set) var catalogs: [String: StringCatalog] = [:]

    public init(_ catalogs: [StringCatalog] = []) {
        for catalog in catalogs { add(catalog) }
    }

    /// Every language a table has a string in, kept as tables are added (a catalog's keys times
    /// its languages are read once, not at each resolver).
    private var stringLanguages: Set<String> = []

    /// Adds `catalog`, merged into a table of the same name.
    public mutating func add(_ catalog: StringCatalog) {
        catalogs[catalog.table] = catalogs[catalog.table].map { $0.merging(catalog) } ?? catalog
        stringLanguages.formUnion(catalog.languages)
    }

    /// No catalog at all: every key a screen names is missing.
    public var isEmpty: Bool { catalogs.isEmpty }

    /// The language the screen's strings were written in: `Localizable`'s source language, else
    /// the first table's (by name), else `en`.
    public var sourceLanguage: String {
        catalogs[TextReference.defaultTable]?.sourceLanguage
            ?? catalogs.keys.sorted().first.flatMap { catalogs[$0]?.sourceLanguage } ?? "en"
    }

    /// The localization a reader of `language` gets, as an iPhone picks one of an app's
    /// localizations for its preferred language (`AppleLocalizations`, Apple's ICU's
    /// `ualoc_localizationsToUse`): `language` when a table has it; else the localization chosen
    /// among the tables' languages and the source language (in order of their tags, which breaks
    /// a tie): `pl-PL` for `pl`, `pt-BR` before `pt-PT` for `pt`, `en-GB` for `en-AU`, `es-419`
    /// for `es-MX`, `pt-PT` for `pt-AO`, `no` for `nb-NO`, `nb` for `no` and `nn`, `zh-HK` for
    /// `zh-Hant-HK`, the Traditional Chinese for Cantonese. When `language` read through its
    /// shorter tags reaches that localization first (`de-AT` reads `de`), `language` itself, so
    /// that numbers keep the reader's region. With no match, `language`, whose strings fall back
    /// to the source language.
    public func localization(for language: String) -> String {
        let have = stringLanguages.union([sourceLanguage])
        if have.contains(language) { return language }
        guard let chosen = AppleLocalizations.localizationsToUse(preferred: language, available: have.sorted()).first else {
            return language
        }
        // `language` read through its shorter tags reaches the chosen one first (`de` for `de-AT`).
        let written = AppleLocalizations.baseName(language).replacingOccurrences(of: "_", with: "-")
        for candidate in [language, written] where StringCatalog.truncations(of: candidate).contains(chosen)
            && StringCatalog.fallbacks(for: candidate, sourceLanguage: sourceLanguage).first(where: have.contains) == chosen {
            return candidate
        }
        return chosen
    }

    /// Whether a reader of `language` gets strings of a localization the tables have
    /// (`localization(for:)`, or a shorter tag of it: `de-AT` reads `de`, `en-US` an `en` source).
    /// False for a language the app has nothing in, whose every string falls back to the source
    /// language: a typo (`gr` for Greek, which is `el`), or a language the app is not translated into.
    public func hasLocalization(for language: String) -> Bool {
        let have = stringLanguages.union([sourceLanguage])
        return StringCatalog.truncations(of: localization(for: language)).contains(where: have.contains)
    }

    /// Every language any table has a string in (`--lang all`): the source language first, then
    /// the others by tag. A language of BCP 47's private-use range (`qaa`…`qtz`) is left out: no
    /// device can be set to one, and translatewiki.net's `qqq` is its message documentation, what
    /// each string is for (Kiwix ships a `qqq.lproj` whose "Unlink %@ ZIM files" is "Alert title
    /// after selecting multiple ZIM files…", which the audit reported as a format mismatch).
    /// `--lang qqq` still names one.
    public var languages: [String] {
        let all = stringLanguages.union([sourceLanguage]).filter { !Self.isPrivateUse($0) || $0 == sourceLanguage }
        return [sourceLanguage] + all.subtracting([sourceLanguage]).sorted()
    }

    /// Whether `tag`'s language is one BCP 47 keeps for private use, `qaa` through `qtz`.
    public static func isPrivateUse(_ tag: String) -> Bool {
        let language = tag.replacingOccurrences(of: "_", with: "-").split(separator: "-").first?.lowercased() ?? ""
        return language.count == 3 && language >= "qaa" && language <= "qtz"
    }
}
