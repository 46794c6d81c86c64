import Readers
import Testing

/// A key a regional localization lacks falls back to the localization of its language in its
/// script, as CLDR's parent locales have it: Hong Kong Chinese is written in Traditional
/// characters (`zh-HK` is `zh-Hant-HK` by CLDR's likely subtags, its parent `zh-Hant`), so a key
/// of CotEditor's kind, translated to `zh-Hant` and not yet to `zh-HK`, shows the Traditional
/// string, not the English one.
@Suite struct ScriptParentFallbackTests {
    static let catalog = """
        {"sourceLanguage": "en", "strings": {
          "Find": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Find"}},
            "zh-Hant": {"stringUnit": {"state": "translated", "value": "尋找"}},
            "zh-HK": {"stringUnit": {"state": "translated", "value": "搜尋"}}}},
          "Replace": {"localizations": {
            "en": {"stringUnit": {"state": "translated", "value": "Replace"}},
            "zh-Hans": {"stringUnit": {"state": "translated", "value": "替换"}},
            "zh-Hant": {"stringUnit": {"state": "translated", "value": "取代"}},
            "sr-Latn": {"stringUnit": {"state": "translated", "value": "Zameni"}}}}}}
        """

    @Test func aRegionalTagFallsBackToItsScriptsLocalization() throws {
        let catalog = try StringCatalogReader.catalog(bytes: Array(Self.catalog.utf8), file: "Localizable.xcstrings")
        #expect(catalog.fallbacks(for: "zh-HK") == ["zh-HK", "zh-Hant", "zh", "en"])
        #expect(catalog.fallbacks(for: "zh-TW") == ["zh-TW", "zh-Hant", "zh", "en"])
        #expect(catalog.fallbacks(for: "sr-ME") == ["sr-ME", "sr-Latn", "sr", "en"])
        #expect(catalog.fallbacks(for: "pt-BR") == ["pt-BR", "pt", "en"], "Brazil writes Portuguese's own script")
        #expect(catalog.fallbacks(for: "zh-CN") == ["zh-CN", "zh", "en"], "Simplified is Chinese's likely script")

        let tables = StringTables([catalog])
        let find = try StringResolver(tables: tables, language: "zh-HK").resolve(TextReference(key: "Find"))
        #expect(find.text == "搜尋" && !find.origin.isUntranslated)
        let replace = try StringResolver(tables: tables, language: "zh-HK").resolve(TextReference(key: "Replace"))
        #expect(replace.text == "取代", "Traditional, not Simplified (替换) nor English")
        #expect(replace.origin.shownLanguage == "zh-Hant" && replace.origin.isUntranslated, "a fallback the audit counts")
        let serbian = try StringResolver(tables: tables, language: "sr-ME").resolve(TextReference(key: "Replace"))
        #expect(serbian.text == "Zameni")
    }
}
