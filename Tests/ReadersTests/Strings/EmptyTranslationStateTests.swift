import Foundation
import Readers
import Testing
import TestSupport

/// Rectangle's storyboard catalog (rxhanson/Rectangle, MIT; Tests/Corpus/strings/SOURCES.md) has
/// given a Latin American Spanish string `"state" : ""` since September 2024 ("Update
/// Main.xcstrings (DE localization)", 4e58aa9), and Xcode has built every release since from it
/// (16 tagged releases, v0.84 … v0.99): an empty state is no state. reflow refused the whole catalog ("'' is not a
/// translation state"), so no screen naming any of Rectangle's 360 keys could be laid out in
/// any language. The excerpt keeps that key as the file writes it; its texts were read with
/// Python's `json`, not this reader.
@Suite struct EmptyTranslationStateTests {
    static let folder = Fixtures.repository.appendingPathComponent("Tests/Corpus/strings-storyboards/rxhanson--Rectangle").path

    @Test func anEmptyStateIsNone() throws {
        let catalogs = try StringCatalogReader.catalogs(at: Self.folder, maximumBytes: 1 << 20)
        let main = try #require(catalogs["Main"])
        let spanish = try #require(main.strings["gHH-BV-5kP.title"]?.localizations["es-419"]?.value?.unit())
        #expect(spanish.value == "bucle de ½, ⅔, y ⅓ en acciones de mitad")
        #expect(spanish.state == nil)
        #expect(main.strings["gHH-BV-5kP.title"]?.localizations["es"]?.value?.unit()?.state == .needsReview)
        #expect(main.strings["gHH-BV-5kP.title"]?.localizations["ja"]?.value?.unit()?.state == .translated)

        let tables = StringTables(Array(catalogs.values))
        let key = TextReference(key: "gHH-BV-5kP.title", table: "Main")
        let latinAmerican = try StringResolver(tables: tables, language: "es-MX").resolve(key)
        #expect(latinAmerican.text == "bucle de ½, ⅔, y ⅓ en acciones de mitad")
        #expect(latinAmerican.origin.shownLanguage == "es-419" && !latinAmerican.origin.isUntranslated)
        #expect(try StringResolver(tables: tables, language: "en").resolve(key).text == "cycle sizes on side actions")
    }

    /// A state that names none of Xcode's is still an error naming its path (StringCatalogErrorTests).
    @Test func aMisspelledStateIsStillRefused() throws {
        let error = try #require(throws: StringCatalogError.self) {
            try StringCatalogReader.catalog(bytes: Array("""
                {"sourceLanguage": "en", "strings": {"Tap": {"localizations": {"es": {"stringUnit": {"state": "reviewed", "value": "Toca"}}}}}}
                """.utf8), file: "Main.xcstrings")
        }
        #expect(error.description.contains("'reviewed' is not a translation state"))
    }
}
