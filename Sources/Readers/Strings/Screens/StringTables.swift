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

    /// The localization a reader of `language` gets, as iOS picks one of an app's localizations
    /// for a preferred language: `language` when a table has it or a shorter tag of it (`de-AT`
    /// reads `de`); else one of the same language and script by CLDR's likely subtags, its likely
    /// region first (`pl` reads `pl-PL`, `pt` reads `pt-BR` before `pt-PT`); else `language`,
    /// whose strings then fall back to the source language.
    ///
    /// Before a shorter tag, a parent that is not one is tried, by the parent chain Foundation's
    /// `Locale.Language.parent` gives (Apple's, after CLDR's parent locales): `en-AU` reads
    /// `en-GB` (through `en-001`), `es-MX` reads `es-419`, `pt-AO` reads `pt-PT`, `nb` reads `no`.
    ///
    /// Last, Norwegian: Apple's ICU takes `no` as an alias of `nb`, and `nn`'s parent is `no`, so
    /// a reader of `no` or `nn` (`no-NO`, `nn-NO`) gets the app's `nb` when the app has neither
    /// its own tag nor `no` (Stats has only `nb.lproj`; they showed its English).
    public func localization(for language: String) -> String {
        let have = stringLanguages.union([sourceLanguage])
        if have.contains(language) { return language }
        if let alias = Self.aliasMatch(for: language, among: have) { return alias }
        if let parent = StringCatalog.regionalParent(of: language, among: have) { return parent }
        if StringCatalog.truncations(of: language).contains(where: have.contains) { return language }
        if let same = StringCatalog.sameLanguage(as: language, among: have) { return same }
        if let bokmal = Self.bokmal(for: language) {
            let chosen = localization(for: bokmal)
            if StringCatalog.truncations(of: chosen).contains(where: have.contains) { return chosen }
        }
        return language
    }

    /// Whether a reader of `language` gets strings of a localization the tables have
    /// (`localization(for:)`, or a shorter tag of it: `de-AT` reads `de`, `en-US` an `en` source).
    /// False for a language the app has nothing in, whose every string falls back to the source
    /// language: a typo (`gr` for Greek, which is `el`), or a language the app is not translated into.
    public func hasLocalization(for language: String) -> Bool {
        let have = stringLanguages.union([sourceLanguage])
        return StringCatalog.truncations(of: localization(for: language)).contains(where: have.contains)
    }

    /// Apple's ICU (`ualoc_localizationsToUse`, what CFBundle picks an app's localization with)
    /// compares a preferred language with the app's localizations first as written, then as
    /// ICU's language aliases normalize both: the old Chinese tags name their script, `zh-HK` is
    /// `zh-Hant-HK`, `zh-TW` `zh-Hant-TW`, `zh-MO` `zh-Hant-MO`, `zh-CN` `zh-Hans-CN`, `zh-SG`
    /// `zh-Hans-SG`, and Apple's own `zh` is `zh-Hans`. So a reader of `zh-Hant-HK` (Traditional
    /// Chinese with Hong Kong as region) gets an app's `zh-HK`, before any parent (`ualoc.h`'s
    /// examples: `zh-Hant-HK` reads `zh_HK` of `zh_CN zh_TW zh_HK`, `zh-Hant-MO` reads `zh_MO`,
    /// `zh-Hant-TW` reads `zh_TW` before `zh_Hant`). Tags of other languages are not aliased
    /// there (`en-Latn-US` reads `en`, not `en_US`): nil for them.
    static func aliasMatch(for language: String, among tags: some Collection<String>) -> String? {
        guard let wanted = chineseAlias(of: language) else { return nil }
        return tags.sorted().first { $0 != language && chineseAlias(of: $0) == wanted }
    }

    /// A Chinese tag as ICU's language aliases (and Apple's `zh` → `zh-Hans`) normalize it,
    /// compared without case and with `_` read as `-`; nil for another language's.
    static func chineseAlias(of tag: String) -> String? {
        let lowered = tag.replacingOccurrences(of: "_", with: "-").lowercased()
        guard lowered == "zh" || lowered.hasPrefix("zh-") else { return nil }
        let aliases = ["zh": "zh-hans", "zh-cn": "zh-hans-cn", "zh-sg": "zh-hans-sg",
                       "zh-tw": "zh-hant-tw", "zh-hk": "zh-hant-hk", "zh-mo": "zh-hant-mo"]
        return aliases[lowered] ?? lowered
    }

    /// `nb-NO` for `no-NO` or `nn-NO` (the same region and the rest of the tag, `_` read as `-`);
    /// nil for a tag of another language.
    static func bokmal(for language: String) -> String? {
        var parts = language.replacingOccurrences(of: "_", with: "-").split(separator: "-").map(String.init)
        guard let base = parts.first?.lowercased(), base == "no" || base == "nn" else { return nil }
        parts[0] = "nb"
        return parts.joined(separator: "-")
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
