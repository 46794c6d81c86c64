import Foundation
import Readers
import Reflow
import Testing
import TestSupport

/// The catalogs Xcode keeps for a storyboard or xib (`mul.lproj/Main.xcstrings`, keys that are
/// Interface Builder object IDs such as `1Uc-zV-55H.title`) give each key a `"base"` localization:
/// the text the storyboard itself holds, which an app shows where no localization has the key.
/// `base` is no language a reader picks. LyricsX's catalogs (MPL-2.0; Tests/Corpus/strings/SOURCES.md)
/// have it (kept in Tests/Corpus/strings-storyboards, beside the strings corpus, so that
/// RealCatalogTests' read of that whole folder keeps its list of tables): `--lang all` laid out and audited a language "base", and a key only Base has
/// ("Text Cell", three stale text fields of Main.storyboard) showed its object ID in every
/// language, as a missing key shows. Expected texts read with Python's `json`, not this reader.
@Suite struct BaseLocalizationTests {
    static func tables() throws -> StringTables {
        StringTables(Array(try StringCatalogReader.catalogs(
            at: Fixtures.repository.appendingPathComponent("Tests/Corpus/strings-storyboards/MxIris-LyricsX-Project--LyricsX").path, maximumBytes: 8 << 20).values))
    }

    static func text(_ tables: StringTables, _ language: String, _ key: String, table: String) throws -> StringResolver.Resolved {
        try StringResolver(tables: tables, language: language).resolve(TextReference(key: key, table: table))
    }

    @Test func baseIsNoLanguage() throws {
        let tables = try Self.tables()
        #expect(tables.catalogs.keys.sorted() == ["InfoPlist", "Localizable", "Main", "Preferences"])
        #expect(tables.languages == ["en", "ar", "de", "es", "fa", "fr", "id", "it", "ja", "ko", "nl", "pl", "pt", "ru", "uk",
                                     "zh-Hans", "zh-Hant"], "no 'base'")
        #expect(try #require(tables.catalogs["Main"]).strings.count == 55)
        #expect(try #require(tables.catalogs["Preferences"]).strings.count == 133)
    }

    /// A key only Base has shows Base's text, in the source language (untranslated elsewhere).
    @Test func aKeyOnlyBaseHasShowsBasesText() throws {
        let tables = try Self.tables()
        for language in ["en", "de", "fa"] {
            let resolved = try Self.text(tables, language, "1Uc-zV-55H.title", table: "Main")
            #expect(resolved.text == "Text Cell", "\(language)")
            #expect(resolved.origin.shownLanguage == "en" && !resolved.origin.isMissing, "\(language)")
        }
        // The source language's own text comes before Base's where both are given.
        #expect(try Self.text(tables, "en", "d5d-dC-DK4.title", table: "Preferences").text == "General (Deprecated)")
        #expect(try Self.text(tables, "en", "wzG-Up-fN8.title", table: "Preferences").text == "Text:")
        #expect(try Self.text(tables, "de", "d5d-dC-DK4.title", table: "Preferences").text == "Allgemein")
        #expect(try Self.text(tables, "fa", "wzG-Up-fN8.title", table: "Preferences").text == "متن:")
        #expect(try Self.text(tables, "ja", "aRw-yQ-GNX.title", table: "Main").text == "歌詞なし\n\nドラッグ＆ドロップでLRCファイルをインポート")
    }
}
