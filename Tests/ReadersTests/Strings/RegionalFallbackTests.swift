import Readers
import Testing

/// A language the app has only regional localizations of is shown in one of them, as iOS picks
/// one of an app's localizations for a reader's language by language and script (CLDR's likely
/// subtags), not by the tag alone: `pt` shows `pt-BR` (Portuguese's likely region) before
/// `pt-PT`; Serbian, Cyrillic by default, is not shown in Latin script. The choice is the app's,
/// not each key's: a language the app has is never replaced by a regional one for a key it lacks.
@Suite struct RegionalFallbackTests {
    static let catalog = """
        {"sourceLanguage": "en", "strings": {"greeting": {"localizations": {
          "en": {"stringUnit": {"state": "translated", "value": "Hello"}},
          "pt-PT": {"stringUnit": {"state": "translated", "value": "Olá (PT)"}},
          "pt-BR": {"stringUnit": {"state": "translated", "value": "Olá (BR)"}},
          "sr-Latn": {"stringUnit": {"state": "translated", "value": "Zdravo"}},
          "zh-HK": {"stringUnit": {"state": "translated", "value": "你好 (HK)"}}}}}}
        """

    @Test(arguments: [("pt", "Olá (BR)", "pt-BR"), ("pt-PT", "Olá (PT)", "pt-PT"), ("pt-AO", "Olá (PT)", "pt-PT"),
                      ("sr", "Hello", "en"), ("sr-Latn-RS", "Zdravo", "sr-Latn"), ("zh-Hant", "你好 (HK)", "zh-HK"),
                      ("zh-Hans", "Hello", "en"), ("de", "Hello", "en")])
    func aLanguageWithOnlyRegionalLocalizationsIsShownInOne(_ language: String, _ text: String, _ shown: String) throws {
        let catalog = try StringCatalogReader.catalog(bytes: Array(Self.catalog.utf8), file: "Localizable.xcstrings")
        let resolved = try StringResolver(tables: StringTables([catalog]), language: language)
            .resolve(TextReference(key: "greeting", arguments: []))
        #expect(resolved.text == text && resolved.origin.shownLanguage == shown, "\(language): \(resolved)")
    }

    /// English is the source language: a key without an English string shows the key (the
    /// English text, as Xcode writes it), not the British translation.
    @Test func theSourceLanguageIsNeverReplacedByARegionalOne() throws {
        let catalog = try StringCatalogReader.catalog(bytes: Array("""
            {"sourceLanguage": "en", "strings": {"Sign in": {"localizations": {
              "en-GB": {"stringUnit": {"state": "translated", "value": "Log in"}}}}}}
            """.utf8), file: "Localizable.xcstrings")
        let resolved = try StringResolver(tables: StringTables([catalog]), language: "en").resolve(TextReference(key: "Sign in", arguments: []))
        #expect(resolved.text == "Sign in")
    }
}
