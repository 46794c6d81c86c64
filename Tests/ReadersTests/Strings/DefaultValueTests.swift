import Foundation
import Readers
import Reflow
import Testing
import TestSupport

/// A screen's key may give the text the app's code passes with it (`"value"`): the `value:` of
/// `NSLocalizedString(_:bundle:value:comment:)`, the default of `String(localized:defaultValue:)`.
/// KeePassium (keepassium/KeePassium, GPL-3.0; Tests/Corpus/strings/SOURCES.md) keeps its English
/// in code: its `en.lproj/Localizable.strings` has been one empty line since 2019, and
/// `LString.titleDatabases` is `NSLocalizedString("[Database/List/title]", …, value: "Databases", …)`.
/// An iPhone in English shows "Databases" (`Bundle.localizedString(forKey:value:table:)` returns
/// `value` for a key its table lacks); reflow showed "[Database/List/title]", and a screen could
/// not say otherwise (`"value"` was an unknown member).
@Suite struct DefaultValueTests {
    static let folder = "keepassium--KeePassium"

    static func resolve(_ language: String, _ reference: TextReference) throws -> StringResolver.Resolved {
        try StringResolver(tables: try UnseenCatalogTests.tables(Self.folder), language: language).resolve(reference)
    }

    @Test func theSourceLanguageShowsTheCodesValueWhereItsTableIsEmpty() throws {
        let title = TextReference(key: "[Database/List/title]", defaultValue: "Databases")
        let english = try Self.resolve("en", title)
        #expect(english.text == "Databases")
        #expect(english.origin.shownLanguage == "en")
        #expect(!english.origin.isMissing)
        // Translations still win; a language without the key shows the value, as untranslated.
        #expect(try Self.resolve("de", title).text == "Datenbanken")
        #expect(try Self.resolve("ko", title).text == "데이터베이스")
        let settings = TextReference(key: "[Database/Settings/title]", defaultValue: "Database Settings")
        let korean = try Self.resolve("ko", settings)
        #expect(korean.text == "Database Settings")
        #expect(korean.origin.shownLanguage == "en", "shown in the source language: the audit's untranslated")
        #expect(try Self.resolve("de", settings).text == "Datenbankeinstellungen")
    }

    @Test func withoutAValueTheKeyIsTheSourceStringAsBefore() throws {
        #expect(try Self.resolve("en", TextReference(key: "[Database/List/title]")).text == "[Database/List/title]")
        // Apple's: an empty value is none, and the key is returned.
        #expect(try Self.resolve("en", TextReference(key: "[Database/List/title]", defaultValue: "")).text == "[Database/List/title]")
    }

    @Test func theValueIsFormattedWithTheArguments() throws {
        // A value with specifiers is the source's format: its arguments are checked against it.
        let reference = TextReference(key: "[Database/Unlock/attempts]", arguments: [3], defaultValue: "%d attempts left")
        let tables = StringTables([try StringCatalogReader.catalog(
            bytes: Array("\"[Database/Unlock/other]\" = \"x\";\n".utf8), file: "en.lproj/Localizable.strings")])
        // The key is in no table: still the key, and missing (the audit's missing-key).
        let missing = try StringResolver(tables: tables, language: "en").resolve(reference)
        #expect(missing.origin.isMissing)
        let german = try StringCatalogReader.catalog(bytes: Array("\"[Database/Unlock/attempts]\" = \"noch %d Versuche\";\n".utf8),
                                                     file: "de.lproj/Localizable.strings")
        let both = StringTables([try StringCatalogReader.catalog(bytes: Array("\n".utf8), file: "en.lproj/Localizable.strings"), german])
        #expect(try StringResolver(tables: both, language: "en").resolve(reference).text == "3 attempts left")
        #expect(try StringResolver(tables: both, language: "de").resolve(reference).text == "noch 3 Versuche")
        let tooFew = TextReference(key: "[Database/Unlock/attempts]", arguments: [3], defaultValue: "%d attempts left, %@")
        #expect(throws: StringResolver.Failure.self) { try StringResolver(tables: both, language: "en").resolve(tooFew) }
    }

    @Test func theRealScreenShowsKeePassiumsEnglish() throws {
        let path = UnseenCatalogTests.corpus.appendingPathComponent("\(Self.folder)/databases.json").path
        let resolver = StringResolver(tables: try UnseenCatalogTests.tables(Self.folder), language: "en")
        let file = try ScreenFile(json: Array(try Data(contentsOf: URL(fileURLWithPath: path))), strings: resolver)
        let header = try #require(try file.content.cell(at: IndexPath(item: 0, section: 0)))
        #expect(header.texts.first?.text.string == "Databases")
        let items = try #require(try file.content.cell(at: IndexPath(item: 2, section: 0)))
        #expect(items.texts.map(\.text.string) == ["Work.kdbx", "102 items"], "the stringsdict's English forms")
    }

    @Test func aScreenGivesTheValueAsAString() throws {
        let tables = try UnseenCatalogTests.tables(Self.folder)
        let resolver = StringResolver(tables: tables, language: "en")
        func screen(_ text: String) -> [UInt8] {
            Array("{\"sections\": [{\"group\": \(ScreenFileTests.minimalGroup), \"cells\": [{\"text\": \(text)}]}]}".utf8)
        }
        let file = try ScreenFile(json: screen(#"{"key": "[Database/Settings/ReadOnly/title]", "value": "Read Only"}"#), strings: resolver)
        let cell = try #require(try file.content.cell(at: IndexPath(item: 0, section: 0)))
        #expect(cell.texts.first?.text.string == "Read Only")

        let notAString = screen(#"{"key": "[Database/Settings/ReadOnly/title]", "value": 3}"#)
        let error = #expect(throws: ScreenFileError.self) { try ScreenFile(json: notAString, strings: resolver) }
        #expect(error?.description.contains("NSLocalizedString(_:value:comment:)") == true, "\(String(describing: error))")
    }
}
