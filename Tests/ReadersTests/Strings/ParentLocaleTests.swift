import Foundation
import Readers
import Testing
import TestSupport

/// A language the app has no localization of reads its nearest parent that the app has, by the
/// chain Foundation's `Locale.Language.parent` gives (CLDR's parent locales, as Apple's bundles
/// pick a localization): Australian and Indian English read British English (through
/// `en-001`), Mexican Spanish reads Latin American Spanish (`es-419`), Bokmål reads an app's
/// `no.lproj`. Before, the shorter tag won (`en`, `es`) whenever the app had it.
@Suite struct ParentLocaleTests {
    @Test func australianEnglishReadsCotEditorsBritishEnglish() throws {
        let catalogs = try StringCatalogReader.catalogs(
            at: Fixtures.repository.appendingPathComponent("Tests/Corpus/strings/coteditor--CotEditor").path, maximumBytes: 8 << 20)
        let tables = StringTables(Array(catalogs.values))
        let key = TextReference(key: "FindSettings.ignoresDiacriticMarks.description", table: "TextFind")
        for language in ["en-AU", "en-IN", "en-GB"] {
            let resolved = try StringResolver(tables: tables, language: language).resolve(key)
            #expect(resolved.text == "Search ignores diacritical marks (e.g. ö = o).", "\(language)")
            #expect(resolved.origin.shownLanguage == "en-GB" && !resolved.origin.isUntranslated, "\(language)")
        }
        #expect(try StringResolver(tables: tables, language: "en-US").resolve(key).text == "Search ignores diacritical marks (e.g., ö = o).")
    }

    @Test func mexicanSpanishReadsLatinAmericanAndBokmalReadsNorwegian() throws {
        let catalog = try StringCatalogReader.catalog(bytes: Array("""
            {"sourceLanguage": "en", "strings": {"Cancel": {"localizations": {
              "en": {"stringUnit": {"state": "translated", "value": "Cancel"}},
              "es": {"stringUnit": {"state": "translated", "value": "Cancelar (ES)"}},
              "es-419": {"stringUnit": {"state": "translated", "value": "Cancelar (419)"}},
              "no": {"stringUnit": {"state": "translated", "value": "Avbryt"}}}}}}
            """.utf8), file: "Localizable.xcstrings")
        let tables = StringTables([catalog])
        func text(_ language: String) throws -> String {
            try StringResolver(tables: tables, language: language).resolve(TextReference(key: "Cancel")).text
        }
        #expect(try text("es-MX") == "Cancelar (419)")
        #expect(try text("es-AR") == "Cancelar (419)")
        #expect(try text("es-ES") == "Cancelar (ES)")
        #expect(try text("es") == "Cancelar (ES)")
        #expect(try text("nb") == "Avbryt")
    }
}
